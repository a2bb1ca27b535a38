// @ts-check
/**
 * Redirects, through n8n-core's real engine: the credential never reaches another host. A
 * redirect to another origin fails the item and names only that origin; a request other than a
 * GET is never sent twice; a GET follows a same-origin redirect, at most three times. Every
 * operation case is run against both; the rest (each 3xx, the limit, the wording) on one.
 */
const { useForeignHost } = require('./harness/foreignHost');
const { useSandbox } = require('./harness/fixture');
const { OPERATION_CASES, caseFor } = require('./harness/operationCases');
const { MAY_HAVE_ACTED } = require('./harness/faultCases');
const { customApiCaller } = require('./customApiCall/call');

const fixture = useSandbox();
const call = customApiCaller(fixture);

const foreign = useForeignHost();
beforeEach(() => {
	foreign.requests.length = 0;
});

const stolen = () => `${foreign.url}/collect?token=secret-in-query`;

/** @param {any} error @param {number} statusCode */
function expectRedirectRefused(error, statusCode) {
	expect(error?.message).toContain(
		`redirect (HTTP ${statusCode}) to another host, ${foreign.url}, when asked to`,
	);
	expect(JSON.stringify(error)).not.toContain('secret-in-query');
	expect(JSON.stringify(error)).not.toContain('/collect');
	expect(error?.context.data).toMatchObject({ httpCode: statusCode, item: 0 });
	expect(foreign.requests).toEqual([]);
}

/**
 * Runs the operation's case answered with a redirect to another host: refused, sent once.
 * @param {string} endpoint @param {number} statusCode
 */
async function redirectedAway(endpoint, statusCode) {
	const op = caseFor(endpoint);
	fixture.sandbox.inject({ operation: endpoint, status: statusCode, location: stolen() });
	const { error } = await fixture.run(op.type, op.parameters);
	expectRedirectRefused(error, statusCode);
	expect(fixture.requestsFor(endpoint)).toHaveLength(1);
	return error;
}

describe('a redirect to another host fails the item, and nothing reaches that host', () => {
	test.each([301, 302, 303, 307, 308])('a read answered %i', async (statusCode) => {
		const error = await redirectedAway('getPayslip', statusCode);
		expect(error?.description).toContain('put its new address in the credential\'s "HR Base URL"');
	});

	test.each(OPERATION_CASES.map((op) => [op.endpoint, op]))(
		'%s answered 307: sent once, and an operation that may act says it may have',
		async (endpoint, op) => {
			const error = await redirectedAway(endpoint, 307);
			expect(String(error?.description).includes(MAY_HAVE_ACTED)).toBe(op.retry === 'create');
		},
	);

	test.each([302, 307])(
		'an add answered %i: sent once, never repeated, and the user is told it may have been done',
		async (statusCode) => {
			const error = await redirectedAway('createSkill', statusCode);
			expect(error?.description).toContain('may have carried out this request');
		},
	);

	test('a Custom API Call answered 302', async () => {
		fixture.sandbox.inject({ status: 302, location: stolen() });
		const { error } = await call('accounting', { path: '/api/v1/invoices' });
		expectRedirectRefused(error, 302);
		expect(fixture.sandbox.requests).toHaveLength(1);
	});

	test('a relative Location of another scheme-less host (//host) counts as another host', async () => {
		const op = caseFor('getPayslip');
		fixture.sandbox.inject({
			operation: 'getPayslip',
			status: 302,
			location: stolen().replace(/^http:/, ''),
		});
		const { error } = await fixture.run(op.type, op.parameters);
		expectRedirectRefused(error, 302);
	});
});

describe('a redirect to the same host', () => {
	/** The HR module's own address for payslip 1751. */
	const sameOrigin = () => `${fixture.credentials.hrBaseUrl}/api/v1/payslips/1751`;

	test('is followed for a read, with the platform headers, and the answer is the output', async () => {
		const op = caseFor('getPayslip');
		fixture.sandbox.inject({ operation: 'getPayslip', status: 301, location: sameOrigin() });
		const { json, error } = await fixture.run(op.type, op.parameters);
		expect(error).toBeUndefined();
		expect(json[0]).toMatchObject({ id: 1751 });
		const requests = fixture.requestsFor('getPayslip');
		expect(requests.map((r) => r.status)).toEqual([301, 200]);
		expect(requests[1].headers.secure_business_key).toBe(fixture.credentials.businessKey);
	});

	test.each(OPERATION_CASES.map((op) => [op.endpoint, op]))(
		'%s answered 301 to its own address: a GET follows it, any other method fails without sending again',
		async (endpoint, op) => {
			// The operation's own address, as its run sends it, from a run without the redirect.
			await fixture.run(op.type, op.parameters);
			const [sent] = fixture.requestsFor(endpoint);
			const own = `${fixture.credentials[`${sent.module}BaseUrl`]}${sent.path}${sent.rawQuery ? `?${sent.rawQuery}` : ''}`;
			fixture.resetPlatform();
			fixture.sandbox.inject({ operation: endpoint, status: 301, location: own });
			const { error } = await fixture.run(op.type, op.parameters);
			const statuses = fixture.requestsFor(endpoint).map((r) => r.status);
			if (sent.method === 'GET') {
				expect(error).toBeUndefined();
				expect(statuses).toEqual([301, 200]);
			} else {
				expect(error?.message).toContain('redirect (HTTP 301) when asked to');
				expect(statuses).toEqual([301]);
			}
		},
	);

	test('is followed at most three times', async () => {
		const op = caseFor('getPayslip');
		fixture.sandbox.inject({
			operation: 'getPayslip',
			status: 302,
			location: sameOrigin(),
			times: Infinity,
		});
		const { error } = await fixture.run(op.type, op.parameters);
		expect(error?.message).toContain('The platform redirected more than 3 times when asked to');
		expect(fixture.requestsFor('getPayslip')).toHaveLength(4);
	});

	test('fails an add without sending it again, and says where the platform pointed', async () => {
		const op = caseFor('createSkill');
		const moved = `${fixture.credentials.hrBaseUrl}/v2/api/v1/skills?ticket=abc`;
		fixture.sandbox.inject({ operation: 'createSkill', status: 307, location: moved });
		const { error } = await fixture.run(op.type, op.parameters);
		expect(error?.message).toContain('redirect (HTTP 307) when asked to');
		expect(error?.message).toContain('does not send a request that changes data a second time');
		expect(error?.description).toContain(
			`(the platform pointed to ${new URL(moved).origin}, path /hr/v2/api/v1/skills)`,
		);
		expect(JSON.stringify(error)).not.toContain('ticket');
		expect(fixture.sandbox.requests).toHaveLength(1);
	});

	test('without a Location fails the item', async () => {
		const op = caseFor('getPayslip');
		fixture.sandbox.inject({ operation: 'getPayslip', status: 302, location: '' });
		const { error } = await fixture.run(op.type, op.parameters);
		expect(error?.message).toContain('without a valid address to go to');
	});
});
