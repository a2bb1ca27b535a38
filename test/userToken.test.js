// @ts-check
/**
 * The user token by login and its renewal (the nodes' Authentication "Log In", the credential
 * type businessPlatformLogInApi), through
 * n8n-core's real engine and the credential's real preAuthentication against the sandbox,
 * whose login issues tokens that expire as each test sets it (sandbox/userTokens.js).
 */
const { useSandbox } = require('./harness/fixture');
const { startForeignHost } = require('./harness/foreignHost');
const { sandboxLoginCredentials } = require('../sandbox/credentials');
const { CUSTOM_API_CALL_CASES } = require('./harness/customApiCallCases');
const { createPoller } = require('./harness/poll');
const { loadOptionsContext, nodeClasses } = require('./harness/n8n');

const fixture = useSandbox();
const runHr = fixture.runner('businessPlatformHr');

/** The credential logging in at the sandbox, with no token stored yet unless given. */
const loginCredentials = (overrides = {}) => sandboxLoginCredentials(fixture.sandbox, overrides);

/**
 * Skill → Create for each item, its type naming the item, so each record is found once; with
 * the Log In credential type unless `authentication` says 'paste'.
 */
function createSkills(
	/** @type {number} */ count,
	/** @type {Record<string, any>} */ credentials,
	options = {},
	authentication = 'login',
) {
	return runHr(
		{
			authentication,
			resource: 'skill',
			operation: 'create',
			type: '={{ $json.type }}',
			skills: 'Excel',
			options,
		},
		{
			credentials,
			continueOnFail: true,
			items: Array.from({ length: count }, (_, i) => ({ json: { type: `type-${i}` } })),
		},
	);
}

const logins = () => fixture.requestsFor('login');
/** The types of the skills this file's runs created (the seed has others). */
const skillTypes = () =>
	fixture.sandbox.state.acme.skills
		.map((s) => s.type)
		.filter((/** @type {string} */ type) => type.startsWith('type-'));

describe('Authentication: Paste a Token (the default)', () => {
	test('a credential saved before the login existed sends its pasted token and never logs in', async () => {
		const { json } = await createSkills(3, fixture.credentials, {}, 'paste');
		expect(json.every((item) => item.error === undefined)).toBe(true);
		expect(logins()).toHaveLength(0);
		for (const request of fixture.requestsFor('createSkill'))
			expect(request.headers.user_token).toBe(fixture.sandbox.credentials.userToken);
	});

	test('a pasted token the platform refuses says it may have expired and how to let the credential log in', async () => {
		const { json } = await createSkills(
			1,
			{ ...fixture.credentials, userToken: 'sbx_old_token_0000' },
			{},
			'paste',
		);
		expect(json[0].error).toBe(
			'The platform did not accept the credential\'s "User Token" when asked to create the skill',
		);
		expect(json[0].description).toContain('The User Token may have expired');
		expect(json[0].description).toContain(
			"choose a Business Log In API credential in the node's Credential field",
		);
		expect(fixture.requestsFor('createSkill')).toHaveLength(1);
		expect(logins()).toHaveLength(0);
	});
});

describe('Authentication: Log In', () => {
	test('the first run logs in once for all its items, n8n stores the token, the next run reuses it', async () => {
		const credentials = loginCredentials();
		const first = await createSkills(50, credentials);
		expect(first.json.filter((item) => item.error)).toEqual([]);
		expect(logins()).toHaveLength(1);
		expect(logins()[0].body).toEqual({
			kind: 'json',
			value: {
				email: fixture.sandbox.credentials.loginEmail,
				password: fixture.sandbox.credentials.loginPassword,
			},
		});
		// Stored with the credential (n8n encrypts it), sent by every request.
		expect(credentials.loginToken).toMatch(/^sbx_login_/);
		const sent = new Set(fixture.requestsFor('createSkill').map((r) => r.headers.user_token));
		expect([...sent]).toEqual([credentials.loginToken]);

		await createSkills(5, credentials);
		expect(logins()).toHaveLength(1);
		expect(skillTypes()).toHaveLength(55);
	});

	test('expiry in the middle of 1000 creates: no failed item, one login per expiry, each create carried out once', async () => {
		fixture.sandbox.userTokens.configure({ maxUses: 300 });
		const credentials = loginCredentials();
		const { json } = await createSkills(1000, credentials);

		expect(json.filter((item) => item.error)).toEqual([]);
		const requests = fixture.requestsFor('createSkill');
		const refused = requests.filter((r) => r.status === 401);
		const accepted = requests.filter((r) => r.status === 200);
		// 1000 accepted uses at 300 per token: the first login, then one per expiry (three).
		expect(accepted).toHaveLength(1000);
		expect(logins()).toHaveLength(4);
		expect(fixture.sandbox.userTokens.logins).toBe(4);
		expect(refused.length).toBeGreaterThan(0);
		// Each create that hit an expiry was sent once more and carried out once.
		const types = skillTypes();
		expect(types).toHaveLength(1000);
		expect(new Set(types).size).toBe(1000);
		expect(JSON.stringify(json)).not.toContain('sbx_login_');
	});

	test('a token stored for another Auth Base URL or Login Identifier is not used: the next run logs in afresh', async () => {
		const credentials = loginCredentials();
		await createSkills(1, credentials);
		const first = credentials.loginToken;
		credentials.authBaseUrl = fixture.sandbox.baseUrls.auth.replace('127.0.0.1', 'localhost');
		await createSkills(1, credentials);
		expect(logins()).toHaveLength(2);
		expect(credentials.loginToken).not.toBe(first);
		expect(fixture.requestsFor('createSkill').map((r) => r.headers.user_token)).toEqual([
			first,
			credentials.loginToken,
		]);
	});

	test('a token refused with 403 naming the token is renewed too', async () => {
		const credentials = loginCredentials();
		await createSkills(1, credentials);
		fixture.sandbox.userTokens.configure({ refusal: 403 });
		fixture.sandbox.userTokens.expireAll();
		const { json } = await createSkills(5, credentials);
		expect(json.filter((item) => item.error)).toEqual([]);
		expect(logins()).toHaveLength(2);
		expect(
			fixture.requestsFor('createSkill').filter((r) => r.status === 403).length,
		).toBeGreaterThan(0);
	});

	test('a token refused right after a fresh login is not renewed again for that request: one renewal, the items fail naming the fields', async () => {
		fixture.sandbox.userTokens.configure({ maxUses: 0 });
		const { json } = await createSkills(20, loginCredentials());
		// The first login's token refused is renewed once (another worker may have used it up).
		expect(logins()).toHaveLength(2);
		expect(json.every((item) => typeof item.error === 'string')).toBe(true);
		expect(json[0].description).toContain(
			'The platform refused the user token again after the node logged in anew for this request',
		);
		expect(json[0].description).toContain('"Login Identifier"');
		expect(skillTypes()).toHaveLength(0);
	});

	test('logins whose tokens the platform never takes stop after 3 in a row, across runs', async () => {
		fixture.sandbox.userTokens.configure({ maxUses: 0 });
		const credentials = loginCredentials();
		const first = await createSkills(5, credentials);
		expect(first.json[0].description).not.toContain('logins in a row');
		const second = await createSkills(5, credentials);
		expect(logins()).toHaveLength(3);
		for (const item of second.json) {
			expect(item.description).toContain(
				'The platform refused the tokens of 3 logins in a row before taking any of them',
			);
		}
		expect(skillTypes()).toHaveLength(0);
	});

	test("a wrong password fails the items with the platform's words and the fields to check, after one login", async () => {
		const credentials = loginCredentials({ loginPassword: 'wrong-password-5511' });
		const { json } = await createSkills(10, credentials);
		expect(logins()).toHaveLength(1);
		expect(fixture.requestsFor('createSkill')).toHaveLength(0);
		for (const item of json) {
			expect(item.error).toBe('Log in failed: the platform refused the login');
			expect(item.description).toContain('"Login Identifier" and "Login Password"');
			expect(item.description).toContain(
				'The platform said: "These credentials do not match our records."',
			);
		}
		expect(JSON.stringify(json)).not.toContain('wrong-password-5511');
		expect(credentials.loginToken).toBe('');
	});

	test("a login answer without a token at Login Token Path names the path and the answer's fields, never their values", async () => {
		const { json } = await createSkills(
			2,
			loginCredentials({ loginTokenPath: 'data.access_token' }),
		);
		expect(json[0].error).toBe(
			'Log in failed: the login\'s answer has no token at "data.access_token"',
		);
		expect(json[0].description).toContain('"Login Token Path"');
		expect(json[0].description).toContain('data.token');
		expect(JSON.stringify(json)).not.toContain('sbx_login_');
		expect(fixture.requestsFor('createSkill')).toHaveLength(0);
	});

	test('the login never follows a redirect to another host: the password is not sent there', async () => {
		const foreign = await startForeignHost();
		try {
			fixture.sandbox.inject({
				operation: 'login',
				status: 307,
				location: `${foreign.url}/api/login`,
			});
			const { json } = await createSkills(3, loginCredentials());
			expect(foreign.requests).toHaveLength(0);
			expect(json[0].error).toBe(
				`Log in failed: the login answered with a redirect (HTTP 307) to ${foreign.url}, which the credential does not follow, so the password is not sent there`,
			);
			expect(json[0].description).toContain('"Auth Base URL"');
			expect(logins()).toHaveLength(1);
		} finally {
			foreign.close();
		}
	});

	test('an empty Auth Base URL fails before anything is sent, naming the field', async () => {
		const { json } = await createSkills(1, loginCredentials({ authBaseUrl: '' }));
		expect(json[0].error).toContain('Auth Base URL');
		expect(fixture.requestsFor()).toHaveLength(0);
	});

	test('operations without a user token wait for the same one login (n8n logs in at any first use)', async () => {
		const credentials = loginCredentials();
		const { json } = await runHr(
			{
				authentication: 'login',
				resource: 'payslip',
				operation: 'get',
				payslipId: '={{ $json.id }}',
			},
			{ credentials, items: Array.from({ length: 20 }, () => ({ json: { id: 1751 } })) },
		);
		expect(json).toHaveLength(20);
		expect(logins()).toHaveLength(1);
		expect(credentials.loginToken).toMatch(/^sbx_login_/);
	});
});

describe('Authentication: Log In on every path of the nodes', () => {
	test("Custom API Call logs in and sends the login's token", async () => {
		const order = /** @type {import('./harness/customApiCallCases').CustomApiCallCase} */ (
			CUSTOM_API_CALL_CASES.find((c) => c.name === 'Ecommerce')
		);
		const credentials = loginCredentials();
		const { json, error } = await fixture.run(
			order.type,
			{ authentication: 'login', ...order.parameters },
			{ credentials },
		);
		expect(error).toBeUndefined();
		order.expect(json, fixture.requestsFor());
		expect(logins()).toHaveLength(1);
		expect(fixture.requestsFor('orderStatusChange')[0].headers.userToken).toBe(
			credentials.loginToken,
		);
	});

	test('the AI tool variant logs in as the node does', async () => {
		const credentials = loginCredentials();
		const { json, error } = await fixture.run(
			'businessPlatformHrTool',
			{
				authentication: 'login',
				resource: 'skill',
				operation: 'create',
				type: 'type-tool',
				skills: 'Excel',
			},
			{ credentials },
		);
		expect(error).toBeUndefined();
		expect(json).toHaveLength(1);
		expect(logins()).toHaveLength(1);
		expect(fixture.requestsFor('createSkill')[0].headers.user_token).toBe(credentials.loginToken);
	});

	test('the trigger polls with the Log In credential (n8n logs in at its first use)', async () => {
		const credentials = loginCredentials();
		const poller = createPoller({
			type: 'businessPlatformEcommerceTrigger',
			parameters: {
				authentication: 'login',
				event: 'newNewsItem',
				status: 'active',
				keyword: '',
				simple: true,
			},
			credentials,
		});
		await poller.poll();
		expect(logins()).toHaveLength(1);
		expect(fixture.requestsFor('listNews').length).toBeGreaterThan(0);
		expect(credentials.loginToken).toMatch(/^sbx_login_/);
	});

	test('a picker (Category ID search) logs in with the Log In credential', async () => {
		const credentials = loginCredentials();
		const context = loadOptionsContext({
			type: 'businessPlatformEcommerce',
			parameters: {
				authentication: 'login',
				resource: 'category',
				operation: 'update',
				categoryId: { __rl: true, mode: 'list', value: '' },
				updateFields: {},
			},
			credentials,
			path: 'categoryId',
		});
		const node = new (nodeClasses.get('businessPlatformEcommerce'))();
		const { results } = await node.methods.listSearch.searchCategories.call(context);
		expect(results.length).toBeGreaterThan(0);
		expect(logins()).toHaveLength(1);
		expect(fixture.requestsFor('listCategories').length).toBeGreaterThan(0);
	});

	test('the default Authentication never logs in, even with login fields in the stored values', async () => {
		const { json } = await createSkills(
			1,
			loginCredentials({ userToken: fixture.credentials.userToken }),
			{},
			'paste',
		);
		expect(json[0].error).toBeUndefined();
		expect(logins()).toHaveLength(0);
	});
});
