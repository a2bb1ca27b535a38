// @ts-check
/**
 * One limit, pace and pause per platform business for every execution in the process
 * (nodes/shared/transport/rateLimit/sharedLimitTable.ts): executions run through n8n-core's engine against
 * the sandbox, and what the platform received tells what the node did.
 */
const { useSandbox } = require('./harness/fixture');
const { limitKey, sharedLimits } = require('../nodes/shared/transport/rateLimit/sharedLimitTable');

// The table's documented bounds (docs/performance.md, "How the adaptive limit and pace work", Memory).
const IDLE_EXPIRY_MS = 10 * 60_000;
const MAX_SHARED_LIMITS = 1000;

const fixture = useSandbox({ rateLimit: undefined, jitterMs: 0 });
const runHr = fixture.runner('businessPlatformHr');
beforeEach(() => {
	fixture.sandbox.setLatency(0);
	fixture.sandbox.pushback.configure({ rateLimit: null, jitterMs: 0 });
});

/** One execution creating one skill type per item, acting for `business` ('' is the credential's Business Key). */
function createSkills(/** @type {string[]} */ types, business = '', continueOnFail = false) {
	return runHr(
		{
			resource: 'skill',
			operation: 'create',
			type: '={{ $json.type }}',
			skills: 'Excel',
			options: { business },
		},
		{ items: types.map((type) => ({ json: { type } })), continueOnFail },
	);
}

const skillRequests = () => [...fixture.requestsFor('createSkill')].sort((a, b) => a.seq - b.seq);
const refusedOf = (/** @type {string} */ prefix) =>
	skillRequests().filter((r) => r.status === 429 && String(r.body.value.type).startsWith(prefix))
		.length;
const typesOf = (/** @type {string} */ prefix, /** @type {number} */ count) =>
	Array.from({ length: count }, (_, i) => `${prefix}-${i}`);

/** Resolves once the sandbox has received `count` skill requests. */
async function untilReceived(/** @type {number} */ count) {
	while (skillRequests().length < count) await new Promise((resolve) => setTimeout(resolve, 10));
	return skillRequests()[count - 1];
}

/**
 * Resolves once the node has taken in a pause: the shared limit of the credential's business
 * at the HR module holds requests back. The sandbox having sent the 429 is not enough: on a
 * busy machine the node reads it later, and a request started meanwhile goes before any pause.
 */
async function untilNodePaused() {
	const { hrBaseUrl, businessKey } = fixture.credentials;
	const shared = sharedLimits.limitFor(limitKey(hrBaseUrl, businessKey), undefined);
	while (shared.limit.heldUntil <= Date.now())
		await new Promise((resolve) => setTimeout(resolve, 10));
}

/**
 * Starts an execution whose first request the platform refuses with a pause of `seconds`:
 * the execution, and the refusal, once the node has read it.
 * @param {number} seconds
 */
async function startPaused(seconds) {
	fixture.sandbox.inject({ operation: 'createSkill', retryAfter: seconds });
	const first = createSkills(['first']);
	const refusal = await untilReceived(1);
	expect(refusal.status).toBe(429);
	await untilNodePaused();
	return { first, refusal };
}

describe('a pause the platform asked for', () => {
	test('holds an execution that starts during it: its first request goes after the pause', async () => {
		const { first, refusal } = await startPaused(2);
		const second = await createSkills(['second']);
		expect(second.error).toBeUndefined();
		const [secondRequest] = skillRequests().filter((r) => r.body.value.type === 'second');
		expect(secondRequest.receivedAt - refusal.receivedAt).toBeGreaterThanOrEqual(1900);
		expect((await first).error).toBeUndefined();
	});

	test("never holds another business's execution", async () => {
		// Once the node has read the 429, the first run's retry waits in its business's queue for
		// the pause: it comes at least 5 s after the refusal (a lower bound).
		const { first, refusal } = await startPaused(5);
		const other = await createSkills(['other'], 'globex');
		expect(other.error).toBeUndefined();
		expect((await first).error).toBeUndefined();
		// By order, not by the clock: the other business's request, asked for after the retry
		// was queued, went first. Held by the same pause it would have gone after the retry.
		const [retry] = skillRequests().filter((r) => r !== refusal && r.body.value.type === 'first');
		const [otherRequest] = skillRequests().filter((r) => r.body.value.type === 'other');
		expect(retry.receivedAt - refusal.receivedAt).toBeGreaterThanOrEqual(4999);
		expect(otherRequest.seq).toBeLessThan(retry.seq);
	});
});

describe('the pace one execution learned', () => {
	// 20 requests/s, a burst of 5: 30 items at once are refused about 25 times by an unpaced start.
	const RATE_LIMIT = { rate: 20, burst: 5 };

	test('the next execution starts at it: a fraction of the refusals the first one met', async () => {
		fixture.sandbox.pushback.configure({ rateLimit: RATE_LIMIT });
		const learner = await createSkills(typesOf('learner', 30));
		expect(learner.error).toBeUndefined();
		const joiner = await createSkills(typesOf('joiner', 30));
		expect(joiner.error).toBeUndefined();
		expect(refusedOf('learner')).toBeGreaterThanOrEqual(10);
		expect(refusedOf('joiner')).toBeLessThanOrEqual(refusedOf('learner') / 4);
		// Every create carried out once, none twice.
		for (const type of [...typesOf('learner', 30), ...typesOf('joiner', 30)]) {
			expect(fixture.sandbox.state.acme.skills.filter((s) => s.type === type)).toHaveLength(1);
		}
	});

	test('two executions at once share it: no item fails and none is created twice', async () => {
		fixture.sandbox.pushback.configure({ rateLimit: RATE_LIMIT });
		const [a, b] = await Promise.all([
			createSkills(typesOf('a', 40), '', true),
			createSkills(typesOf('b', 40), '', true),
		]);
		for (const run of [a, b]) {
			expect(run.error).toBeUndefined();
			expect(run.output.filter((item) => item.json.error !== undefined)).toEqual([]);
		}
		for (const type of [...typesOf('a', 40), ...typesOf('b', 40)]) {
			expect(fixture.sandbox.state.acme.skills.filter((s) => s.type === type)).toHaveLength(1);
		}
	});

	test(`is forgotten after ${IDLE_EXPIRY_MS / 60_000} idle minutes: the next execution starts afresh`, async () => {
		fixture.sandbox.pushback.configure({ rateLimit: RATE_LIMIT });
		expect((await createSkills(typesOf('learner', 30))).error).toBeUndefined();
		// Only the clock moves on (Date), every timer stays real.
		jest.useFakeTimers({
			advanceTimers: true,
			doNotFake: [
				'hrtime',
				'nextTick',
				'performance',
				'queueMicrotask',
				'setImmediate',
				'clearImmediate',
				'setInterval',
				'clearInterval',
				'setTimeout',
				'clearTimeout',
			],
		});
		try {
			jest.setSystemTime(Date.now() + IDLE_EXPIRY_MS + 1000);
			expect((await createSkills(typesOf('fresh', 30))).error).toBeUndefined();
		} finally {
			jest.useRealTimers();
		}
		// Unpaced again, its first round meets about as many refusals as the first execution's.
		expect(refusedOf('fresh')).toBeGreaterThanOrEqual(10);
	});
});

describe('the process-wide table of limits', () => {
	test(`keeps at most ${MAX_SHARED_LIMITS}, dropping the longest idle first, and forgets an idle one after ${IDLE_EXPIRY_MS / 60_000} minutes`, () => {
		const first = sharedLimits.limitFor('bound-0', 10);
		for (let i = 1; i <= MAX_SHARED_LIMITS; i++) sharedLimits.limitFor(`bound-${i}`, 10);
		const last = sharedLimits.limitFor(`bound-${MAX_SHARED_LIMITS}`, 10);
		expect(sharedLimits.limitFor('bound-0', 10)).not.toBe(first);
		expect(sharedLimits.limitFor(`bound-${MAX_SHARED_LIMITS}`, 10)).toBe(last);

		jest.useFakeTimers({
			doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate', 'setTimeout', 'setInterval'],
		});
		try {
			jest.setSystemTime(Date.now() + IDLE_EXPIRY_MS + 1000);
			expect(sharedLimits.limitFor(`bound-${MAX_SHARED_LIMITS}`, 10)).not.toBe(last);
		} finally {
			jest.useRealTimers();
		}
	});

	test('never drops a limit with requests in flight, however long it was idle before', () => {
		const busy = sharedLimits.limitFor('busy', 10);
		busy.limit.inFlight = 1;
		jest.useFakeTimers({
			doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate', 'setTimeout', 'setInterval'],
		});
		try {
			jest.setSystemTime(Date.now() + IDLE_EXPIRY_MS + 1000);
			expect(sharedLimits.limitFor('busy', 10)).toBe(busy);
		} finally {
			jest.useRealTimers();
			busy.limit.inFlight = 0;
		}
	});
});
