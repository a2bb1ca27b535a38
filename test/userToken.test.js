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
const { spawnSync } = require('node:child_process');
const diagnosticsChannel = require('node:diagnostics_channel');
const fs = require('node:fs');
const path = require('node:path');

const {
	credentialTest,
	loadOptionsContext,
	nodeClasses,
	useFilesystemBinaryData,
} = require('./harness/n8n');
const { PNG } = require('./projects/files');
const { untilIdle, whenReceived } = require('./harness/waits');
const { loginTokenOwner } = require('../nodes/shared/credential/loginToken');
const { ENDPOINTS } = require('../nodes/shared/platform/endpoints');
const { setLoginLimits } = require('../nodes/shared/credential/login');
const { BusinessPlatformLogInApi } = require('../credentials/BusinessPlatformLogInApi.credentials');

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

	test('logins whose tokens the platform never takes stop after 3 in a row, the items naming the fields; a later run logs in once more', async () => {
		fixture.sandbox.userTokens.configure({ maxUses: 0 });
		const credentials = loginCredentials();
		const first = await createSkills(20, credentials);
		// One refusal of a fresh token is no proof (another worker may have used it up): renewed
		// until 3 logins in a row gave tokens the platform never took.
		expect(logins()).toHaveLength(3);
		for (const item of first.json) {
			expect(item.description).toContain(
				'The platform refused the tokens of 3 logins in a row before taking any of them',
			);
			expect(item.description).toContain('"Login Identifier"');
		}
		const second = await createSkills(5, credentials);
		expect(logins()).toHaveLength(4);
		for (const item of second.json) {
			expect(item.description).toContain('logins in a row before taking any of them');
		}
		expect(skillTypes()).toHaveLength(0);
	});

	test('a login that gives again the very token the platform refused stops there, saying so (a survivor of the mutation sample)', async () => {
		// Every login answers one token the platform does not know, so it refuses it.
		fixture.sandbox.inject({
			operation: 'login',
			status: 200,
			body: { status: true, data: { token: 'sbx_login_given_again_7f3a9c2e' } },
			times: Infinity,
		});
		const { json } = await createSkills(3, loginCredentials());
		expect(json).toHaveLength(3);
		for (const item of json) {
			expect(item.error).toContain('The platform refused the token its login gives');
			expect(item.description).toContain('"Login Token Path"');
		}
		// One login, one renewal that gave the same token: no third login looping on it.
		expect(logins()).toHaveLength(2);
		expect(skillTypes()).toHaveLength(0);
	});

	test('a login refused for too many requests for longer than Rate Limit Wait tells to raise it (a survivor of the mutation sample)', async () => {
		fixture.sandbox.inject({ operation: 'login', status: 429, retryAfter: 2, times: Infinity });
		const { json } = await createSkills(1, loginCredentials(), { rateLimitWait: 1 });
		expect(json[0].error).toBe(
			"Log in failed: the platform's login received too many requests (HTTP 429)",
		);
		expect(json[0].description).toContain('longer than Rate Limit Wait (1 s)');
		expect(skillTypes()).toHaveLength(0);
	});

	test.each([
		['after its Retry-After', { retryAfter: 1 }],
		['after the refusal backoff, without a Retry-After', {}],
	])(
		'a login refused for too many requests is tried again %s, never at once (a survivor of the mutation sample)',
		async (_, fault) => {
			fixture.sandbox.inject({ operation: 'login', status: 429, times: 1, ...fault });
			const { json } = await createSkills(1, loginCredentials());
			expect(json[0].error).toBeUndefined();
			const [refused, taken] = logins();
			expect([refused.status, taken.status]).toEqual([429, 200]);
			// 1 s either way (Retry-After: 1, or REFUSAL_BACKOFF_MS); the refusal's answer came after
			// its arrival, so the gap between arrivals is at least the pause.
			expect(taken.receivedAt - refused.receivedAt).toBeGreaterThanOrEqual(1000);
		},
	);

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

	test('operations that send no user token never log in (issue 43 item 3)', async () => {
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
		expect(json.every((item) => item.error === undefined)).toBe(true);
		expect(logins()).toHaveLength(0);
		expect(fixture.requestsFor('getPayslip')).toHaveLength(20);
		expect(credentials.loginToken).toBe('');
	});

	test('a silent login host fails no operation that sends no user token (issue 43 item 3)', async () => {
		fixture.sandbox.inject({ operation: 'login', delayMs: 120_000, times: Infinity });
		const { json } = await runHr(
			{
				authentication: 'login',
				resource: 'payslip',
				operation: 'get',
				payslipId: '1751',
				options: { timeout: 1000 },
			},
			{ credentials: loginCredentials(), continueOnFail: true },
		);
		expect(json[0].error).toBeUndefined();
		expect(logins()).toHaveLength(0);
		expect(fixture.requestsFor('getPayslip')).toHaveLength(1);
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

	test('the trigger polls news with the Log In credential without logging in: the news list sends no user token (issue 43 item 3)', async () => {
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
		fixture.sandbox.inject({ operation: 'login', status: 401, times: Infinity });
		await poller.poll();
		expect(logins()).toHaveLength(0);
		expect(fixture.requestsFor('listNews').length).toBeGreaterThan(0);
	});

	test('a picker (Category ID search) lists with the Log In credential, without a login: the list sends no user token', async () => {
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
		expect(logins()).toHaveLength(0);
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

/** Calendar → Get Many of the user's calendars with Authentication "Log In": it sends the user token. */
const USER_CALENDARS = {
	authentication: 'login',
	resource: 'calendar',
	operation: 'getAll',
	userType: 'user',
	type: 'user',
};

/** Skill → Create with Authentication "Log In": the operation sends the user token. */
function createSkillLoggingIn(
	/** @type {string} */ type,
	/** @type {Record<string, any>} */ credentials,
	/** @type {Record<string, any>} */ options = {},
	/** @type {{ stop?: Promise<unknown>, items?: any[], credentialsRead?: () => void }} */ runOptions = {},
) {
	return runHr(
		{
			authentication: 'login',
			resource: 'skill',
			operation: 'create',
			type: '={{ $json.type ?? "' + type + '" }}',
			skills: 'Excel',
			options,
		},
		{ credentials, continueOnFail: true, ...runOptions },
	);
}

/**
 * Logins n8n has sent so far in this test file, counted as each request starts (Node's
 * `http.client.request.start` channel), before it reaches the sandbox.
 */
let loginsSent = 0;
diagnosticsChannel.subscribe('http.client.request.start', (message) => {
	const { request } = /** @type {{ request: import('node:http').ClientRequest }} */ (message);
	if (request.path.split('?')[0].endsWith('/api/login')) loginsSent++;
});

/**
 * Starts an execution of Skill → Create that needs a token while another execution's login is
 * under way, and resolves once it has either joined that login or sent one of its own: once
 * n8n has read its credential (the run's start) and the event loop has turned, as its way from
 * there to either takes no I/O and no timer. The run, wrapped: a promise returned as it is would
 * be awaited.
 * @param {string} type @param {Record<string, any>} credentials @param {Record<string, any>} options
 */
async function startJoining(type, credentials, options) {
	/** @type {() => void} */
	let read = () => {};
	const started = new Promise((resolve) => (read = () => resolve(undefined)));
	const sentBefore = loginsSent;
	const run = createSkillLoggingIn(type, credentials, options, { credentialsRead: read });
	await started;
	await new Promise((resolve) => setImmediate(resolve));
	// It joined: it sent no login of its own.
	expect(loginsSent).toBe(sentBefore);
	return { run };
}

/** Counts the logins the sandbox receives from now on (its log shows only those it answered). */
function countLoginsReceived() {
	let received = 0;
	const onRequest = (/** @type {import('node:http').IncomingMessage} */ request) => {
		if (
			String(request.url ?? '')
				.split('?')[0]
				.endsWith('/api/login')
		)
			received++;
	};
	fixture.sandbox.server.on('request', onRequest);
	return {
		count: () => received,
		stop: () => fixture.sandbox.server.off('request', onRequest),
	};
}

/** The user tokens the creates of skill `type` went out with, in order. */
const tokensSentFor = (/** @type {string} */ type) =>
	fixture
		.requestsFor('createSkill')
		.filter((r) => /** @type {any} */ (r.body).value?.type === type)
		.map((r) => r.headers.user_token);

describe('each execution logs in by its own limits (issue 43 item 1)', () => {
	test("an execution joining another's login ends at its own Timeout, with its own message", async () => {
		fixture.sandbox.inject({ operation: 'login', delayMs: 120_000, times: Infinity });
		const received = countLoginsReceived();
		const credentials = loginCredentials();
		/** @type {(value?: unknown) => void} */
		let stopA = () => {};
		const loginSent = whenReceived(fixture.sandbox.server, '/api/login');
		// A: Timeout 10 minutes, so only Stop ends its login.
		const a = createSkillLoggingIn(
			'a',
			credentials,
			{ timeout: 600_000 },
			{ stop: new Promise((resolve) => (stopA = resolve)) },
		);
		await loginSent;
		const b = await createSkillLoggingIn('b', credentials, { timeout: 1000, maxTries: 1 });
		expect(b.json[0].error).toBe(
			"Log in failed: the platform's login did not answer within 1000 ms (the node's Timeout)",
		);
		expect(b.json[0].description).toContain('The login was tried 1 times');
		// B joined A's login and sent none of its own.
		expect(received.count()).toBe(1);
		received.stop();
		stopA();
		await a;
		await untilIdle(fixture.sandbox);
		expect(fixture.requestsFor('createSkill')).toHaveLength(0);
	});

	test("a login ended by another execution's Timeout is not the failure of one that joined it: that one logs in under its own", async () => {
		// The first login never answers; the next ones do.
		fixture.sandbox.inject({ operation: 'login', delayMs: 120_000, times: 1 });
		const received = countLoginsReceived();
		const credentials = loginCredentials();
		const loginSent = whenReceived(fixture.sandbox.server, '/api/login');
		const a = createSkillLoggingIn('a', credentials, { timeout: 3000, maxTries: 1 });
		await loginSent;
		const { run: b } = await startJoining('b', credentials, { timeout: 60_000, maxTries: 1 });
		const [ranA, ranB] = await Promise.all([a, b]);
		expect(ranA.json[0].error).toBe(
			"Log in failed: the platform's login did not answer within 3000 ms (the node's Timeout)",
		);
		expect(ranB.json[0].error).toBeUndefined();
		// A's login, never answered, and B's own, after A's ended.
		expect(received.count()).toBe(2);
		received.stop();
		expect(tokensSentFor('b')).toEqual([credentials.loginToken]);
	});

	test("a login refused for too many requests beyond one execution's Rate Limit Wait is waited out by another's", async () => {
		/** @type {(value?: unknown) => void} */
		let answer = () => {};
		fixture.sandbox.inject({
			operation: 'login',
			status: 429,
			retryAfter: 2,
			until: new Promise((resolve) => (answer = resolve)),
			times: 1,
		});
		const credentials = loginCredentials();
		const loginSent = whenReceived(fixture.sandbox.server, '/api/login');
		const a = createSkillLoggingIn('a', credentials, { rateLimitWait: 1 });
		await loginSent;
		const { run: b } = await startJoining('b', credentials, { rateLimitWait: 60 });
		answer();
		const [ranA, ranB] = await Promise.all([a, b]);
		expect(ranA.json[0].error).toBe(
			"Log in failed: the platform's login received too many requests (HTTP 429)",
		);
		expect(ranB.json[0].error).toBeUndefined();
		expect(logins().map((r) => r.status)).toEqual([429, 200]);
		expect(tokensSentFor('b')).toEqual([credentials.loginToken]);
	});
});

describe('a login that does not answer within Timeout says so (issue 52 item 6)', () => {
	test("whichever fires first, the HTTP client's own timeout or the run's deadline, the message names Timeout", async () => {
		fixture.sandbox.inject({ operation: 'login', delayMs: 120_000, times: Infinity });
		// n8n's own HTTP helper, as the credential's preAuthentication gets it.
		const { helpers } = loadOptionsContext({
			type: 'businessPlatformHr',
			parameters: { authentication: 'login', resource: 'skill', operation: 'create' },
			credentials: fixture.credentials,
			path: 'type',
		});
		const credentials = loginCredentials();
		// The run's deadline for a Timeout of 300 ms, firing after the client's own 300 ms would:
		// the order that said "could not be reached", every time.
		setLoginLimits(credentials, { timeoutMs: 300, signal: AbortSignal.timeout(1300) });
		await expect(
			new BusinessPlatformLogInApi().preAuthentication.call({ helpers }, credentials),
		).rejects.toThrow(
			"Log in failed: the platform's login did not answer within 300 ms (the node's Timeout)",
		);
	});
});

describe('the token is read when the request goes out (issue 43 item 2)', () => {
	test('a request waiting to open its file goes out with the token another execution got meanwhile, not the one it had before the wait', async () => {
		const credentials = loginCredentials();
		await createSkillLoggingIn('first', credentials);
		const first = credentials.loginToken;
		// The task's file's record in n8n's binary data store (its size, read when the request
		// opens the file, before it asks for a slot: admission.ts) is a named pipe: n8n's read of it
		// waits until the test writes it, after the request had its token.
		const binaryStore = await useFilesystemBinaryData();
		const photo = await binaryStore.store(PNG, { fileName: 'late.png', mimeType: 'image/png' });
		const file = `${path.join(
			binaryStore.storagePath,
			String(photo.id).replace(/^filesystem-v2:/, ''),
		)}.metadata`;
		const record = fs.readFileSync(file);
		fs.rmSync(file);
		expect(spawnSync('mkfifo', [file]).status).toBe(0);
		const run = fixture.run(
			'businessPlatformProjects',
			{
				authentication: 'login',
				resource: 'task',
				operation: 'update',
				taskId: '1002',
				updateFields: { binaryPropertyNames: 'photo' },
			},
			{ credentials, continueOnFail: true, items: [{ json: {}, binary: { photo } }] },
		);
		// The pipe's write end opens once n8n's read has it open (ENXIO until then).
		let writer = -1;
		while (writer < 0) {
			try {
				writer = fs.openSync(file, fs.constants.O_WRONLY | fs.constants.O_NONBLOCK);
			} catch {
				await new Promise((resolve) => setTimeout(resolve, 5));
			}
		}
		// Meanwhile the token expires and another execution of the process logs in anew.
		fixture.sandbox.userTokens.expireAll();
		const b = await createSkillLoggingIn('b', credentials);
		expect(b.json[0].error).toBeUndefined();
		const newest = credentials.loginToken;
		expect(newest).not.toBe(first);
		fs.writeSync(writer, record);
		fs.closeSync(writer);
		const { json } = await run;
		expect(json[0].error).toBeUndefined();
		expect(fixture.requestsFor('updateTask').map((r) => r.headers['user-token'])).toEqual([newest]);
		expect(logins()).toHaveLength(2);
	});

	test('a request refused twice while the platform takes the tokens is renewed again, not failed', async () => {
		const credentials = loginCredentials();
		await createSkillLoggingIn('first', credentials);
		const refusal = {
			operation: 'createSkill',
			status: 401,
			body: { status: false, message: 'Unauthenticated. The user token has expired.' },
			times: 2,
		};
		fixture.sandbox.inject(refusal);
		const { json } = await createSkillLoggingIn('again', credentials);
		expect(json[0].error).toBeUndefined();
		expect(logins()).toHaveLength(3);
		expect(fixture.requestsFor('createSkill').map((r) => r.status)).toEqual([200, 401, 401, 200]);
		expect(tokensSentFor('again')).toHaveLength(3);
		expect(new Set(tokensSentFor('again')).size).toBe(3);
	});
	test('a request refused again and again while newer tokens keep coming stops after 3 renewals, saying what happened', async () => {
		const credentials = loginCredentials();
		await createSkillLoggingIn('first', credentials);
		// Another worker stores a new token before each read of the credential: renewals need no login.
		let current = credentials.loginToken;
		Object.defineProperty(credentials, 'loginToken', {
			enumerable: true,
			get: () => (current = fixture.sandbox.userTokens.issue()),
			set: (value) => (current = value),
		});
		Object.defineProperty(credentials, 'loginTokenFor', {
			enumerable: true,
			get: () => loginTokenOwner(credentials, current),
			set: () => {},
		});
		fixture.sandbox.inject({
			operation: 'createSkill',
			status: 401,
			body: { status: false, message: 'Unauthenticated. The user token has expired.' },
			times: Infinity,
		});
		const { json } = await createSkillLoggingIn('refused', credentials);
		expect(json[0].description).toContain(
			'The platform refused the user token of this request 4 times, each time right after the node got a newer one',
		);
		expect(json[0].description).not.toContain('logins in a row');
		// The fields to check are the login's: the Log In credential has no User Token field.
		expect(json[0].description).toContain(
			'"Login Identifier", "Login Password", "Business Key" and "Client UUID" (Business Log In API credential)',
		);
		expect(json[0].description).not.toContain('"User Token"');
		const sent = tokensSentFor('refused');
		expect(sent).toHaveLength(4);
		expect(new Set(sent).size).toBe(4);
		expect(logins()).toHaveLength(1);
	});

	test.each([
		[1, 'call'],
		[2, 'calls'],
	])(
		'a request refused after each of 3 logins while %i other %s took the newest token says the token was fine for them',
		async (calls, noun) => {
			const credentials = loginCredentials();
			// Proven: the platform takes the first login's token.
			await createSkillLoggingIn('first', credentials);
			/** @type {(value?: unknown) => void} */
			let answerFourth = () => {};
			const refusal = {
				operation: 'createSkill',
				status: 401,
				body: { status: false, message: 'Unauthenticated. The user token has expired.' },
			};
			fixture.sandbox.inject({ ...refusal, times: 3 });
			fixture.sandbox.inject({
				...refusal,
				until: new Promise((resolve) => (answerFourth = resolve)),
			});
			const fourthSent = whenReceived(fixture.sandbox.server, '/api/v1/skills', 4);
			const refused = createSkillLoggingIn('refused', credentials);
			await fourthSent;
			// While the fourth try waits for its answer, Calendar lists go out with the newest token, and are taken.
			for (let list = 0; list < calls; list++) {
				const other = await fixture.run('businessPlatformCalendar', USER_CALENDARS, {
					credentials,
				});
				expect(other.error).toBeUndefined();
			}
			answerFourth();
			const { json } = await refused;
			expect(json[0].description).toContain(
				`The platform refused the user token of this request 4 times, each time right after the node got a newer one (the platform had taken the last one for ${calls} other ${noun})`,
			);
			const sent = tokensSentFor('refused');
			expect(fixture.requestsFor('listCalendars')[0].headers.user_token).toBe(sent[3]);
			expect(logins()).toHaveLength(4);
		},
	);
});

describe('the stored token belongs to the login fields, password included (issue 43 item 7)', () => {
	test.each([
		['in the same process', (/** @type {Record<string, any>} */ stored) => stored],
		// What a process that never logged in with the credential has: the stored values alone.
		['after a restart', (/** @type {Record<string, any>} */ stored) => ({ ...stored })],
	])(
		'%s, a changed Login Password is logged in with: a wrong one fails, the old token is not sent',
		async (_, restart) => {
			const stored = loginCredentials();
			await createSkillLoggingIn('first', stored);
			const credentials = restart(stored);
			credentials.loginPassword = 'wrong-password-4321';
			const { json } = await createSkillLoggingIn('after', credentials);
			expect(json[0].error).toBe('Log in failed: the platform refused the login');
			expect(logins()).toHaveLength(2);
			expect(tokensSentFor('after')).toEqual([]);
		},
	);

	test('what is stored beside the token names neither the user nor the address', async () => {
		const credentials = loginCredentials();
		await createSkillLoggingIn('first', credentials);
		expect(credentials.loginTokenFor).not.toBe('');
		expect(credentials.loginTokenFor).not.toContain(credentials.loginIdentifier);
		expect(credentials.loginTokenFor).not.toContain(new URL(credentials.authBaseUrl).host);
	});

	test('the credential Test logs in with the login fields as they are now, a token stored or not', async () => {
		const credentials = loginCredentials();
		await createSkillLoggingIn('first', credentials);
		expect(credentials.loginToken).not.toBe('');
		const ok = await credentialTest('businessPlatformLogInApi', credentials);
		expect(ok).toEqual({ status: 'OK', message: 'Connection successful!' });
		expect(logins()).toHaveLength(2);
		const wrong = await credentialTest('businessPlatformLogInApi', {
			...credentials,
			loginPassword: 'wrong-password-4321',
		});
		expect(wrong.status).toBe('Error');
		expect(wrong.message).toContain('Log in failed: the platform refused the login');
		expect(wrong.message).not.toContain('wrong-password-4321');
		expect(logins()).toHaveLength(3);
		expect(fixture.requestsFor('listNews')).toHaveLength(1);
	});
});

describe('bulk runs with tokens that expire by time (issue 52 item 5)', () => {
	test('a login that gives back a token the platform took and then refused (it expired) logs in again', async () => {
		// The first two logins answer one token the platform knows: it takes it, then it expires.
		const taken = fixture.sandbox.userTokens.issue();
		fixture.sandbox.inject({
			operation: 'login',
			status: 200,
			body: { status: true, data: { token: taken } },
			times: 2,
		});
		const credentials = loginCredentials();
		const first = await createSkillLoggingIn('first', credentials);
		expect(first.json[0].error).toBeUndefined();
		fixture.sandbox.userTokens.expireAll();
		const { json } = await createSkillLoggingIn('again', credentials);
		expect(json[0].error).toBeUndefined();
		// The second login gave the expired token back: a third one gave a new token.
		expect(logins()).toHaveLength(3);
		const sent = tokensSentFor('again');
		expect(sent).toEqual([taken, credentials.loginToken]);
		expect(credentials.loginToken).not.toBe(taken);
	});

	/** Each token the sandbox issued was taken for some requests, then refused once expired. */
	function expectEveryLoginTaken() {
		const used = new Set(
			fixture
				.requestsFor()
				.filter((r) => r.status === 200 && r.operation !== 'login')
				.map((r) => r.headers['user-token'] ?? r.headers.user_token),
		);
		const issued = fixture.sandbox.userTokens.issued;
		expect(issued.length).toBeGreaterThan(1);
		for (const token of issued) expect(used.has(token)).toBe(true);
	}

	test('100 Task → Update items with a file, Concurrency 4, tokens of 600 ms: every item updated once', async () => {
		fixture.sandbox.setLatency(50);
		fixture.sandbox.userTokens.configure({ lifetimeMs: 600 });
		const items = Array.from({ length: 100 }, (_, i) => ({
			json: { id: 1001 + (i % 2) },
			binary: {
				photo: { data: PNG.toString('base64'), mimeType: 'image/png', fileName: `${i}.png` },
			},
		}));
		const { json } = await fixture.run(
			'businessPlatformProjects',
			{
				authentication: 'login',
				resource: 'task',
				operation: 'update',
				taskId: '={{ $json.id }}',
				updateFields: { binaryPropertyNames: 'photo' },
				options: { concurrencyMode: 'fixed', concurrency: 4 },
			},
			{ credentials: loginCredentials(), continueOnFail: true, items },
		);
		expect(json.filter((item) => item.error)).toEqual([]);
		expect(json).toHaveLength(100);
		// Each item carried out once: one accepted update per item.
		expect(fixture.requestsFor('updateTask').filter((r) => r.status === 200)).toHaveLength(100);
		expectEveryLoginTaken();
	});

	test('60 Calendar → Get Many (user) items, Concurrency 3, tokens of 400 ms: every item listed', async () => {
		fixture.sandbox.setLatency(60);
		fixture.sandbox.userTokens.configure({ lifetimeMs: 400 });
		const { json } = await fixture.run(
			'businessPlatformCalendar',
			{
				...USER_CALENDARS,
				returnAll: true,
				options: { concurrencyMode: 'fixed', concurrency: 3 },
			},
			{
				credentials: loginCredentials(),
				continueOnFail: true,
				items: Array.from({ length: 60 }, () => ({ json: {} })),
			},
		);
		expect(json.filter((item) => item.error)).toEqual([]);
		// Two calendars per item.
		expect(json).toHaveLength(120);
		expect(fixture.requestsFor('listCalendars').filter((r) => r.status === 200)).toHaveLength(60);
		expectEveryLoginTaken();
	});
});

test('every header the user token goes in says "token": a refusal naming the header names the token', () => {
	const tokenHeaders = Object.values(ENDPOINTS).flatMap((endpoint) =>
		Object.entries(endpoint.credentialHeaders)
			.filter(([, source]) => source === 'userToken')
			.map(([header]) => header),
	);
	expect(tokenHeaders.length).toBeGreaterThan(0);
	expect(tokenHeaders.filter((header) => !/token/i.test(header))).toEqual([]);
});
