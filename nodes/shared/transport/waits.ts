/**
 * The ways the request path waits, and the only ones: each wait ends on Stop (the execution's
 * cancel signal) or at its deadline (the node's Timeout), and what the waiter holds is its
 * caller's to give back (admission.ts, platformRequest.ts and the login's files say where).
 * The queues for upload bytes and for a slot (uploadBudget.ts, rateLimit/runLimiter.ts) end
 * their waits by a WaitLimit made here.
 *
 * No timers: n8n's lint allows no setTimeout in a node, so pauses go in short slices of
 * n8n's `sleep`, and deadlines are AbortSignal.timeout.
 */
import { sleep } from 'n8n-workflow';

import { ExecutionCancelledError } from '../platform/errors';

/** Longest single sleep while waiting, so a cancelled execution stops waiting promptly. */
export const WAIT_SLICE_MS = 200;

/** How a wait in a queue ends early: when `signal` fires (Stop, or the wait's deadline), the wait rejects with `ended()`. */
export interface WaitLimit {
	signal: AbortSignal;
	ended: () => Error;
}

/**
 * The limit of a wait for its turn in a queue (bytes or a slot): Stop alone. No clock: those
 * queues are behind requests that each end within Timeout and behind pauses the platform asked
 * for; a deadline there would fail items healthy work is about to let through.
 */
export function stopLimit(cancel: AbortSignal | undefined): WaitLimit | undefined {
	return cancel && { signal: cancel, ended: () => new ExecutionCancelledError() };
}

/** Throws ExecutionCancelledError when Stop has been pressed. */
export function throwIfStopped(cancel: AbortSignal | undefined): void {
	if (cancel?.aborted) throw new ExecutionCancelledError();
}

/** Waits `ms` in short slices; throws ExecutionCancelledError once `cancel` fires. */
export async function pauseFor(ms: number, cancel?: AbortSignal): Promise<void> {
	const until = Date.now() + ms;
	for (let left = ms; ; left = until - Date.now()) {
		throwIfStopped(cancel);
		if (left <= 0) return;
		await sleep(Math.min(left, WAIT_SLICE_MS));
	}
}

/**
 * `promise`'s outcome, or ExecutionCancelledError as soon as `cancel` fires: for work that is
 * n8n's (reading a file from its binary data store, a disk or S3) and may never end. The work
 * left behind is ignored, its failure included.
 */
export async function untilStop<T>(
	promise: Promise<T>,
	cancel: AbortSignal | undefined,
): Promise<T> {
	if (!cancel) return await promise;
	return await new Promise<T>((resolve, reject) => {
		const stop = () => reject(new ExecutionCancelledError());
		if (cancel.aborted) stop();
		cancel.addEventListener('abort', stop, { once: true });
		promise.then(resolve, reject).finally(() => cancel.removeEventListener('abort', stop));
	});
}

/**
 * `promise`'s value, or undefined as soon as `signal` fires: for waiting on work others wait on
 * too (a login attempt another execution sent), which goes on for them.
 */
export async function unlessEnded<T>(
	promise: Promise<T>,
	signal: AbortSignal,
): Promise<T | undefined> {
	if (signal.aborted) return undefined;
	let onAbort = () => {};
	try {
		return await Promise.race([
			promise,
			new Promise<undefined>((resolve) => {
				onAbort = () => resolve(undefined);
				signal.addEventListener('abort', onAbort, { once: true });
			}),
		]);
	} finally {
		signal.removeEventListener('abort', onAbort);
	}
}

/** A signal firing at Stop or after `ms` (the deadline of one try of the login). */
export function stopOrAfter(cancel: AbortSignal | undefined, ms: number): AbortSignal {
	const timeout = AbortSignal.timeout(ms);
	return cancel ? AbortSignal.any([cancel, timeout]) : timeout;
}

/**
 * A signal firing when the first of `signals` fires, and `release`, which stops listening to
 * them: for one exchange, bounded by its Timeout and by Stop. Listeners removed at its end,
 * so the execution's long-lived cancel signal keeps none of the many exchanges of a run.
 */
export function firstOf(...signals: Array<AbortSignal | undefined>): {
	signal: AbortSignal;
	release: () => void;
} {
	const controller = new AbortController();
	const abort = () => controller.abort();
	for (const signal of signals) signal?.addEventListener('abort', abort, { once: true });
	if (signals.some((signal) => signal?.aborted)) abort();
	return {
		signal: controller.signal,
		release: () => {
			for (const signal of signals) signal?.removeEventListener('abort', abort);
		},
	};
}
