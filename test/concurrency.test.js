// @ts-check
/**
 * Items run with bounded concurrency (Options → Concurrency), through n8n-core's real
 * engine against the sandbox: the bound holds at the platform, output keeps input order and
 * pairedItem, continueOnFail fails only the failing item, a 429 or 503 with Retry-After
 * pauses every request of the node run once, and a create is never sent twice.
 */
const { useSandbox } = require('./harness/fixture');
const { runNode } = require('./harness/n8n');
const { mostInFlight } = require('./harness/inFlight');
const { whenReceived } = require('./harness/waits');
const { sharedLimits } = require('../nodes/shared/transport/rateLimit/sharedLimitTable');

const fixture = useSandbox();

const TASK_IDS = [1001, 1002, 1003, 1004];

/**
 * One E10 task update per item: item i renames task TASK_IDS[i % 4] to "Item i".
 * @param {number} count
 * @param {(i: number) => Record<string, any>} [extra]
 */
function taskItems(count, extra = () => ({})) {
	return Array.from({ length: count }, (_, i) => ({
		json: { task: TASK_IDS[i % TASK_IDS.length], name: `Item ${i}`, ...extra(i) },
	}));
}

/**
 * @param {Record<string, any>} settings request settings (Options)
 * @param {{ items: any[], continueOnFail?: boolean, stop?: Promise<unknown> }} options
 */
function updateTasks(settings, { items, continueOnFail, stop }) {
	return runNode({
		type: 'businessPlatformProjects',
		parameters: {
			resource: 'task',
			operation: 'update',
			taskId: '={{ $json.task }}',
			updateFields: { name: '={{ $json.name }}' },
			options: { retryDelay: 1, ...settings },
		},
		credentials: fixture.credentials,
		items,
		continueOnFail,
		stop,
	});
}

/** Deterministic delays in [min, max) ms (a small LCG, so a failure can be replayed). @param {number} count */
function randomDelays(count, min = 2, max = 40, seed = 12345) {
	let state = seed;
	return Array.from({ length: count }, () => {
		state = (state * 1103515245 + 12345) % 2 ** 31;
		return min + (state % (max - min));
	});
}

/** Each arriving E10 request gets the next delay, so answers come back out of order. @param {number[]} delays */
function injectDelays(delays, operation = 'updateTask') {
	for (const delayMs of delays) fixture.sandbox.inject({ operation, delayMs });
}

/**
 * Resolves once the node has read a refusal: a shared limit holds its requests back; or, for a
 * node that never pauses, after `boundMs` (a bound for a hang only: the test then fails on what
 * was sent meanwhile, not on its timeout).
 */
async function untilHeldBack(boundMs = 10_000) {
	const giveUpAt = Date.now() + boundMs;
	const heldBack = () => [...sharedLimits.values()].some((s) => s.limit.heldUntil > Date.now());
	while (!heldBack() && Date.now() < giveUpAt)
		await new Promise((resolve) => setTimeout(resolve, 5));
}

/** @param {any[]} requests */
const arrivalOrder = (requests) => [...requests].sort((a, b) => a.seq - b.seq);

/**
 * Updates `count` tasks with these options; they all succeed, with `most` requests in flight at the most.
 * The first `most` are answered only once all of them have arrived: on a busy machine the first
 * answer could otherwise free a slot before the last of them was sent.
 * @param {Record<string, any>} options
 * @param {number} count
 * @param {number} most
 */
async function updateTasksInFlight(options, count, most) {
	const allArrived = whenReceived(fixture.sandbox.server, '', most);
	fixture.sandbox.inject({ operation: 'updateTask', until: allArrived, times: most });
	const { result, max } = await mostInFlight(fixture.sandbox.server, () =>
		updateTasks(options, { items: taskItems(count) }),
	);
	expect(result.error).toBeUndefined();
	expect(max).toBe(most);
	return result;
}

describe('bounded concurrency', () => {
	// The default (adaptive, ceiling DEFAULT_CONCURRENCY) is tested against a pushing-back sandbox in limiter.test.js.
	test('Concurrency Mode Fixed sends exactly Concurrency (10) requests at once, never more', async () => {
		fixture.sandbox.setLatency(30);
		const { json } = await updateTasksInFlight(
			{ concurrencyMode: 'fixed', concurrency: 10 },
			30,
			10,
		);
		expect(json).toHaveLength(30);
	});

	test('Concurrency 3 keeps three requests in flight at most', async () => {
		fixture.sandbox.setLatency(30);
		await updateTasksInFlight({ concurrency: 3 }, 12, 3);
		expect(fixture.requestsFor('updateTask')).toHaveLength(12);
	});

	test('Concurrency 1 sends one request at a time, in input order', async () => {
		fixture.sandbox.setLatency(10);
		const { json } = await updateTasksInFlight({ concurrency: 1 }, 8, 1);
		const paths = arrivalOrder(fixture.requestsFor('updateTask')).map((r) => r.path);
		expect(paths).toEqual(taskItems(8).map((item) => `/api/v1/tasks/update/${item.json.task}`));
		// One at a time: each request arrived only after the one before it was answered.
		const names = arrivalOrder(fixture.requestsFor('updateTask')).map((r) => r.body.fields[0][1]);
		expect(names).toEqual(json.map((task) => task.name));
	});

	test('answers that come back out of order still give the output in input order, each paired with its item', async () => {
		const count = 40;
		injectDelays(randomDelays(count));
		const { output, error } = await updateTasks({}, { items: taskItems(count) });
		expect(error).toBeUndefined();

		const answered = fixture.requestsFor('updateTask').map((r) => r.seq);
		expect(answered).not.toEqual([...answered].sort((a, b) => a - b)); // the reordering really happened
		expect(output.map((item) => item.pairedItem)).toEqual(
			Array.from({ length: count }, (_, i) => ({ item: i })),
		);
		expect(output.map((item) => [item.json.id, item.json.name])).toEqual(
			taskItems(count).map((item) => [item.json.task, item.json.name]),
		);
	});
});

describe('failures under concurrency', () => {
	test('continueOnFail: only the failing items carry an error, at their own position; the others go through', async () => {
		const count = 30;
		injectDelays(randomDelays(count));
		// Every 7th item names a task that does not exist (404); every 10th has a bad Task ID (nothing sent).
		const items = taskItems(count, (i) =>
			i % 10 === 9 ? { task: 'abc' } : i % 7 === 3 ? { task: 9999 } : {},
		);
		const { output, error } = await updateTasks({}, { items, continueOnFail: true });
		expect(error).toBeUndefined();
		expect(output.map((item) => item.pairedItem)).toEqual(
			Array.from({ length: count }, (_, i) => ({ item: i })),
		);

		output.forEach((item, i) => {
			if (i % 10 === 9) {
				expect(item.json).toMatchObject({
					error: 'Task ID must be a whole number, got "abc"',
					details: { item: i },
				});
			} else if (i % 7 === 3) {
				expect(item.json).toMatchObject({
					httpCode: '404',
					error: `The platform has no task 9999`,
					details: { item: i },
				});
			} else {
				expect(item.json).toMatchObject({ id: items[i].json.task, name: `Item ${i}` });
			}
		});
		const sent = fixture.requestsFor('updateTask');
		// One request per item with a valid id; a 404 is not retried.
		expect(sent).toHaveLength(count - 3);
		expect(sent.filter((r) => r.status === 404)).toHaveLength(4);
	});

	test('without continueOnFail the node fails naming the item in its details, and no further item starts', async () => {
		fixture.sandbox.setLatency(20);
		const items = taskItems(40, (i) => (i === 2 ? { task: 9999 } : {}));
		const { error } = await updateTasks({ concurrency: 4 }, { items });
		expect(error?.httpCode).toBe('404');
		expect(error?.context).toMatchObject({ itemIndex: 2, data: { item: 2 } });
		// The first four, and at most one more per slot freed before the failure was seen.
		expect(fixture.requestsFor('updateTask').length).toBeLessThanOrEqual(8);
	});
});

describe('expressions are evaluated only for items that start', () => {
	/**
	 * The items whose Task ID expression n8n-core evaluated during `run` (its ExecuteContext's
	 * parameter reads, observed), and the requests the platform received.
	 * @param {() => Promise<any>} run
	 */
	async function evaluatedItems(run) {
		// `any`: _getNodeParameter (what every parameter read of n8n-core's contexts calls) is not in its types.
		const context = /** @type {any} */ (require('n8n-core').ExecuteContext.prototype);
		const read = jest.spyOn(context, '_getNodeParameter');
		try {
			const result = await run();
			const calls = /** @type {Array<[string, number]>} */ (read.mock.calls);
			const items = new Set(
				calls.filter(([name]) => name === 'taskId').map(([, itemIndex]) => itemIndex),
			);
			return { result, items, sent: fixture.requestsFor('updateTask') };
		} finally {
			read.mockRestore();
		}
	}

	test('after a failed item (no Continue On Fail), no item the run will not start was evaluated', async () => {
		fixture.sandbox.setLatency(20);
		const items = taskItems(40, (i) => (i === 2 ? { task: 9999 } : {}));
		const {
			result,
			items: evaluated,
			sent,
		} = await evaluatedItems(() => updateTasks({ concurrency: 4 }, { items }));
		expect(result.error?.httpCode).toBe('404');
		// Every started item sends its one request: the items evaluated are the items sent.
		expect(evaluated.size).toBe(sent.length);
	});

	test('after Stop, no item the run will not start was evaluated', async () => {
		fixture.sandbox.setLatency(20);
		let received = 0;
		/** @type {() => void} */
		let stopNow = () => {};
		const stop = new Promise((resolve) => (stopNow = () => resolve(undefined)));
		const count = () => {
			if (++received === 20) stopNow();
		};
		fixture.sandbox.server.on('request', count);
		try {
			const { items: evaluated } = await evaluatedItems(() =>
				updateTasks({ concurrencyMode: 'fixed', concurrency: 4 }, { items: taskItems(200), stop }),
			);
			// The 20 that reached the platform, and at most the 4 in flight or starting when Stop came.
			expect(evaluated.size).toBeLessThanOrEqual(received + 4);
		} finally {
			fixture.sandbox.server.off('request', count);
		}
	});
});

describe('one shared backoff', () => {
	// Both modes: in Adaptive the pace after a Retry-After holds the run too, so only Fixed shows a lost pause.
	test.each([
		['Adaptive', {}],
		['Fixed', { concurrencyMode: 'fixed' }],
	])(
		'%s: a 429 with Retry-After: 1 holds back every request of the run for a second, then the run completes',
		async (_mode, mode) => {
			fixture.sandbox.setLatency(20);
			fixture.sandbox.inject({ operation: 'updateTask', status: 429, retryAfter: 1 });
			// The requests sent beside the refused one are answered only once the node has read the
			// 429, so each frees its slot during the pause: a busy machine could otherwise deliver
			// their answers first, and the node rightly fill those slots before it knew of the 429.
			fixture.sandbox.inject({ operation: 'updateTask', until: untilHeldBack(), times: 4 });
			// Enough items that the other four workers, left alone, would still be sending 200 ms later.
			const { output, error } = await updateTasks(
				{ concurrency: 5, ...mode },
				{ items: taskItems(40) },
			);
			expect(error).toBeUndefined();
			expect(output.map((item) => item.json.name)).toEqual(
				taskItems(40).map((item) => item.json.name),
			);

			const requests = arrivalOrder(fixture.requestsFor('updateTask'));
			expect(requests).toHaveLength(41); // every item once, plus the one retry
			const [limited] = requests.filter((r) => r.status === 429);
			expect(requests.every((r) => r.status === 200 || r === limited)).toBe(true);
			// By order and a lower bound, not a window: once the node has read the 429, every request
			// waits out the second, so it arrives at least 1 s after the refused one. Only requests
			// sent before the node read it come sooner, and each holds one of the other four slots
			// until then.
			const after = requests.slice(requests.indexOf(limited) + 1);
			const sooner = after.filter((r) => r.receivedAt - limited.receivedAt < 1000);
			// On failure, each request's order, ms from the refused one and status (a retry 0.5-1 s
			// after it is Retry Delay's backoff: the 429 taken for a dropped connection).
			const timeline = () =>
				requests.map((r) => [r.seq, r.receivedAt - limited.receivedAt, r.status]);
			expect(sooner.length <= 4 ? 'held' : timeline()).toBe('held');
			const retry = after.find((r) => r.body.fields[0][1] === limited.body.fields[0][1]);
			expect(retry && retry.receivedAt - limited.receivedAt).toBeGreaterThanOrEqual(1000);
		},
	);

	test('a whole wave of 503s with Retry-After makes one pause, not one per request, and each is retried once', async () => {
		fixture.sandbox.setLatency(20);
		fixture.sandbox.inject({ operation: 'updateTask', status: 503, retryAfter: 1, times: 5 });
		const started = Date.now();
		const { error } = await updateTasks({ concurrency: 5 }, { items: taskItems(10) });
		const elapsed = Date.now() - started;
		expect(error).toBeUndefined();

		const requests = arrivalOrder(fixture.requestsFor('updateTask'));
		const refused = requests.filter((r) => r.status === 503);
		expect(refused).toHaveLength(5);
		expect(requests).toHaveLength(15);
		// The wave holds all five slots: nothing else goes until the node has read a 503, and from
		// then on everything waits out the second (a lower bound, which load cannot eat).
		expect(requests.slice(0, 5)).toEqual(refused);
		const firstRefusal = refused[0].receivedAt;
		const after = requests.slice(5);
		expect(after.filter((r) => r.receivedAt - firstRefusal < 1000)).toEqual([]);
		expect(after).toHaveLength(10);
		// Five refusals at once pause the run once (about 1 s), not five times in a row.
		expect(elapsed).toBeLessThan(2500);
	});
});

describe('creates under concurrency', () => {
	test('a create is sent again only when the platform surely did not act; none is stored twice', async () => {
		const count = 24;
		// What the k-th arriving request meets, in arrival order.
		const plan = [
			{ status: 429, retryAfter: 0 },
			{ delayMs: 15 },
			{ status: 500, actFirst: true },
			{ status: 503, retryAfter: 0 },
			{ delayMs: 5 },
			{ destroy: true, actFirst: true },
			{ status: 503 }, // no Retry-After: it may have acted
			{ status: 429, retryAfter: 0 },
			...randomDelays(10, 1, 20).map((delayMs) => ({ delayMs })),
			{ status: 500, actFirst: true },
		];
		for (const fault of plan) fixture.sandbox.inject({ operation: 'createSkill', ...fault });
		const { output, error } = await runNode({
			type: 'businessPlatformHr',
			parameters: {
				resource: 'skill',
				operation: 'create',
				type: '={{ $json.type }}',
				skills: 'Excel',
				options: { retryDelay: 1, maxTries: 5, concurrency: 6 },
			},
			credentials: fixture.credentials,
			items: Array.from({ length: count }, (_, i) => ({ json: { type: `batch-${i}` } })),
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(output.map((item) => item.pairedItem)).toEqual(
			Array.from({ length: count }, (_, i) => ({ item: i })),
		);

		const requests = arrivalOrder(fixture.requestsFor('createSkill'));
		const stored = fixture.sandbox.state.acme.skills;
		/** @type {Record<string, number>} */
		const statusCounts = {};
		for (const request of requests)
			statusCounts[request.status] = (statusCounts[request.status] ?? 0) + 1;
		expect(statusCounts).toEqual({ 0: 1, 200: count - 4, 429: 2, 500: 2, 503: 2 });
		// Retried: the two 429s and the 503 with Retry-After. Not retried: 500, 503 without it, a dropped connection.
		expect(requests).toHaveLength(count + 3);

		for (let i = 0; i < count; i++) {
			const type = `batch-${i}`;
			const mine = requests.filter((r) => r.body.value.type === type);
			const copies = stored.filter((s) => s.type === type).length;
			expect(copies).toBeLessThanOrEqual(1);
			// Only a refusal that surely did nothing is followed by another attempt.
			for (const earlier of mine.slice(0, -1)) expect([429, 503]).toContain(earlier.status);
			const last = mine[mine.length - 1];
			if (last.status === 200) {
				expect(output[i].json).toMatchObject({ type, business_id: 101 });
				expect(copies).toBe(1);
			} else {
				expect(output[i].json.error).toEqual(expect.any(String));
				// 500 and the dropped connection were answered after the platform acted; the 503 before.
				expect(copies).toBe(last.status === 503 ? 0 : 1);
			}
		}
	});
});
