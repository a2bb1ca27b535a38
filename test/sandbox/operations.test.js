// @ts-check
/** The sandbox itself: every operation succeeds with the spec's headers and body, and the credential headers are checked exactly as spelled. */
const { useSandbox } = require('../harness/fixture');
const calls = require('./calls');
const { form, send, SPEC_OPERATIONS } = calls;

/**
 * The sandbox's request log entries and per-business state: the fixture hands both out untyped.
 * @typedef {import('../../sandbox/request').RecordedRequest} RecordedRequest
 * @typedef {import('../../sandbox/data').BusinessState} BusinessState
 */

const fixture = useSandbox();
beforeEach(() => fixture.sandbox.setLatency(0));
/** One valid request per operation (fresh: ids and URLs follow the sandbox's current state). */
const validCalls = () => calls.validCalls(fixture.sandbox);
const headersFor = () => calls.headersFor(fixture.sandbox);

describe('every operation succeeds with the spec headers and body', () => {
	test.each(SPEC_OPERATIONS)('%s', async (op) => {
		const call = validCalls()[op];
		const res = await send(call);
		expect(res.status).toBe(200);
		expect(res.headers.get('content-type')).toMatch(/^application\/json/);

		const rec = fixture.sandbox.requests[fixture.sandbox.requests.length - 1];
		expect(rec.operation).toBe(op);
		expect(rec.status).toBe(200);
		expect(rec.business).toBe(op === 'getDistrict' ? null : 'acme');
		const sent = Object.keys(rec.headers).map((n) => n.toLowerCase());
		for (const name of Object.keys(call.headers)) expect(sent).toContain(name.toLowerCase());

		const envelope = ['deleteWorkspace', 'updateTask'].includes(op)
			? 'success'
			: ['createSkill', 'getPayslip'].includes(op)
				? 'response'
				: 'data';
		if (envelope === 'success') {
			expect(res.json).toMatchObject({
				status_code: 200,
				code: 1020,
				hint: 'Processed Successfully',
				success: true,
			});
			expect(typeof res.json.data.message).toBe('string');
		} else {
			expect(res.json.status).toBe(true);
			expect(typeof res.json.message).toBe('string');
			expect(res.json).toHaveProperty(envelope);
		}
	});

	test('updateSalesQuote stores the line items and returns the quote', async () => {
		const res = await send(validCalls().updateSalesQuote);
		expect(res.json.data).toMatchObject({
			id: 1501,
			business_id: 101,
			created_date: '2025-03-01',
			tax_inclusive: '0',
			total: 230,
		});
		expect(res.json.data.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
		/** @type {BusinessState} */
		const acme = fixture.sandbox.state.acme;
		const quotes = /** @type {import('../operations/accounting/updateSalesQuote').Quote[]} */ (
			acme.quotes
		);
		const quote = quotes.find((q) => q.id === 1501);
		expect(quote?.items.map((i) => [i.item_id, i.qty, i.description])).toEqual([
			[1701, 2, 'iPhone 15 Case'],
			[1704, 1, 'Wireless Mouse'],
		]);
		/** @type {RecordedRequest['body']} */
		const body = fixture.sandbox.requests[0].body;
		expect(body.kind).toBe('multipart');
		if (body.kind === 'multipart')
			expect(body.fields.filter(([n]) => n === 'item_id[]').map(([, v]) => v)).toEqual([
				'1701',
				'1704',
			]);
	});

	test('updateCategory updates descriptions and clears the parent', async () => {
		const res = await send(validCalls().updateCategory);
		expect(res.json.data).toMatchObject({
			id: 1202,
			alias: 'smart-phones',
			parent: null,
			parent_object: null,
			status: '1',
			sort: '4',
		});
		expect(res.json.data.descriptions).toEqual([
			{
				category_id: 1202,
				lang: 'en',
				title: 'Smart Phones',
				keyword: 'phones',
				description: 'All phones',
			},
			{
				category_id: 1202,
				lang: 'ar',
				title: 'هواتف ذكية',
				keyword: 'هواتف',
				description: 'منتجات هواتف',
			},
		]);
		const list = await send({
			url: `${fixture.sandbox.baseUrls.ecommerce}/api/v1/ecomm_categories?keyword=smart`,
			method: 'GET',
			headers: headersFor().listNews,
		});
		expect(list.json.data.map((/** @type {any} */ c) => c.id)).toEqual([1202]);
		expect(fixture.sandbox.requests[1].operation).toBe('listCategories');
	});

	test('getOrder honours the flags and the language', async () => {
		const res = await send(validCalls().getOrder, {
			headers: { ...headersFor().getOrder, 'Accept-Language': 'ar' },
		});
		expect(res.json.data).toMatchObject({ id: 1301, order_total: { total: 1345.5 } });
		expect(res.json.data.history).toHaveLength(2);
		expect(res.json.message).toBe('تم جلب تفاصيل الطلب بنجاح.');
		const plain = await send(validCalls().getOrder, {
			url: `${fixture.sandbox.baseUrls.ecommerce}/api/v2/order_details/1301`,
		});
		expect(plain.json.data).not.toHaveProperty('history');
	});

	test('toggleFavorite toggles the favourite', async () => {
		const first = await send(validCalls().toggleFavorite);
		expect(first.json.data).toEqual({ catalog_id: 1701, is_favorite: true, action: 'added' });
		expect(fixture.sandbox.state.acme.favorites).toContain(1701);
		const second = await send(validCalls().toggleFavorite);
		expect(second.json.data.action).toBe('removed');
		expect(fixture.sandbox.state.acme.favorites).not.toContain(1701);
		expect(fixture.sandbox.requests[0].body).toEqual({ kind: 'empty' });
	});

	test('deleteWorkspace deletes once, then 404', async () => {
		expect((await send(validCalls().deleteWorkspace)).status).toBe(200);
		/** @type {BusinessState} */
		const acme = fixture.sandbox.state.acme;
		expect(acme.workspaces.map((w) => w.id)).toEqual([1801, 1803]);
		const again = await send(validCalls().deleteWorkspace);
		expect(again.status).toBe(404);
		expect(again.json).toEqual({ status: false, message: 'Workspace not found.' });
		const foreign = await send(validCalls().deleteWorkspace, {
			url: `${fixture.sandbox.baseUrls.management}/api/v1/workspaces/delete/1801`,
			body: JSON.stringify({ business_id: 202 }),
		});
		expect(foreign.status).toBe(422);
		expect(foreign.json.errors).toEqual({ business_id: ['The selected business id is invalid.'] });
	});

	test('createSkill creates a skill record', async () => {
		const res = await send(validCalls().createSkill);
		expect(res.json.response).toEqual({
			id: 1902,
			type: 'soft',
			business_id: 101,
			created_at: expect.any(String),
			updated_at: expect.any(String),
		});
		expect(fixture.sandbox.state.acme.skills.at(-1)?.skills).toEqual(['Negotiation', 'Leadership']);
	});

	test('getCustomerSupplierBranch returns the branch with its password field (for the package to strip)', async () => {
		const res = await send(validCalls().getCustomerSupplierBranch);
		expect(res.json.data).toMatchObject({ id: 1651, business_id: 101, status: 1 });
		expect(typeof res.json.data.password).toBe('string');
		expect(res.json.errors).toEqual([]);
		const asSupplier = await send(validCalls().getCustomerSupplierBranch, {
			url: validCalls().getCustomerSupplierBranch.url.replace(
				'/customers-suppliers/1/',
				'/customers-suppliers/2/',
			),
		});
		expect(asSupplier.status).toBe(404);
		const badType = await send(validCalls().getCustomerSupplierBranch, {
			url: validCalls().getCustomerSupplierBranch.url.replace(
				'/customers-suppliers/1/',
				'/customers-suppliers/3/',
			),
		});
		expect(badType.status).toBe(422);
	});

	test('createCashBankAccount and createInventoryTransferItem create records with new ids', async () => {
		const account = await send(validCalls().createCashBankAccount);
		expect(account.json.data).toMatchObject({ id: 1103, name: 'Riyad Bank', type: 'bank' });
		expect(fixture.sandbox.state.acme.accounts).toHaveLength(3);
		const transfer = await send(validCalls().createInventoryTransferItem);
		expect(transfer.json.data).toMatchObject({
			id: 1552,
			from_inv_id: '1451',
			to_inv_id: '1453',
			status: '0',
			representative_id: null,
		});
	});

	test('updateTask updates fields, assignments, time tracking and files', async () => {
		const res = await send(validCalls().updateTask);
		const task = res.json.data.task;
		expect(task).toMatchObject({
			id: 1004,
			name: 'Quarterly stock review (updated)',
			owner_id: '44',
			duration_days: '3',
			budget: '250.00',
			dependent_on: 1001,
			description: null,
		});
		expect(task.updated_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
		expect(task.dependent_task.id).toBe(1001);
		expect(task.dependent_tasks).toEqual([]);
		expect(task.assignments).toEqual([
			{ id: expect.any(Number), task_id: 1004, assign_to: 45, assigned_at: expect.any(String) },
		]);
		expect(task.time_tracking).toEqual([
			expect.objectContaining({ assign_to: 45, duration_minutes: 90 }),
		]);
		expect(
			task.files.map((/** @type {any} */ f) => [f.file_name, f.file_type, f.file_size]),
		).toEqual([
			['count.pdf', 'document', 13],
			['shelf.png', 'image', 8],
		]);
		const fileId = task.files[0].id;
		const del = await send(validCalls().updateTask, {
			body: form([['deleted_file_ids[0]', String(fileId)]]),
		});
		expect(del.json.data.task.files.map((/** @type {any} */ f) => f.file_name)).toEqual([
			'shelf.png',
		]);
		/** @type {RecordedRequest['body']} */
		const rec = fixture.sandbox.requests[0].body;
		expect(
			rec.kind === 'multipart' &&
				rec.files.map((f) => [f.field, f.filename, f.contentType, f.size]),
		).toEqual([
			['files[0]', 'count.pdf', 'application/pdf', 13],
			['files[1]', 'shelf.png', 'image/png', 8],
		]);
	});

	test('updateAuditSessionItem and updateCatalogComment change state', async () => {
		const audit = await send(validCalls().updateAuditSessionItem);
		expect(audit.json.data).toMatchObject({ id: 1351, physical_qty: 37, difference: -3 });
		expect(fixture.sandbox.requests[0].body).toEqual({ kind: 'text', text: '{"physical_qty":37}' });
		await send(validCalls().updateCatalogComment);
		expect(fixture.sandbox.state.acme.comments[0].status).toBe('1');
	});

	test('getPayslip returns the payslip with items and the employee', async () => {
		const res = await send(validCalls().getPayslip);
		const p = res.json.response;
		expect(p).toMatchObject({
			id: 1751,
			earnings_items_total: 12500,
			deductions_item_total: 975,
			net_price: 11525,
		});
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

	test.each([['createSkill'], ['getPayslip']])(
		'%s: each listed header misspelled gives 401',
		async (op) => {
			const call = validCalls()[op];
			const credentialNames = Object.keys(call.headers).filter(
				(n) => /[-_]/.test(n) && n !== 'Content-Type',
			);
			expect(credentialNames.length).toBeGreaterThan(0);
			for (const name of credentialNames) {
				const headers = { ...call.headers };
				headers[swap(name)] = headers[name];
				delete headers[name];
				const res = await send(call, { headers });
				expect([name, res.status]).toEqual([name, 401]);
				expect(res.json).toMatchObject({
					status: false,
					message: expect.stringMatching(/^Unauthenticated\./),
				});
				expect(res.json.message).toContain(name);
				expect(res.text).not.toContain(/** @type {string} */ (headers[swap(name)]));
			}
		},
	);

	test('uuid missing or wrong gives 401, and header names are case-insensitive', async () => {
		const call = validCalls().getPayslip;
		const { uuid: _omit, ...withoutUuid } = call.headers;
		expect((await send(call, { headers: withoutUuid })).status).toBe(401);
		const wrong = await send(call, { headers: { ...call.headers, uuid: 'not-the-uuid' } });
		expect(wrong.status).toBe(401);
		expect(wrong.text).not.toContain('not-the-uuid');
		expect(
			(
				await send(call, {
					headers: { ...withoutUuid, UUID: fixture.sandbox.credentials.clientUuid },
				})
			).status,
		).toBe(200);
	});

	test('an unknown business key is rejected; the key selects the business', async () => {
		const call = validCalls().listNews;
		const unknown = await send(call, {
			headers: { ...call.headers, 'secure-business-key': 'nope' },
		});
		expect(unknown.status).toBe(401);
		const globex = await send(call, {
			headers: {
				...call.headers,
				'secure-business-key': fixture.sandbox.credentials.businessKeys.globex,
			},
		});
		expect(globex.status).toBe(200);
		expect(globex.json.data.data[0].image).toContain('/globex/');
		expect(fixture.sandbox.requests[1].business).toBe('globex');
	});

	test('a user token is not accepted under another spelling (updateTask wants user-token)', async () => {
		const call = validCalls().updateTask;
		const { 'user-token': token, ...rest } = call.headers;
		const res = await send(call, {
			headers: { ...rest, userToken: token },
			body: form([['name', 'x']]),
		});
		expect(res.status).toBe(401);
	});

	test('non-credential headers: updateSalesQuote platform and Accept-Language, deleteWorkspace Accept', async () => {
		const e1 = validCalls().updateSalesQuote;
		const { platform: _p, ...noPlatform } = e1.headers;
		expect((await send(e1, { headers: noPlatform })).status).toBe(400);
		expect(
			(
				await send(validCalls().updateSalesQuote, {
					headers: { ...e1.headers, 'Accept-Language': 'fr' },
				})
			).status,
		).toBe(400);
		const e6 = validCalls().deleteWorkspace;
		expect((await send(e6, { headers: { ...e6.headers, Accept: 'text/html' } })).status).toBe(400);
	});
});
