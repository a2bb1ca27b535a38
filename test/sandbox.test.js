// @ts-check
'use strict';

/**
 * Proves the sandbox itself: every operation succeeds with the spec's headers and body,
 * and the sandbox rejects what the platform would (exact header names, missing fields,
 * unknown ids, other businesses' records), paginates like Laravel, and injects faults.
 */

const { startSandbox } = require('../sandbox/server');

/** @type {import('./sandbox/server').Sandbox} */
let sb;

beforeAll(async () => {
	sb = await startSandbox();
});
afterAll(async () => {
	await sb.close();
});
beforeEach(() => {
	sb.reset();
	sb.setLatency(0);
});

/**
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

/** The credential headers and other listed headers, per operation, spelled as the spec spells them. */
function headersFor() {
	const c = sb.credentials;
	const acme = c.businessKeys.acme;
	const ecommerce = { apikey: c.apiKey, apiconnection: c.apiConnection, 'secure-business-key': acme };
	return {
		E1: { 'secure-business-key': acme, 'platform-key': c.platformKey, platform: c.platform, 'Accept-Language': 'en', apikey: c.apiKey, userToken: c.userToken },
		E2: { ...ecommerce, userToken: c.userToken },
		E3: { ...ecommerce, 'Accept-Language': 'en' },
		E4: { 'Accept-Language': 'en', ...ecommerce, userToken: c.userToken, 'Content-Type': 'text/plain' },
		E5: { apikey: c.apiKey, apiconnection: c.apiConnection },
		E6: { Accept: 'application/json', 'user-token': c.userToken, 'secure-business-key': acme, 'Accept-Language': 'en', 'Content-Type': 'application/json' },
		E7: { user_token: c.userToken, secure_business_key: acme, uuid: c.clientUuid, 'Content-Type': 'application/json' },
		E8: { 'user-token': c.userToken, 'secure-business-key': acme, lang: 'en' },
		E9: { apikey: c.apiKey, secure_business_key: acme, 'Content-Type': 'application/json' },
		E10: { Accept: 'application/json', 'user-token': c.userToken, 'secure-business-key': acme, 'Accept-Language': 'en' },
		E11: { user_token: c.userToken, secure_business_key: acme },
		E12: { ...ecommerce, userToken: c.userToken },
		E13: { ...ecommerce, 'Content-Type': 'text/plain' },
		E14: { ...ecommerce },
		E15: { uuid: c.clientUuid, secure_business_key: acme },
		E16: { ...ecommerce },
	};
}

/** One valid request per operation, against acme's seeded records. */
function validCalls() {
	const h = headersFor();
	const b = sb.baseUrls;
	const branch = sb.state.acme.contacts[0].branches[0];
	/** @type {Record<string, Call>} */
	const calls = {
		E1: {
			url: `${b.accounting}/api/v4/sales_quote/1501`, method: 'POST', headers: h.E1,
			body: form([
				['customer_id', '1401'], ['currency_id', '1'], ['created_date', '2025-03-01'], ['due_date', '2025-03-31'],
				['description', 'Updated quote'], ['tax_inclusive', '0'], ['hide_total', '0'], ['discount_check', '0'],
				['discount', '0'], ['custom_title', 'Quote'], ['total', '230'], ['final_total', '230'], ['note', ''],
				...lines([['1701', '2', '65', 'iPhone 15 Case'], ['1704', '1', '100', 'Wireless Mouse']]),
			]),
		},
		E2: {
			url: `${b.ecommerce}/${sb.pathPrefixes.categories}/1202`, method: 'POST', headers: h.E2,
			body: form([
				['_method', 'PUT'], ['status', '1'], ['top', '0'], ['alias', 'smart-phones'], ['sort', '4'],
				['image', 'https://cdn.example.com/phones.png'], ['parent', ''],
				['descriptions[0][lang]', 'en'], ['descriptions[0][title]', 'Smart Phones'], ['descriptions[0][keyword]', 'phones'],
				['descriptions[0][description]', 'All phones'], ['descriptions[1][lang]', 'ar'], ['descriptions[1][title]', 'هواتف ذكية'],
			]),
		},
		E3: { url: `${b.ecommerce}/api/v2/order_details/1301?get_history=&get_order_total=&get_items_daily=`, method: 'GET', headers: h.E3 },
		E4: { url: `${b.ecommerce}/${sb.pathPrefixes.favorites}/store_and_delete/1701`, method: 'PUT', headers: h.E4, body: '' },
		E5: { url: `${b.ecommerce}/api/user_districts/3`, method: 'GET', headers: h.E5 },
		E6: { url: `${b.management}/api/v1/workspaces/delete/1802`, method: 'POST', headers: h.E6, body: JSON.stringify({ business_id: 101 }) },
		E7: { url: `${b.hr}/api/v1/skills`, method: 'POST', headers: h.E7, body: JSON.stringify({ type: 'soft', skills: ['Negotiation', 'Leadership'] }) },
		E8: { url: `${b.accounting}/api/v5/customers-suppliers/1/${sb.state.acme.contacts[0].uuid}/branches/${branch.uuid}`, method: 'GET', headers: h.E8 },
		E9: { url: `${b.accounting}/api/add_account_v2`, method: 'POST', headers: h.E9, body: JSON.stringify({ name: 'Riyad Bank', type: 'bank', representative_id: '42', business_id: '101' }) },
		E10: {
			url: `${b.management}/api/v1/tasks/update/1004`, method: 'POST', headers: h.E10,
			body: form([
				['name', 'Quarterly stock review (updated)'], ['status', 'In Progress'], ['owner_id', '44'], ['duration_days', '3'],
				['budget', '250'], ['dependent_on', '1001'], ['description', ''],
				['assignments[0][user_id]', '45'], ['timeTracking[0][user_id]', '45'], ['timeTracking[0][started_at]', '2025-03-01 09:00:00'],
				['timeTracking[0][ended_at]', '2025-03-01 10:30:00'],
				['files[0]', new Blob([Buffer.from('%PDF-1.4 fake')], { type: 'application/pdf' }), 'count.pdf'],
				['files[1]', new Blob([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], { type: 'image/png' }), 'shelf.png'],
			]),
		},
		E11: { url: `${b.calendar}/api/v2/all_business_calendars_list`, method: 'POST', headers: h.E11, body: form([['user_type', 'user'], ['type', 'user']]) },
		E12: { url: `${b.ecommerce}/api/v1/catalog-comments/1251`, method: 'POST', headers: h.E12, body: form([['_method', 'PUT'], ['status', '1']]) },
		E13: { url: `${b.ecommerce}/api/v1/audit-sessions/update-session-item/1351`, method: 'PATCH', headers: h.E13, body: JSON.stringify({ physical_qty: 37 }) },
		E14: {
			url: `${b.ecommerce}/api/v1/inventory_trancfered_items`, method: 'POST', headers: h.E14,
			body: form([['from_inv_id', '1451'], ['to_inv_id', '1453'], ['product_id', '1703'], ['quantity', '5'], ['representative_id', ''], ['status', '0']]),
		},
		E15: { url: `${b.hr}/api/v1/payslips/1751`, method: 'GET', headers: h.E15 },
		E16: { url: `${b.ecommerce}/api/v1/news?keyword=&status=1&sort_order=id_asc&list=&per_page=5&page=2`, method: 'GET', headers: h.E16 },
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
			['item_sort[]', '1'], ['item_id[]', id], ['item_qty[]', qty], ['item_price[]', price], ['amount[]', String(amount)],
			['item_tax[]', '15'], ['tax_amount[]', String(amount * 0.15)], ['total_with_tax[]', String(amount * 1.15)],
			['item_discount[]', '0'], ['item_desc[]', desc],
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

const OPERATIONS = ['E1', 'E2', 'E3', 'E4', 'E5', 'E6', 'E7', 'E8', 'E9', 'E10', 'E11', 'E12', 'E13', 'E14', 'E15', 'E16'];

describe('every operation succeeds with the spec headers and body', () => {
	test.each(OPERATIONS)('%s', async (op) => {
		const call = validCalls()[op];
		const res = await send(call);
		expect(res.status).toBe(200);
		expect(res.headers.get('content-type')).toMatch(/^application\/json/);

		const rec = sb.requests[sb.requests.length - 1];
		expect(rec.operation).toBe(op);
		expect(rec.status).toBe(200);
		expect(rec.business).toBe(op === 'E5' ? null : 'acme');
		const sent = Object.keys(rec.headers).map((n) => n.toLowerCase());
		for (const name of Object.keys(call.headers)) expect(sent).toContain(name.toLowerCase());

		const envelope = ['E6', 'E10'].includes(op) ? 'success' : ['E7', 'E15'].includes(op) ? 'response' : 'data';
		if (envelope === 'success') {
			expect(res.json).toMatchObject({ status_code: 200, code: 1020, hint: 'Processed Successfully', success: true });
			expect(typeof res.json.data.message).toBe('string');
		} else {
			expect(res.json.status).toBe(true);
			expect(typeof res.json.message).toBe('string');
			expect(res.json).toHaveProperty(envelope);
		}
	});

	test('E1 stores the line items and returns the quote', async () => {
		const res = await send(validCalls().E1);
		expect(res.json.data).toMatchObject({ id: 1501, business_id: 101, created_date: '2025-03-01', tax_inclusive: '0', total: 230 });
		expect(res.json.data.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
		const quote = sb.state.acme.quotes.find((q) => q.id === 1501);
		expect(quote?.items.map((i) => [i.item_id, i.qty, i.description])).toEqual([[1701, 2, 'iPhone 15 Case'], [1704, 1, 'Wireless Mouse']]);
		const body = sb.requests[0].body;
		expect(body.kind).toBe('multipart');
		if (body.kind === 'multipart') expect(body.fields.filter(([n]) => n === 'item_id[]').map(([, v]) => v)).toEqual(['1701', '1704']);
	});

	test('E2 updates descriptions and clears the parent', async () => {
		const res = await send(validCalls().E2);
		expect(res.json.data).toMatchObject({ id: 1202, alias: 'smart-phones', parent: null, parent_object: null, status: '1', sort: '4' });
		expect(res.json.data.descriptions).toEqual([
			{ category_id: 1202, lang: 'en', title: 'Smart Phones', keyword: 'phones', description: 'All phones' },
			{ category_id: 1202, lang: 'ar', title: 'هواتف ذكية', keyword: 'هواتف', description: 'منتجات هواتف' },
		]);
		const list = await send({ url: `${sb.baseUrls.ecommerce}/api/v1/ecomm_categories?keyword=smart`, method: 'GET', headers: headersFor().E16 });
		expect(list.json.data.map((/** @type {any} */ c) => c.id)).toEqual([1202]);
		expect(sb.requests[1].operation).toBe('categoriesList');
	});

	test('E3 honours the flags and the language', async () => {
		const res = await send(validCalls().E3, { headers: { ...headersFor().E3, 'Accept-Language': 'ar' } });
		expect(res.json.data).toMatchObject({ id: 1301, order_total: { total: 1345.5 } });
		expect(res.json.data.history).toHaveLength(2);
		expect(res.json.message).toBe('تم جلب تفاصيل الطلب بنجاح.');
		const plain = await send(validCalls().E3, { url: `${sb.baseUrls.ecommerce}/api/v2/order_details/1301` });
		expect(plain.json.data).not.toHaveProperty('history');
	});

	test('E4 toggles the favourite', async () => {
		const first = await send(validCalls().E4);
		expect(first.json.data).toEqual({ catalog_id: 1701, is_favorite: true, action: 'added' });
		expect(sb.state.acme.favorites).toContain(1701);
		const second = await send(validCalls().E4);
		expect(second.json.data.action).toBe('removed');
		expect(sb.state.acme.favorites).not.toContain(1701);
		expect(sb.requests[0].body).toEqual({ kind: 'empty' });
	});

	test('E6 deletes once, then 404', async () => {
		expect((await send(validCalls().E6)).status).toBe(200);
		expect(sb.state.acme.workspaces.map((w) => w.id)).toEqual([1801, 1803]);
		const again = await send(validCalls().E6);
		expect(again.status).toBe(404);
		expect(again.json).toEqual({ status: false, message: 'Workspace not found.' });
		const foreign = await send(validCalls().E6, { url: `${sb.baseUrls.management}/api/v1/workspaces/delete/1801`, body: JSON.stringify({ business_id: 202 }) });
		expect(foreign.status).toBe(422);
		expect(foreign.json.errors).toEqual({ business_id: ['The selected business id is invalid.'] });
	});

	test('E7 creates a skill record', async () => {
		const res = await send(validCalls().E7);
		expect(res.json.response).toEqual({ id: 1902, type: 'soft', business_id: 101, created_at: expect.any(String), updated_at: expect.any(String) });
		expect(sb.state.acme.skills.at(-1)?.skills).toEqual(['Negotiation', 'Leadership']);
	});

	test('E8 returns the branch with its password field (for the package to strip)', async () => {
		const res = await send(validCalls().E8);
		expect(res.json.data).toMatchObject({ id: 1651, business_id: 101, status: 1 });
		expect(typeof res.json.data.password).toBe('string');
		expect(res.json.errors).toEqual([]);
		const asSupplier = await send(validCalls().E8, { url: validCalls().E8.url.replace('/customers-suppliers/1/', '/customers-suppliers/2/') });
		expect(asSupplier.status).toBe(404);
		const badType = await send(validCalls().E8, { url: validCalls().E8.url.replace('/customers-suppliers/1/', '/customers-suppliers/3/') });
		expect(badType.status).toBe(422);
	});

	test('E9 and E14 create records with new ids', async () => {
		const account = await send(validCalls().E9);
		expect(account.json.data).toMatchObject({ id: 1103, name: 'Riyad Bank', type: 'bank' });
		expect(sb.state.acme.accounts).toHaveLength(3);
		const transfer = await send(validCalls().E14);
		expect(transfer.json.data).toMatchObject({ id: 1552, from_inv_id: '1451', to_inv_id: '1453', status: '0', representative_id: null });
	});

	test('E10 updates fields, assignments, time tracking and files', async () => {
		const res = await send(validCalls().E10);
		const task = res.json.data.task;
		expect(task).toMatchObject({ id: 1004, name: 'Quarterly stock review (updated)', owner_id: '44', duration_days: '3', budget: '250.00', dependent_on: 1001, description: null });
		expect(task.updated_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
		expect(task.dependent_task.id).toBe(1001);
		expect(task.dependent_tasks).toEqual([]);
		expect(task.assignments).toEqual([{ id: expect.any(Number), task_id: 1004, assign_to: 45, assigned_at: expect.any(String) }]);
		expect(task.time_tracking).toEqual([expect.objectContaining({ assign_to: 45, duration_minutes: 90 })]);
		expect(task.files.map((/** @type {any} */ f) => [f.file_name, f.file_type, f.file_size])).toEqual([['count.pdf', 'document', 13], ['shelf.png', 'image', 8]]);
		const fileId = task.files[0].id;
		const del = await send(validCalls().E10, { body: form([['deleted_file_ids[0]', String(fileId)]]) });
		expect(del.json.data.task.files.map((/** @type {any} */ f) => f.file_name)).toEqual(['shelf.png']);
		const rec = sb.requests[0].body;
		expect(rec.kind === 'multipart' && rec.files.map((f) => [f.field, f.filename, f.contentType, f.size])).toEqual([
			['files[0]', 'count.pdf', 'application/pdf', 13],
			['files[1]', 'shelf.png', 'image/png', 8],
		]);
	});

	test('E13 and E12 change state', async () => {
		const audit = await send(validCalls().E13);
		expect(audit.json.data).toMatchObject({ id: 1351, physical_qty: 37, difference: -3 });
		expect(sb.requests[0].body).toEqual({ kind: 'text', text: '{"physical_qty":37}' });
		await send(validCalls().E12);
		expect(sb.state.acme.comments[0].status).toBe('1');
	});

	test('E15 returns the payslip with items and the employee', async () => {
		const res = await send(validCalls().E15);
		const p = res.json.response;
		expect(p).toMatchObject({ id: 1751, earnings_items_total: 12500, deductions_item_total: 975, net_price: 11525 });
		expect(p.items).toHaveLength(4);
		expect(typeof p.employee.password).toBe('string');
		expect(typeof p.employee.remember_token).toBe('string');
		expect(JSON.parse(p.employee.email)).toEqual(['sara@acme.example']);
	});
});

describe('authentication headers are exact', () => {
	/**
	 * @param {string} name
	 */
	const swap = (name) => name.replace(/[-_]/g, (ch) => (ch === '-' ? '_' : '-'));

	test.each([['E7'], ['E15']])('%s: each listed header misspelled gives 401', async (op) => {
		const call = validCalls()[op];
		const credentialNames = Object.keys(call.headers).filter((n) => /[-_]/.test(n) && n !== 'Content-Type');
		expect(credentialNames.length).toBeGreaterThan(0);
		for (const name of credentialNames) {
			const headers = { ...call.headers };
			headers[swap(name)] = headers[name];
			delete headers[name];
			const res = await send(call, { headers });
			expect([name, res.status]).toEqual([name, 401]);
			expect(res.json).toMatchObject({ status: false, message: expect.stringMatching(/^Unauthenticated\./) });
			expect(res.json.message).toContain(name);
			expect(res.text).not.toContain(/** @type {string} */ (headers[swap(name)]));
		}
	});

	test('uuid missing or wrong gives 401, and header names are case-insensitive', async () => {
		const call = validCalls().E15;
		const { uuid: _omit, ...withoutUuid } = call.headers;
		expect((await send(call, { headers: withoutUuid })).status).toBe(401);
		const wrong = await send(call, { headers: { ...call.headers, uuid: 'not-the-uuid' } });
		expect(wrong.status).toBe(401);
		expect(wrong.text).not.toContain('not-the-uuid');
		expect((await send(call, { headers: { ...withoutUuid, UUID: sb.credentials.clientUuid } })).status).toBe(200);
	});

	test('an unknown business key is rejected; the key selects the business', async () => {
		const call = validCalls().E16;
		const unknown = await send(call, { headers: { ...call.headers, 'secure-business-key': 'nope' } });
		expect(unknown.status).toBe(401);
		const globex = await send(call, { headers: { ...call.headers, 'secure-business-key': sb.credentials.businessKeys.globex } });
		expect(globex.status).toBe(200);
		expect(globex.json.data.data[0].image).toContain('/globex/');
		expect(sb.requests[1].business).toBe('globex');
	});

	test('a user token is not accepted under another spelling (E10 wants user-token)', async () => {
		const call = validCalls().E10;
		const { 'user-token': token, ...rest } = call.headers;
		const res = await send(call, { headers: { ...rest, userToken: token }, body: form([['name', 'x']]) });
		expect(res.status).toBe(401);
	});

	test('non-credential headers: E1 platform and Accept-Language, E6 Accept', async () => {
		const e1 = validCalls().E1;
		const { platform: _p, ...noPlatform } = e1.headers;
		expect((await send(e1, { headers: noPlatform })).status).toBe(400);
		expect((await send(validCalls().E1, { headers: { ...e1.headers, 'Accept-Language': 'fr' } })).status).toBe(400);
		const e6 = validCalls().E6;
		expect((await send(e6, { headers: { ...e6.headers, Accept: 'text/html' } })).status).toBe(400);
	});
});

describe('requests the platform would refuse', () => {
	test('missing required fields give a Laravel 422', async () => {
		const res = await send(validCalls().E7, { body: JSON.stringify({ skills: [] }) });
		expect(res.status).toBe(422);
		expect(res.json).toEqual({
			message: 'The type field is required. (and 1 more error)',
			errors: { type: ['The type field is required.'], skills: ['The skills field is required.'] },
		});
		expect(sb.state.acme.skills).toHaveLength(1);
	});

	test('E1 line values are checked per line with Laravel keys', async () => {
		const entries = /** @type {Array<[string, string]>} */ ([
			['customer_id', '1401'], ['currency_id', '1'], ['created_date', '2025-03-01'], ['tax_inclusive', '1'],
			['discount_check', '0'], ['discount', '0'], ['total', '10'], ['final_total', '10'],
			...lines([['1701', '1', '10', 'a'], ['1702', '1', '', 'b']]),
		]);
		const res = await send(validCalls().E1, { body: form(entries) });
		expect(res.status).toBe(422);
		expect(res.json.errors).toEqual({ 'item_price.1': ['The item price.1 field is required.'] });
		const short = entries.filter(([n, v]) => !(n === 'item_desc[]' && v === 'b'));
		const res2 = await send(validCalls().E1, { body: form(short) });
		expect(res2.json.errors.item_desc).toEqual(['The item desc field must contain 2 items.']);
	});

	test('E10 time tracking format is checked', async () => {
		const res = await send(validCalls().E10, { body: form([['timeTracking[0][user_id]', '42'], ['timeTracking[0][started_at]', '2025-03-01T09:00']]) });
		expect(res.status).toBe(422);
		expect(Object.keys(res.json.errors)).toEqual(['timeTracking.0.started_at']);
	});

	test('E2 and E12 need _method=PUT', async () => {
		const res = await send(validCalls().E12, { body: form([['status', '1']]) });
		expect(res.status).toBe(422);
		expect(res.json.errors).toEqual({ _method: ['The method field is required.'] });
		const patch = await send(validCalls().E2, { body: form([['_method', 'PATCH']]) });
		expect(patch.json.errors).toEqual({ _method: ['The selected method is invalid.'] });
	});

	test('unknown ids give 404', async () => {
		const calls = validCalls();
		const res = await send(calls.E15, { url: `${sb.baseUrls.hr}/api/v1/payslips/9999` });
		expect(res.status).toBe(404);
		expect(res.json).toEqual({ status: false, message: 'Payslip not found.' });
		expect((await send(calls.E5, { url: `${sb.baseUrls.ecommerce}/api/user_districts/999` })).status).toBe(404);
		expect((await send(calls.E10, { url: `${sb.baseUrls.management}/api/v1/tasks/update/9999` })).status).toBe(404);
		const ar = await send(calls.E3, { url: `${sb.baseUrls.ecommerce}/api/v2/order_details/9999`, headers: { ...calls.E3.headers, 'Accept-Language': 'ar' } });
		expect(ar.json.message).toBe('الطلب غير موجود.');
	});

	test('a business never sees another business’s records', async () => {
		const call = validCalls().E15;
		const globex = { ...call.headers, secure_business_key: sb.credentials.businessKeys.globex };
		expect((await send(call, { headers: globex })).status).toBe(404);
		expect((await send(call, { headers: globex, url: `${sb.baseUrls.hr}/api/v1/payslips/2751` })).status).toBe(200);
		const task = await send(validCalls().E10, { headers: { ...validCalls().E10.headers, 'secure-business-key': sb.credentials.businessKeys.globex } });
		expect(task.status).toBe(404);
		expect(sb.state.acme.tasks.find((t) => t.id === 1004)?.name).toBe('Quarterly stock review');
	});

	test('wrong module base, wrong method and wrong content type', async () => {
		const e7 = validCalls().E7;
		const wrongBase = await send(e7, { url: `${sb.baseUrls.ecommerce}/api/v1/skills` });
		expect(wrongBase.status).toBe(404);
		expect(sb.requests[0]).toMatchObject({ operation: null, module: 'ecommerce', status: 404 });
		expect((await send(e7, { method: 'PUT' })).status).toBe(405);
		const multipart = await send(e7, { headers: { ...e7.headers, 'Content-Type': 'text/plain' } });
		expect(multipart.status).toBe(415);
		const e11 = validCalls().E11;
		expect((await send(e11, { headers: { ...e11.headers, 'Content-Type': 'application/json' }, body: '{"user_type":"user","type":"user"}' })).status).toBe(415);
	});
});

describe('news pagination', () => {
	const news = (/** @type {string} */ query, business = 'acme') =>
		send({
			url: `${sb.baseUrls.ecommerce}/api/v1/news${query}`,
			method: 'GET',
			headers: { ...headersFor().E16, 'secure-business-key': sb.credentials.businessKeys[/** @type {'acme'} */ (business)] },
		}).then((r) => r.json.data);

	test('defaults: 15 per page, id descending', async () => {
		const page = await news('');
		expect(page).toMatchObject({ current_page: 1, per_page: 15, total: 25, last_page: 2, from: 1, to: 15, prev_page_url: null });
		expect(page.data[0].id).toBe(25);
		expect(page.next_page_url).toBe(`${sb.baseUrls.ecommerce}/api/v1/news?page=2`);
		expect(page.path).toBe(`${sb.baseUrls.ecommerce}/api/v1/news`);
		expect(page.links.map((/** @type {any} */ l) => l.label)).toEqual(['&laquo; Previous', '1', '2', 'Next &raquo;']);
		expect(page.links[1].active).toBe(true);
		expect(Object.keys(page.data[0])).toEqual(['id', 'title', 'image', 'alias', 'sort', 'status', 'description', 'created_at', 'updated_at']);
	});

	test('last partial page and an out-of-range page', async () => {
		const last = await news('?per_page=10&page=3');
		expect(last.data.map((/** @type {any} */ n) => n.id)).toEqual([5, 4, 3, 2, 1]);
		expect(last).toMatchObject({ from: 21, to: 25, last_page: 3, next_page_url: null });
		expect(last.prev_page_url).toMatch(/\?page=2$/);
		const beyond = await news('?per_page=10&page=4');
		expect(beyond).toMatchObject({ data: [], from: null, to: null, current_page: 4, total: 25 });
	});

	test('filters and sort orders', async () => {
		const published = await news('?status=1&per_page=100');
		expect(published.total).toBe(19);
		expect(published.data.every((/** @type {any} */ n) => n.status === 1)).toBe(true);
		expect((await news('?sort_order=title_asc&per_page=3')).data.map((/** @type {any} */ n) => n.title)).toEqual(['News 1', 'News 10', 'News 11']);
		expect((await news('?sort_order=title_desc&per_page=2')).data.map((/** @type {any} */ n) => n.title)).toEqual(['News 9', 'News 8']);
		expect((await news('?sort_order=status_asc&per_page=2')).data.map((/** @type {any} */ n) => n.id)).toEqual([4, 8]);
		expect((await news('?sort_order=status_desc&per_page=2')).data.map((/** @type {any} */ n) => n.id)).toEqual([1, 2]);
		expect((await news('?keyword=news%202&per_page=100')).total).toBe(7);
		const invalid = await send({ url: `${sb.baseUrls.ecommerce}/api/v1/news?sort_order=random`, method: 'GET', headers: headersFor().E16 });
		expect(invalid.status).toBe(422);
	});

	test('seedNews and windowed page links', async () => {
		sb.seedNews('acme', 200);
		const page = await news('?per_page=10&page=10');
		expect(page).toMatchObject({ total: 200, last_page: 20, from: 91, to: 100 });
		expect(page.links.map((/** @type {any} */ l) => l.label)).toEqual(
			['&laquo; Previous', '1', '2', '...', '7', '8', '9', '10', '11', '12', '13', '...', '19', '20', 'Next &raquo;'],
		);
		expect((await news('', 'globex')).total).toBe(25);
	});
});

describe('fault injection', () => {
	const e16 = () => validCalls().E16;

	test('429 with Retry-After, a given number of times', async () => {
		sb.inject({ operation: 'E16', status: 429, retryAfter: 2, times: 2 });
		const first = await send(e16());
		expect(first.status).toBe(429);
		expect(first.headers.get('retry-after')).toBe('2');
		expect(first.json).toEqual({ status: false, message: 'Too Many Attempts.' });
		expect((await send(e16())).status).toBe(429);
		expect((await send(e16())).status).toBe(200);
		expect(sb.requests.map((r) => r.status)).toEqual([429, 429, 200]);
		expect(sb.pendingFaults).toBe(0);
	});

	test('faults only hit their operation; "*" hits any; checked before auth', async () => {
		sb.inject({ operation: 'E7', status: 503 });
		expect((await send(e16())).status).toBe(200);
		sb.inject({ operation: '*', status: 500, body: { message: 'boom' } });
		const res = await send(e16(), { headers: {} });
		expect(res.status).toBe(500);
		expect(res.json).toEqual({ message: 'boom' });
		expect((await send(validCalls().E7)).status).toBe(503);
	});

	test('string body, html, malformed JSON, empty body', async () => {
		sb.inject({ operation: 'E16', status: 502, body: 'Bad Gateway' });
		const text = await send(e16());
		expect([text.status, text.text, text.headers.get('content-type')]).toEqual([502, 'Bad Gateway', 'text/plain; charset=utf-8']);

		sb.inject({ operation: 'E16', html: true });
		const html = await send(e16());
		expect(html.status).toBe(200);
		expect(html.headers.get('content-type')).toMatch(/^text\/html/);
		expect(html.text).toMatch(/^<!DOCTYPE html>/);

		sb.inject({ operation: 'E16', malformedJson: true });
		const broken = await send(e16());
		expect(broken.status).toBe(200);
		expect(broken.headers.get('content-type')).toMatch(/^application\/json/);
		expect(broken.json).toBeUndefined();

		sb.inject({ operation: 'E16', emptyBody: true, status: 204 });
		const empty = await send(e16());
		expect([empty.status, empty.text]).toEqual([204, '']);
	});

	test('statusFalse uses each envelope', async () => {
		sb.inject({ operation: 'E16', statusFalse: true, message: 'Nope' });
		sb.inject({ operation: 'E15', statusFalse: true });
		sb.inject({ operation: 'E10', statusFalse: true });
		expect((await send(e16())).json).toEqual({ status: false, message: 'Nope', data: null });
		expect((await send(validCalls().E15)).json).toMatchObject({ status: false, response: null });
		const e10 = await send(validCalls().E10);
		expect(e10.status).toBe(200);
		expect(e10.json).toMatchObject({ success: false, data: { message: expect.any(String) } });
		expect(sb.state.acme.tasks.find((t) => t.id === 1004)?.name).toBe('Quarterly stock review');
	});

	test('destroy drops the connection and is recorded with status 0', async () => {
		sb.inject({ operation: 'E16', destroy: true });
		await expect(fetch(e16().url, { headers: e16().headers })).rejects.toThrow();
		expect(sb.requests[0]).toMatchObject({ operation: 'E16', status: 0 });
	});

	test('actFirst performs the operation, then fails', async () => {
		sb.inject({ operation: 'E9', status: 504, actFirst: true });
		expect((await send(validCalls().E9)).status).toBe(504);
		expect(sb.state.acme.accounts).toHaveLength(3);
		sb.inject({ operation: 'E6', destroy: true, actFirst: true });
		await expect(fetch(validCalls().E6.url, { method: 'POST', headers: validCalls().E6.headers, body: validCalls().E6.body })).rejects.toThrow();
		expect((await send(validCalls().E6)).status).toBe(404);
	});

	test('delayMs slows the answer (a client timeout fires), latency delays every request', async () => {
		sb.inject({ operation: 'E5', delayMs: 300 });
		await expect(fetch(validCalls().E5.url, { headers: validCalls().E5.headers, signal: AbortSignal.timeout(50) })).rejects.toThrow();
		sb.setLatency(40);
		const started = Date.now();
		expect((await send(validCalls().E5)).status).toBe(200);
		expect(Date.now() - started).toBeGreaterThanOrEqual(35);
	});

	test('ratio applies to a deterministic share of requests', async () => {
		const pattern = async () => {
			sb.inject({ operation: 'E5', status: 503, ratio: 0.3, times: Infinity });
			const statuses = [];
			for (let i = 0; i < 40; i++) statuses.push((await send(validCalls().E5)).status);
			return statuses;
		};
		const first = await pattern();
		const failed = first.filter((s) => s === 503).length;
		expect(failed).toBeGreaterThan(4);
		expect(failed).toBeLessThan(20);
		sb.reset();
		expect(await pattern()).toEqual(first);
	});
});

test('handles hundreds of concurrent requests', async () => {
	sb.setLatency(5);
	const results = await Promise.all(Array.from({ length: 300 }, () => send(validCalls().E7)));
	expect(results.every((r) => r.status === 200)).toBe(true);
	expect(new Set(results.map((r) => r.json.response.id)).size).toBe(300);
	expect(sb.requests).toHaveLength(300);
});
