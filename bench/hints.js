// @ts-check
/**
 * `node bench/hints.js`: the time a run's hints take to say 20k waits for the business's
 * shared limit against 20k refusal pauses (issue 52 item 8), before and after: each wait held
 * against every pause (the code until 4ab4213, copied below) and RunActivity.sentences() of the
 * build now. Not a test: it prints milliseconds. Expects `npm run build`. BENCH_EVENTS sets the
 * count of each (default 20000).
 */
const { LONG_LIMIT_WAIT_MS, RunActivity } = require('../dist/nodes/shared/transport/activity');

const EVENTS = Number(process.env.BENCH_EVENTS ?? 20_000);

/** @typedef {[number, number]} Interval */

// Pause i: [2i s, 2i + 1 s); wait i: [2i + 0.5 s, 2i + 3.5 s): each overlaps two pauses, 1.5 s outside them.
/** @type {Interval[]} */
const pauses = Array.from({ length: EVENTS }, (_, i) => [i * 2000, i * 2000 + 1000]);
/** @type {Interval[]} */
const waits = Array.from({ length: EVENTS }, (_, i) => [i * 2000 + 500, i * 2000 + 3500]);

/** Before: the merge of 4ab4213's RunActivity.sentences(), every wait against every pause. */
function quadratic() {
	/** @param {Interval[]} intervals @returns {Interval[]} */
	const merged = (intervals) => {
		const sorted = [...intervals].sort((a, b) => a[0] - b[0]);
		/** @type {Interval[]} */
		const result = [];
		for (const [start, end] of sorted) {
			const last = result[result.length - 1];
			if (last && start <= last[1]) last[1] = Math.max(last[1], end);
			else if (end > start) result.push([start, end]);
		}
		return result;
	};
	/** @param {Interval[]} intervals @param {Interval[]} holes @returns {Interval[]} */
	const without = (intervals, holes) => {
		/** @type {Interval[]} */
		const result = [];
		for (const [start, end] of intervals) {
			let from = start;
			for (const [holeStart, holeEnd] of holes) {
				if (holeEnd <= from || holeStart >= end) continue;
				if (holeStart > from) result.push([from, holeStart]);
				from = Math.max(from, holeEnd);
			}
			if (from < end) result.push([from, end]);
		}
		return result;
	};
	/** @param {Interval[]} intervals */
	const lengthOf = (intervals) => intervals.reduce((sum, [start, end]) => sum + (end - start), 0);
	const holes = merged(pauses);
	const long = waits
		.map((wait) => without(merged([wait]), holes))
		.filter((rest) => lengthOf(rest) > LONG_LIMIT_WAIT_MS);
	return { requests: long.length, ms: lengthOf(merged(long.flat())) };
}

/** The same events, recorded by a RunActivity as a run records them. */
function recorded() {
	const activity = new RunActivity();
	const realNow = Date.now;
	let now = 0;
	Date.now = () => now;
	try {
		for (let i = 0; i < EVENTS; i++) {
			now = pauses[i][0];
			activity.refused(pauses[i][1] - pauses[i][0]);
			now = waits[i][1];
			activity.gotLimitSlot(waits[i][0], i);
		}
	} finally {
		Date.now = realNow;
	}
	return activity;
}

/** @template T @param {() => T} work */
function timed(work) {
	const started = performance.now();
	const result = work();
	return { ms: Math.round(performance.now() - started), result };
}

const before = timed(quadratic);
const activity = recorded();
const after = timed(() => activity.sentences(30_000));
console.log(`${EVENTS} waits against ${EVENTS} pauses`);
console.log(
	`before (every wait against every pause): ${before.ms} ms, ${before.result.requests} waits said, ${before.result.ms} ms of waiting`,
);
console.log(`after (RunActivity.sentences): ${after.ms} ms`);
for (const sentence of after.result) console.log(`  ${sentence}`);
