import type { IDataObject } from 'n8n-workflow';

import { positiveIntegerOr } from '../node/validation';

/**
 * Default numbers of the request settings (in each operation's Options), in one place: read by the option descriptions
 * (their shown defaults) and by the run (when an option is left out).
 */

export interface RequestSettings {
	/** Attempts per request, the first included. */
	maxTries: number;
	timeoutMs: number;
	/** Base of the exponential backoff between attempts. */
	retryDelayMs: number;
	/** Upper bound for a Retry-After the platform asks for. */
	maxRetryAfterMs: number;
	/** How long one request may keep being refused for rate limits (429, 503 with Retry-After) before its item fails. */
	rateLimitWaitMs: number;
}

export const DEFAULT_REQUEST_SETTINGS: RequestSettings = {
	maxTries: 3,
	timeoutMs: 30_000,
	retryDelayMs: 1_000,
	maxRetryAfterMs: 60_000,
	rateLimitWaitMs: 300_000,
};

/** The request settings from a node's Options collection; a missing or invalid option takes its default. */
export function requestSettingsOf(options: IDataObject): RequestSettings {
	const defaults = DEFAULT_REQUEST_SETTINGS;
	const { retryDelay } = options;
	return {
		...defaults,
		maxTries: positiveIntegerOr(options.maxTries, defaults.maxTries),
		timeoutMs: positiveIntegerOr(options.timeout, defaults.timeoutMs),
		retryDelayMs:
			typeof retryDelay === 'number' && retryDelay >= 0 ? retryDelay : defaults.retryDelayMs,
		// In seconds in the Options, as users think of such waits.
		rateLimitWaitMs:
			positiveIntegerOr(options.rateLimitWait, defaults.rateLimitWaitMs / 1000) * 1000,
	};
}

/** The Concurrency option, or its default. */
export function concurrencyOf(options: IDataObject): number {
	return positiveIntegerOr(options.concurrency, DEFAULT_CONCURRENCY);
}

/**
 * Most requests one node run has on their way at once, unless Concurrency says otherwise:
 * the ceiling of the adaptive limit (limiter.ts), high enough for 1000 items at 100 ms
 * latency in about 2.5 s.
 */
export const DEFAULT_CONCURRENCY = 200;

/** Items asked for per page while a Get Many walks a paginator. */
export const DEFAULT_PAGE_SIZE = 100;

/** Same-origin redirects a read follows (platformRequest.ts); a platform's own moves need no more. */
export const MAX_REDIRECTS = 3;
