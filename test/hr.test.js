// @ts-check
/** The HR node (E7, E15) through n8n-core's real engine against the sandbox platform. */
const { startSandbox } = require('../sandbox/server');
const { runNode, sandboxCredentials } = require('./harness/n8n');
const { platformHeaderNames, requestsFor } = require('./harness/requests');

/** @type {any} */
let sandbox;
/** @type {Record<string, any>} */
let credentials;

beforeAll(async () => {
	sandbox = await startSandbox();
	credentials = sandboxCredentials(sandbox);
});
afterAll(() => sandbox.close());
beforeEach(() => sandbox.reset());

/**
 * @param {Record<string, any>} parameters
 * @param {{ items?: any[], continueOnFail?: boolean, credentials?: Record<string, any> }} [options]
 */
function runHr(parameters, options = {}) {
	return runNode({
		type: 'businessPlatformHr',
		parameters: { requestOptions: { retryDelay: 1 }, ...parameters },
		credentials: options.credentials ?? credentials,
		items: options.items,
		continueOnFail: options.continueOnFail,
	});
}

describe('Payslip → Get (E15)', () => {
	test('sends exactly uuid and secure_business_key and outputs the payslip without secrets', async () => {
		const { json, error } = await runHr({ resource: 'payslip', operation: 'get', payslipId: '1751' });
		expect(error).toBeUndefined();

		const [request] = requestsFor(sandbox, 'E15');
		expect(request).toMatchObject({ method: 'GET', path: '/api/v1/payslips/1751', status: 200, business: 'acme' });
		expect(platformHeaderNames(request)).toEqual(['secure_business_key', 'uuid']);
		expect(request.headers.uuid).toBe(sandbox.credentials.clientUuid);
		expect(request.headers.secure_business_key).toBe(sandbox.credentials.businessKeys.acme);

		expect(json).toHaveLength(1);
		const payslip = json[0];
		expect(payslip).toMatchObject({ id: 1751, net_price: 11525, employee_id: 1851 });
		expect(payslip.items).toHaveLength(4);
		expect(payslip.employee.id).toBe(1851);
		expect(payslip.employee).not.toHaveProperty('password');
		expect(payslip.employee).not.toHaveProperty('remember_token');
		expect(JSON.stringify(json)).not.toMatch(/password|remember_token/);
	});

	test('an unknown payslip fails with the platform message and HTTP 404', async () => {
		const { error } = await runHr({ resource: 'payslip', operation: 'get', payslipId: '999999' });
		expect(error?.message).toMatch(/not found/i);
		expect(error?.description).toContain('E15 Get Payslip');
		expect(error?.description).toContain('HTTP 404');
		expect(/** @type {any} */ (error).httpCode).toBe('404');
	});

	test("another business's payslip is not visible (tenant isolation)", async () => {
		const { error } = await runHr({ resource: 'payslip', operation: 'get', payslipId: '2751' });
		expect(/** @type {any} */ (error).httpCode).toBe('404');
	});

	test('Request Options → Business picks an additional business per item', async () => {
		const { json, error } = await runHr(
			{
				resource: 'payslip',
				operation: 'get',
				payslipId: '={{ $json.payslip }}',
				requestOptions: { business: '={{ $json.business }}' },
			},
			{ items: [{ json: { payslip: 1751, business: '' } }, { json: { payslip: 2751, business: 'globex' } }] },
		);
		expect(error).toBeUndefined();
		expect(json.map((p) => p.id)).toEqual([1751, 2751]);
		expect(requestsFor(sandbox, 'E15').map((/** @type {any} */ r) => r.business).sort()).toEqual(['acme', 'globex']);
	});

	test('an unknown business name fails that item before any request', async () => {
		const { json } = await runHr(
			{ resource: 'payslip', operation: 'get', payslipId: '1751', requestOptions: { business: 'initech' } },
			{ continueOnFail: true },
		);
		expect(json[0].error).toBe('Business "initech" is not one of the credential\'s Additional Business Keys (item 0)');
		expect(sandbox.requests).toHaveLength(0);
	});

	test('a wrong credential value fails with the platform message and never shows the secret', async () => {
		const wrongUuid = 'wrong-client-uuid-123456';
		const { error } = await runHr(
			{ resource: 'payslip', operation: 'get', payslipId: '1751' },
			{ credentials: { ...credentials, clientUuid: wrongUuid } },
		);
		expect(/** @type {any} */ (error).httpCode).toBe('401');
		expect(error?.message).toMatch(/Unauthenticated/);
		expect(error?.message).toContain('uuid');
		expect(JSON.stringify({ message: error?.message, description: error?.description })).not.toContain(wrongUuid);
	});

	test('an id that is not a number fails naming the parameter and item, and nothing is sent', async () => {
		const { error } = await runHr({ resource: 'payslip', operation: 'get', payslipId: '../../skills' });
		expect(error?.message).toBe('Payslip ID must be a whole number, got "../../skills" (item 0)');
		expect(sandbox.requests).toHaveLength(0);
	});

	test('an empty HR Base URL names the credential field', async () => {
		const { error } = await runHr(
			{ resource: 'payslip', operation: 'get', payslipId: '1751' },
			{ credentials: { ...credentials, hrBaseUrl: '' } },
		);
		expect(error?.message).toBe(
			'The credential field "HR Base URL" is empty; E15 Get Payslip needs it (item 0)',
		);
	});

	test('status: false on HTTP 200 is an error carrying the platform message', async () => {
		sandbox.inject({ operation: 'E15', statusFalse: true, message: 'Payslip is being recalculated' });
		const { error } = await runHr({ resource: 'payslip', operation: 'get', payslipId: '1751' });
		expect(error?.message).toBe('Payslip is being recalculated');
		expect(error?.description).toContain('HTTP 200');
	});

	test('continueOnFail: the failing item carries its error, paired with its input; the others go through', async () => {
		const { output } = await runHr(
			{ resource: 'payslip', operation: 'get', payslipId: '={{ $json.id }}' },
			{ items: [{ json: { id: 1751 } }, { json: { id: 424242 } }, { json: { id: 'x' } }, { json: { id: 1752 } }], continueOnFail: true },
		);
		expect(output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }, { item: 3 }]);
		expect(output[0].json.id).toBe(1751);
		expect(output[1].json).toMatchObject({ httpCode: '404' });
		expect(output[1].json.error).toMatch(/not found/i);
		expect(output[2].json.error).toBe('Payslip ID must be a whole number, got "x" (item 2)');
		expect(output[3].json.id).toBe(1752);
	});
});

describe('Skill → Create (E7)', () => {
	test('sends exactly user_token, secure_business_key and uuid with a JSON body, and outputs the skill', async () => {
		const { json, error } = await runHr({ resource: 'skill', operation: 'create', type: 'technical', skills: 'Excel,\nNegotiation , Arabic' });
		expect(error).toBeUndefined();

		const [request] = requestsFor(sandbox, 'E7');
		expect(request).toMatchObject({ method: 'POST', path: '/api/v1/skills', status: 200, contentType: 'application/json' });
		expect(platformHeaderNames(request)).toEqual(['secure_business_key', 'user_token', 'uuid']);
		expect(request.body).toEqual({ kind: 'json', value: { type: 'technical', skills: ['Excel', 'Negotiation', 'Arabic'] } });

		expect(json).toHaveLength(1);
		expect(json[0]).toMatchObject({ type: 'technical', business_id: 101 });
		expect(sandbox.state.acme.skills.map((/** @type {any} */ s) => s.type)).toContain('technical');
	});

	test('skills may come as an array from an expression', async () => {
		const { error } = await runHr(
			{ resource: 'skill', operation: 'create', type: 'languages', skills: '={{ $json.list }}' },
			{ items: [{ json: { list: ['Arabic', 'English'] } }] },
		);
		expect(error).toBeUndefined();
		expect(requestsFor(sandbox, 'E7')[0].body.value.skills).toEqual(['Arabic', 'English']);
	});

	test('a 422 shows the platform message and its field errors', async () => {
		sandbox.inject({
			operation: 'E7',
			status: 422,
			body: {
				message: 'The type has already been taken. (and 1 more error)',
				errors: { type: ['The type has already been taken.'], 'skills.0': ['The skills.0 may not be greater than 100 characters.'] },
			},
		});
		const { error } = await runHr({ resource: 'skill', operation: 'create', type: 'technical', skills: 'Excel' });
		expect(error?.message).toBe('The type has already been taken. (and 1 more error)');
		expect(error?.description).toContain('- type: The type has already been taken.');
		expect(error?.description).toContain('- skills.0: The skills.0 may not be greater than 100 characters.');
		expect(error?.description).toContain('E7 Create Skill (POST /api/v1/skills), HTTP 422, item 0');
	});

	test('an empty skill list fails before any request', async () => {
		const { error } = await runHr({ resource: 'skill', operation: 'create', type: 'technical', skills: ' , ' });
		expect(error?.message).toBe('Skills needs at least one skill (item 0)');
		expect(sandbox.requests).toHaveLength(0);
	});

	test('a create is not repeated after a 500: the platform may have acted', async () => {
		sandbox.inject({ operation: 'E7', status: 500, actFirst: true });
		const { error } = await runHr({ resource: 'skill', operation: 'create', type: 'technical', skills: 'Excel', requestOptions: { maxTries: 3, retryDelay: 1 } });
		expect(/** @type {any} */ (error).httpCode).toBe('500');
		expect(requestsFor(sandbox, 'E7')).toHaveLength(1);
	});

	test('a create is retried after a 429 (the platform did not act), waiting for Retry-After', async () => {
		sandbox.inject({ operation: 'E7', status: 429, retryAfter: 0 });
		const { json, error } = await runHr({ resource: 'skill', operation: 'create', type: 'technical', skills: 'Excel' });
		expect(error).toBeUndefined();
		expect(json[0].type).toBe('technical');
		expect(requestsFor(sandbox, 'E7').map((/** @type {any} */ r) => r.status)).toEqual([429, 200]);
	});
});
