// @ts-check
/**
 * Adaptive concurrency (nodes/shared/transport/rateLimit/) against a sandbox that pushes back
 * (sandbox/README.md, "Rate limits and latency"), with more than one setting so the limiter
 * is not fitted to one. What the limiter did is read from the sandbox's own measurements
 * (requests in flight at each arrival, the request log) where they do not follow the machine's
 * pace, and otherwise as the next execution of the business joins the limit (limitJoinedBy).
 */
const { useSandbox } = require('./harness/fixture');
const { multipartFields } = require('./harness/requests');
const { DEFAULT_CONCURRENCY } = require('../nodes/shared/values/settings');
const { startLimit } = require('../nodes/shared/transport/rateLimit/adaptiveLimit');
const { RequestLimiter } = require('../nodes/shared/transport/rateLimit/runLimiter');
const { limitKey } = require('../nodes/shared/transport/rateLimit/sharedLimitTable');
const { stopLimit } = require('../nodes/shared/transport/waits');

// No limit at the start of each test; a test sets its own (more than one setting is used).
const fixture = useSandbox({ rateLimit: undefined, jitterMs: 0 });
const runProjects = fixture.runner('businessPlatformProjects');
const runEcommerce = fixture.runner('businessPlatformEcommerce');
const runHr = fixture.runner('businessPlatformHr');
beforeEach(() => {
	fixture.sandbox.setLatency(0);
	fixture.sandbox.pushback.configure({ rateLimit: null, jitterMs: 0 });
});

const TASK_IDS = [1001, 1002, 1003, 1004];

/** @param {number} count */
const taskItems = (count) =>
	Array.from({ length: count }, (_, i) => ({ json: { task: TASK_IDS[i % 4], name: `Item ${i}` } }));

/** @param {number} count @param {Record<string, any>} [settings] request settings (Options) @param {boolean} [continueOnFail] */
function updateTasks(count, settings = {}, continueOnFail = false) {
	return runProjects(
		{
			resource: 'task',
			operation: 'update',
			taskId: '={{ $json.task }}',
			updateFields: { name: '={{ $json.name }}' },
			options: settings,
		},
		{ items: taskItems(count), continueOnFail },
	);
}

/**
 * Records, for every request arriving at the sandbox, how many requests (itself included) the
 * sandbox was handling at that moment.
 */
function recordArrivals() {
	let current = 0;
	/** @type {Array<{ inFlight: number }>} */
	const arrivals = [];
	/** @param {unknown} _request @param {import('node:http').ServerResponse} response */
	const onRequest = (_request, response) => {
		current++;
		arrivals.push({ inFlight: current });
		response.once('close', () => current--);
	};
	const { server } = fixture.sandbox;
	server.on('request', onRequest);
	return { arrivals, stop: () => server.off('request', onRequest) };
}

/**
 * The limit of the credential's business (Projects) that an adaptive execution with this
 * Concurrency joins: what its item queue plans with (one request asked for and given back
 * without an answer, which teaches the limit nothing).
 * @param {number} concurrency
 */
async function limitJoinedBy(concurrency) {
	const { managementBaseUrl, businessKey } = fixture.credentials;
	const next = new RequestLimiter('adaptive', concurrency);
	(await next.acquire(limitKey(managementBaseUrl, businessKey)))('neutral');
	return next.currentLimit();
}

/** Output in input order, each item paired with its own input. @param {any[]} output @param {number} count */
function expectInOrder(output, count) {
	expect(output.map((item) => item.pairedItem)).toEqual(
		Array.from({ length: count }, (_, i) => ({ item: i })),
	);
	expect(output.map((item) => item.json.name)).toEqual(
		taskItems(count).map((item) => item.json.name),
	);
}

describe('adaptive by default', () => {
	test('grows past its start while answers come back promptly, within the default ceiling', async () => {
		// 200 ms per answer: time enough to send a second round before the first comes back, and
		// n8n's own CPU queueing (which holds the limit) stays small beside it on a busy machine.
		fixture.sandbox.setLatency(200);
		const { output, error } = await updateTasks(300);
		expect(error).toBeUndefined();
		expectInOrder(output, 300);
		const { maxInFlight } = fixture.sandbox.pushback.stats;
		expect(maxInFlight).toBeGreaterThan(startLimit(DEFAULT_CONCURRENCY));
		expect(maxInFlight).toBeLessThanOrEqual(DEFAULT_CONCURRENCY);
		expect(fixture.requestsFor('updateTask')).toHaveLength(300);
	});

	test('never more in flight than the Concurrency option, its ceiling', async () => {
		fixture.sandbox.setLatency(10);
		fixture.sandbox.pushback.configure({ jitterMs: 10 });
		const { output, error } = await updateTasks(300, { concurrency: 20 });
		expect(error).toBeUndefined();
		expectInOrder(output, 300);
		expect(fixture.sandbox.pushback.stats.maxInFlight).toBeLessThanOrEqual(20);
		expect(fixture.sandbox.pushback.stats.maxInFlight).toBeGreaterThan(startLimit(20)); // it did grow up to the ceiling
	});

	test('Return All reads pages ahead within the limit', async () => {
		fixture.sandbox.seedNews('acme', 400);
		fixture.sandbox.setLatency(10);
		const { json, error } = await runEcommerce({
			resource: 'news',
			operation: 'getAll',
			returnAll: true,
			options: { pageSize: 10, concurrency: 12 },
		});
		expect(error).toBeUndefined();
		expect(json).toHaveLength(400);
		const pages = fixture.requestsFor('listNews').map((r) => Number(r.query.page));
		expect([...pages].sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1)); // each page once
		expect(fixture.sandbox.pushback.stats.maxInFlight).toBeGreaterThan(1); // read ahead
		expect(fixture.sandbox.pushback.stats.maxInFlight).toBeLessThanOrEqual(12);
	});
});

describe('pushed back', () => {
	test.each([
		{ label: '429', inFlightStatus: /** @type {const} */ (429) },
		{ label: '503 with Retry-After', inFlightStatus: /** @type {const} */ (503) },
	])(
		'an in-flight cap answered with $label: fewer in flight after the refusal, every item done in order',
		async ({ inFlightStatus }) => {
			// 200 requests/s, burst 50, at most 12 at once per business key, 20 ms latency.
			const cap = 12;
			fixture.sandbox.setLatency(20);
			fixture.sandbox.pushback.configure({
				rateLimit: { rate: 200, burst: 50, maxInFlight: cap, inFlightStatus },
			});
			const recorder = recordArrivals();
			let result;
			try {
				result = await updateTasks(150);
			} finally {
				recorder.stop();
			}
			expect(result.error).toBeUndefined();
			expectInOrder(result.output, 150);

			// The sandbox numbers requests in its own listener, which runs before the recorder's in
			// the same event: the i-th arrival is the i-th request of the log.
			const requests = [...fixture.sandbox.requests].sort((a, b) => a.seq - b.seq);
			expect(requests.every((r) => r.operation === 'updateTask')).toBe(true);
			expect(recorder.arrivals).toHaveLength(requests.length);
			const refused = requests.filter((r) => r.status !== 200);
			expect(refused.length).toBeGreaterThan(0); // the slow start did run into the cap
			// The cap's refusals, and the bucket's 429s when the run sent faster than 200/s.
			expect(refused.some((r) => r.status === inFlightStatus)).toBe(true);
			expect(refused.every((r) => r.status === inFlightStatus || r.status === 429)).toBe(true);
			// Every item stored once: one success each, its last request, only refusals before it.
			const items = requests.map(
				(r) => multipartFields(r).find(([field]) => field === 'name')?.[1],
			);
			for (const { json } of taskItems(150)) {
				const mine = requests.filter((_, i) => items[i] === json.name);
				expect(mine.map((r) => r.status === 200)).toEqual([
					...mine.slice(1).map(() => false),
					true,
				]);
			}

			// Measured by order, not by the clock. The run sends its first retry only once it has read
			// a refusal (halving its limit, pacing its requests) and waited out the pause; a request
			// granted before that, late on a busy machine, still arrives before the retry.
			const firstRetry = items.findIndex((item, i) => items.indexOf(item) < i);
			expect(firstRetry).toBeGreaterThan(0);
			// Up to it the run had more in flight than the cap takes (the cap refused: 12 admitted and
			// the refused one at least); the next 32 requests from the retry on keep within the cap.
			const before = recorder.arrivals.slice(0, firstRetry);
			const after = recorder.arrivals.slice(firstRetry, firstRetry + 32);
			expect(Math.max(...before.map((a) => a.inFlight))).toBeGreaterThan(cap);
			expect(Math.max(...after.map((a) => a.inFlight))).toBeLessThanOrEqual(cap);
		},
	);

	test('timeouts shrink the limit: after them the business has half the requests in flight it had, halved once for the four', async () => {
		// Asserted on the limit the next execution of the business joins (what its item queue plans
		// with), not on requests in flight at the sandbox: those follow the machine's pace (on a busy
		// one the node had 16 requests under way while the sandbox held 2 to 6 of them).
		fixture.sandbox.setLatency(20);
		expect((await updateTasks(30, { concurrency: 16 })).error).toBeUndefined();
		const before = await limitJoinedBy(16);
		// A run whose four requests take too long (Timeout 1000 ms, far above a loopback answer even
		// on a busy machine). A task update is not repeated once the platform may have acted, so
		// those four items fail on their own; no answer of this run comes back before them.
		fixture.sandbox.inject({ operation: 'updateTask', delayMs: 5000, times: 4 });
		const result = await updateTasks(4, { timeout: 1000, concurrency: 16 }, true);
		expect(result.error).toBeUndefined();
		expect(result.output.map((item) => String(item.json.error))).toEqual(
			Array.from({ length: 4 }, () => expect.stringMatching(/did not answer within 1 s/)),
		);
		expect(result.output.map((item) => item.pairedItem)).toEqual(
			Array.from({ length: 4 }, (_, i) => ({ item: i })),
		);
		// One round of timeouts cuts once: the four were sent before the first cut.
		expect(await limitJoinedBy(16)).toBe(Math.floor(before / 2));
	}, 60_000);

	test('requests given back without an answer (a redirect not followed) teach the limit nothing', async () => {
		const before = await limitJoinedBy(DEFAULT_CONCURRENCY);
		// A write redirected is not sent again: the item fails, and its request had no answer to learn from.
		fixture.sandbox.inject({
			operation: 'updateTask',
			status: 307,
			location: '/api/elsewhere',
			times: Infinity,
		});
		const result = await updateTasks(100, {}, true);
		expect(result.output.filter((item) => item.json.error === undefined)).toEqual([]);
		expect(await limitJoinedBy(DEFAULT_CONCURRENCY)).toBe(before);
	});

	test('a rate limit (50/s, burst 10): each refused create sent again after its Retry-After, none twice, every item done (one pause shared by all: concurrency.test.js)', async () => {
		fixture.sandbox.pushback.configure({ rateLimit: { rate: 50, burst: 10 } });
		const count = 40;
		const { output, error } = await runHr(
			{ resource: 'skill', operation: 'create', type: '={{ $json.type }}', skills: 'Excel' },
			{ items: Array.from({ length: count }, (_, i) => ({ json: { type: `batch-${i}` } })) },
		);
		expect(error).toBeUndefined();
		expect(output.map((item) => item.pairedItem)).toEqual(
			Array.from({ length: count }, (_, i) => ({ item: i })),
		);
		expect(output.map((item) => item.json.type)).toEqual(
			Array.from({ length: count }, (_, i) => `batch-${i}`),
		);

		const requests = [...fixture.requestsFor('createSkill')].sort((a, b) => a.seq - b.seq);
		const refused = requests.filter((r) => r.status === 429);
		expect(refused.length).toBeGreaterThan(0);
		for (let i = 0; i < count; i++) {
			const type = `batch-${i}`;
			expect(fixture.sandbox.state.acme.skills.filter((s) => s.type === type)).toHaveLength(1);
			const mine = requests.filter((r) => r.body.value.type === type);
			expect(mine.filter((r) => r.status === 200)).toHaveLength(1);
			expect(mine.slice(0, -1).every((r) => r.status === 429)).toBe(true); // only refusals were sent again
		}
		// Each refused create goes again only after its Retry-After (1 s) has passed since the
		// platform refused it: a lower bound, which load cannot eat (a window counting what
		// arrived during the second counted requests a loaded machine delivered late). Less 1 ms:
		// the arrival times are whole milliseconds of the wall clock, the pause runs on a timer.
		for (let i = 0; i < count; i++) {
			const mine = requests.filter((r) => r.body.value.type === `batch-${i}`);
			for (let attempt = 1; attempt < mine.length; attempt++) {
				expect(mine[attempt].receivedAt - mine[attempt - 1].receivedAt).toBeGreaterThanOrEqual(999);
			}
		}
	});

	test('a small burst and fast answers (50/s, burst 10, 0 ms): after the first pause requests are paced, and a long job has no failed item', async () => {
		// At 0 ms a slot comes back at once, so only a pace bounds the rate: without it each pause
		// lets the queue rush in, about ten get through, and items refused three times fail.
		fixture.sandbox.pushback.configure({ rateLimit: { rate: 50, burst: 10 } });
		const count = 200;
		const { output, error } = await runHr(
			{ resource: 'skill', operation: 'create', type: '={{ $json.type }}', skills: 'Excel' },
			{
				items: Array.from({ length: count }, (_, i) => ({ json: { type: `paced-${i}` } })),
				continueOnFail: true,
			},
		);
		expect(error).toBeUndefined();
		expect(
			output.filter((item) => item.json.error !== undefined).map((item) => item.json.error),
		).toEqual([]);
		const requests = [...fixture.requestsFor('createSkill')].sort((a, b) => a.seq - b.seq);
		expect(requests.filter((r) => r.status === 200)).toHaveLength(count);
		// Refused: the first round beyond the burst; after its pause only a few probes above the estimated rate.
		const refused = requests.filter((r) => r.status === 429);
		expect(refused.length).toBeGreaterThan(0);
		const afterFirstPause = refused.filter((r) => r.receivedAt > refused[0].receivedAt + 1000);
		expect(afterFirstPause.length).toBeLessThan(count / 20);
	});

	test('Concurrency Mode Fixed keeps exactly Concurrency in flight, even when answers are fast', async () => {
		fixture.sandbox.setLatency(20);
		const { output, error } = await updateTasks(100, { concurrencyMode: 'fixed', concurrency: 5 });
		expect(error).toBeUndefined();
		expectInOrder(output, 100);
		expect(fixture.sandbox.pushback.stats.maxInFlight).toBe(5);
	});
});

describe('the latency signal', () => {
	/**
	 * One round: as many requests as the limit allows, all answered, each after the given
	 * latency (its send time is set that far back, so no test waits on a clock).
	 * @param {any} limiter @param {(i: number) => number} latencyOf
	 */
	async function round(limiter, latencyOf) {
		const count = limiter.currentLimit();
		const releases = [];
		for (let i = 0; i < count; i++) releases.push(await limiter.acquire('latency-signal'));
		releases.forEach((release, i) => release('clean', Date.now() - latencyOf(i)));
		return limiter.currentLimit();
	}

	test('one slow answer per round holds nothing back; a rise that lasts cuts, never below the start; a 429 cuts at once', async () => {
		const ceiling = DEFAULT_CONCURRENCY;
		const limiter = new RequestLimiter('adaptive', ceiling);
		expect(limiter.currentLimit()).toBe(startLimit(ceiling));
		let limit = startLimit(ceiling);
		// Prompt answers: the slow start grows every round, even with one straggler in each.
		for (let i = 0; i < 2; i++) {
			const next = await round(limiter, (n) => (n === 0 ? 2000 : 100));
			expect(next).toBeGreaterThan(limit);
			limit = next;
		}
		// Every answer 15 times slower (more than n8n's own CPU explains at this limit): seen at
		// the end of a round, growth stops, and after two slow rounds in a row the limit is cut,
		// by a quarter at a time.
		const slowRounds = [limit];
		for (let i = 0; i < 4; i++) slowRounds.push(await round(limiter, () => 1500));
		expect(slowRounds[4]).toBeLessThan(Math.max(...slowRounds));
		expect(Math.max(...slowRounds)).toBeLessThan(2 * limit);
		for (let i = 1; i < slowRounds.length; i++)
			expect(slowRounds[i]).toBeGreaterThanOrEqual(Math.floor(slowRounds[i - 1] * 0.75));
		// Slow for long: down to the start, not below it.
		for (let i = 0; i < 20; i++) await round(limiter, () => 1500);
		expect(limiter.currentLimit()).toBe(startLimit(ceiling));
		// A refusal halves at once.
		const release = await limiter.acquire('latency-signal');
		release('overloaded', Date.now() - 100);
		expect(limiter.currentLimit()).toBe(startLimit(ceiling) / 2);
	});

	test('timeouts that come after a cut for slow answers still halve the limit, once for their round', async () => {
		const limiter = new RequestLimiter('adaptive', 16);
		// Prompt rounds: up to the ceiling.
		while (limiter.currentLimit() < 16) await round(limiter, () => 20);
		// Four requests hang; meanwhile rounds of answers 20 times slower cut the limit by a quarter.
		const hanging = [];
		for (let i = 0; i < 4; i++) hanging.push(await limiter.acquire('latency-signal'));
		for (let r = 0; r < 3; r++) {
			const releases = [];
			for (let i = hanging.length; i < limiter.currentLimit(); i++)
				releases.push(await limiter.acquire('latency-signal'));
			for (const release of releases) release('clean', Date.now() - 400);
		}
		const cutForSlowness = limiter.currentLimit();
		expect(cutForSlowness).toBe(12);
		// Then the four time out (sent before that cut): the platform is overloaded, not only slow.
		for (const release of hanging) release('overloaded', Date.now() - 1000);
		expect(limiter.currentLimit()).toBe(cutForSlowness / 2);
	});
});

describe('the pace after a pause', () => {
	const { ExecutionCancelledError } = require('../nodes/shared/platform/errors');

	test('holds the business for the pause, then spaces its requests at the rate accepted; other businesses go on', async () => {
		const limiter = new RequestLimiter('adaptive', 200);
		// Four accepted, then a refusal asking for a 1 s pause: about 4 per 1 s, one every ~250 ms.
		for (let i = 0; i < 4; i++) (await limiter.acquire('acme'))('clean');
		// Read before the refusal: a busy machine may stop this process between two statements,
		// and a lower bound must be measured from no later than the pause began.
		const pausedAt = Date.now();
		(await limiter.acquire('acme'))('overloaded', Date.now(), 1000);
		/** @type {number[]} */
		const grantedAt = [];
		const firstAcme = limiter.acquire('acme').then((release) => {
			grantedAt.push(Date.now() - pausedAt);
			release('neutral');
		});
		// Not held: its own limit and pace. By order, not by the clock: granted while acme's next
		// request, asked for first, still waits for the pause.
		(await limiter.acquire('globex'))('clean');
		expect(grantedAt).toEqual([]);
		await firstAcme;
		for (let i = 0; i < 2; i++) {
			(await limiter.acquire('acme'))('neutral');
			grantedAt.push(Date.now() - pausedAt);
		}
		expect(grantedAt[0]).toBeGreaterThanOrEqual(990);
		expect(grantedAt[1] - grantedAt[0]).toBeGreaterThanOrEqual(200);
		expect(grantedAt[2] - grantedAt[1]).toBeGreaterThanOrEqual(200);
	});

	test('the first pace has a floor: after one answer accepted long ago and a 59 s Retry-After, no request waits over a minute for its turn', async () => {
		jest.useFakeTimers();
		try {
			const limiter = new RequestLimiter('adaptive', 200);
			/** Resolves the next grant, moving the fake clock on in steps; returns when it came. */
			const nextGrant = async () => {
				let release;
				limiter.acquire('first-pace-floor').then((granted) => (release = granted));
				while (!release) await jest.advanceTimersByTimeAsync(250);
				/** @type {any} */ (release)('neutral');
				return Date.now();
			};
			(await limiter.acquire('first-pace-floor'))('clean');
			jest.setSystemTime(Date.now() + 89_000);
			(await limiter.acquire('first-pace-floor'))('overloaded', Date.now(), 59_000);
			const refusedAt = Date.now();
			const first = await nextGrant();
			const second = await nextGrant();
			expect(first - refusedAt).toBeLessThanOrEqual(59_000 + 500);
			expect(second - first).toBeLessThanOrEqual(60_000 + 500);
		} finally {
			jest.useRealTimers();
		}
	});

	test('a cancelled execution stops waiting for the pause at once, not after it', async () => {
		const controller = new AbortController();
		const limiter = new RequestLimiter('adaptive', 200);
		(await limiter.acquire('cancelled-pause'))('overloaded', Date.now(), 60_000);
		const waiting = limiter.acquire('cancelled-pause', stopLimit(controller.signal));
		setTimeout(() => controller.abort(), 100);
		// By order, not by the clock: it gives up before a 1 s pace of another business, begun
		// after Stop was timed, lets a request go (timers fire in the order they are due).
		const marker = new RequestLimiter('adaptive', 200);
		(await marker.acquire('one-second-marker'))('overloaded', Date.now(), 1000);
		let markerGranted = false;
		const markerWaiting = marker.acquire('one-second-marker').then((release) => {
			markerGranted = true;
			release('neutral');
		});
		await expect(waiting).rejects.toBeInstanceOf(ExecutionCancelledError);
		expect(markerGranted).toBe(false);
		await markerWaiting;
	});
});
