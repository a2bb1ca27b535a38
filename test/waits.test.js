// @ts-check
/**
 * Every wait of a request has one owner (nodes/shared/transport/admission.ts): the user token,
 * then upload bytes, then the shared slot last; each ends on Stop, the login within Timeout.
 * The reproductions of issue 36, through n8n-core's engine against the sandbox: after each,
 * the process's shared state is back to nothing in flight, nothing waiting, no login under way,
 * and another workflow of the same business completes.
 */
const { itemsWithFiles } = require('./projects/files');

const { useSandbox } = require('./harness/fixture');
const { sharedLoad, untilIdle, whenReceived } = require('./harness/waits');
const { sandboxLoginCredentials } = require('../sandbox/credentials');
const { renewedMeanwhile } = require('./harness/loginToken');

const fixture = useSandbox();
const runHr = fixture.runner('businessPlatformHr');
/** The HR node with Authentication "Log In" (the Log In credential type). */
const runHrLoggingIn = fixture.runner('businessPlatformHr', { authentication: 'login' });
const runProjects = fixture.runner('businessPlatformProjects');
const PAYSLIP = { resource: 'payslip', operation: 'get', payslipId: '1751' };
/** An operation that sends the user token: with Log In, it logs in (a payslip read sends none). */
const SKILL = { resource: 'skill', operation: 'create', type: 'waits', skills: 'Excel' };

const MIB = 1024 * 1024;
const logins = () => fixture.requestsFor('login');
const loginCredentials = (overrides = {}) => sandboxLoginCredentials(fixture.sandbox, overrides);

/** After a run: nothing held, and another workflow of the business goes through. */
async function expectBusinessFree() {
	await untilIdle(fixture.sandbox);
	const other = await runHr(PAYSLIP);
	expect(other.error).toBeUndefined();
	expect(sharedLoad(fixture.sandbox)).toEqual({ inFlight: 0, waiting: 0, logins: 0 });
}

/**
 * Task → Update items with a 12 MiB file each; `known(i)` says whether item i's size is recorded.
 * Inline (as a Code node may set them): read whole, they wait for the run's upload budget.
 */
const uploadItems = (/** @type {number} */ count, /** @type {(i: number) => boolean} */ known) =>
	itemsWithFiles(count, 12 * MIB, known);

function updateTasks(
	/** @type {ReturnType<typeof uploadItems>} */ items,
	/** @type {import('./harness/fixture').RunOptions} */ runOptions = {},
) {
	return runProjects(
		{
			resource: 'task',
			operation: 'update',
			taskId: '1001',
			updateFields: { binaryPropertyNames: 'data' },
		},
		{ items, continueOnFail: true, inlineBinary: true, ...runOptions },
	);
}

describe('uploads and the shared limit (issue 36 item 1)', () => {
	test('one file of unknown size among files of known size, the business refusing with 429: every item done, nothing held', async () => {
		// Enough refusals to cut the shared limit below the items in flight.
		fixture.sandbox.inject({ operation: 'updateTask', status: 429, retryAfter: 0, times: 16 });
		const { json } = await updateTasks(uploadItems(12, (i) => i !== 0));
		expect(json.filter((item) => item.error)).toEqual([]);
		expect(fixture.requestsFor('updateTask').filter((r) => r.status === 200)).toHaveLength(12);
		await expectBusinessFree();
	}, 60_000);

	test('half of unknown size, stopped while uploading: nothing held, another workflow completes', async () => {
		fixture.sandbox.setLatency(200);
		fixture.sandbox.inject({ operation: 'updateTask', status: 429, retryAfter: 0, times: 6 });
		const stop = whenReceived(fixture.sandbox.server, '/tasks/1001', 8);
		await updateTasks(
			uploadItems(16, (i) => i % 2 === 0),
			{ stop },
		);
		fixture.sandbox.setLatency(0);
		await expectBusinessFree();
	}, 60_000);
});

describe('a slow, silent or stopped login (issue 36 item 2)', () => {
	test('a silent login holds no slot: another workflow of the business completes meanwhile; the login ends at Timeout and says so', async () => {
		fixture.sandbox.inject({ operation: 'login', delayMs: 120_000, times: Infinity });
		const loginSent = whenReceived(fixture.sandbox.server, '/api/login');
		const items = Array.from({ length: 50 }, () => ({ json: {} }));
		const run = runHrLoggingIn(
			{ ...SKILL, options: { timeout: 1000, maxTries: 2 } },
			{ credentials: loginCredentials(), items, continueOnFail: true },
		);
		await loginSent;
		// While the login is unanswered, no request of the run holds a slot of the business.
		expect(sharedLoad(fixture.sandbox).inFlight).toBe(0);
		const other = await runHr(PAYSLIP);
		expect(other.error).toBeUndefined();
		const { json } = await run;
		expect(json).toHaveLength(50);
		expect(json[0].error).toBe(
			"Log in failed: the platform's login did not answer within 1000 ms (the node's Timeout)",
		);
		expect(json[0].description).toContain('The login was tried 2 times');
		await untilIdle(fixture.sandbox);
	}, 30_000);

	test('a login answering one byte at a time ends at Timeout too', async () => {
		fixture.sandbox.inject({
			operation: 'login',
			status: 200,
			body: { status: true, data: { token: 'sbx_login_dripping_token_000000000000' } },
			dripMs: 100,
			times: Infinity,
		});
		const { json } = await runHrLoggingIn(
			{ ...SKILL, options: { timeout: 500, maxTries: 1 } },
			{ credentials: loginCredentials(), continueOnFail: true },
		);
		expect(json[0].error).toBe(
			"Log in failed: the platform's login did not answer within 500 ms (the node's Timeout)",
		);
		expect(fixture.requestsFor('createSkill')).toHaveLength(0);
		await expectBusinessFree();
	}, 30_000);

	test('Stop during a login ends it at once: the run ends, nothing held', async () => {
		fixture.sandbox.inject({ operation: 'login', delayMs: 120_000, times: Infinity });
		const items = Array.from({ length: 50 }, () => ({ json: {} }));
		// Timeout 10 minutes: only Stop can end this login before the test's own timeout.
		await runHrLoggingIn(
			{ ...SKILL, options: { timeout: 600_000 } },
			{
				credentials: loginCredentials(),
				items,
				stop: whenReceived(fixture.sandbox.server, '/api/login'),
			},
		);
		await expectBusinessFree();
	}, 20_000);
});

describe('the login is a request like any other (issue 36 item 4)', () => {
	/**
	 * The item of a run (Continue On Fail, these node options) whose every login answers `fault`.
	 * @param {Record<string, any>} fault @param {Record<string, any>} options
	 */
	async function itemWhenEveryLogin(fault, options) {
		fixture.sandbox.inject({ operation: 'login', ...fault, times: Infinity });
		const { json } = await runHrLoggingIn(
			{ ...SKILL, options },
			{ credentials: loginCredentials(), continueOnFail: true },
		);
		return json[0];
	}

	test('a 429 from the login is waited out (Retry-After) and the login then succeeds', async () => {
		fixture.sandbox.inject({ operation: 'login', status: 429, retryAfter: 0, times: 2 });
		const { json } = await runHrLoggingIn(SKILL, { credentials: loginCredentials() });
		expect(json[0].error).toBeUndefined();
		expect(logins().map((r) => r.status)).toEqual([429, 429, 200]);
	});

	test('a login refused for too many requests beyond Rate Limit Wait says so, not "wrong password"', async () => {
		const item = await itemWhenEveryLogin({ status: 429, retryAfter: 0 }, { rateLimitWait: 1 });
		expect(item.error).toBe(
			"Log in failed: the platform's login received too many requests (HTTP 429)",
		);
		expect(item.description).toContain('Rate Limit Wait');
		expect(logins().length).toBeGreaterThan(1);
	});

	test.each([
		['a 503', { status: 503 }],
		['a closed connection', { destroy: true }],
	])('%s from the login is tried again under Max Tries', async (_name, fault) => {
		fixture.sandbox.inject({ operation: 'login', ...fault });
		const { json } = await runHrLoggingIn(SKILL, { credentials: loginCredentials() });
		expect(json[0].error).toBeUndefined();
		expect(logins().filter((r) => r.status === 200)).toHaveLength(1);
	});

	test('a login failing with 503 every time fails after Max Tries, saying it was a server error', async () => {
		const item = await itemWhenEveryLogin({ status: 503 }, { maxTries: 2 });
		expect(item.error).toBe(
			"Log in failed: the platform's login failed with a server error (HTTP 503)",
		);
		expect(item.description).toContain('The login was tried 2 times');
		expect(logins()).toHaveLength(2);
	});
});

describe('one token for the executions of a process (issue 36 item 4)', () => {
	test('20 executions running at an expiry log in once', async () => {
		const credentials = loginCredentials();
		await runHrLoggingIn(SKILL, { credentials });
		expect(logins()).toHaveLength(1);
		fixture.sandbox.userTokens.expireAll();
		const runs = await Promise.all(
			Array.from({ length: 20 }, () =>
				fixture.run(
					'businessPlatformHr',
					{
						authentication: 'login',
						resource: 'skill',
						operation: 'create',
						type: 'shared',
						skills: 'Excel',
					},
					{ credentials },
				),
			),
		);
		expect(runs.map((run) => run.error)).toEqual(Array(20).fill(undefined));
		expect(logins()).toHaveLength(2);
	});

	test('20 executions starting at once with no token yet log in once', async () => {
		const credentials = loginCredentials();
		const runs = await Promise.all(
			Array.from({ length: 20 }, () => runHrLoggingIn(SKILL, { credentials })),
		);
		expect(runs.map((run) => run.error)).toEqual(Array(20).fill(undefined));
		expect(logins()).toHaveLength(1);
	});

	test.each([
		['refused (401, a wrong password)', 401],
		['failing with a server error (503, Max Tries 1)', 503],
	])(
		'20 executions starting at once, the login %s: one login, its answer for all',
		async (_, status) => {
			fixture.sandbox.inject({ operation: 'login', status, times: Infinity, delayMs: 100 });
			const credentials = loginCredentials();
			const runs = await Promise.all(
				Array.from({ length: 20 }, () =>
					runHrLoggingIn({ ...SKILL, options: { maxTries: 1 } }, { credentials }),
				),
			);
			expect(runs.every((run) => run.error?.message.startsWith('Log in failed'))).toBe(true);
			expect(logins()).toHaveLength(1);
		},
	);

	test("a refused token gives way to the credential's stored token when that one is newer: no login", async () => {
		const credentials = loginCredentials();
		await runHrLoggingIn(SKILL, { credentials });
		const { first, newer, stored } = renewedMeanwhile(fixture.sandbox, credentials);
		const { error } = await fixture.run(
			'businessPlatformHr',
			{
				authentication: 'login',
				resource: 'skill',
				operation: 'create',
				type: 'stored',
				skills: 'Excel',
			},
			{ credentials },
		);
		expect(error).toBeUndefined();
		expect(stored()).toBe(newer);
		expect(logins()).toHaveLength(1);
		// The first run's create, then this run's: refused with the old token, sent with the stored one.
		expect(fixture.requestsFor('createSkill').map((r) => r.headers.user_token)).toEqual([
			first,
			first,
			newer,
		]);
	});
});
