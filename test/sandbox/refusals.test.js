// @ts-check
/** The sandbox refuses what the platform would: missing fields (Laravel 422s), unknown ids, other businesses' records, wrong routes, methods and content types. */
const { useSandbox } = require('../harness/fixture');
const calls = require('./calls');
const { form, lines, send } = calls;

/**
 * The sandbox's request log entries and per-business state: the fixture hands both out untyped.
 * @typedef {import('../../sandbox/request').RecordedRequest} RecordedRequest
 * @typedef {import('../../sandbox/data').BusinessState} BusinessState
 */

const fixture = useSandbox();
beforeEach(() => fixture.sandbox.setLatency(0));
/** One valid request per operation (fresh: ids and URLs follow the sandbox's current state). */
const validCalls = () => calls.validCalls(fixture.sandbox);

describe('requests the platform would refuse', () => {
	test('missing required fields give a Laravel 422', async () => {
		const res = await send(validCalls().createSkill, { body: JSON.stringify({ skills: [] }) });
		expect(res.status).toBe(422);
		expect(res.json).toEqual({
			message: 'The type field is required. (and 1 more error)',
			errors: { type: ['The type field is required.'], skills: ['The skills field is required.'] },
		});
		expect(fixture.sandbox.state.acme.skills).toHaveLength(1);
	});

	test('updateSalesQuote line values are checked per line with Laravel keys', async () => {
		const entries = /** @type {Array<[string, string]>} */ ([
			['customer_id', '1401'],
			['currency_id', '1'],
			['created_date', '2025-03-01'],
			['tax_inclusive', '1'],
			['discount_check', '0'],
			['discount', '0'],
			['total', '10'],
			['final_total', '10'],
			...lines([
				['1701', '1', '10', 'a'],
				['1702', '1', '', 'b'],
			]),
		]);
		const res = await send(validCalls().updateSalesQuote, { body: form(entries) });
		expect(res.status).toBe(422);
		expect(res.json.errors).toEqual({ 'item_price.1': ['The item price.1 field is required.'] });
		const short = entries.filter(([n, v]) => !(n === 'item_desc[]' && v === 'b'));
		const res2 = await send(validCalls().updateSalesQuote, { body: form(short) });
		expect(res2.json.errors.item_desc).toEqual(['The item desc field must contain 2 items.']);
	});

	test('updateTask time tracking format is checked', async () => {
		const res = await send(validCalls().updateTask, {
			body: form([
				['timeTracking[0][user_id]', '42'],
				['timeTracking[0][started_at]', '2025-03-01T09:00'],
			]),
		});
		expect(res.status).toBe(422);
		expect(Object.keys(res.json.errors)).toEqual(['timeTracking.0.started_at']);
	});

	test('updateCategory and updateCatalogComment need _method=PUT', async () => {
		const res = await send(validCalls().updateCatalogComment, { body: form([['status', '1']]) });
		expect(res.status).toBe(422);
		expect(res.json.errors).toEqual({ _method: ['The method field is required.'] });
		const patch = await send(validCalls().updateCategory, { body: form([['_method', 'PATCH']]) });
		expect(patch.json.errors).toEqual({ _method: ['The selected method is invalid.'] });
	});

	test('unknown ids give 404', async () => {
		const calls = validCalls();
		const res = await send(calls.getPayslip, {
			url: `${fixture.sandbox.baseUrls.hr}/api/v1/payslips/9999`,
		});
		expect(res.status).toBe(404);
		expect(res.json).toEqual({ status: false, message: 'Payslip not found.' });
		expect(
			(
				await send(calls.getDistrict, {
					url: `${fixture.sandbox.baseUrls.ecommerce}/api/user_districts/999`,
				})
			).status,
		).toBe(404);
		expect(
			(
				await send(calls.updateTask, {
					url: `${fixture.sandbox.baseUrls.management}/api/v1/tasks/update/9999`,
				})
			).status,
		).toBe(404);
		const ar = await send(calls.getOrder, {
			url: `${fixture.sandbox.baseUrls.ecommerce}/api/v2/order_details/9999`,
			headers: { ...calls.getOrder.headers, 'Accept-Language': 'ar' },
		});
		expect(ar.json.message).toBe('الطلب غير موجود.');
	});

	test('a business never sees another business’s records', async () => {
		const call = validCalls().getPayslip;
		const globex = {
			...call.headers,
			secure_business_key: fixture.sandbox.credentials.businessKeys.globex,
		};
		expect((await send(call, { headers: globex })).status).toBe(404);
		expect(
			(
				await send(call, {
					headers: globex,
					url: `${fixture.sandbox.baseUrls.hr}/api/v1/payslips/2751`,
				})
			).status,
		).toBe(200);
		const task = await send(validCalls().updateTask, {
			headers: {
				...validCalls().updateTask.headers,
				'secure-business-key': fixture.sandbox.credentials.businessKeys.globex,
			},
		});
		expect(task.status).toBe(404);
		/** @type {BusinessState} */
		const acme = fixture.sandbox.state.acme;
		expect(acme.tasks.find((t) => t.id === 1004)?.name).toBe('Quarterly stock review');
	});

	test('wrong module base, wrong method and wrong content type', async () => {
		const e7 = validCalls().createSkill;
		const wrongBase = await send(e7, {
			url: `${fixture.sandbox.baseUrls.ecommerce}/api/v1/skills`,
		});
		expect(wrongBase.status).toBe(404);
		expect(fixture.sandbox.requests[0]).toMatchObject({
			operation: null,
			module: 'ecommerce',
			status: 404,
		});
		expect((await send(e7, { method: 'PUT' })).status).toBe(405);
		const multipart = await send(e7, { headers: { ...e7.headers, 'Content-Type': 'text/plain' } });
		expect(multipart.status).toBe(415);
		const e11 = validCalls().listCalendars;
		expect(
			(
				await send(e11, {
					headers: { ...e11.headers, 'Content-Type': 'application/json' },
					body: '{"user_type":"user","type":"user"}',
				})
			).status,
		).toBe(415);
	});
});
