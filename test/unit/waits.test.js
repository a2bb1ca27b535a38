// @ts-check
/**
 * The wait helpers of the request path (nodes/shared/transport/waits.ts, issue 44 item 2): each
 * ends on Stop or at its signal, leaves behind the work others still wait for, and keeps no
 * listener on the execution's long-lived cancel signal once its wait is over. No timing bound:
 * a wait that Stop does not end makes its test time out.
 */
const {
	firstOf,
	pauseFor,
	stopLimit,
	stopOrAfter,
	unlessEnded,
	untilStop,
} = require('../../nodes/shared/transport/waits');
const { ExecutionCancelledError } = require('../../nodes/shared/platform/errors');

/** A promise that never settles: a read of n8n's binary data store that hangs. */
const never = () => new Promise(() => {});

/** How many abort listeners `signal` holds now, counted by wrapping add/remove. */
function countingListeners(/** @type {AbortSignal} */ signal) {
	let listeners = 0;
	const add = signal.addEventListener.bind(signal);
	const remove = signal.removeEventListener.bind(signal);
	signal.addEventListener = (/** @type {any[]} */ ...args) => {
		listeners++;
		// @ts-ignore
		add(...args);
	};
	signal.removeEventListener = (/** @type {any[]} */ ...args) => {
		listeners--;
		// @ts-ignore
		remove(...args);
	};
	return () => listeners;
}

describe('untilStop: work of n8n that may never end', () => {
	test('Stop ends the wait with ExecutionCancelledError; the work left behind failing later is ignored', async () => {
		const stop = new AbortController();
		/** @type {(error: Error) => void} */
		let failLater = () => {};
		const read = new Promise((_resolve, reject) => (failLater = reject));
		const waiting = untilStop(read, stop.signal);
		stop.abort();
		await expect(waiting).rejects.toBeInstanceOf(ExecutionCancelledError);
		failLater(new Error('the store failed after Stop'));
		await expect(read).rejects.toThrow('the store failed after Stop');
	});

	test('without Stop it gives the value and removes its listener from the cancel signal', async () => {
		const stop = new AbortController();
		const listeners = countingListeners(stop.signal);
		await expect(untilStop(Promise.resolve('bytes'), stop.signal)).resolves.toBe('bytes');
		expect(listeners()).toBe(0);
	});

	test('already stopped: no wait at all, even for work that never ends', async () => {
		const stop = new AbortController();
		stop.abort();
		await expect(untilStop(never(), stop.signal)).rejects.toBeInstanceOf(ExecutionCancelledError);
	});
});

describe('unlessEnded: waiting on work others wait on too', () => {
	test('its signal ends this wait with undefined; the work goes on and another waiter gets its value', async () => {
		/** @type {(value: string) => void} */
		let finish = () => {};
		const shared = new Promise((resolve) => (finish = resolve));
		const mine = new AbortController();
		const waiting = unlessEnded(shared, mine.signal);
		const other = unlessEnded(shared, new AbortController().signal);
		mine.abort();
		await expect(waiting).resolves.toBeUndefined();
		finish('token');
		await expect(other).resolves.toBe('token');
	});

	test('the value when it comes first, and no listener left on the signal', async () => {
		const signal = new AbortController().signal;
		const listeners = countingListeners(signal);
		await expect(unlessEnded(Promise.resolve(7), signal)).resolves.toBe(7);
		expect(listeners()).toBe(0);
	});
});

describe('pauseFor and the deadlines', () => {
	test('Stop ends a long pause', async () => {
		const stop = new AbortController();
		const pause = pauseFor(600_000, stop.signal);
		setTimeout(() => stop.abort(), 10);
		await expect(pause).rejects.toBeInstanceOf(ExecutionCancelledError);
	});

	test('a pause without Stop ends by itself', async () => {
		await expect(pauseFor(5)).resolves.toBeUndefined();
	});

	test('stopOrAfter fires at Stop, long before its time', async () => {
		const stop = new AbortController();
		const deadline = stopOrAfter(stop.signal, 600_000);
		expect(deadline.aborted).toBe(false);
		stop.abort();
		expect(deadline.aborted).toBe(true);
	});

	test('stopLimit: none without a cancel signal; Stop ends a queued wait with ExecutionCancelledError', () => {
		expect(stopLimit(undefined)).toBeUndefined();
		const stop = new AbortController();
		const limit = stopLimit(stop.signal);
		expect(limit?.signal).toBe(stop.signal);
		expect(limit?.ended()).toBeInstanceOf(ExecutionCancelledError);
	});
});

describe('firstOf: one exchange bounded by its Timeout and by Stop', () => {
	test('fires with either, at once when one fired already', () => {
		const timeout = new AbortController();
		const stop = new AbortController();
		const either = firstOf(timeout.signal, stop.signal);
		expect(either.signal.aborted).toBe(false);
		stop.abort();
		expect(either.signal.aborted).toBe(true);
		expect(firstOf(timeout.signal, stop.signal).signal.aborted).toBe(true);
	});

	test("release leaves no listener on the cancel signal, which outlives the run's many exchanges", () => {
		const stop = new AbortController();
		const listeners = countingListeners(stop.signal);
		const released = [];
		for (let exchange = 0; exchange < 3; exchange++) {
			const ended = firstOf(AbortSignal.timeout(600_000), stop.signal, undefined);
			ended.release();
			released.push(ended.signal);
		}
		expect(listeners()).toBe(0);
		const kept = firstOf(stop.signal);
		stop.abort();
		expect(kept.signal.aborted).toBe(true);
		expect(released.map((signal) => signal.aborted)).toEqual([false, false, false]);
	});
});
