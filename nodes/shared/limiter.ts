/**
 * How many requests one node run keeps on their way to the platform.
 *
 * Adaptive (the default): one limit per business key (rate limits follow the key), as TCP
 * congestion control and Netflix's concurrency-limits do it. It starts at START_LIMIT, grows by
 * one per clean answer while in slow start (doubling per round of answers), then by one per
 * round; it is cut by half on 429, 503 or a timeout (which ends the slow start), and by a
 * quarter when an answer takes well over the best time seen. A cut happens at most once per round: answers to requests sent
 * before the last cut do not cut again. The Concurrency option is the ceiling of every limit
 * and of the run's total. Fixed: exactly Concurrency at once for the whole run.
 *
 * No timers: limits change as answers come back, measured with Date.now(). Waits go in short
 * slices of n8n's `sleep` and end when the execution's cancel signal fires.
 */
import { sleep } from 'n8n-workflow';

export type ConcurrencyMode = 'adaptive' | 'fixed';

/** Requests in flight an adaptive limit starts with (or Concurrency when lower). */
export const START_LIMIT = 8;
/** An answer this many times slower than the best seen, plus the tolerance, counts as queueing. */
const SLOW_FACTOR = 2;
const SLOW_TOLERANCE_MS = 20;
const OVERLOAD_CUT = 0.5;
const SLOW_CUT = 0.75;
/** Longest single sleep while waiting, so a cancelled execution stops waiting promptly. */
const WAIT_SLICE_MS = 200;

/** What an answer says about the platform's load. */
export type Outcome = 'clean' | 'overloaded' | 'neutral';

/** Ends one request's hold on its slot and reports how the platform answered. */
export type Release = (outcome: Outcome) => void;

export class ExecutionCancelledError extends Error {
	constructor() {
		super('The execution was cancelled');
	}
}

/** Waits `ms` in short slices; throws ExecutionCancelledError once `signal` fires. */
export async function pauseFor(ms: number, signal?: AbortSignal): Promise<void> {
	const until = Date.now() + ms;
	for (let left = ms; ; left = until - Date.now()) {
		if (signal?.aborted) throw new ExecutionCancelledError();
		if (left <= 0) return;
		await sleep(Math.min(left, WAIT_SLICE_MS));
	}
}

/** One business key's limit. */
class Limit {
	limit: number;
	inFlight = 0;
	private slowStart = true;
	private bestLatencyMs = Infinity;
	private granted = 0;
	/** Requests granted up to these numbers were sent before the last cut of each kind. */
	private readonly grantedBeforeCut: Record<'overloaded' | 'slow', number> = { overloaded: 0, slow: 0 };

	constructor(
		private readonly ceiling: number,
		private readonly adaptive: boolean,
	) {
		this.limit = adaptive ? Math.min(START_LIMIT, ceiling) : ceiling;
	}

	get hasRoom(): boolean {
		return this.inFlight < Math.floor(this.limit);
	}

	grant(): number {
		this.inFlight++;
		return ++this.granted;
	}

	complete(grantNumber: number, latencyMs: number, outcome: Outcome): void {
		// Grow only while the limit is what holds the requests back, not the work available.
		const limited = this.inFlight >= this.limit / 2;
		this.inFlight--;
		if (!this.adaptive || outcome === 'neutral') return;

		const floor = Math.min(START_LIMIT, this.ceiling);
		const slow = latencyMs > SLOW_FACTOR * this.bestLatencyMs + SLOW_TOLERANCE_MS && this.limit > floor;
		if (outcome === 'overloaded' || slow) {
			// One cut of each kind per round: a slow answer never hides a refusal.
			const kind = outcome === 'overloaded' ? 'overloaded' : 'slow';
			if (grantNumber <= this.grantedBeforeCut[kind]) return;
			this.limit =
				outcome === 'overloaded'
					? Math.max(1, Math.floor(this.limit * OVERLOAD_CUT))
					: // Queueing alone never cuts below the start: a slow platform is not an overloaded one.
						Math.max(floor, Math.floor(this.limit * SLOW_CUT));
			// Slow answers are a soft signal (the node's own CPU adds to them): only refusals and
			// timeouts end the slow start.
			if (outcome === 'overloaded') this.slowStart = false;
			this.grantedBeforeCut[kind] = this.granted;
			return;
		}
		this.bestLatencyMs = Math.min(this.bestLatencyMs, latencyMs);
		if (limited) this.limit = Math.min(this.ceiling, this.limit + (this.slowStart ? 1 : 1 / this.limit));
	}
}

interface Waiter {
	business: string;
	grant: (release: Release) => void;
	refuse: (error: Error) => void;
}

/** The limits of one node run: a request asks for a slot before each attempt and gives it back with its outcome. */
export class RequestLimiter {
	private readonly limits = new Map<string, Limit>();
	private readonly waiting: Waiter[] = [];
	private readonly listeners: Array<() => void> = [];
	private inFlight = 0;

	constructor(
		readonly mode: ConcurrencyMode,
		/** The Concurrency option: no limit and no run ever has more in flight. */
		readonly ceiling: number,
		readonly signal?: AbortSignal,
	) {}

	/** Resolves when a request for `business` may be sent. */
	async acquire(business: string): Promise<Release> {
		if (this.signal?.aborted) throw new ExecutionCancelledError();
		const limit = this.limitFor(business);
		if (this.waiting.length === 0 && this.hasRoom(limit)) return this.grant(limit);
		return await new Promise<Release>((grant, refuse) => this.waiting.push({ business, grant, refuse }));
	}

	/** How many requests the run may have in flight now: what items and page read-ahead plan with. */
	currentLimit(): number {
		if (this.limits.size === 0) return new Limit(this.ceiling, this.mode === 'adaptive').limit;
		let sum = 0;
		for (const limit of this.limits.values()) sum += Math.floor(limit.limit);
		return Math.max(1, Math.min(this.ceiling, sum));
	}

	/** Called after every change of a limit (the item queue starts more items). */
	onChange(listener: () => void): void {
		this.listeners.push(listener);
	}

	private limitFor(business: string): Limit {
		// Fixed mode: one limit for the whole run, whatever the business.
		const key = this.mode === 'fixed' ? '' : business;
		let limit = this.limits.get(key);
		if (!limit) {
			limit = new Limit(this.ceiling, this.mode === 'adaptive');
			this.limits.set(key, limit);
		}
		return limit;
	}

	private hasRoom(limit: Limit): boolean {
		return limit.hasRoom && this.inFlight < this.ceiling;
	}

	private grant(limit: Limit): Release {
		this.inFlight++;
		const grantNumber = limit.grant();
		const sentAt = Date.now();
		let released = false;
		return (outcome) => {
			if (released) return;
			released = true;
			this.inFlight--;
			limit.complete(grantNumber, Date.now() - sentAt, outcome);
			this.wakeWaiting();
			for (const listener of this.listeners) listener();
		};
	}

	private wakeWaiting(): void {
		for (let i = 0; i < this.waiting.length && this.inFlight < this.ceiling; ) {
			const waiter = this.waiting[i];
			if (this.signal?.aborted) {
				this.waiting.splice(i, 1);
				waiter.refuse(new ExecutionCancelledError());
				continue;
			}
			const limit = this.limitFor(waiter.business);
			if (!limit.hasRoom) {
				i++;
				continue;
			}
			this.waiting.splice(i, 1);
			waiter.grant(this.grant(limit));
		}
	}
}
