// @ts-check
/**
 * One business's limit (nodes/shared/transport/rateLimit/adaptiveLimit.ts), answer by answer:
 * it grows only while it is what holds requests back, and slow answers at it cut it.
 */
const { Limit, startLimit } = require('../../nodes/shared/transport/rateLimit/adaptiveLimit');

/**
 * Answers `count` requests with `latencyMs`, one at a time, keeping `inFlight(limit)` requests
 * in flight before each answer (granting up to it), as the requests waiting for it would.
 * @param {Limit} limit @param {number} count @param {number} latencyMs
 * @param {(limit: Limit) => number} inFlight
 */
function answer(limit, count, latencyMs, inFlight) {
	/** @type {number[]} */
	const granted = [];
	for (let i = 0; i < count; i++) {
		while (limit.inFlight < inFlight(limit)) granted.push(limit.grant(Date.now(), true));
		limit.complete(/** @type {number} */ (granted.shift()), latencyMs, 'clean', undefined, true);
	}
}

const CONCURRENCY = 200;
const START = startLimit(CONCURRENCY);

test('one request at a time: the limit holds nothing back and does not grow', () => {
	const limit = new Limit(CONCURRENCY);
	answer(limit, 100, 5, () => 1);
	expect(limit.limit).toBe(START);
});

test('half of the limit in flight: it is what holds requests back, and grows by one an answer in slow start', () => {
	const limit = new Limit(CONCURRENCY);
	answer(limit, 10, 5, (l) => Math.ceil(l.limit / 2));
	expect(limit.limit).toBe(START + 10);
});

test('answers slow at the limit: after two slow rounds in a row it is cut by a quarter, not below its start', () => {
	const limit = new Limit(CONCURRENCY);
	const full = (/** @type {Limit} */ l) => Math.floor(l.limit);
	// Slow start: one more an answer, the answer that closes a round (the 50th) too.
	answer(limit, 60, 5, full);
	expect(limit.limit).toBe(START + 60);
	answer(limit, 240, 5, full);
	expect(limit.limit).toBe(CONCURRENCY);
	// Far slower than twice the fastest answer plus the tolerance and this process's own queueing.
	answer(limit, 3 * CONCURRENCY, 5000, full);
	expect(limit.limit).toBe(CONCURRENCY * 0.75);
	answer(limit, 20 * CONCURRENCY, 5000, full);
	expect(limit.limit).toBe(START);
});
