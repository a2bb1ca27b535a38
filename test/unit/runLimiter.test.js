// @ts-check
/**
 * Waits for a slot (nodes/shared/transport/rateLimit/runLimiter.ts), each alone; both tests are
 * for survivors of the mutation sample (issue 43 item 8).
 *
 * A wait for a slot that its limit ends (Stop)
 * leaves the queue at once, holding nothing, while the slot it waited for stays held; the next
 * waiter gets that slot when it comes back. The engine tests do not show this alone: Stop also
 * ends the request holding the slot, which frees it. No timing bound: a wait that Stop does not
 * end makes the test time out. (A survivor of the mutation sample, issue 43 item 8.)
 */
const { RequestLimiter } = require('../../nodes/shared/transport/rateLimit/runLimiter');
const { sharedLimits } = require('../../nodes/shared/transport/rateLimit/sharedLimitTable');
const { stopLimit } = require('../../nodes/shared/transport/waits');
const { ExecutionCancelledError } = require('../../nodes/shared/platform/errors');

afterEach(() => sharedLimits.clear());

test('Stop ends a wait for a slot another request holds; the slot goes to the next waiter when it comes back', async () => {
	const key = 'http://platform.test|business-key';
	const limiter = new RequestLimiter('fixed', 1);
	const release = await limiter.acquire(key);

	const stop = new AbortController();
	const stopped = limiter.acquire(key, stopLimit(stop.signal));
	const next = limiter.acquire(key);
	stop.abort();
	await expect(stopped).rejects.toBeInstanceOf(ExecutionCancelledError);

	release('clean');
	const releaseNext = await next;
	releaseNext('clean');
});

test('a pause the platform asked for is waited out in slices, not by polling: a request behind a 1 s pause wakes a few times', async () => {
	// Another survivor of the mutation sample: a wake-up planned at `Math.min(0, …)` instead of
	// `Math.max(0, …)` sleeps 0 ms and plans again until the pause ends, spinning through a
	// thousand timers a second; the request still goes on time, so only the count shows it. The
	// count is of n8n's sleep (setTimeout) calls while the request waits: a slice is
	// WAIT_SLICE_MS, so a second's pause takes about five; a loaded machine makes fewer, never more.
	const key = 'http://platform.test|business-key';
	const limiter = new RequestLimiter('fixed', 1);
	const release = await limiter.acquire(key);
	release('overloaded', undefined, undefined, 1000);

	const realSetTimeout = global.setTimeout;
	let timers = 0;
	global.setTimeout = /** @type {typeof setTimeout} */ (
		(/** @type {Parameters<typeof setTimeout>} */ ...args) => {
			timers++;
			return realSetTimeout(...args);
		}
	);
	try {
		const next = await limiter.acquire(key);
		next('clean');
	} finally {
		global.setTimeout = realSetTimeout;
	}
	expect(timers).toBeGreaterThan(0);
	expect(timers).toBeLessThan(50);
});
