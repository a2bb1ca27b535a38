// @ts-check
/**
 * What a run went through, said in its output pane: the execution hints a node run leaves in
 * n8n's run data (nodes/shared/transport/activity.ts RunActivity, said by node/router.ts),
 * one sentence per kind, counted over all items. Each kind is provoked against the sandbox
 * through n8n-core's real engine, and the hints are read from the run data as n8n stores them.
 */
const { itemsWithFiles } = require('./projects/files');

const { useSandbox } = require('./harness/fixture');
const { sharedLimits } = require('../nodes/shared/transport/rateLimit/sharedLimitTable');
const { sandboxLoginCredentials } = require('../sandbox/credentials');
const { renewedMeanwhile } = require('./harness/loginToken');

const fixture = useSandbox();
const runHr = fixture.runner('businessPlatformHr');
const runHrLoggingIn = fixture.runner('businessPlatformHr', { authentication: 'login' });
const runProjects = fixture.runner('businessPlatformProjects');
const runEcommerce = fixture.runner('businessPlatformEcommerce');
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

/** The hint after the platform's refusals (429), the run having paused `time` for them. */
const paused = (/** @type {string} */ time, refusal = '429 Too Many Requests') =>
	`The platform asked the node to slow down (${refusal}), so the run paused ${time} in all; if items fail on it, raise Rate Limit Wait (Seconds) or lower Concurrency.`;

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
		expect(messagesOf(run)).toEqual([paused('2.0 s')]);
	});

	test("the login's refusals count too", async () => {
		fixture.sandbox.inject({ operation: 'login', status: 429, retryAfter: 1 });
		const run = await runHrLoggingIn(SKILL, {
			credentials: sandboxLoginCredentials(fixture.sandbox),
		});
		expect(run.error).toBeUndefined();
		expect(messagesOf(run)).toEqual([paused('1.0 s'), 'The node logged in to get a user token.']);
	});
	test('a 503 with Retry-After is named as the platform sent it', async () => {
		fixture.sandbox.inject({ operation: 'getPayslip', status: 503, retryAfter: 1 });
		const run = await runHr(PAYSLIP);
		expect(run.error).toBeUndefined();
		expect(messagesOf(run)).toEqual([paused('1.0 s', '503 Service Unavailable')]);
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
		expect(messagesOf(run)).toEqual([paused('2.0 s')]);
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
		await until(() => [...sharedLimits.values()].some((shared) => shared.limit.inFlight === 1));
		const second = runHr({ ...PAYSLIP, ...ONE_SLOT });
		// Once the second execution's request waits for the slot, it waits at least as long as the
		// test holds the first answer back: load can only make that wait longer.
		await until(() => [...sharedLimits.values()].some((shared) => shared.waiting.length === 1));
		await new Promise((r) => setTimeout(r, 1_500));
		answer();
		const secondRun = await second;
		expect(secondRun.error).toBeUndefined();
		expect(messagesOf(secondRun)).toEqual([
			expect.stringMatching(
				new RegExp(
					`^1 item waited ${DURATION} in all to be sent, as this business's requests were already at the pace the platform accepts; if other workflows use this business at the same time, running them apart lets this one finish sooner\\.$`,
				),
			),
		]);
		// The execution that held the slot waited for nothing: it says nothing.
		const firstRun = await first;
		expect(firstRun.error).toBeUndefined();
		expect(messagesOf(firstRun)).toEqual([]);
	});

	test('counted in items: two pages of one item that each waited are one item', async () => {
		// One slot again. The first execution's two items and the second's two pages take turns:
		// page 1 waits for item 1, page 2 for item 2, each held at the platform until the test
		// lets it answer. The test's holds each last 1.5 s; load can only make them longer.
		fixture.sandbox.seedNews('acme', 2);
		const holds = [0, 1, 2].map(() => {
			/** @type {() => void} */
			let release = () => {};
			const until = new Promise((resolve) => (release = () => resolve(undefined)));
			fixture.sandbox.inject({ operation: 'listNews', until });
			return release;
		});
		const atPlatform = (/** @type {number} */ n) => fixture.sandbox.pendingFaults === 3 - n;
		const waiting = () => [...sharedLimits.values()].some((shared) => shared.waiting.length === 1);
		const NEWS = { resource: 'news', operation: 'getAll' };
		const first = runEcommerce(
			{ ...NEWS, returnAll: false, limit: 1, options: { concurrency: 1 } },
			{ items: [{ json: {} }, { json: {} }] },
		);
		await until(() => atPlatform(1));
		const second = runEcommerce({
			...NEWS,
			returnAll: true,
			options: { concurrency: 1, pageSize: 1 },
		});
		await until(waiting);
		await new Promise((r) => setTimeout(r, 1_500));
		holds[0]();
		await until(() => atPlatform(2) && waiting());
		holds[1]();
		await until(() => atPlatform(3) && waiting());
		await new Promise((r) => setTimeout(r, 1_500));
		holds[2]();
		const secondRun = await second;
		expect(secondRun.error).toBeUndefined();
		expect(secondRun.json).toHaveLength(2);
		expect(fixture.requestsFor('listNews')).toHaveLength(4);
		expect(messagesOf(secondRun)).toEqual([
			expect.stringMatching(new RegExp(`^1 item waited ${DURATION} in all to be sent, `)),
		]);
		expect((await first).error).toBeUndefined();
	});

	test("a run's own refusal pause is said once, not again as a wait for the shared limit", async () => {
		fixture.sandbox.inject({ operation: 'getPayslip', retryAfter: 2 });
		const run = await runHr(PAYSLIP);
		expect(messagesOf(run)).toEqual([paused('2.0 s')]);
	});
});

describe('logins (the Log In credential)', () => {
	/** A login credential whose token, got by a first run, the platform has since expired. */
	async function expiredLogin() {
		const credentials = sandboxLoginCredentials(fixture.sandbox);
		await runHrLoggingIn(SKILL, { credentials });
		fixture.sandbox.userTokens.expireAll();
		return credentials;
	}

	// Creating a skill sends the user token (reading a payslip does not).
	test('the first login, then a renewal after the platform refused the token', async () => {
		const credentials = sandboxLoginCredentials(fixture.sandbox);
		expect(messagesOf(await runHrLoggingIn(SKILL, { credentials }))).toEqual([
			'The node logged in to get a user token.',
		]);
		// The next run takes the stored token: straight through.
		expect(messagesOf(await runHrLoggingIn(SKILL, { credentials }))).toEqual([]);

		fixture.sandbox.userTokens.expireAll();
		const renewed = await runHrLoggingIn(SKILL, { credentials });
		expect(renewed.error).toBeUndefined();
		expect(messagesOf(renewed)).toEqual([
			'The user token had expired, so the node logged in again.',
		]);
	});

	test('a renewal for many items at once, by one execution alone: its own login, said once', async () => {
		const credentials = await expiredLogin();
		const items = Array.from({ length: 8 }, () => ({ json: {} }));
		const renewed = await runHrLoggingIn(
			{ ...SKILL, options: { concurrency: 8, concurrencyMode: 'fixed' } },
			{ credentials, items },
		);
		expect(renewed.error).toBeUndefined();
		expect(renewed.json).toHaveLength(8);
		expect(messagesOf(renewed)).toEqual([
			'The user token had expired, so the node logged in again.',
		]);
	});

	test('a token that expires twice in one run: each renewal a login, said in one sentence', async () => {
		const credentials = await expiredLogin();
		// Item 1 renews the stored token; item 2's create is held at the platform while the
		// token it carries expires too.
		fixture.sandbox.inject({ operation: 'createSkill', times: 2, delayMs: 0 });
		/** @type {() => void} */
		let release = () => {};
		const held = new Promise((resolve) => (release = () => resolve(undefined)));
		fixture.sandbox.inject({ operation: 'createSkill', until: held });
		const running = runHrLoggingIn(
			{ ...SKILL, options: { concurrency: 1 } },
			{ credentials, items: [{ json: {} }, { json: {} }] },
		);
		await until(() => fixture.sandbox.pendingFaults === 0);
		fixture.sandbox.userTokens.expireAll();
		release();
		const run = await running;
		expect(run.error).toBeUndefined();
		expect(run.json).toHaveLength(2);
		expect(fixture.requestsFor('login')).toHaveLength(3);
		expect(messagesOf(run)).toEqual([
			'The user token had expired, so the node logged in again (2 times).',
		]);
	});

	test('a renewal whose login failed', async () => {
		const credentials = await expiredLogin();
		fixture.sandbox.inject({ operation: 'login', status: 401 });
		const run = await runHrLoggingIn(SKILL, { credentials, continueOnFail: true });
		expect(run.json[0].error).toBeDefined();
		expect(messagesOf(run)).toEqual([
			'The platform refused the user token, and the node got no new one.',
		]);
	});

	test("a token another execution's login got, taken instead of logging in", async () => {
		const credentials = sandboxLoginCredentials(fixture.sandbox);
		await runHrLoggingIn(SKILL, { credentials });
		const { newer } = renewedMeanwhile(fixture.sandbox, credentials);
		const run = await runHrLoggingIn(SKILL, { credentials });
		expect(run.error).toBeUndefined();
		expect(fixture.requestsFor('login')).toHaveLength(1);
		expect(messagesOf(run)).toEqual([
			'The user token had expired, so the node took a newer one from another login instead of logging in again.',
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
			'The node retried 2 times after a server error (once) or no answer (once) from the platform; if items still fail this way, raise Max Tries.',
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
			'The node retried once after no answer from the platform; if items still fail this way, raise Max Tries.',
			'The platform took longer than the 1.0 s Timeout to answer (once); if it is slow rather than down, raise Timeout (Ms) above 1000.',
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
					`^The run waited ${DURATION} in all to send files, as the node keeps at most 32 MiB of files on their way at once\\.$`,
				),
			),
		]);
	});
});

describe('a run that fails partway', () => {
	const failing = () => fixture.sandbox.inject({ operation: 'getPayslip', status: 500, times: 2 });
	const ITEMS = [{ json: {} }, { json: {} }];
	const RETRIED =
		'The node retried once after a server error from the platform; if items still fail this way, raise Max Tries.';

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
