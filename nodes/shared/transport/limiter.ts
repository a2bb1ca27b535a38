/**
 * How many requests one node run keeps on their way to the platform.
 *
 * Adaptive (the default): one limit per business key (rate limits follow the key), as TCP
 * congestion control and Netflix's concurrency-limits do it:
 * - Start at a quarter of Concurrency, at least MIN_START_LIMIT (startLimit). Slow start: +1
 *   per clean answer while the limit is what holds requests back (at least half of it in
 *   flight), so it doubles per round of answers; after the first refusal, +1 per round
 *   (additive increase).
 * - 429, 503 or a timeout: halve (OVERLOAD_CUT, at least 1) and end the slow start, at most
 *   once per round: answers to requests granted before the last cut never cut again.
 * - Latency, read so that noise and the node's own CPU do not cut: the baseline is the
 *   fastest clean answer of the run; answers are judged in windows of one round (the current
 *   limit, at least MIN_WINDOW answers) by the window's fastest answer. A window is slow when
 *   that answer took over SLOW_FACTOR x baseline + SLOW_TOLERANCE_MS + limit x
 *   CLIENT_MS_PER_REQUEST (the queueing n8n's own CPU causes, measured: answers of a round
 *   are handled one after another and the next round goes out after them): then the limit holds
 *   (no growth). SLOW_WINDOWS slow windows in a row cut it by SLOW_CUT, never below the
 *   start. When every answer of a round is that slow, something queues (the platform, or
 *   this process's CPU when it has more in flight than it can handle): the throughput is
 *   already at its bound, so holding or cutting a quarter loses none of it, while a single
 *   slow answer (a GC pause, a busy machine) decides nothing. Latency is measured from the
 *   hand-over to n8n's HTTP helper, after the request's body (files) is built.
 * - A refusal with a Retry-After of a second or more also paces the key: a concurrency limit
 *   cannot bound the rate when answers are fast (a slot comes back in a millisecond), so every
 *   pause would let the whole queue rush in again, and an item refused Max Tries times fails.
 *   From then on requests are spaced to the rate the platform took: the answers it accepted
 *   since the last pause, over that time plus the Retry-After (a token bucket's burst and
 *   refill, a fixed window's quota per window). The rate grows by one request/s per accepted
 *   answer (more than doubling each second) until the second such refusal, then by an eighth
 *   each second; a later refusal sets it to the estimate again, between half the pace and the
 *   pace. A refusal before anything was accepted since the last pause sets no pace.
 * The Concurrency option is the ceiling of every limit and of the run's total.
 * Fixed: exactly Concurrency at once for the whole run, not paced (the shared pause still holds).
 *
 * No timers: limits change as answers come back, measured with Date.now(). Waits go in short
 * slices of n8n's `sleep` and end when the execution's cancel signal fires.
 */
import { sleep } from 'n8n-workflow';

import { DEFAULT_REQUEST_SETTINGS } from './settings';

export type ConcurrencyMode = 'adaptive' | 'fixed';

/** The fewest requests in flight an adaptive limit starts with (or Concurrency when lower). */
const MIN_START_LIMIT = 8;

/**
 * Requests in flight an adaptive limit starts with: a quarter of the ceiling, so that the
 * default (200) reaches it in two doublings, not five (measured: from 8, the first ~250 of
 * 1000 items at 100 ms took five round trips while n8n's CPU idled, 1.18x the HTTP Request
 * node), while whoever lowers Concurrency for a fragile platform gets a gentler start too.
 * A start above what the platform takes costs one round of refusals (never acted on, so
 * retried) and one shared pause; after it the pace and the halved limit hold.
 */
export function startLimit(ceiling: number): number {
	return Math.min(ceiling, Math.max(MIN_START_LIMIT, Math.round(ceiling / 4)));
}

/** Requests in flight a limit allows before its first answer: Fixed mode is at its ceiling from the start. */
function initialLimit(ceiling: number, adaptive: boolean): number {
	return adaptive ? startLimit(ceiling) : ceiling;
}

/** A window whose fastest answer is this many times slower than the baseline, plus the tolerance, is slow. */
const SLOW_FACTOR = 2;
const SLOW_TOLERANCE_MS = 20;
/**
 * What n8n's own CPU may add per request in flight: answers that arrive together are handled
 * one after another, and the next requests go out only after them, so a node run with L in
 * flight sees up to about L x this on every answer even from an idle platform. Only a rise
 * beyond it is the platform's.
 */
const CLIENT_MS_PER_REQUEST = 4;
/** Fewest answers a latency window holds, so that small limits are not judged on one or two answers. */
const MIN_WINDOW = 8;
/** Slow windows in a row before the limit is cut: a rise must last two rounds. */
const SLOW_WINDOWS = 2;
const OVERLOAD_CUT = 0.5;
/**
 * The slowest pace, requests/s: one per longest Retry-After the node waits for (a minute), so
 * that no request waits longer for its turn than the node would wait for the platform.
 */
const MIN_RATE = 1000 / DEFAULT_REQUEST_SETTINGS.maxRetryAfterMs;
/** Requests/s a pace grows by per accepted answer after its slow start: an eighth more each second. */
const RATE_PROBE = 1 / 8;
const SLOW_CUT = 0.75;
/** Longest single sleep while waiting, so a cancelled execution stops waiting promptly. */
const WAIT_SLICE_MS = 200;

/** What an answer says about the platform's load. */
export type Outcome = 'clean' | 'overloaded' | 'neutral';

/**
 * Ends one request's hold on its slot and reports how the platform answered; `sentAt`
 * (Date.now() when the request was handed to the HTTP helper) times the answer, else the
 * grant; `retryAfterMs`: the refusal's Retry-After, when the run pauses for it.
 */
export type Release = (outcome: Outcome, sentAt?: number, retryAfterMs?: number) => void;

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
	/** The fastest clean answer of the run: the platform's latency without queueing. */
	private baselineMs = Infinity;
	private granted = 0;
	/** Answers to requests granted up to this number were sent before the last cut: they say nothing about the new limit. */
	private grantedBeforeCut = 0;
	/** The window of clean answers being collected, and how many windows in a row were slow. */
	private windowMin = Infinity;
	private windowAnswers = 0;
	private windowSize = MIN_WINDOW;
	private slowWindows = 0;
	/** The last whole window was slow: hold the limit (queueing somewhere, growing would not help). */
	private queueing = false;
	/** Requests per second this key is paced to; Infinity until the first refusal with a Retry-After. */
	private rate = Infinity;
	private rateSlowStart = true;
	/** No request of this key goes before this time (Date.now()): the pause, then the pace. */
	nextSendAt = 0;
	/** Since when, and how many, answers were accepted: the platform's rate, read at its next refusal. */
	private acceptedSince = Date.now();
	private accepted = 0;

	/** Where the limit starts, and the lowest that slow answers alone cut it to. */
	private readonly start: number;

	constructor(
		private readonly ceiling: number,
		private readonly adaptive: boolean,
	) {
		this.start = startLimit(ceiling);
		this.limit = initialLimit(ceiling, adaptive);
	}

	get hasSlot(): boolean {
		return this.inFlight < Math.floor(this.limit);
	}

	grant(now: number): number {
		this.inFlight++;
		// Spaced from the previous send, or from now when idle: a pace saves up no burst.
		if (this.rate !== Infinity) this.nextSendAt = Math.max(now, this.nextSendAt) + 1000 / this.rate;
		return ++this.granted;
	}

	complete(grantNumber: number, latencyMs: number, outcome: Outcome, retryAfterMs: number | undefined): void {
		// Grow only while the limit is what holds the requests back, not the work available.
		const limited = this.inFlight >= this.limit / 2;
		this.inFlight--;
		if (!this.adaptive || outcome === 'neutral') return;
		const afterCut = grantNumber > this.grantedBeforeCut;

		if (outcome === 'overloaded') {
			// One cut per round: refusals of requests sent before the last cut do not cut again.
			if (!afterCut) return;
			// Retry-After: 0 asks for an immediate retry, no window to read a rate over.
			if (retryAfterMs !== undefined && retryAfterMs >= 1000) this.pace(retryAfterMs);
			this.cut(OVERLOAD_CUT, 1);
			this.slowStart = false;
			return;
		}

		this.accepted++;
		if (this.rate !== Infinity) this.rate += this.rateSlowStart ? 1 : RATE_PROBE;
		this.baselineMs = Math.min(this.baselineMs, latencyMs);
		if (afterCut && this.closeWindow(latencyMs)) return;
		if (limited && !this.queueing) this.limit = Math.min(this.ceiling, this.limit + (this.slowStart ? 1 : 1 / this.limit));
	}

	/**
	 * Adds an answer to the window; at its end, judges it by its fastest answer (one lucky or
	 * unlucky answer decides nothing) and cuts after SLOW_WINDOWS slow windows in a row.
	 * Returns true when it cut.
	 */
	private closeWindow(latencyMs: number): boolean {
		// A window is one round at the limit it began with: a limit growing in slow start would never let it close.
		if (this.windowAnswers === 0) this.windowSize = Math.max(MIN_WINDOW, Math.floor(this.limit));
		this.windowMin = Math.min(this.windowMin, latencyMs);
		if (++this.windowAnswers < this.windowSize) return false;
		const ownQueueing = Math.floor(this.limit) * CLIENT_MS_PER_REQUEST;
		this.queueing = this.windowMin > SLOW_FACTOR * this.baselineMs + SLOW_TOLERANCE_MS + ownQueueing;
		this.slowWindows = this.queueing ? this.slowWindows + 1 : 0;
		this.windowMin = Infinity;
		this.windowAnswers = 0;
		if (this.slowWindows < SLOW_WINDOWS || this.limit <= this.start) return false;
		// Queueing alone never cuts below the start: a slow platform is not an overloaded one.
		this.cut(SLOW_CUT, this.start);
		return true;
	}

	/** Sets the pace from what the platform accepted before refusing, and holds this key until its Retry-After has passed. */
	private pace(retryAfterMs: number): void {
		const now = Date.now();
		const estimate = (1000 * this.accepted) / (Math.max(0, now - this.acceptedSince) + retryAfterMs);
		// Refused before anything was accepted since the last pause says nothing of a rate (a
		// fault, another client's use, a pause too short): the pause alone holds then.
		if (this.accepted > 0 && this.rate === Infinity) {
			// Never slower than MIN_RATE: a few answers accepted over a long run would otherwise space requests for minutes.
			this.rate = Math.max(estimate, MIN_RATE);
		} else if (this.accepted > 0) {
			// Refused while paced: the estimate, but never above that pace nor below half of it.
			this.rate = Math.max(this.rate * OVERLOAD_CUT, Math.min(estimate, this.rate), MIN_RATE);
			this.rateSlowStart = false;
		}
		this.acceptedSince = now + retryAfterMs;
		this.accepted = 0;
		this.nextSendAt = Math.max(this.nextSendAt, this.acceptedSince);
	}

	private cut(factor: number, floor: number): void {
		this.limit = Math.max(floor, Math.floor(this.limit * factor));
		this.grantedBeforeCut = this.granted;
		this.windowMin = Infinity;
		this.windowAnswers = 0;
		this.slowWindows = 0;
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
	/** When the planned wake-up for requests held by a pace fires (Infinity: none planned). */
	private wakeAt = Infinity;

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
		const granted = new Promise<Release>((grant, refuse) => this.waiting.push({ business, grant, refuse }));
		// Held only by a pace, nothing in flight would wake it: plan the wake-up now.
		this.wakeWaiting();
		return await granted;
	}

	/** How many requests the run may have in flight now: what items and page read-ahead plan with. */
	currentLimit(): number {
		if (this.limits.size === 0) return initialLimit(this.ceiling, this.mode === 'adaptive');
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
		return limit.hasSlot && limit.nextSendAt <= Date.now() && this.inFlight < this.ceiling;
	}

	private grant(limit: Limit): Release {
		this.inFlight++;
		const grantedAt = Date.now();
		const grantNumber = limit.grant(grantedAt);
		let released = false;
		return (outcome, sentAt = grantedAt, retryAfterMs = undefined) => {
			if (released) return;
			released = true;
			this.inFlight--;
			limit.complete(grantNumber, Date.now() - sentAt, outcome, retryAfterMs);
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
			if (!limit.hasSlot) {
				i++;
				continue;
			}
			if (limit.nextSendAt > Date.now()) {
				this.planWake(limit.nextSendAt);
				i++;
				continue;
			}
			this.waiting.splice(i, 1);
			waiter.grant(this.grant(limit));
		}
	}

	/** Wakes the waiting requests at `at`, in slices so that a cancelled execution is seen promptly. */
	private planWake(at: number): void {
		if (at >= this.wakeAt) return;
		this.wakeAt = at;
		void sleep(Math.max(0, Math.min(at - Date.now(), WAIT_SLICE_MS))).then(() => {
			if (this.wakeAt === at) this.wakeAt = Infinity;
			this.wakeWaiting();
		});
	}
}
