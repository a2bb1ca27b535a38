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
		E1: {
			'secure-business-key': acme,
			'platform-key': c.platformKey,
			platform: c.platform,
			'Accept-Language': 'en',
			apikey: c.apiKey,
			userToken: c.userToken,
		},
		E2: { ...ecommerce, userToken: c.userToken },
		E3: { ...ecommerce, 'Accept-Language': 'en' },
		E4: {
			'Accept-Language': 'en',
			...ecommerce,
			userToken: c.userToken,
			'Content-Type': 'text/plain',
		},
		E5: { apikey: c.apiKey, apiconnection: c.apiConnection },
		E6: {
			Accept: 'application/json',
			'user-token': c.userToken,
			'secure-business-key': acme,
			'Accept-Language': 'en',
			'Content-Type': 'application/json',
		},
		E7: {
			user_token: c.userToken,
			secure_business_key: acme,
			uuid: c.clientUuid,
			'Content-Type': 'application/json',
		},
		E8: { 'user-token': c.userToken, 'secure-business-key': acme, lang: 'en' },
		E9: { apikey: c.apiKey, secure_business_key: acme, 'Content-Type': 'application/json' },
		E10: {
			Accept: 'application/json',
			'user-token': c.userToken,
			'secure-business-key': acme,
			'Accept-Language': 'en',
		},
		E11: { user_token: c.userToken, secure_business_key: acme },
		E12: { ...ecommerce, userToken: c.userToken },
		E13: { ...ecommerce, 'Content-Type': 'text/plain' },
		E14: { ...ecommerce },
		E15: { uuid: c.clientUuid, secure_business_key: acme },
		E16: { ...ecommerce },
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
		E1: {
			url: `${b.accounting}/api/v4/sales_quote/1501`,
			method: 'POST',
			headers: h.E1,
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
		E2: {
			url: `${b.ecommerce}/${sb.pathPrefixes.categories}/1202`,
			method: 'POST',
			headers: h.E2,
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
		E3: {
			url: `${b.ecommerce}/api/v2/order_details/1301?get_history=&get_order_total=&get_items_daily=`,
			method: 'GET',
			headers: h.E3,
		},
		E4: {
			url: `${b.ecommerce}/${sb.pathPrefixes.favorites}/store_and_delete/1701`,
			method: 'PUT',
			headers: h.E4,
			body: '',
		},
		E5: { url: `${b.ecommerce}/api/user_districts/3`, method: 'GET', headers: h.E5 },
		E6: {
			url: `${b.management}/api/v1/workspaces/delete/1802`,
			method: 'POST',
			headers: h.E6,
			body: JSON.stringify({ business_id: 101 }),
		},
		E7: {
			url: `${b.hr}/api/v1/skills`,
			method: 'POST',
			headers: h.E7,
			body: JSON.stringify({ type: 'soft', skills: ['Negotiation', 'Leadership'] }),
		},
		E8: {
			url: `${b.accounting}/api/v5/customers-suppliers/1/${sb.state.acme.contacts[0].uuid}/branches/${branch.uuid}`,
			method: 'GET',
			headers: h.E8,
		},
		E9: {
			url: `${b.accounting}/api/add_account_v2`,
			method: 'POST',
			headers: h.E9,
			body: JSON.stringify({
				name: 'Riyad Bank',
				type: 'bank',
				representative_id: '42',
				business_id: '101',
			}),
		},
		E10: {
			url: `${b.management}/api/v1/tasks/update/1004`,
			method: 'POST',
			headers: h.E10,
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
		E11: {
			url: `${b.calendar}/api/v2/all_business_calendars_list`,
			method: 'POST',
			headers: h.E11,
			body: form([
				['user_type', 'user'],
				['type', 'user'],
			]),
		},
		E12: {
			url: `${b.ecommerce}/api/v1/catalog-comments/1251`,
			method: 'POST',
			headers: h.E12,
			body: form([
				['_method', 'PUT'],
				['status', '1'],
			]),
		},
		E13: {
			url: `${b.ecommerce}/api/v1/audit-sessions/update-session-item/1351`,
			method: 'PATCH',
			headers: h.E13,
			body: JSON.stringify({ physical_qty: 37 }),
		},
		E14: {
			url: `${b.ecommerce}/api/v1/inventory_trancfered_items`,
			method: 'POST',
			headers: h.E14,
			body: form([
				['from_inv_id', '1451'],
				['to_inv_id', '1453'],
				['product_id', '1703'],
				['quantity', '5'],
				['representative_id', ''],
				['status', '0'],
			]),
		},
		E15: { url: `${b.hr}/api/v1/payslips/1751`, method: 'GET', headers: h.E15 },
		E16: {
			url: `${b.ecommerce}/api/v1/news?keyword=&status=1&sort_order=id_asc&list=&per_page=5&page=2`,
			method: 'GET',
			headers: h.E16,
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
	'E1',
	'E2',
	'E3',
	'E4',
	'E5',
	'E6',
	'E7',
	'E8',
	'E9',
	'E10',
	'E11',
	'E12',
	'E13',
	'E14',
	'E15',
	'E16',
];

module.exports = { form, headersFor, validCalls, lines, send, SPEC_OPERATIONS };
