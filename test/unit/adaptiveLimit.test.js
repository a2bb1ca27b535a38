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

test('slow means slower than twice the fastest answer plus the tolerance and the own queueing of this process', () => {
	// Concurrency 16: the limit starts at 8 and may grow to 16; at 16 this process's own queueing
	// is 16 x 4 ms. Fastest answer 5 ms: slow above 2 x 5 + 20 + 64 = 94 ms.
	const grownTo16 = () => {
		const limit = new Limit(16);
		answer(limit, 40, 5, (l) => Math.floor(l.limit));
		expect(limit.limit).toBe(16);
		return limit;
	};
	const held = grownTo16();
	answer(held, 3 * 16, 90, (l) => Math.floor(l.limit));
	expect(held.limit).toBe(16);
	const cut = grownTo16();
	answer(cut, 3 * 16, 100, (l) => Math.floor(l.limit));
	expect(cut.limit).toBe(12);
});
