// @ts-check
'use strict';

/**
 * The sandbox pushing back like a real platform: a token bucket per business key, an
 * optional cap on requests in flight, latency jitter, and the measurements tests read.
 * The rules are in sandbox/README.md ("Rate limits and latency").
 */

const JITTER_SEED = 0x1a7e;
const NO_BUSINESS = '(none)';

/**
 * @typedef {object} RateLimit
 * @property {number} rate                requests per second per business key
 * @property {number} [burst]             bucket size; default rate rounded up, at least 1
 * @property {number} [maxInFlight]       requests of one business key in the sandbox at once
 * @property {429 | 503} [inFlightStatus] status for a request over maxInFlight; default 429
 *
 * @typedef {object} PushbackOptions
 * @property {RateLimit | null} [rateLimit]  null or absent: no limit
 * @property {number} [jitterMs]             extra latency drawn in [0, jitterMs)
 *
 * @typedef {{ status: number, retryAfter: number, body: any }} Refusal
 */

/** Deterministic PRNG (mulberry32), its own so jitter does not shift the fault ratios. @param {number} seed */
function prng(seed) {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let x = Math.imul(a ^ (a >>> 15), 1 | a);
		x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
		return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
	};
}

/** @param {RateLimit | null | undefined} limit @returns {Required<RateLimit> | null} */
function checkRateLimit(limit) {
	if (!limit) return null;
	const { rate } = limit;
	if (!(typeof rate === 'number' && rate > 0 && Number.isFinite(rate)))
		throw new Error('rateLimit.rate must be a number > 0');
	const burst = limit.burst ?? Math.max(1, Math.ceil(rate));
	if (!(burst >= 1)) throw new Error('rateLimit.burst must be at least 1');
	const maxInFlight = limit.maxInFlight ?? Infinity;
	if (!(maxInFlight >= 1)) throw new Error('rateLimit.maxInFlight must be at least 1');
	const inFlightStatus = limit.inFlightStatus ?? 429;
	if (inFlightStatus !== 429 && inFlightStatus !== 503)
		throw new Error('rateLimit.inFlightStatus must be 429 or 503');
	return { rate, burst, maxInFlight, inFlightStatus };
}

function emptyStats() {
	return {
		/** The most requests of any kind in the sandbox at once. */
		maxInFlight: 0,
		/** The most request body bytes in the sandbox at once: bodies read and not yet answered. */
		maxBodyBytesInFlight: 0,
		/** @type {Record<string, number>} the most requests of one business key at once */
		maxInFlightByBusiness: {},
		/** @type {Record<number, number>} refusals by status */
		refused: {},
		/** Requests that passed the limits. */
		admitted: 0,
	};
}

/** @param {PushbackOptions} [initial] */
function createPushback(initial = {}) {
	/** @type {Required<RateLimit> | null} */
	let limit = null;
	let jitterMs = 0;
	let random = prng(JITTER_SEED);
	/** @type {Map<string, { tokens: number, at: number }>} */
	let buckets = new Map();
	/** @type {Map<string, number>} */
	const inFlight = new Map();
	let totalInFlight = 0;
	let bodyBytesInFlight = 0;
	let stats = emptyStats();

	/** @param {PushbackOptions} options */
	function configure(options) {
		if ('rateLimit' in options) {
			limit = checkRateLimit(options.rateLimit);
			buckets = new Map();
		}
		if (options.jitterMs !== undefined) {
			if (!(options.jitterMs >= 0)) throw new Error('jitterMs must be >= 0');
			jitterMs = options.jitterMs;
		}
	}
	configure(initial);

	/** Takes a token from the business's bucket, or says how many whole seconds until one is back. @param {string} key */
	function takeToken(key) {
		if (!limit) return 0;
		const now = Date.now();
		const bucket = buckets.get(key) ?? { tokens: limit.burst, at: now };
		bucket.tokens = Math.min(limit.burst, bucket.tokens + ((now - bucket.at) / 1000) * limit.rate);
		bucket.at = now;
		buckets.set(key, bucket);
		if (bucket.tokens >= 1) {
			bucket.tokens -= 1;
			return 0;
		}
		return Math.max(1, Math.ceil((1 - bucket.tokens) / limit.rate));
	}

	return {
		configure,
		get stats() {
			return stats;
		},

		/**
		 * Counts a request from its arrival until its answer ends (`res` closes), for any request.
		 * @param {import('node:http').ServerResponse} res
		 */
		arrived(res) {
			totalInFlight++;
			stats.maxInFlight = Math.max(stats.maxInFlight, totalInFlight);
			res.once('close', () => totalInFlight--);
		},

		/**
		 * Counts a request's body bytes from when it has been read until its answer ends.
		 * @param {import('node:http').ServerResponse} res @param {number} bytes
		 */
		bodyRead(res, bytes) {
			bodyBytesInFlight += bytes;
			stats.maxBodyBytesInFlight = Math.max(stats.maxBodyBytesInFlight, bodyBytesInFlight);
			res.once('close', () => (bodyBytesInFlight -= bytes));
		},

		/**
		 * Decides on a routed request: a refusal, or nothing; and the jitter to wait either way.
		 * @param {string | null} business
		 * @param {import('node:http').ServerResponse} res
		 * @returns {{ refusal?: Refusal, jitterMs: number }}
		 */
		admit(business, res) {
			const key = business ?? NO_BUSINESS;
			const jitter = jitterMs > 0 ? random() * jitterMs : 0;
			const current = inFlight.get(key) ?? 0;
			if (limit && current >= limit.maxInFlight) {
				const status = limit.inFlightStatus;
				stats.refused[status] = (stats.refused[status] ?? 0) + 1;
				const message = status === 429 ? 'Too Many Attempts.' : 'Service Unavailable';
				return {
					refusal: { status, retryAfter: 1, body: { status: false, message } },
					jitterMs: jitter,
				};
			}
			const retryAfter = takeToken(key);
			if (retryAfter > 0) {
				stats.refused[429] = (stats.refused[429] ?? 0) + 1;
				return {
					refusal: {
						status: 429,
						retryAfter,
						body: { status: false, message: 'Too Many Attempts.' },
					},
					jitterMs: jitter,
				};
			}
			stats.admitted++;
			inFlight.set(key, current + 1);
			stats.maxInFlightByBusiness[key] = Math.max(
				stats.maxInFlightByBusiness[key] ?? 0,
				current + 1,
			);
			res.once('close', () => inFlight.set(key, (inFlight.get(key) ?? 1) - 1));
			return { jitterMs: jitter };
		},

		/** Clears the measurements, refills every bucket and restarts the jitter sequence; the settings stay. */
		reset() {
			stats = emptyStats();
			buckets = new Map();
			random = prng(JITTER_SEED);
		},
	};
}

/** @typedef {ReturnType<typeof createPushback>} Pushback */

module.exports = { createPushback };
