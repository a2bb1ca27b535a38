/**
 * One limit of requests in flight and one pace, for one platform base URL and business key
 * (rate limits follow the key), shared by every execution in this process
 * (sharedLimitTable.ts). How it adapts, and why each constant has its value:
 * docs/performance.md, "How the adaptive limit and pace work".
 *
 * No timers: limits change as answers come back, measured with Date.now().
 */
import { DEFAULT_REQUEST_SETTINGS } from '../../values/settings';

/** The fewest requests in flight an adaptive limit starts with (or Concurrency when lower). */
const MIN_START_LIMIT = 8;

/**
 * Requests in flight an adaptive limit starts with: half the ceiling. At the default (200)
 * that covers a round trip of a platform 100 ms away: n8n prepares a request in about 1.2 ms
 * of CPU, so about 80 go out before the first answer, and a quarter (50) left n8n idle for
 * part of the first round (docs/performance.md). Whoever lowers Concurrency for a fragile
 * platform gets a gentler start too. A start above what the platform takes costs one round of
 * refusals (never acted on, so retried) and one shared pause; after it the pace and the halved
 * limit hold.
 */
export function startLimit(ceiling: number): number {
	return Math.min(ceiling, Math.max(MIN_START_LIMIT, Math.round(ceiling / 2)));
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
/** What an answer says about the platform's load. */
export type Outcome = 'clean' | 'overloaded' | 'neutral';

/** One base URL and business key's limit and pace. */
export class Limit {
	limit: number;
	/** Requests of every run in flight, Fixed mode's included. */
	inFlight = 0;
	private slowStart = true;
	/** The fastest clean answer seen: the platform's latency without queueing. */
	private baselineMs = Infinity;
	private granted = 0;
	/** Answers to requests granted up to this number were sent before the last cut: they say nothing about the new limit. */
	private grantedBeforeCut = 0;
	/**
	 * The same for the last cut on a refusal or timeout. Only that cut answers for its round's
	 * other refusals: a milder cut on slow answers since does not, or the timeouts of requests
	 * sent before it, which come late, would never cut.
	 */
	private grantedBeforeOverloadCut = 0;
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
	/** The pace's next turn (Date.now()): no adaptive run's request goes before it. */
	private nextSendAt = 0;
	/** Since when, and how many, answers were accepted: the platform's rate, read at its next refusal. */
	private acceptedSince = Date.now();
	private accepted = 0;

	/** Where the limit starts, and the lowest that slow answers alone cut it to. */
	private readonly start: number;

	/** The highest Concurrency of the runs using it: a run's own Concurrency bounds that run. */
	private ceiling: number;
	/** No request goes before this time (Date.now()): the pause the platform asked for after a refusal. */
	private pausedUntil = 0;

	constructor(ceiling: number) {
		this.ceiling = ceiling;
		this.start = startLimit(ceiling);
		this.limit = this.start;
	}

	/** A run with a higher Concurrency joined: the limit may grow up to it. */
	raiseCeiling(ceiling: number): void {
		this.ceiling = Math.max(this.ceiling, ceiling);
	}

	get hasSlot(): boolean {
		return this.inFlight < Math.floor(this.limit);
	}

	/** Until when the pause or the pace holds requests back (Date.now()): the limit must be kept until then. */
	get heldUntil(): number {
		return Math.max(this.pausedUntil, this.nextSendAt);
	}

	/** Holds every request until `at` (a Retry-After, or the backoff after a 429 without one). */
	pauseUntil(at: number): void {
		this.pausedUntil = Math.max(this.pausedUntil, at);
	}

	/** When the next request may go: after the pause, and for adaptive runs after the pace's spacing. */
	sendableAt(adaptive: boolean): number {
		return adaptive ? Math.max(this.pausedUntil, this.nextSendAt) : this.pausedUntil;
	}

	/** Takes a slot; an adaptive run's request also takes its turn in the pace. */
	grant(now: number, adaptive: boolean): number {
		this.inFlight++;
		// Spaced from the previous send, or from now when idle: a pace saves up no burst.
		if (adaptive && this.rate !== Infinity)
			this.nextSendAt = Math.max(now, this.nextSendAt) + 1000 / this.rate;
		return ++this.granted;
	}

	/** Gives a slot back; an adaptive run's answer adapts the limit and the pace. */
	complete(
		grantNumber: number,
		latencyMs: number,
		outcome: Outcome,
		retryAfterMs: number | undefined,
		adaptive: boolean,
	): void {
		// Grow only while the limit is what holds the requests back, not the work available.
		const limited = this.inFlight >= this.limit / 2;
		this.inFlight--;
		if (!adaptive || outcome === 'neutral') return;
		if (outcome === 'overloaded') {
			// One cut per round: refusals of requests sent before the last such cut do not cut again.
			if (grantNumber <= this.grantedBeforeOverloadCut) return;
			// Retry-After: 0 asks for an immediate retry, no window to read a rate over.
			if (retryAfterMs !== undefined && retryAfterMs >= 1000) this.pace(retryAfterMs);
			this.cut(OVERLOAD_CUT, 1);
			this.grantedBeforeOverloadCut = this.granted;
			this.slowStart = false;
			return;
		}

		this.accepted++;
		if (this.rate !== Infinity) this.rate += this.rateSlowStart ? 1 : RATE_PROBE;
		this.baselineMs = Math.min(this.baselineMs, latencyMs);
		if (grantNumber > this.grantedBeforeCut && this.closeWindow(latencyMs)) return;
		if (limited && !this.queueing)
			this.limit = Math.min(this.ceiling, this.limit + (this.slowStart ? 1 : 1 / this.limit));
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
		this.queueing =
			this.windowMin > SLOW_FACTOR * this.baselineMs + SLOW_TOLERANCE_MS + ownQueueing;
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
		const estimate =
			(1000 * this.accepted) / (Math.max(0, now - this.acceptedSince) + retryAfterMs);
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
