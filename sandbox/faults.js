// @ts-check
'use strict';

/**
 * Fault injection: a queue of faults that matching requests take (by operation, a number
 * of times or a seeded share of them), and the answer each fault gives instead of the
 * operation's own: an HTTP error with the platform's body, Retry-After, malformed JSON, an
 * HTML page, an empty body, HTTP 200 with the failure envelope, or a socket closed without
 * an answer. A fault may also only delay the request (`delayMs`) or act first (`actFirst`).
 */

const http = require('node:http');

const PRNG_SEED = 0x5eed;

/**
 * @typedef {object} Fault
 * @property {string} [operation]             'createSkill', 'listCategories', ... or '*' (default '*'); matches routed requests only
 * @property {number} [times]                 default 1; Infinity for every matching request
 * @property {number} [status]
 * @property {number | string} [retryAfter]   sets Retry-After (alone: a 429)
 * @property {any} [body]                     JSON value, or a string sent as is
 * @property {string} [contentType]
 * @property {number} [delayMs]               added delay; alone it only slows the request down
 * @property {Promise<unknown>} [until]       holds the request until the promise settles (a test's own moment), then goes on as without it
 * @property {boolean} [malformedJson]
 * @property {boolean} [html]
 * @property {boolean} [emptyBody]
 * @property {boolean} [statusFalse]          HTTP 200 with the operation's failure envelope
 * @property {string} [message]               message for statusFalse
 * @property {boolean} [destroy]              destroy the socket without answering
 * @property {number} [ratio]                 0..1 share of matching requests (seeded PRNG)
 * @property {boolean} [actFirst]             perform the real operation first, then answer with the fault
 * @property {string} [location]              sets Location (alone: a 302 with an empty body)
 * @property {number} [dripMs]                sends the answer's body one byte every dripMs ms
 *
 * @typedef {{ destroy: true }
 *   | { status: number, text: string, contentType: string, headers: Record<string, string>, dripMs?: number }} FaultAnswer  destroy: close the socket unanswered
 */

/**
 * Deterministic PRNG (mulberry32) for fault ratios.
 * @param {number} seed
 */
function mulberry32(seed) {
	let a = seed >>> 0;
	return function next() {
		a = (a + 0x6d2b79f5) >>> 0;
		let x = Math.imul(a ^ (a >>> 15), 1 | a);
		x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
		return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
	};
}

/**
 * The queue of armed faults of one sandbox.
 * @param {Set<string>} operations the operations a fault may name
 */
function createFaultQueue(operations) {
	/** @type {Array<Fault & { operation: string, remaining: number }>} */
	let faults = [];
	let random = mulberry32(PRNG_SEED);

	return {
		/** @param {Fault} fault */
		inject(fault) {
			const operation = fault.operation ?? '*';
			if (operation !== '*' && !operations.has(operation))
				throw new Error(`inject: unknown operation ${operation}`);
			const times = fault.times ?? 1;
			if (!(times >= 1)) throw new Error('inject: times must be at least 1 (or Infinity)');
			if (fault.ratio !== undefined && !(fault.ratio >= 0 && fault.ratio <= 1))
				throw new Error('inject: ratio must be within 0..1');
			faults.push({ ...fault, operation, remaining: times });
		},

		/**
		 * The first armed fault matching a request of this operation, used up once.
		 * @param {string} operation
		 * @returns {Fault | undefined}
		 */
		take(operation) {
			for (let i = 0; i < faults.length; i++) {
				const fault = faults[i];
				if (fault.operation !== '*' && fault.operation !== operation) continue;
				if (fault.ratio !== undefined && random() >= fault.ratio) continue;
				fault.remaining--;
				if (fault.remaining <= 0) faults.splice(i, 1);
				return fault;
			}
			return undefined;
		},

		clear() {
			faults = [];
		},

		get pending() {
			return faults.length;
		},

		/** Drops every fault and restarts the PRNG, so ratios repeat run after run. */
		reset() {
			faults = [];
			random = mulberry32(PRNG_SEED);
		},
	};
}

/** Whether the fault answers the request itself (otherwise it only delays it). @param {Fault} fault */
function faultAnswers(fault) {
	return !!(
		fault.destroy ||
		fault.statusFalse ||
		fault.malformedJson ||
		fault.html ||
		fault.emptyBody ||
		fault.status !== undefined ||
		fault.body !== undefined ||
		fault.retryAfter !== undefined ||
		fault.location !== undefined
	);
}

/** The platform's body for an error status. @param {number} status */
function defaultErrorBody(status) {
	const messages = /** @type {Record<number, string>} */ ({
		429: 'Too Many Attempts.',
		500: 'Server Error',
		503: 'Service Unavailable',
	});
	return { status: false, message: messages[status] ?? http.STATUS_CODES[status] ?? 'Error' };
}

/**
 * HTTP 200 carrying the operation's own failure envelope.
 * @param {'data' | 'response' | 'success'} envelope
 * @param {string} message
 */
function failureEnvelope(envelope, message) {
	if (envelope === 'response') return { status: false, message, response: null };
	if (envelope === 'success')
		return {
			status_code: 400,
			code: 1040,
			hint: 'Processing Failed',
			success: false,
			data: { message },
		};
	return { status: false, message, data: null };
}

/**
 * What the sandbox answers for a fault, on a route with this envelope.
 * @param {Fault} fault
 * @param {'data' | 'response' | 'success'} envelope
 * @returns {FaultAnswer}
 */
function faultAnswer(fault, envelope) {
	if (fault.destroy) return { destroy: true };
	/** @type {Record<string, string>} */
	const headers = {};
	if (fault.retryAfter !== undefined) headers['Retry-After'] = String(fault.retryAfter);
	if (fault.location !== undefined) headers.Location = fault.location;
	let contentType = 'application/json';
	let status = fault.status;
	let text;
	if (fault.statusFalse) {
		status ??= 200;
		text = JSON.stringify(
			failureEnvelope(envelope, fault.message ?? 'The operation could not be completed.'),
		);
	} else if (fault.malformedJson) {
		status ??= 200;
		text = '{"status": true, "message": "OK", "data": {"id": 1, "name": "trunc';
	} else if (fault.html) {
		status ??= 200;
		contentType = 'text/html; charset=UTF-8';
		const title = `${status} ${http.STATUS_CODES[status] ?? ''}`.trim();
		text = `<!DOCTYPE html>\n<html><head><title>${title}</title></head><body><center><h1>${title}</h1></center><hr><center>nginx</center></body></html>\n`;
	} else if (fault.emptyBody) {
		status ??= 200;
		text = '';
	} else if (fault.body !== undefined) {
		status ??= 500;
		if (typeof fault.body === 'string') {
			contentType = 'text/plain; charset=utf-8';
			text = fault.body;
		} else text = JSON.stringify(fault.body);
	} else if (fault.location !== undefined) {
		status ??= 302;
		text = '';
	} else {
		status ??= fault.retryAfter !== undefined ? 429 : 500;
		text = JSON.stringify(defaultErrorBody(status));
	}
	return {
		status,
		text,
		contentType: fault.contentType ?? contentType,
		headers,
		dripMs: fault.dripMs,
	};
}

module.exports = { createFaultQueue, faultAnswers, faultAnswer };
