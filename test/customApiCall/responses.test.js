// @ts-check
/** Custom API Call's answers: Return All over a paginator, retries by method, the envelope, Full Response, secrets. */
const { useSandbox } = require('../harness/fixture');
const { customApiCaller } = require('./call');
const { credentialSecrets } = require('../harness/credentialSecrets');

const fixture = useSandbox();
const call = customApiCaller(fixture);

/** @param {unknown} value */
function expectNoSecret(value) {
	const text = JSON.stringify(value);
	for (const secret of credentialSecrets(fixture.sandbox)) expect(text).not.toContain(secret);
}

describe('Return All', () => {
	test('walks every page of a Laravel paginator, in order', async () => {
		const { json, error } = await call('accounting', {
			path: '/api/v1/invoices',
			returnAll: true,
			options: { pageSize: 10 },
		});
		expect(error).toBeUndefined();
		expect(json.map((invoice) => invoice.id)).toEqual(
			Array.from({ length: 37 }, (_, i) => 1900 + i),
		);
		const pages = fixture.requestsFor('invoicesList').map((r) => [r.query.page, r.query.per_page]);
		expect(pages.sort()).toEqual([
			['1', '10'],
			['2', '10'],
			['3', '10'],
			['4', '10'],
		]);
	});

	test('fails on an answer that is not a paginator, saying so', async () => {
		const { error } = await call('ecommerce', {
			path: '/api/v1/abandoned_orders',
			returnAll: true,
		});
		expect(error?.message).toContain('Return All needs a paginated list');
		expect(error?.message).toContain('turn Return All off');
		expect(fixture.requestsFor('abandonedOrdersList')).toHaveLength(1);
	});

	test('without Return All a list in data gives one item per entry', async () => {
		const { json, error } = await call('ecommerce', { path: '/api/v1/abandoned_orders' });
		expect(error).toBeUndefined();
		expect(json).toEqual([
			{ id: 1301, abandoned: true },
			{ id: 1302, abandoned: true },
		]);
	});
});

describe('retries by method', () => {
	test('a GET is retried on 503 like a read', async () => {
		fixture.sandbox.inject({ operation: 'invoicesList', status: 503 });
		const { error } = await call('accounting', { path: '/api/v1/invoices' });
		expect(error).toBeUndefined();
		expect(fixture.requestsFor('invoicesList').map((r) => r.status)).toEqual([503, 200]);
	});

	const journal = {
		method: 'POST',
		path: '/api/v1/journal_entries',
		headerProfile: 'addAccount',
		bodyType: 'json',
		jsonBody: { date: '2025-03-02', lines: [{ debit: 5 }, { credit: 5 }] },
	};

	test('a POST is not retried on 503: the platform may have acted', async () => {
		fixture.sandbox.inject({ operation: 'journalEntryCreate', status: 503, actFirst: true });
		const { error } = await call('accounting', journal);
		expect(error?.description).toContain('may have carried out this request');
		expect(error?.context.data).toMatchObject({
			operation: 'Custom API Call',
			method: 'POST',
			path: '/api/v1/journal_entries',
		});
		expect(fixture.requestsFor('journalEntryCreate')).toHaveLength(1);
	});

	test('a POST marked Safe to Repeat is retried on 503', async () => {
		fixture.sandbox.inject({ operation: 'journalEntryCreate', status: 503 });
		const { json, error } = await call('accounting', {
			...journal,
			options: { safeToRepeat: true },
		});
		expect(error).toBeUndefined();
		expect(json[0].date).toBe('2025-03-02');
		expect(fixture.requestsFor('journalEntryCreate').map((r) => r.status)).toEqual([503, 200]);
	});

	test('a POST answered 429 with Retry-After is retried (the platform did not act)', async () => {
		fixture.sandbox.inject({ operation: 'journalEntryCreate', retryAfter: 0 });
		const { error } = await call('accounting', journal);
		expect(error).toBeUndefined();
		expect(fixture.requestsFor('journalEntryCreate').map((r) => r.status)).toEqual([429, 200]);
	});
});

describe('responses', () => {
	const change = (/** @type {number} */ order, /** @type {string} */ status) => ({
		method: 'POST',
		path: `/api/v1/orders/${order}/status`,
		headerProfile: 'ecommerceUser',
		bodyType: 'json',
		jsonBody: JSON.stringify({ status }),
	});

	test("status false on HTTP 200 is an error with the platform's message", async () => {
		expect((await call('ecommerce', change(1301, 'shipped'))).error).toBeUndefined();
		const { error } = await call('ecommerce', change(1301, 'shipped'));
		expect(error?.message).toBe(
			'The platform refused to call POST /api/v1/orders/1301/status: The order is already shipped.',
		);
		expect(error?.context.data).toMatchObject({
			httpCode: 200,
			platformMessage: 'The order is already shipped.',
		});
	});

	test('Full Response returns status code and body as sent, a status false included', async () => {
		const full = {
			...change(2301, 'cancelled'),
			options: { responseFormat: 'full', business: 'globex' },
		};
		const first = await call('ecommerce', full);
		expect(first.error).toBeUndefined();
		expect(first.json).toEqual([
			{
				statusCode: 200,
				body: {
					status: true,
					message: 'Order status changed.',
					data: { id: 2301, status: 'cancelled', changes: 1 },
				},
			},
		]);
		const second = await call('ecommerce', full);
		expect(second.json[0].body).toEqual({
			status: false,
			message: 'The order is already cancelled.',
			data: null,
		});
	});

	test('Full Response still removes password fields', async () => {
		const { json } = await call('hr', {
			path: '/api/v1/employees/1851',
			headerProfile: 'hrPayslip',
			options: { responseFormat: 'full' },
		});
		const full = /** @type {{ body: { response: { id: number } } }} */ (json[0]);
		expect(full.body.response.id).toBe(1851);
		expect(full.body.response).not.toHaveProperty('password');
		expect(full.body.response).not.toHaveProperty('remember_token');
	});

	test('a platform error keeps its message and field errors; no secret in any output or error', async () => {
		const results = [
			await call('accounting', {
				method: 'POST',
				path: '/api/v1/journal_entries',
				headerProfile: 'addAccount',
				bodyType: 'json',
				jsonBody: '{"lines":[]}',
			}),
			await call('hr', { path: '/api/v1/employees/1851', headerProfile: 'hrPayslip' }),
			await call('ecommerce', {
				path: '/api/v1/abandoned_orders',
				headers: { header: [{ name: 'apikey', value: fixture.credentials.apiKey }] },
			}),
			await call(
				'ecommerce',
				{ path: '/api/v1/abandoned_orders' },
				{ continueOnFail: true, items: [{ json: {} }, { json: {} }] },
			),
		];
		expect(results[0].error?.message).toContain('The date field is required');
		expect(results[0].error?.description).toContain(
			'lines: The lines field must have at least 2 items.',
		);
		expect(results[2].error?.message).toContain('is a credential header');
		// The node's own parameters (where the user typed a value) are not output: what the user sees is.
		for (const { json, error } of results)
			expectNoSecret({ json, message: error?.message, description: error?.description });
	});
});

describe('a 401 that names a credential header', () => {
	// Header names are the user's text: `*`, `+` and `.` are valid in them and are matched as text, never as a pattern.
	/** @param {string} name @param {string} message */
	const refusedWith = async (name, message) => {
		fixture.sandbox.inject({ status: 401, body: { status: false, message } });
		return await call('hr', {
			path: '/api/v1/employees/1852',
			headerProfile: 'none',
			credentialHeaders: {
				header: [
					{ name, field: 'clientUuid' },
					{ name: 'secure_business_key', field: 'businessKey' },
				],
			},
		});
	};

	test('the name x** picks its credential field out of the message', async () => {
		const { error } = await refusedWith('x**', 'Invalid x** header.');
		expect(error?.message).toBe(
			'The platform did not accept the credential\'s "Client UUID" when asked to call GET /api/v1/employees/1852',
		);
		expect(error?.description).toContain('The platform said: "Invalid x** header."');
	});

	test('the name x.y is not found in a message that names xzy: every credential field is suggested', async () => {
		const { error } = await refusedWith('x.y', 'Invalid xzy header.');
		expect(error?.message).toBe(
			'The platform did not accept the credential when asked to call GET /api/v1/employees/1852',
		);
		expect(error?.description).toContain('"Client UUID" and "Business Key"');
	});
});
