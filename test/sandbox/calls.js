// @ts-check
/** Requests sent straight to the sandbox with fetch, as the platform's spec writes them: one valid call per operation. */

/**
 * A multipart body from [name, value, filename?] entries.
 * @param {Array<[string, string | Blob, string?]>} entries
 */
function form(entries) {
	const fd = new FormData();
	for (const [name, value, filename] of entries) {
		if (typeof value === 'string') fd.append(name, value);
		else fd.append(name, value, filename);
	}
	return fd;
}

/**
 * @typedef {object} Call
 * @property {string} url
 * @property {string} method
 * @property {Record<string, string>} headers   exactly the headers the spec lists
 * @property {BodyInit} [body]
 */

/**
 * The credential headers and other listed headers, per operation, spelled as the spec spells them.
 * @param {import('../../sandbox/server').Sandbox} sb the sandbox
 */
function headersFor(sb) {
	const c = sb.credentials;
	const acme = c.businessKeys.acme;
	const ecommerce = {
		apikey: c.apiKey,
		apiconnection: c.apiConnection,
		'secure-business-key': acme,
	};
	return {
		updateSalesQuote: {
			'secure-business-key': acme,
			'platform-key': c.platformKey,
			platform: c.platform,
			'Accept-Language': 'en',
			apikey: c.apiKey,
			userToken: c.userToken,
		},
		updateCategory: { ...ecommerce, userToken: c.userToken },
		getOrder: { ...ecommerce, 'Accept-Language': 'en' },
		toggleFavorite: {
			'Accept-Language': 'en',
			...ecommerce,
			userToken: c.userToken,
			'Content-Type': 'text/plain',
		},
		getDistrict: { apikey: c.apiKey, apiconnection: c.apiConnection },
		deleteWorkspace: {
			Accept: 'application/json',
			'user-token': c.userToken,
			'secure-business-key': acme,
			'Accept-Language': 'en',
			'Content-Type': 'application/json',
		},
		createSkill: {
			user_token: c.userToken,
			secure_business_key: acme,
			uuid: c.clientUuid,
			'Content-Type': 'application/json',
		},
		getCustomerSupplierBranch: {
			'user-token': c.userToken,
			'secure-business-key': acme,
			lang: 'en',
		},
		createCashBankAccount: {
			apikey: c.apiKey,
			secure_business_key: acme,
			'Content-Type': 'application/json',
		},
		updateTask: {
			Accept: 'application/json',
			'user-token': c.userToken,
			'secure-business-key': acme,
			'Accept-Language': 'en',
		},
		listCalendars: { user_token: c.userToken, secure_business_key: acme },
		updateCatalogComment: { ...ecommerce, userToken: c.userToken },
		updateAuditSessionItem: { ...ecommerce, 'Content-Type': 'text/plain' },
		createInventoryTransferItem: { ...ecommerce },
		getPayslip: { uuid: c.clientUuid, secure_business_key: acme },
		listNews: { ...ecommerce },
	};
}

/**
 * One valid request per operation, against acme's seeded records.
 * @param {import('../../sandbox/server').Sandbox} sb the sandbox
 */
function validCalls(sb) {
	const h = headersFor(sb);
	const b = sb.baseUrls;
	const branch = sb.state.acme.contacts[0].branches[0];
	/** @type {Record<string, Call>} */
	const calls = {
		updateSalesQuote: {
			url: `${b.accounting}/api/v4/sales_quote/1501`,
			method: 'POST',
			headers: h.updateSalesQuote,
			body: form([
				['customer_id', '1401'],
				['currency_id', '1'],
				['created_date', '2025-03-01'],
				['due_date', '2025-03-31'],
				['description', 'Updated quote'],
				['tax_inclusive', '0'],
				['hide_total', '0'],
				['discount_check', '0'],
				['discount', '0'],
				['custom_title', 'Quote'],
				['total', '230'],
				['final_total', '230'],
				['note', ''],
				...lines([
					['1701', '2', '65', 'iPhone 15 Case'],
					['1704', '1', '100', 'Wireless Mouse'],
				]),
			]),
		},
		updateCategory: {
			url: `${b.ecommerce}/${sb.pathPrefixes.categories}/1202`,
			method: 'POST',
			headers: h.updateCategory,
			body: form([
				['_method', 'PUT'],
				['status', '1'],
				['top', '0'],
				['alias', 'smart-phones'],
				['sort', '4'],
				['image', 'https://cdn.example.com/phones.png'],
				['parent', ''],
				['descriptions[0][lang]', 'en'],
				['descriptions[0][title]', 'Smart Phones'],
				['descriptions[0][keyword]', 'phones'],
				['descriptions[0][description]', 'All phones'],
				['descriptions[1][lang]', 'ar'],
				['descriptions[1][title]', 'هواتف ذكية'],
			]),
		},
		getOrder: {
			url: `${b.ecommerce}/api/v2/order_details/1301?get_history=&get_order_total=&get_items_daily=`,
			method: 'GET',
			headers: h.getOrder,
		},
		toggleFavorite: {
			url: `${b.ecommerce}/${sb.pathPrefixes.favorites}/store_and_delete/1701`,
			method: 'PUT',
			headers: h.toggleFavorite,
			body: '',
		},
		getDistrict: {
			url: `${b.ecommerce}/api/user_districts/3`,
			method: 'GET',
			headers: h.getDistrict,
		},
		deleteWorkspace: {
			url: `${b.management}/api/v1/workspaces/delete/1802`,
			method: 'POST',
			headers: h.deleteWorkspace,
			body: JSON.stringify({ business_id: 101 }),
		},
		createSkill: {
			url: `${b.hr}/api/v1/skills`,
			method: 'POST',
			headers: h.createSkill,
			body: JSON.stringify({ type: 'soft', skills: ['Negotiation', 'Leadership'] }),
		},
		getCustomerSupplierBranch: {
			url: `${b.accounting}/api/v5/customers-suppliers/1/${sb.state.acme.contacts[0].uuid}/branches/${branch.uuid}`,
			method: 'GET',
			headers: h.getCustomerSupplierBranch,
		},
		createCashBankAccount: {
			url: `${b.accounting}/api/add_account_v2`,
			method: 'POST',
			headers: h.createCashBankAccount,
			body: JSON.stringify({
				name: 'Riyad Bank',
				type: 'bank',
				representative_id: '42',
				business_id: '101',
			}),
		},
		updateTask: {
			url: `${b.management}/api/v1/tasks/update/1004`,
			method: 'POST',
			headers: h.updateTask,
			body: form([
				['name', 'Quarterly stock review (updated)'],
				['status', 'In Progress'],
				['owner_id', '44'],
				['duration_days', '3'],
				['budget', '250'],
				['dependent_on', '1001'],
				['description', ''],
				['assignments[0][user_id]', '45'],
				['timeTracking[0][user_id]', '45'],
				['timeTracking[0][started_at]', '2025-03-01 09:00:00'],
				['timeTracking[0][ended_at]', '2025-03-01 10:30:00'],
				[
					'files[0]',
					new Blob([Buffer.from('%PDF-1.4 fake')], { type: 'application/pdf' }),
					'count.pdf',
				],
				[
					'files[1]',
					new Blob([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], {
						type: 'image/png',
					}),
					'shelf.png',
				],
			]),
		},
		listCalendars: {
			url: `${b.calendar}/api/v2/all_business_calendars_list`,
			method: 'POST',
			headers: h.listCalendars,
			body: form([
				['user_type', 'user'],
				['type', 'user'],
			]),
		},
		updateCatalogComment: {
			url: `${b.ecommerce}/api/v1/catalog-comments/1251`,
			method: 'POST',
			headers: h.updateCatalogComment,
			body: form([
				['_method', 'PUT'],
				['status', '1'],
			]),
		},
		updateAuditSessionItem: {
			url: `${b.ecommerce}/api/v1/audit-sessions/update-session-item/1351`,
			method: 'PATCH',
			headers: h.updateAuditSessionItem,
			body: JSON.stringify({ physical_qty: 37 }),
		},
		createInventoryTransferItem: {
			url: `${b.ecommerce}/api/v1/inventory_trancfered_items`,
			method: 'POST',
			headers: h.createInventoryTransferItem,
			body: form([
				['from_inv_id', '1451'],
				['to_inv_id', '1453'],
				['product_id', '1703'],
				['quantity', '5'],
				['representative_id', ''],
				['status', '0'],
			]),
		},
		getPayslip: { url: `${b.hr}/api/v1/payslips/1751`, method: 'GET', headers: h.getPayslip },
		listNews: {
			url: `${b.ecommerce}/api/v1/news?keyword=&status=1&sort_order=id_asc&list=&per_page=5&page=2`,
			method: 'GET',
			headers: h.listNews,
		},
	};
	return calls;
}

/**
 * The E1 repeated line fields for the given lines.
 * @param {Array<[string, string, string, string]>} items item_id, qty, price, description
 * @returns {Array<[string, string]>}
 */
function lines(items) {
	/** @type {Array<[string, string]>} */
	const out = [];
	for (const [id, qty, price, desc] of items) {
		const amount = Number(qty) * Number(price);
		out.push(
			['item_sort[]', '1'],
			['item_id[]', id],
			['item_qty[]', qty],
			['item_price[]', price],
			['amount[]', String(amount)],
			['item_tax[]', '15'],
			['tax_amount[]', String(amount * 0.15)],
			['total_with_tax[]', String(amount * 1.15)],
			['item_discount[]', '0'],
			['item_desc[]', desc],
		);
	}
	return out;
}

/**
 * @param {Call} call
 * @param {Partial<Call>} [override]
 */
async function send(call, override = {}) {
	const { url, method, headers, body } = { ...call, ...override };
	const response = await fetch(url, { method, headers, body });
	const text = await response.text();
	/** @type {any} */
	let json;
	try {
		json = JSON.parse(text);
	} catch {
		json = undefined;
	}
	return { status: response.status, headers: response.headers, text, json };
}

/** The spec's numbered operations, E1..E16: one valid call each in validCalls. */
const SPEC_OPERATIONS = [
	'updateSalesQuote',
	'updateCategory',
	'getOrder',
	'toggleFavorite',
	'getDistrict',
	'deleteWorkspace',
	'createSkill',
	'getCustomerSupplierBranch',
	'createCashBankAccount',
	'updateTask',
	'listCalendars',
	'updateCatalogComment',
	'updateAuditSessionItem',
	'createInventoryTransferItem',
	'getPayslip',
	'listNews',
];

module.exports = { form, headersFor, validCalls, lines, send, SPEC_OPERATIONS };
