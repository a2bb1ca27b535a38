/**
 * The item queue of a node run: how many items run at once. The router (router.ts) adds
 * one task per item and waits for them.
 */

import { sleep } from 'n8n-workflow';

import { ExecutionCancelledError } from '../platform/errors';
import type { RequestLimiter } from '../transport/rateLimit/runLimiter';

/**
 * Items that start before the queue lets the event loop run once. An item's work up to its
 * request (parameters, expressions, n8n's HTTP helper) runs in promise callbacks, and the
 * request leaves only when the event loop next runs: items started all at once send nothing
 * until the last of them is prepared, so the platform's latency adds to that CPU time instead
 * of passing during it. Why 8: docs/performance.md.
 */
const STARTS_PER_TURN = 8;

/**
 * Runs added tasks with at most `limit` in flight (a number, or the run's limiter's current
 * limit). After a task fails, or `signal` (the execution's cancel signal) fires, no further
 * task starts; `done()` waits for those in flight and rejects with the first failure.
 */
export function createItemQueue(limit: number | RequestLimiter, signal?: AbortSignal) {
	const currentLimit = typeof limit === 'number' ? () => limit : () => limit.currentLimit();
	const waiting: Array<() => Promise<void>> = [];
	let running = 0;
	let failure: { error: unknown } | undefined;
	let settle: { resolve: () => void; reject: (error: unknown) => void } | undefined;
	let startedThisTurn = 0;
	let nextTurnPlanned = false;

	const finishIfIdle = () => {
		if (!settle || running > 0 || (waiting.length > 0 && !failure)) return;
		if (failure) settle.reject(failure.error);
		else settle.resolve();
	};
	const nextTurn = () => {
		nextTurnPlanned = false;
		startedThisTurn = 0;
		startNext();
		finishIfIdle();
	};
	const startNext = () => {
		if (signal?.aborted) failure ??= { error: new ExecutionCancelledError() };
		while (running < currentLimit() && waiting.length > 0 && !failure) {
			if (startedThisTurn >= STARTS_PER_TURN) {
				// sleep(0) is a timer: the event loop sends what is ready before the next items start.
				if (!nextTurnPlanned) void sleep(0).then(nextTurn);
				nextTurnPlanned = true;
				return;
			}
			startedThisTurn++;
			const task = waiting.shift() as () => Promise<void>;
			running++;
			task()
				.catch((error: unknown) => {
					failure ??= { error };
				})
				.finally(() => {
					running--;
					startNext();
					finishIfIdle();
				});
		}
	};

	// A limit that grew lets more items start before one of those running ends.
	if (typeof limit !== 'number') limit.onChange(() => startNext());

	return {
		add(task: () => Promise<void>) {
			waiting.push(task);
			startNext();
		},
		done(): Promise<void> {
			return new Promise<void>((resolve, reject) => {
				settle = { resolve, reject };
				finishIfIdle();
			});
		},
	};
}
