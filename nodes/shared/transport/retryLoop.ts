/**
 * The one retry loop, of every request (platformRequest.ts) and of the login (userToken.ts):
 * which failure is tried again is the caller's (retries.ts, by retry class); how often, how
 * long it waits and when it gives up is the loop's, under the run's own settings:
 * - a refusal for the platform's rate limit (429, or 503 with Retry-After) was never acted on:
 *   not a try; the item keeps waiting while Rate Limit Wait, counted from its first refusal,
 *   allows. Each refusal's pause (retries.ts refusalPause) holds either every request of the
 *   business (a request: its slot took the pause to the shared limit) or the caller alone (the
 *   login, which holds no slot: the loop waits it out here);
 * - another failure its retry class allows is tried again within Max Tries, after the
 *   platform's Retry-After or Retry Delay's backoff;
 * - a Retry-After longer than the node accepts ends the loop at once.
 * Every pause is waits.ts's: Stop ends it with ExecutionCancelledError.
 */
import { backoffDelay, refusalPause, retryAfterTooLong } from './retries';
import type { PlatformRun } from './run';
import { pauseFor } from './waits';

/** How a try failed, as the loop judges it. */
export interface FailedTry {
	/** The platform's Retry-After in ms, as asked (not capped). */
	retryAfter?: number;
	/** A refusal for the rate limit (retries.ts isRefusal): never acted on. */
	refusal: boolean;
	/** Its retry class lets it be tried again. */
	retryable: boolean;
	/** No answer came (else a server error): what the run's activity counts. */
	noAnswer: boolean;
	/** The refusal's HTTP code, for the run's activity (429 when left out). */
	statusCode?: number;
	/** When the try went out (Date.now()): Rate Limit Wait counts from the first refusal's. */
	sentAt: number;
}

/** What one try ended with: a result, a try again at once (not counted), or a failure and what it was. */
export type TryEnd<Result, Failure> =
	| { done: Result }
	| { again: true }
	| { failed: Failure; how: FailedTry };

/** What a try knows of the loop. */
export interface Retrying {
	/** The pause, should this try be refused after Retry-After `retryAfter` (retries.ts refusalPause). */
	refusalPause(retryAfter: number | undefined): number;
}

/** Why the loop gave up on a failure. */
export type GiveUpReason =
	/** Refused past Rate Limit Wait. */
	| 'rateLimitWait'
	/** The platform asked to wait longer than the node waits before a try that was allowed. */
	| 'retryAfterTooLong'
	/** Its retry class allows no further try, or Max Tries is reached. */
	| 'final';

export interface GaveUp<Failure> {
	failed: Failure;
	how: FailedTry;
	why: GiveUpReason;
	/** Tries counted under Max Tries, the last included. */
	tries: number;
	/** Everything sent, refusals included. */
	sent: number;
}

export interface RetryLoopOptions {
	/** The loop waits out each refusal's pause itself; else the shared limit holds the next try. */
	waitsOutRefusals: boolean;
}

/**
 * Runs `tryOnce` until it is done or the loop gives up: the last try's result, or why it gave
 * up. Throws what a try throws, and ExecutionCancelledError on Stop during a pause.
 */
export async function withRetries<Result, Failure>(
	run: PlatformRun,
	{ waitsOutRefusals }: RetryLoopOptions,
	tryOnce: (retrying: Retrying) => Promise<TryEnd<Result, Failure>>,
): Promise<{ done: Result } | GaveUp<Failure>> {
	const { settings, activity } = run;
	/** When the first refused try went out. */
	let refusedSince: number | undefined;
	let refusals = 0;
	const retrying: Retrying = {
		refusalPause: (retryAfter) => refusalPause(refusals + 1, retryAfter, settings.maxRetryAfterMs),
	};
	for (let tries = 1; ; ) {
		const end = await tryOnce(retrying);
		if ('done' in end) return end;
		if ('again' in end) continue;
		const { failed, how } = end;
		const tooLong = retryAfterTooLong(settings, how.retryAfter);
		if (how.refusal && !tooLong) {
			const pauseMs = retrying.refusalPause(how.retryAfter);
			refusals++;
			refusedSince ??= how.sentAt;
			const withinWait = Date.now() + pauseMs - refusedSince <= settings.rateLimitWaitMs;
			// A pause the shared limit took holds the business whether or not this item waits on.
			if (withinWait || !waitsOutRefusals) activity.refused(pauseMs, how.statusCode);
			if (!withinWait) {
				return { failed, how, why: 'rateLimitWait', tries, sent: tries + refusals - 1 };
			}
			if (waitsOutRefusals) await pauseFor(pauseMs, run.cancelSignal);
			continue;
		}
		const retryable = tries < settings.maxTries && how.retryable;
		if (!retryable || tooLong) {
			const why = retryable ? 'retryAfterTooLong' : 'final';
			return { failed, how, why, tries, sent: tries + refusals };
		}
		activity.retried(how.noAnswer ? 'noAnswer' : 'serverError');
		await pauseFor(how.retryAfter ?? backoffDelay(settings, tries), run.cancelSignal);
		tries++;
	}
}
