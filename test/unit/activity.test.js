// @ts-check
/**
 * The merge behind the hint for waits on the business's shared limit
 * (nodes/shared/transport/activity.ts longWaitsOutside): each wait with the run's refusal
 * pauses taken out, and only those still longer than a second said, as the items that waited
 * and the time the run spent in them. Checked against counting millisecond by millisecond, on
 * overlapping waits and pauses. Its speed is bench/hints.js's (20k waits against 20k pauses).
 */
const { LONG_LIMIT_WAIT_MS, longWaitsOutside } = require('../../nodes/shared/transport/activity');

/** @typedef {[number, number]} Interval */
/** @typedef {{ item: number, during: Interval }} LimitWait */

/** The same, one millisecond at a time. */
function byEveryMillisecond(/** @type {LimitWait[]} */ waits, /** @type {Interval[]} */ pauses) {
	const paused = (/** @type {number} */ t) => pauses.some(([s, e]) => s <= t && t < e);
	const long = waits.filter(({ during: [s, e] }) => {
		let rest = 0;
		for (let t = s; t < e; t++) if (!paused(t)) rest++;
		return rest > LONG_LIMIT_WAIT_MS;
	});
	let ms = 0;
	const end = Math.max(0, ...long.map(({ during }) => during[1]));
	for (let t = 0; t < end; t++) {
		if (!paused(t) && long.some(({ during: [s, e] }) => s <= t && t < e)) ms++;
	}
	return { items: new Set(long.map(({ item }) => item)).size, ms };
}

/** A seeded generator (mulberry32): the same cases on every run. */
function random(/** @type {number} */ seed) {
	return () => {
		seed = (seed + 0x6d2b79f5) | 0;
		let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
		t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

describe('longWaitsOutside', () => {
	const wait = (/** @type {number} */ item, /** @type {number} */ s, /** @type {number} */ e) => ({
		item,
		during: /** @type {Interval} */ ([s, e]),
	});

	test('a wait a pause covers in part: only the rest counts, and only when over a second', () => {
		expect(longWaitsOutside([wait(0, 0, 3000)], [[500, 2500]])).toEqual({ items: 0, ms: 0 });
		expect(longWaitsOutside([wait(0, 0, 3000)], [[500, 1999]])).toEqual({ items: 1, ms: 1501 });
		// Pauses that overlap each other are taken out once.
		expect(
			longWaitsOutside(
				[wait(0, 0, 4000)],
				[
					[1000, 2000],
					[1500, 2500],
					[2400, 2600],
				],
			),
		).toEqual({ items: 1, ms: 2400 });
	});

	test('overlapping waits count their time once, and an item once however often it waited', () => {
		const waits = [wait(0, 0, 2000), wait(1, 1000, 3000), wait(0, 5000, 7000)];
		expect(longWaitsOutside(waits, [])).toEqual({ items: 2, ms: 5000 });
		expect(longWaitsOutside(waits, [[5500, 6500]])).toEqual({ items: 2, ms: 3000 });
	});

	test('equals counting every millisecond, on random overlapping waits and pauses', () => {
		const next = random(52_8);
		const between = (/** @type {number} */ a, /** @type {number} */ b) =>
			a + Math.floor(next() * (b - a));
		for (let round = 0; round < 200; round++) {
			/** @type {LimitWait[]} */
			const waits = Array.from({ length: between(0, 8) }, () => {
				const start = between(0, 8000);
				return wait(between(0, 4), start, start + between(1001, 4000));
			});
			/** @type {Interval[]} */
			const pauses = Array.from({ length: between(0, 8) }, () => {
				const start = between(0, 10_000);
				return /** @type {Interval} */ ([start, start + between(0, 2000)]);
			});
			expect(longWaitsOutside(waits, pauses)).toEqual(byEveryMillisecond(waits, pauses));
		}
	});
});
