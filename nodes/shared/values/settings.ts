import type { IDataObject } from 'n8n-workflow';

import { ParameterError } from '../platform/errors';
import { requireInteger } from './parameters';

/**
 * The request settings (in each operation's Options): their defaults and bounds in one place,
 * read by the option descriptions (shown defaults, the panel's min and max) and by the run
 * (when an option is left out, or set by an expression to a value the panel would not take).
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

/**
 * Most requests one node run has on their way at once, unless Concurrency says otherwise:
 * the ceiling of the adaptive limit (rateLimit/runLimiter.ts): at 100 ms of latency, 200 in flight
 * carry 1000 items in five round trips, about 0.5 s of waiting (docs/performance.md has the runs).
 */
export const DEFAULT_CONCURRENCY = 200;

/**
 * The range each numeric request setting accepts, in the unit the panel shows. A value outside
 * it (an expression can give one) fails the run naming the option, before anything is sent:
 * beyond these, a timer misfires (Node cuts a delay above 2^31 ms to 1 ms) or one workflow
 * holds a business's shared limit for hours.
 */
export const REQUEST_SETTING_BOUNDS = {
	/**
	 * Ten minutes at most: longer than any answer worth waiting for, far below a timer's 2^31 ms.
	 * At least 100 ms: each timeout halves the limit every run of the business shares.
	 */
	timeout: { label: 'Timeout (Ms)', min: 100, max: 600_000 },
	concurrency: { label: 'Concurrency', min: 1, max: 1000 },
	maxTries: { label: 'Max Tries', min: 1, max: 10 },
	/** The backoff doubles per try: at most a minute as its base. */
	retryDelay: { label: 'Retry Delay (Ms)', min: 0, max: 60_000 },
	/** One hour. */
	rateLimitWait: { label: 'Rate Limit Wait (Seconds)', min: 1, max: 3600 },
} as const;

type BoundedSetting = keyof typeof REQUEST_SETTING_BOUNDS;

/**
 * A numeric request setting: its default when left out, else a whole number within its
 * bounds (a number, or digits from an expression), else a ParameterError naming the option.
 */
export function boundedSetting(
	options: IDataObject,
	name: BoundedSetting,
	fallback: number,
): number {
	const value = options[name];
	if (value === undefined || value === null || value === '') return fallback;
	const { label, min, max } = REQUEST_SETTING_BOUNDS[name];
	const number = typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;
	if (typeof number !== 'number' || !Number.isInteger(number) || number < min || number > max) {
		const shown = typeof value === 'string' ? JSON.stringify(value.slice(0, 40)) : String(value);
		throw new ParameterError(
			`Options → ${label}`,
			`must be a whole number from ${min} to ${max}, got ${shown}`,
		);
	}
	return number;
}

/** The request settings from a node's Options collection; a missing option takes its default. */
export function requestSettingsOf(options: IDataObject): RequestSettings {
	const defaults = DEFAULT_REQUEST_SETTINGS;
	return {
		...defaults,
		maxTries: boundedSetting(options, 'maxTries', defaults.maxTries),
		timeoutMs: boundedSetting(options, 'timeout', defaults.timeoutMs),
		retryDelayMs: boundedSetting(options, 'retryDelay', defaults.retryDelayMs),
		// In seconds in the Options, as users think of such waits.
		rateLimitWaitMs:
			boundedSetting(options, 'rateLimitWait', defaults.rateLimitWaitMs / 1000) * 1000,
	};
}

/** The Concurrency option, or its default. */
export function concurrencyOf(options: IDataObject): number {
	return boundedSetting(options, 'concurrency', DEFAULT_CONCURRENCY);
}

/** Items asked for per page while a Get Many or the trigger walks a paginator. */
export const DEFAULT_PAGE_SIZE = 100;

/** A Page Size option (`label`: as the error names it): its default when left out, else a whole number of at least 1. */
export function pageSizeOf(options: IDataObject, label: string): number {
	return Number(requireInteger(options.pageSize ?? DEFAULT_PAGE_SIZE, label, { min: 1 }));
}

/** Same-origin redirects a read follows (platformRequest.ts); a platform's own moves need no more. */
export const MAX_REDIRECTS = 3;

/** How one execute() sends its requests: the request settings and the bound on requests in flight. */
export interface NodeRunSettings {
	request: RequestSettings;
	/** Most requests on their way at once (Concurrency). */
	concurrency: number;
	/** `adaptive` (the default) finds the platform's pace up to Concurrency; `fixed` keeps exactly it. */
	concurrencyMode: 'adaptive' | 'fixed';
}

/** The settings of one execute() from its Options; an option out of bounds throws a ParameterError naming it. */
export function nodeRunSettingsOf(options: IDataObject): NodeRunSettings {
	return {
		request: requestSettingsOf(options),
		concurrency: concurrencyOf(options),
		concurrencyMode: options.concurrencyMode === 'fixed' ? 'fixed' : 'adaptive',
	};
}
