/**
 * The limits of this process, one per platform base URL and business key, shared by every
 * execution in it (main or a queue-mode worker): a webhook per order runs one execution per
 * item, and each would otherwise start unpaced and learn the platform's rate limit again, a
 * burst of 429s each time. Two businesses, or two credentials' base URLs, never share one.
 * Other processes (other workers) learn from the platform's own answers.
 *
 * Memory is bounded: a limit nothing has used for IDLE_EXPIRY_MS is forgotten (its next
 * request starts afresh), and past MAX_SHARED_LIMITS the longest idle ones go first. A limit
 * with requests in flight or waiting, or whose pause or pace still lies ahead, is never dropped.
 */
import { createHash } from 'crypto';

import { Limit } from './adaptiveLimit';
import { DEFAULT_CONCURRENCY } from '../../values/settings';

/** A limit idle this long is forgotten: long enough to span a schedule's runs, short enough not to outlive a platform's change. */
const IDLE_EXPIRY_MS = 10 * 60_000;
/** The most limits kept at once; only idle ones are ever dropped. */
const MAX_SHARED_LIMITS = 1000;

/**
 * A request waiting for a slot of a shared limit, from whichever run. Stop and Timeout take it out
 * of the queue from their abort listeners, at once (runLimiter.ts acquire): none waits on after either.
 */
export interface Waiter {
	/** Whether its own run has room for it (its Concurrency). */
	runHasRoom: () => boolean;
	/** Grants it a slot. */
	grant: () => void;
	/** Whether its run is in Adaptive mode, which also waits for the pace and a slot of the limit. */
	adaptive: boolean;
}

export interface SharedLimit {
	readonly limit: Limit;
	/** Requests of any run waiting for this limit, first come first served. */
	readonly waiting: Waiter[];
	/** When the planned wake-up for requests held by the pause or pace fires (Infinity: none planned). */
	wakeAt: number;
	lastUsed: number;
}

/**
 * The key of a base URL and business key. Hashed, so that no business key is kept as text
 * in memory for longer than the credential itself.
 */
export function limitKey(baseUrl: string, businessKey: string): string {
	return createHash('sha256').update(baseUrl).update('\n').update(businessKey).digest('base64');
}

/** Nothing in flight or waiting, and no pause or pace still to hold: forgetting it loses nothing the platform asked for. */
const isIdle = (shared: SharedLimit, now: number) =>
	shared.limit.inFlight === 0 && shared.waiting.length === 0 && shared.limit.heldUntil <= now;

/**
 * The limits of a process by key, least recently used first: a Map keeps insertion order, and
 * every use re-inserts.
 */
export class SharedLimitTable extends Map<string, SharedLimit> {
	/**
	 * The shared limit of `key`, created (or created afresh after it expired). `ceiling`: the
	 * Concurrency of an adaptive run, which the limit may grow to; undefined for a run in Fixed
	 * mode (the trigger and pickers too), which neither sets nor raises it: a limit it creates
	 * starts as the default Concurrency's would.
	 */
	limitFor(key: string, ceiling: number | undefined): SharedLimit {
		const now = Date.now();
		let shared = this.get(key);
		if (shared && isIdle(shared, now) && now - shared.lastUsed > IDLE_EXPIRY_MS) shared = undefined;
		this.delete(key);
		if (!shared) {
			this.forgetIdle(now);
			const limit = new Limit(ceiling ?? DEFAULT_CONCURRENCY);
			shared = { limit, waiting: [], wakeAt: Infinity, lastUsed: now };
		}
		if (ceiling !== undefined) shared.limit.raiseCeiling(ceiling);
		shared.lastUsed = now;
		this.set(key, shared);
		return shared;
	}

	/** Drops expired limits, and the longest idle ones while there are too many. */
	private forgetIdle(now: number): void {
		let excess = this.size + 1 - MAX_SHARED_LIMITS;
		for (const [key, shared] of this) {
			if (!isIdle(shared, now)) continue;
			if (excess > 0 || now - shared.lastUsed > IDLE_EXPIRY_MS) {
				this.delete(key);
				excess--;
			} else {
				// Least recently used first: every later one was used more recently.
				break;
			}
		}
	}
}

/** This process's limits, shared by every execution in it (runLimiter.ts). */
export const sharedLimits = new SharedLimitTable();
