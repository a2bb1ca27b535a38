// @ts-check
/**
 * The credential's test (a node credentialTest method, as n8n calls it: with n8n-core's real
 * CredentialTestContext and its legacy request helper) against the sandbox platform.
 */
const { CredentialTestContext } = require('n8n-core');
const { startSandbox } = require('./sandbox/server');
const { sandboxCredentials } = require('./harness/credentials');
const { nodeClasses } = require('./harness/n8n');

/** @type {any} */
let sandbox;

beforeAll(async () => {
	sandbox = await startSandbox();
});
afterAll(() => sandbox.close());
beforeEach(() => sandbox.reset());

/** @param {Record<string, any>} overrides */
async function testCredential(overrides = {}) {
	const NodeClass = nodeClasses.get('businessPlatformHr');
	const testFunction = new NodeClass().methods.credentialTest.businessPlatformApiTest;
	const context = new CredentialTestContext(/** @type {any} */ ({}));
	return testFunction.call(context, {
		id: 'cred-1',
		name: 'Business Platform',
		type: 'businessPlatformApi',
		data: sandboxCredentials(sandbox, overrides),
	});
}

test('every node offers the same credential test', () => {
	const tests = [...nodeClasses.values()].map((NodeClass) => {
		const node = new NodeClass();
		expect(node.description.credentials).toEqual([
			{ name: 'businessPlatformApi', required: true, testedBy: 'businessPlatformApiTest' },
		]);
		return node.methods.credentialTest.businessPlatformApiTest;
	});
	expect(new Set(tests).size).toBe(1);
});

test('a correct credential checks each module with a read-only call', async () => {
	const result = await testCredential();
	expect(result).toEqual({ status: 'OK', message: 'Connection tested for: ecommerce, hr, accounting, calendar' });
	expect(sandbox.requests.map((/** @type {any} */ r) => [r.operation, r.status])).toEqual([
		['E16', 200],
		['E15', 404],
		['E8', 404],
		['E11', 200],
	]);
});

test('a wrong API key is reported for the ecommerce module with the fields to check', async () => {
	const result = await testCredential({ apiKey: 'wrong-key-123456' });
	expect(result.status).toBe('Error');
	expect(result.message).toMatch(/^The ecommerce module answered HTTP 401 \(Unauthenticated\..*\)\. Check API Key, API Connection, Business Key\.$/);
	expect(result.message).not.toContain('wrong-key-123456');
});

test('a wrong client UUID is reported for the HR module', async () => {
	const result = await testCredential({ clientUuid: 'not-the-uuid-0000' });
	expect(result.status).toBe('Error');
	expect(result.message).toContain('The hr module answered HTTP 401');
	expect(result.message).toContain('Check Client UUID, Business Key.');
});

test('a wrong base URL is not mistaken for a missing record', async () => {
	const result = await testCredential({ hrBaseUrl: `${sandbox.url}/wrong-prefix` });
	expect(result).toEqual({
		status: 'Error',
		message: expect.stringMatching(/^The hr module answered HTTP 404 \(The route .* could not be found\.\)\. Check the HR Base URL\.$/),
	});
});

test('an unreachable base URL names the field', async () => {
	const result = await testCredential({ calendarBaseUrl: 'http://127.0.0.1:1/calendar' });
	expect(result.status).toBe('Error');
	expect(result.message).toMatch(/^Could not reach the Calendar Base URL/);
});

test('modules without a base URL are skipped; none at all is an error', async () => {
	const some = await testCredential({ accountingBaseUrl: '', calendarBaseUrl: '' });
	expect(some).toEqual({ status: 'OK', message: 'Connection tested for: ecommerce, hr' });
	const none = await testCredential({ accountingBaseUrl: '', calendarBaseUrl: '', ecommerceBaseUrl: '', hrBaseUrl: '' });
	expect(none.status).toBe('Error');
	expect(none.message).toContain('Set the base URL of at least one module');
});
