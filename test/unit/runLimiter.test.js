// @ts-check
/**
 * A wait for a slot (nodes/shared/transport/rateLimit/runLimiter.ts) that its limit ends (Stop)
 * leaves the queue at once, holding nothing, while the slot it waited for stays held; the next
 * waiter gets that slot when it comes back. The engine tests do not show this alone: Stop also
 * ends the request holding the slot, which frees it. No timing bound: a wait that Stop does not
 * end makes the test time out. (A survivor of the mutation sample, issue 43 item 8.)
 */
const { RequestLimiter } = require('../../nodes/shared/transport/rateLimit/runLimiter');
const { forgetSharedLimits } = require('../../nodes/shared/transport/rateLimit/sharedLimitTable');
const { stopLimit } = require('../../nodes/shared/transport/waits');
const { ExecutionCancelledError } = require('../../nodes/shared/platform/errors');

afterEach(() => forgetSharedLimits());

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
