/**
 * How many requests one node run keeps on their way to the platform, and when each may go.
 *
 * Every request takes a slot of the process-wide limit of its base URL and business key
 * (sharedLimitTable.ts, adaptiveLimit.ts), so executions running at once share one limit,
 * one pace and one pause per platform business, and a new execution joins them instead of
 * starting unpaced. The Concurrency option bounds the run's own requests in flight.
 * - Adaptive (the default): the shared limit and pace hold the run's requests back and learn
 *   from their answers.
 * - Fixed: exactly Concurrency at once for the whole run, whatever the business; not paced,
 *   but a pause the platform asked for (Retry-After, a 429) still holds it. It neither sets nor
 *   raises the shared limit, and waits its turn behind adaptive requests waiting for a slot.
 *
 * No timers: waits go in short slices of n8n's `sleep` (waits.ts WAIT_SLICE_MS); a waiting
 * request leaves the queue when the execution's cancel signal or its own deadline fires.
 */
import { sleep } from 'n8n-workflow';

import { ExecutionCancelledError } from '../../platform/errors';
import { WAIT_SLICE_MS, type WaitLimit } from '../waits';
import { startLimit, type Outcome } from './adaptiveLimit';
import { sharedLimits, type SharedLimit, type Waiter } from './sharedLimitTable';

export type { Outcome } from './adaptiveLimit';
export type ConcurrencyMode = 'adaptive' | 'fixed';

/**
 * Ends one request's hold on its slot and reports how the platform answered; `sentAt`
 * (Date.now() when the request was handed to the HTTP helper) times the answer, else the
 * grant; `retryAfterMs`: the refusal's Retry-After, read for the pace; `pauseMs`: how long
 * every request of this business waits now (the platform asked the whole client to wait).
 */
export type Release = (
	outcome: Outcome,
	sentAt?: number,
	retryAfterMs?: number,
	pauseMs?: number,
) => void;

/** The limiter of one node run: a request asks for a slot before each attempt and gives it back with its outcome. */
export class RequestLimiter {
	private readonly listeners: Array<() => void> = [];
	/** The shared limits this run has asked for: one of its slots coming back may let their waiters go. */
	private readonly used = new Set<SharedLimit>();
	private inFlight = 0;
	private readonly adaptive: boolean;

	constructor(
		readonly mode: ConcurrencyMode,
		/** The Concurrency option: the run never has more in flight. */
		readonly ceiling: number,
	) {
		this.adaptive = mode === 'adaptive';
	}

	/**
	 * Resolves when a request for `key` (sharedLimitTable.limitKey: base URL and business key)
	 * may be sent. `until` ends the wait (Stop, the wait's deadline): the request leaves the
	 * queue at once, holding nothing, and those behind it may go.
	 */
	async acquire(key: string, until?: WaitLimit): Promise<Release> {
		if (until?.signal.aborted) throw until.ended();
		const shared = sharedLimits.limitFor(key, this.adaptive ? this.ceiling : undefined);
		this.used.add(shared);
		if (shared.waiting.length === 0 && this.mayGo(shared)) return this.grant(shared);
		return await new Promise<Release>((grant, refuse) => {
			const leave = (error: Error) => {
				const at = shared.waiting.indexOf(waiter);
				if (at < 0) return;
				shared.waiting.splice(at, 1);
				stopListening();
				refuse(error);
				wakeWaiting(shared);
			};
			const onEnd = () => leave(until?.ended() ?? new ExecutionCancelledError());
			const stopListening = () => until?.signal.removeEventListener('abort', onEnd);
			const waiter: Waiter = {
				adaptive: this.adaptive,
				runHasRoom: () => this.inFlight < this.ceiling,
				grant: () => {
					stopListening();
					grant(this.grant(shared));
				},
			};
			shared.waiting.push(waiter);
			until?.signal.addEventListener('abort', onEnd, { once: true });
			// Held only by a pause or pace, nothing in flight would wake it: plan the wake-up now.
			wakeWaiting(shared);
		});
	}

	/** How many requests the run may have in flight now: what items and page read-ahead plan with. */
	currentLimit(): number {
		if (!this.adaptive) return this.ceiling;
		if (this.used.size === 0) return startLimit(this.ceiling);
		let sum = 0;
		for (const shared of this.used) sum += Math.floor(shared.limit.limit);
		return Math.max(1, Math.min(this.ceiling, sum));
	}

	/** Called after every answer to this run (the item queue starts more items). */
	onChange(listener: () => void): void {
		this.listeners.push(listener);
	}

	private mayGo(shared: SharedLimit): boolean {
		if (this.inFlight >= this.ceiling || shared.limit.sendableAt(this.adaptive) > Date.now())
			return false;
		return !this.adaptive || shared.limit.hasSlot;
	}

	private grant(shared: SharedLimit): Release {
		this.inFlight++;
		const grantedAt = Date.now();
		const grantNumber = shared.limit.grant(grantedAt, this.adaptive);
		let released = false;
		return (outcome, sentAt = grantedAt, retryAfterMs = undefined, pauseMs = 0) => {
			if (released) return;
			released = true;
			this.inFlight--;
			const now = Date.now();
			shared.limit.complete(grantNumber, now - sentAt, outcome, retryAfterMs, this.adaptive);
			if (pauseMs > 0) shared.limit.pauseUntil(now + pauseMs);
			shared.lastUsed = now;
			wakeWaiting(shared);
			// A slot of this run came back: its requests waiting for other businesses may go too.
			for (const other of this.used) if (other !== shared) wakeWaiting(other);
			for (const listener of this.listeners) listener();
		};
	}
}

/**
 * Grants waiting requests, first come first served, as far as the limit, the pause and the pace
 * allow. A request its own run's Concurrency holds, or (Fixed mode being unpaced) one the pace
 * holds, lets those behind it go; one that waits for a slot of the limit lets nobody overtake
 * it, so a Fixed-mode run, which needs no slot, cannot keep adaptive runs waiting.
 */
function wakeWaiting(shared: SharedLimit): void {
	for (let i = 0; i < shared.waiting.length; ) {
		const waiter = shared.waiting[i];
		const sendableAt = shared.limit.sendableAt(waiter.adaptive);
		if (sendableAt > Date.now()) {
			planWake(shared, sendableAt);
			i++;
		} else if (!waiter.runHasRoom()) {
			i++;
		} else if (waiter.adaptive && !shared.limit.hasSlot) {
			return;
		} else {
			shared.waiting.splice(i, 1);
			waiter.grant();
		}
	}
}

/** Wakes the waiting requests at `at`, in slices: no planned wake-up outlives a stopped run by more than one. */
function planWake(shared: SharedLimit, at: number): void {
	if (at >= shared.wakeAt) return;
	shared.wakeAt = at;
	void sleep(Math.max(0, Math.min(at - Date.now(), WAIT_SLICE_MS))).then(() => {
		if (shared.wakeAt === at) shared.wakeAt = Infinity;
		wakeWaiting(shared);
	});
}
