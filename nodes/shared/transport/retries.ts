/**
 * When a failed request is tried again, and how long to wait first. Which failures may be
 * retried depends on the endpoint's retry class (endpoints.ts): a create is repeated
 * only when the platform surely did not act on it.
 */
import type { IDataObject } from 'n8n-workflow';

import type { RequestSettings } from '../values/settings';
import type { Attempt } from '../platform/attempt';
import type { RetryClass } from '../platform/endpoints';

/** Network failures where the request never reached the platform. */
const NETWORK_CODES_NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);

export function networkFailure(error: unknown): Attempt {
	let code = '';
	for (const current of causeChain(error)) {
		if (typeof current.code === 'string' && /^E[A-Z_]+$/.test(current.code)) {
			code = current.code;
			break;
		}
	}
	const message = error instanceof Error ? error.message : String(error);
	if (!code && /timeout/i.test(message)) code = 'ETIMEDOUT';
	return { kind: 'network', code: code || 'ENETWORK', message };
}

/** An error and its causes, outermost first (n8n and the HTTP client wrap errors in others). */
export function* causeChain(
	error: unknown,
): Generator<{ name?: unknown; code?: unknown; message?: unknown; cause?: unknown }> {
	const seen = new Set<unknown>();
	let current = error as { cause?: unknown } | undefined;
	while (current && typeof current === 'object' && !seen.has(current)) {
		seen.add(current);
		yield current;
		current = current.cause as typeof current;
	}
}

/** Retry-After (seconds or an HTTP date) in ms, not capped; undefined when absent or unreadable. */
export function retryAfterMs(headers: IDataObject): number | undefined {
	const raw = headers['retry-after'];
	if (raw === undefined || raw === null || raw === '') return undefined;
	const seconds = Number(raw);
	const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(String(raw)) - Date.now();
	return Number.isFinite(ms) ? Math.max(ms, 0) : undefined;
}

/**
 * Whether the platform asked to wait longer than the node waits (its longest accepted
 * Retry-After): waiting would stall the workflow, and retrying sooner would be refused again.
 */
export function retryAfterTooLong(
	settings: RequestSettings,
	retryAfter: number | undefined,
): boolean {
	return retryAfter !== undefined && retryAfter > settings.maxRetryAfterMs;
}

/**
 * A refusal for the platform's rate limit (429, or 503 with Retry-After): nothing was carried
 * out, so it is waited out (Rate Limit Wait) instead of counting as a try.
 */
export function isRefusal(attempt: Attempt, retryAfter: number | undefined): boolean {
	if (attempt.kind !== 'response') return false;
	return attempt.statusCode === 429 || (attempt.statusCode === 503 && retryAfter !== undefined);
}

/** Whether the platform surely did not act on the request that failed this way. */
function surelyNotActedOn(attempt: Attempt, retryAfter: number | undefined): boolean {
	if (attempt.kind === 'network') return NETWORK_CODES_NOT_SENT.has(attempt.code);
	return isRefusal(attempt, retryAfter);
}

export function isRetryable(
	retry: RetryClass,
	attempt: Attempt,
	retryAfter: number | undefined,
): boolean {
	if (retry === 'create') return surelyNotActedOn(attempt, retryAfter);
	if (attempt.kind === 'network') return true;
	return attempt.statusCode === 429 || attempt.statusCode >= 500;
}

/**
 * Whether a failed create may still have been carried out: the request reached the
 * platform and the answer (a 5xx, a broken or missing body, no answer) does not say.
 */
export function mayHaveActed(
	retry: RetryClass,
	attempt: Attempt,
	retryAfter: number | undefined,
): boolean {
	if (retry !== 'create' || surelyNotActedOn(attempt, retryAfter)) return false;
	return attempt.kind === 'network' || attempt.statusCode >= 500 || attempt.statusCode < 300;
}

/** The pause after a first refusal without Retry-After; it doubles with each further refusal of the request. */
export const REFUSAL_BACKOFF_MS = 1_000;
/** The shortest pause after a first refusal, a "Retry-After: 0" included; it doubles likewise. */
export const REFUSAL_FLOOR_MS = 100;

/**
 * The pause after the n-th refusal (429, 503 with Retry-After) of one request, which every
 * request of that business waits out: the platform's Retry-After, else a fixed backoff from
 * REFUSAL_BACKOFF_MS; never below a floor that doubles per refusal (a platform answering
 * "Retry-After: 0" again and again is not asked in a tight loop) and never above `maxMs`, the
 * longest Retry-After accepted. No option changes it: Retry Delay is one workflow's choice,
 * and this pause holds every workflow of the business.
 */
export function refusalPause(
	refusalNumber: number,
	retryAfter: number | undefined,
	maxMs: number,
): number {
	const growth = 2 ** Math.min(refusalNumber - 1, 20);
	const floor = Math.min(REFUSAL_FLOOR_MS * growth, maxMs);
	return Math.max(retryAfter ?? Math.min(REFUSAL_BACKOFF_MS * growth, maxMs), floor);
}

/** The wait before try `attemptNumber + 1`: Retry Delay doubling per try, jittered, at most `settings.maxRetryAfterMs`. */
export function backoffDelay(settings: RequestSettings, attemptNumber: number): number {
	const ceiling = Math.min(
		settings.retryDelayMs * 2 ** Math.min(attemptNumber - 1, 20),
		settings.maxRetryAfterMs,
	);
	return Math.round(ceiling / 2 + (Math.random() * ceiling) / 2);
}
