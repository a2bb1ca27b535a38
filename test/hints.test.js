// @ts-check
/**
 * What a run went through, said in its output pane: the execution hints a node run leaves in
 * n8n's run data (nodes/shared/transport/activity.ts RunActivity, said by node/router.ts),
 * one sentence per kind, counted over all items. Each kind is provoked against the sandbox
 * through n8n-core's real engine, and the hints are read from the run data as n8n stores them.
 */
const { itemsWithFiles } = require('./projects/files');

const { useSandbox } = require('./harness/fixture');
const { sharedLimitLoads } = require('../nodes/shared/transport/rateLimit/sharedLimitTable');
const { sandboxLoginCredentials } = require('../sandbox/credentials');
const { loginTokenOwner } = require('../nodes/shared/credential/loginToken');

const fixture = useSandbox();
const runHr = fixture.runner('businessPlatformHr');
const runHrLoggingIn = fixture.runner('businessPlatformHr', { authentication: 'login' });
const runProjects = fixture.runner('businessPlatformProjects');
const PAYSLIP = { resource: 'payslip', operation: 'get', payslipId: '1751' };
const SKILL = { resource: 'skill', operation: 'create', type: 'hints', skills: 'Excel' };
const MIB = 1024 * 1024;

/** The messages of a run's hints; every one of them in the output pane. */
function messagesOf(/** @type {{ hints: import('n8n-workflow').NodeExecutionHint[] }} */ run) {
	for (const hint of run.hints)
		expect(hint).toMatchObject({ type: 'info', location: 'outputPane' });
	return run.hints.map((hint) => hint.message);
}

const DURATION = String.raw`\d+\.\d s`;

/** Resolves once `condition` holds, looking every 10 ms; the test's own timeout bounds it. */
async function until(/** @type {() => boolean} */ condition) {
	const deadline = Date.now() + 25_000;
	while (!condition()) {
		if (Date.now() > deadline) throw new Error(`until: never held: ${condition}`);
		await new Promise((r) => setTimeout(r, 10));
	}
}

describe('a run that went straight through', () => {
	test('says nothing; the same run after a refusal says it', async () => {
		const straight = await runHr(PAYSLIP);
		expect(straight.error).toBeUndefined();
		expect(messagesOf(straight)).toEqual([]);

		fixture.sandbox.inject({ operation: 'getPayslip', retryAfter: 0 });
		expect(messagesOf(await runHr(PAYSLIP))).toHaveLength(1);
	});
});

describe("the platform's refusals (429)", () => {
	test('are counted over all items with the time the run paused for them', async () => {
		// Retry-After: 1 for the first two requests, sent one at a time: the pauses follow each other.
		fixture.sandbox.inject({ operation: 'getPayslip', retryAfter: 1, times: 2 });
		const run = await runHr(
			{ ...PAYSLIP, options: { concurrency: 1 } },
			{ items: [{ json: {} }, { json: {} }] },
		);
		expect(run.error).toBeUndefined();
		expect(messagesOf(run)).toEqual([
			'The platform refused 2 requests as too many (429); the run paused 2.0 s in all for them.',
		]);
	});

	test("the login's refusals count too", async () => {
		fixture.sandbox.inject({ operation: 'login', status: 429, retryAfter: 1 });
		const run = await runHrLoggingIn(SKILL, {
			credentials: sandboxLoginCredentials(fixture.sandbox),
		});
		expect(run.error).toBeUndefined();
		expect(messagesOf(run)).toEqual([
			'The platform refused 1 request as too many (429); the run paused 1.0 s in all for them.',
			'Log In credential: the node logged in 1 time.',
		]);
	});
});

describe('a refusal that outlasts Rate Limit Wait (survivors of the mutation sample)', () => {
	test("a request's is counted: the business paused for it, though the item failed", async () => {
		fixture.sandbox.inject({ operation: 'getPayslip', retryAfter: 2 });
		const run = await runHr(
			{ ...PAYSLIP, options: { rateLimitWait: 1 } },
			{ continueOnFail: true },
		);
		expect(run.json[0].error).toBeDefined();
		expect(messagesOf(run)).toEqual([
			'The platform refused 1 request as too many (429); the run paused 2.0 s in all for them.',
		]);
	});

	test("the login's is not: nothing waited for it", async () => {
		fixture.sandbox.inject({ operation: 'login', status: 429, retryAfter: 2 });
		const run = await runHrLoggingIn(
			{ ...SKILL, options: { rateLimitWait: 1 } },
			{ credentials: sandboxLoginCredentials(fixture.sandbox), continueOnFail: true },
		);
		expect(run.json[0].error).toBeDefined();
		expect(messagesOf(run)).toEqual([]);
	});
});

describe("waits for the business's shared limit", () => {
	test('longer than a second are said with their time: here, the slot another execution held', async () => {
		// Concurrency 1: the business's shared limit has one slot, and the first execution's
		// request holds it at the platform until the test lets it answer.
		const ONE_SLOT = { options: { concurrency: 1 } };
		/** @type {() => void} */
		let answer = () => {};
		const heldUntil = new Promise((resolve) => (answer = () => resolve(undefined)));
		fixture.sandbox.inject({ operation: 'createSkill', until: heldUntil });
		const first = runHr({ ...SKILL, ...ONE_SLOT });
		await until(() => sharedLimitLoads().some((load) => load.inFlight === 1));
		const second = runHr({ ...PAYSLIP, ...ONE_SLOT });
		// Once the second execution's request waits for the slot, it waits at least as long as the
		// test holds the first answer back: load can only make that wait longer.
		await until(() => sharedLimitLoads().some((load) => load.waiting === 1));
		await new Promise((r) => setTimeout(r, 1_500));
		answer();
		const secondRun = await second;
		expect(secondRun.error).toBeUndefined();
		expect(messagesOf(secondRun)).toEqual([
			expect.stringMatching(
				new RegExp(
					`^1 request waited more than a second for the business's shared limit \\(shared by every execution for this business\\); ${DURATION} in all\\.$`,
				),
			),
		]);
		// The execution that held the slot waited for nothing: it says nothing.
		const firstRun = await first;
		expect(firstRun.error).toBeUndefined();
		expect(messagesOf(firstRun)).toEqual([]);
	});

	test("a run's own refusal pause is said once, not again as a wait for the shared limit", async () => {
		fixture.sandbox.inject({ operation: 'getPayslip', retryAfter: 2 });
		const run = await runHr(PAYSLIP);
		expect(messagesOf(run)).toEqual([
			'The platform refused 1 request as too many (429); the run paused 2.0 s in all for them.',
		]);
	});
});

describe('logins (the Log In credential)', () => {
	// Creating a skill sends the user token (reading a payslip does not).
	test('the first login, then a renewal after the platform refused the token', async () => {
		const credentials = sandboxLoginCredentials(fixture.sandbox);
		expect(messagesOf(await runHrLoggingIn(SKILL, { credentials }))).toEqual([
			'Log In credential: the node logged in 1 time.',
		]);
		// The next run takes the stored token: straight through.
		expect(messagesOf(await runHrLoggingIn(SKILL, { credentials }))).toEqual([]);

		fixture.sandbox.userTokens.expireAll();
		const renewed = await runHrLoggingIn(SKILL, { credentials });
		expect(renewed.error).toBeUndefined();
		expect(messagesOf(renewed)).toEqual([
			'Log In credential: the platform refused the user token 1 time; the node logged in 1 time.',
		]);
	});

	test("a token another execution's login got, taken instead of logging in", async () => {
		const credentials = sandboxLoginCredentials(fixture.sandbox);
		await runHrLoggingIn(SKILL, { credentials });
		const first = credentials.loginToken;
		fixture.sandbox.userTokens.expireAll();
		// Another worker logs in meanwhile: the store holds its token from the second read on.
		const newer = fixture.sandbox.userTokens.issue();
		let reads = 0;
		let stored = first;
		const firstOwner = credentials.loginTokenFor;
		Object.defineProperty(credentials, 'loginToken', {
			enumerable: true,
			get: () => (reads++ === 0 ? first : (stored = newer)),
			set: () => {},
		});
		// Stored with it, as n8n stores a login's output: the digest binding it to the login fields.
		Object.defineProperty(credentials, 'loginTokenFor', {
			enumerable: true,
			get: () => (stored === first ? firstOwner : loginTokenOwner(credentials, newer)),
			set: () => {},
		});
		const run = await runHrLoggingIn(SKILL, { credentials });
		expect(run.error).toBeUndefined();
		expect(fixture.requestsFor('login')).toHaveLength(1);
		expect(messagesOf(run)).toEqual([
			"Log In credential: the platform refused the user token 1 time; the node used the token of another execution's login 1 time.",
		]);
		expect(JSON.stringify(run.hints)).not.toContain(newer);
	});
});

describe('requests tried again', () => {
	test('after a server error and after no answer', async () => {
		fixture.sandbox.inject({ operation: 'getPayslip', status: 500 });
		fixture.sandbox.inject({ operation: 'getPayslip', destroy: true });
		const run = await runHr({ ...PAYSLIP, options: { maxTries: 3 } });
		expect(run.error).toBeUndefined();
		expect(messagesOf(run)).toEqual([
			'The node tried requests again 2 times: 1 after a server error, 1 after no answer (Options → Max Tries).',
		]);
	});
});

describe('requests that hit Timeout', () => {
	test('are counted, with the Timeout they hit', async () => {
		// The first try is held until the run is over, so it misses any Timeout; the retry gets 1 s,
		// the fault matrix's margin for a loopback answer (100 ms failed on a busy machine).
		/** @type {() => void} */
		let release = () => {};
		const held = new Promise((resolve) => (release = () => resolve(undefined)));
		fixture.sandbox.inject({ operation: 'getPayslip', until: held });
		const run = await runHr({ ...PAYSLIP, options: { timeout: 1000, maxTries: 2 } }).finally(
			release,
		);
		expect(run.error).toBeUndefined();
		expect(messagesOf(run)).toEqual([
			'The node tried requests again 1 time: 1 after no answer (Options → Max Tries).',
			'1 request got no complete answer within the Timeout of 1.0 s (Options → Timeout).',
		]);
	});
});

describe("uploads that waited for the run's byte budget", () => {
	test('are counted with the time they waited', async () => {
		// Three 12 MiB files, 32 MiB on their way at most: the third waits for one of the first two.
		fixture.sandbox.setLatency(200);
		const run = await runProjects(
			{
				resource: 'task',
				operation: 'update',
				taskId: '1001',
				updateFields: { binaryPropertyNames: 'data' },
			},
			// Inline files (as a Code node may set them) are read whole and held: files by reference stream.
			{ items: itemsWithFiles(3, 12 * MIB, () => true), inlineBinary: true },
		);
		expect(run.error).toBeUndefined();
		expect(messagesOf(run)).toEqual([
			expect.stringMatching(
				new RegExp(
					`^[12] uploads? waited ${DURATION} in all for room in the run's 32 MiB of files on their way\\.$`,
				),
			),
		]);
	});
});

describe('a run that fails partway', () => {
	const failing = () => fixture.sandbox.inject({ operation: 'getPayslip', status: 500, times: 2 });
	const ITEMS = [{ json: {} }, { json: {} }];
	const RETRIED =
		'The node tried requests again 1 time: 1 after a server error (Options → Max Tries).';

	test('under Continue On Fail says it in hints', async () => {
		failing();
		const run = await runHr(
			{ ...PAYSLIP, options: { maxTries: 2, concurrency: 1 } },
			{ items: ITEMS, continueOnFail: true },
		);
		expect(run.json[0].error).toBeDefined();
		expect(run.json[1].error).toBeUndefined();
		expect(messagesOf(run)).toEqual([RETRIED]);
	});

	test("otherwise says it in the run's error: n8n keeps no hints of a failed node", async () => {
		failing();
		const run = await runHr(
			{ ...PAYSLIP, options: { maxTries: 2, concurrency: 1 } },
			{ items: ITEMS },
		);
		expect(run.error?.httpCode).toBe('500');
		expect(run.error?.description).toContain(
			`What the run went through before this error: ${RETRIED}`,
		);
	});
});
