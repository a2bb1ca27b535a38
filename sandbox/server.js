// @ts-check
'use strict';

/**
 * A local fake of the Business Platform on loopback, for jest tests, benchmarks and demos.
 * It checks methods, paths, exact header names, content types and required fields as the
 * spec (../../../shared/platform-api.md) states them, keeps real state per business,
 * records every request, and can inject faults.
 */

const http = require('node:http');
const { CREDENTIALS, BUSINESS_IDS, createState, createDistricts, generateNews } = require('./data');
const { CREDENTIAL_HEADERS, buildRoutes, createRouter } = require('./routes');
const { parseMultipart, toInput } = require('./multipart');

const MODULES = /** @type {const} */ (['accounting', 'ecommerce', 'hr', 'calendar', 'management', 'auth']);
const PATH_PREFIXES = Object.freeze({ categories: 'api/v1/ecomm_categories', favorites: 'api/v1/favorites' });
const DEFAULT_MAX_BODY = 50 * 1024 * 1024;
const EMPTY = Buffer.alloc(0);
const PRNG_SEED = 0x5eed;

/**
 * @typedef {'acme' | 'globex'} BusinessName
 *
 * @typedef {{ kind: 'empty' }
 *   | { kind: 'json', value: any }
 *   | { kind: 'text', text: string }
 *   | { kind: 'invalid', text: string }
 *   | { kind: 'multipart', fields: Array<[string, string]>, files: Array<{ field: string, filename: string, contentType: string, size: number, sha256: string }> }
 * } RecordedBody
 *
 * @typedef {object} RecordedRequest
 * @property {number} seq                     arrival order, from 1
 * @property {number} receivedAt              arrival time (ms since the epoch, Date.now())
 * @property {string | null} operation        'E1'..'E16', 'categoriesList', 'login' or null (no route)
 * @property {string} method
 * @property {string} path                    after the module base, e.g. '/api/v1/skills'
 * @property {string | null} module
 * @property {Record<string, string>} query
 * @property {string} rawQuery
 * @property {Record<string, string>} headers keyed by the header name exactly as sent
 * @property {string[]} headerNames           names as sent, in order
 * @property {string | null} contentType
 * @property {RecordedBody} body
 * @property {number} status                  response status; 0 when the socket was destroyed
 * @property {BusinessName | null} business
 *
 * @typedef {object} Fault
 * @property {string} [operation]             'E7', 'categoriesList', ... or '*' (default '*'); matches routed requests only
 * @property {number} [times]                 default 1; Infinity for every matching request
 * @property {number} [status]
 * @property {number | string} [retryAfter]   sets Retry-After (alone: a 429)
 * @property {any} [body]                     JSON value, or a string sent as is
 * @property {string} [contentType]
 * @property {number} [delayMs]               added delay; alone it only slows the request down
 * @property {boolean} [malformedJson]
 * @property {boolean} [html]
 * @property {boolean} [emptyBody]
 * @property {boolean} [statusFalse]          HTTP 200 with the operation's failure envelope
 * @property {string} [message]               message for statusFalse
 * @property {boolean} [destroy]              destroy the socket without answering
 * @property {number} [ratio]                 0..1 share of matching requests (seeded PRNG)
 * @property {boolean} [actFirst]             perform the real operation first, then answer with the fault
 *
 * @typedef {object} SandboxOptions
 * @property {number} [port]        default 0 (any free port)
 * @property {string} [host]        default 127.0.0.1
 * @property {number} [latencyMs]   default 0
 * @property {boolean} [quiet]      default true; false logs one line per request to stdout
 * @property {number} [maxBodyBytes] default 50 MB
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
 * @param {import('node:http').IncomingMessage} req
 * @param {number} limit
 * @returns {Promise<{ buffer: Buffer, tooLarge: boolean }>}
 */
function readBody(req, limit) {
	return new Promise((resolve, reject) => {
		/** @type {Buffer[]} */
		const chunks = [];
		let size = 0;
		let tooLarge = false;
		req.on('data', (chunk) => {
			size += chunk.length;
			if (size > limit) {
				tooLarge = true;
				chunks.length = 0;
			} else if (!tooLarge) chunks.push(chunk);
		});
		req.on('end', () => resolve({ buffer: tooLarge ? EMPTY : chunks.length === 1 ? chunks[0] : Buffer.concat(chunks), tooLarge }));
		req.on('error', reject);
		req.on('close', () => {
			if (!req.complete) reject(new Error('request aborted'));
		});
	});
}

/** @param {string | null} contentType */
function mimeOf(contentType) {
	return (contentType ?? '').split(';')[0].trim().toLowerCase();
}

/**
 * Describe the body for the request log and build the handler input.
 * @param {string | null} contentType
 * @param {Buffer} buffer
 * @returns {{ record: RecordedBody, input: any, text: string, error?: string }}
 */
function parseBody(contentType, buffer) {
	if (buffer.length === 0) return { record: { kind: 'empty' }, input: {}, text: '' };
	const mime = mimeOf(contentType);
	if (mime === 'multipart/form-data') {
		try {
			const parsed = parseMultipart(buffer, /** @type {string} */ (contentType));
			const files = parsed.files.map(({ field, filename, contentType: type, size, sha256 }) => ({ field, filename, contentType: type, size, sha256 }));
			return { record: { kind: 'multipart', fields: parsed.fields, files }, input: toInput(parsed), text: '' };
		} catch (error) {
			const text = buffer.toString('utf8');
			return { record: { kind: 'invalid', text }, input: {}, text, error: `Malformed multipart body: ${/** @type {Error} */ (error).message}.` };
		}
	}
	const text = buffer.toString('utf8');
	if (mime === 'application/json' || mime.endsWith('+json')) {
		try {
			const value = JSON.parse(text);
			return { record: { kind: 'json', value }, input: value, text };
		} catch {
			return { record: { kind: 'invalid', text }, input: {}, text, error: 'Malformed JSON body.' };
		}
	}
	return { record: { kind: 'text', text }, input: {}, text };
}

/** First language of an Accept-Language / lang value: 'en', 'ar', or null if neither. @param {string | undefined} value */
function languageOf(value) {
	const code = (value ?? '').split(',')[0].trim().slice(0, 2).toLowerCase();
	return code === 'en' || code === 'ar' ? code : null;
}

/** @param {number} status */
function defaultErrorBody(status) {
	const messages = /** @type {Record<number, string>} */ ({ 429: 'Too Many Attempts.', 500: 'Server Error', 503: 'Service Unavailable' });
	return { status: false, message: messages[status] ?? http.STATUS_CODES[status] ?? 'Error' };
}

/**
 * HTTP 200 carrying the operation's own failure envelope.
 * @param {'data' | 'response' | 'success'} envelope
 * @param {string} message
 */
function failureEnvelope(envelope, message) {
	if (envelope === 'response') return { status: false, message, response: null };
	if (envelope === 'success') return { status_code: 400, code: 1040, hint: 'Processing Failed', success: false, data: { message } };
	return { status: false, message, data: null };
}

/** @param {Fault} fault */
function faultAnswers(fault) {
	return !!(
		fault.destroy || fault.statusFalse || fault.malformedJson || fault.html || fault.emptyBody ||
		fault.status !== undefined || fault.body !== undefined || fault.retryAfter !== undefined
	);
}

/**
 * Start a sandbox on loopback.
 * @param {SandboxOptions} [options]
 */
async function startSandbox(options = {}) {
	const { port = 0, host = '127.0.0.1', quiet = true, maxBodyBytes = DEFAULT_MAX_BODY } = options;
	let latency = Math.max(0, options.latencyMs ?? 0);

	const routes = buildRoutes(PATH_PREFIXES);
	const match = createRouter(routes);
	const operations = new Set(routes.map((r) => r.operation));
	/** @type {Map<string, BusinessName>} */
	const businessByKey = new Map(
		/** @type {Array<[string, BusinessName]>} */ (Object.entries(CREDENTIALS.businessKeys).map(([name, key]) => [key, name])),
	);

	/** @type {RecordedRequest[]} */
	const requests = [];
	/** @type {Array<Fault & { remaining: number }>} */
	let faults = [];
	let random = mulberry32(PRNG_SEED);
	let seq = 0;
	// Bumped by reset(): requests that arrived before it are dropped, not logged or applied.
	let epoch = 0;
	/** @type {Set<NodeJS.Timeout>} */
	const timers = new Set();
	let url = '';
	/** @type {ReturnType<typeof createState>} */
	const state = /** @type {any} */ ({});
	const districts = createDistricts();

	/** @param {number} ms */
	function sleep(ms) {
		return new Promise((resolve) => {
			const timer = setTimeout(() => {
				timers.delete(timer);
				resolve(undefined);
			}, ms);
			timers.add(timer);
		});
	}

	/** @param {string} operation */
	function takeFault(operation) {
		for (let i = 0; i < faults.length; i++) {
			const fault = faults[i];
			if (fault.operation !== '*' && fault.operation !== operation) continue;
			if (fault.ratio !== undefined && random() >= fault.ratio) continue;
			fault.remaining--;
			if (fault.remaining <= 0) faults.splice(i, 1);
			return fault;
		}
		return undefined;
	}

	/**
	 * @param {import('node:http').ServerResponse} res
	 * @param {RecordedRequest} rec
	 * @param {number} status
	 * @param {string} text
	 * @param {string} [contentType]
	 * @param {Record<string, string>} [headers]
	 */
	function reply(res, rec, status, text, contentType = 'application/json', headers = {}) {
		rec.status = status;
		requests.push(rec);
		if (!quiet) process.stdout.write(`${new Date().toISOString()} ${rec.method} /${rec.module ?? ''}${rec.module ? rec.path : rec.path.slice(1)} -> ${status} ${rec.operation ?? '-'}${rec.business ? ` ${rec.business}` : ''}\n`);
		if (res.destroyed || res.writableEnded) return;
		res.writeHead(status, { 'Content-Type': contentType, 'Content-Length': String(Buffer.byteLength(text)), ...headers });
		res.end(text);
	}

	/**
	 * @param {import('node:http').ServerResponse} res
	 * @param {RecordedRequest} rec
	 * @param {{ status: number, body: any }} result
	 */
	function replyJson(res, rec, result) {
		reply(res, rec, result.status, JSON.stringify(result.body));
	}

	/**
	 * Answer with a fault.
	 * @param {import('node:http').IncomingMessage} req
	 * @param {import('node:http').ServerResponse} res
	 * @param {RecordedRequest} rec
	 * @param {Fault} fault
	 * @param {import('./routes').Route} route
	 */
	function replyFault(req, res, rec, fault, route) {
		if (fault.destroy) {
			rec.status = 0;
			requests.push(rec);
			req.socket.destroy();
			return;
		}
		/** @type {Record<string, string>} */
		const headers = {};
		if (fault.retryAfter !== undefined) headers['Retry-After'] = String(fault.retryAfter);
		let contentType = 'application/json';
		let status = fault.status;
		let text;
		if (fault.statusFalse) {
			status ??= 200;
			text = JSON.stringify(failureEnvelope(route.envelope, fault.message ?? 'The operation could not be completed.'));
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
		} else {
			status ??= fault.retryAfter !== undefined ? 429 : 500;
			text = JSON.stringify(defaultErrorBody(status));
		}
		reply(res, rec, status, text, fault.contentType ?? contentType, headers);
	}

	/**
	 * Auth, headers, content type, then the handler.
	 * @param {import('./routes').Route} route
	 * @param {Record<string, string>} params
	 * @param {import('node:http').IncomingMessage} req
	 * @param {RecordedRequest} rec
	 * @param {ReturnType<typeof parseBody>} body
	 * @param {string} module
	 * @returns {{ status: number, body: any }}
	 */
	function run(route, params, req, rec, body, module) {
		/** @type {BusinessName | null} */
		let business = null;
		for (const name of route.auth) {
			const value = req.headers[name.toLowerCase()];
			const credential = CREDENTIAL_HEADERS[name];
			if (value === undefined || value === '') {
				return { status: 401, body: { message: `Unauthenticated. Missing header: ${name}.`, status: false } };
			}
			const valid =
				credential === 'business'
					? (business = businessByKey.get(String(value)) ?? null) !== null
					: value === CREDENTIALS[credential];
			if (!valid) return { status: 401, body: { message: `Unauthenticated. Invalid ${name} header.`, status: false } };
		}

		for (const [name, rule] of Object.entries(route.need ?? {})) {
			const value = req.headers[name.toLowerCase()];
			if (value === undefined || String(value).trim() === '') {
				return { status: 400, body: { status: false, message: `The ${name} header is required.` } };
			}
			if (rule === 'required-lang' && !languageOf(String(value))) {
				return { status: 400, body: { status: false, message: `The ${name} header must be en or ar.` } };
			}
			if (rule === 'accept-json' && !String(value).toLowerCase().includes('application/json')) {
				return { status: 400, body: { status: false, message: `The ${name} header must be application/json.` } };
			}
		}

		if (route.content) {
			const mime = mimeOf(rec.contentType);
			const bareEmpty = route.emptyBodyMayOmitType && !rec.contentType && body.record.kind === 'empty';
			if (mime !== route.content && !bareEmpty) {
				return { status: 415, body: { status: false, message: `Unsupported Media Type: expected ${route.content}.` } };
			}
		}
		if (body.error && route.method !== 'GET') return { status: 400, body: { status: false, message: body.error } };

		const langHeader = route.lang ? req.headers[route.lang.toLowerCase()] : undefined;
		const input = body.input && typeof body.input === 'object' && !Array.isArray(body.input) ? body.input : {};
		return route.handler({
			biz: business ? state[business] : /** @type {any} */ ({}),
			params,
			query: rec.query,
			input,
			text: body.text,
			lang: languageOf(typeof langHeader === 'string' ? langHeader : undefined) ?? 'en',
			moduleUrl: `${url}/${module}`,
			shared: { districts, credentials: CREDENTIALS },
		});
	}

	/**
	 * @param {import('./routes').Route | null} route
	 * @param {import('node:http').IncomingMessage} req
	 * @returns {BusinessName | null}
	 */
	function businessOf(route, req) {
		const name = route?.auth.find((h) => CREDENTIAL_HEADERS[h] === 'business');
		const value = name ? req.headers[name.toLowerCase()] : undefined;
		return typeof value === 'string' ? businessByKey.get(value) ?? null : null;
	}

	/**
	 * @param {import('node:http').IncomingMessage} req
	 * @param {import('node:http').ServerResponse} res
	 */
	async function handle(req, res) {
		const born = epoch;
		const method = req.method ?? 'GET';
		const target = req.url ?? '/';
		const q = target.indexOf('?');
		const fullPath = q < 0 ? target : target.slice(0, q);
		const rawQuery = q < 0 ? '' : target.slice(q + 1);
		const slash = fullPath.indexOf('/', 1);
		const first = slash < 0 ? fullPath.slice(1) : fullPath.slice(1, slash);
		const module = /** @type {readonly string[]} */ (MODULES).includes(first) ? first : null;
		const path = module ? (slash < 0 ? '/' : fullPath.slice(slash)) : fullPath;

		/** @type {Record<string, string>} */
		const headers = {};
		/** @type {string[]} */
		const headerNames = [];
		const raw = req.rawHeaders;
		for (let i = 0; i < raw.length; i += 2) {
			const name = raw[i];
			if (Object.hasOwn(headers, name)) headers[name] += `, ${raw[i + 1]}`;
			else {
				headers[name] = raw[i + 1];
				headerNames.push(name);
			}
		}

		const found = module ? match(module, method, path) : null;
		const route = found && 'route' in found ? found.route : null;
		/** @type {RecordedRequest} */
		const rec = {
			seq: ++seq,
			receivedAt: Date.now(),
			operation: route ? route.operation : null,
			method,
			path,
			module,
			query: Object.fromEntries(new URLSearchParams(rawQuery)),
			rawQuery,
			headers,
			headerNames,
			contentType: req.headers['content-type'] ?? null,
			body: { kind: 'empty' },
			status: 0,
			business: businessOf(route, req),
		};

		let received;
		try {
			received = await readBody(req, maxBodyBytes);
		} catch {
			return; // the client went away before sending its body
		}
		if (born !== epoch) {
			res.destroy();
			return;
		}
		const body = parseBody(rec.contentType, received.buffer);
		rec.body = body.record;

		const fault = route ? takeFault(route.operation) : undefined;
		const delay = latency + (fault?.delayMs ?? 0);
		if (delay > 0) await sleep(delay);
		if (born !== epoch) {
			res.destroy();
			return;
		}

		if (received.tooLarge) {
			return replyJson(res, rec, { status: 413, body: { status: false, message: 'The request body is too large.' } });
		}
		if (!found || !module) {
			const shown = fullPath.replace(/^\/+/, '');
			// Laravel's own answer for an unknown route: a bare message, not the platform's envelope.
			return replyJson(res, rec, { status: 404, body: { message: `The route ${shown} could not be found.` } });
		}
		if ('allowed' in found) {
			const shown = fullPath.replace(/^\/+/, '');
			return replyJson(res, rec, {
				status: 405,
				body: { status: false, message: `The ${method} method is not supported for route ${shown}. Supported methods: ${found.allowed.join(', ')}.` },
			});
		}
		const answering = fault && faultAnswers(fault) ? fault : undefined;
		if (answering && !answering.actFirst) return replyFault(req, res, rec, answering, found.route);

		let result;
		try {
			result = run(found.route, found.params, req, rec, body, module);
		} catch (error) {
			process.stderr.write(`sandbox: ${found.route.operation} failed: ${/** @type {Error} */ (error).stack}\n`);
			result = { status: 500, body: { status: false, message: 'Server Error' } };
		}
		if (answering) return replyFault(req, res, rec, answering, found.route);
		replyJson(res, rec, result);
	}

	const server = http.createServer((req, res) => {
		handle(req, res).catch((error) => {
			process.stderr.write(`sandbox: ${/** @type {Error} */ (error).stack}\n`);
			if (!res.headersSent) res.destroy();
		});
	});
	await new Promise((resolve, reject) => {
		server.once('error', reject);
		server.listen(port, host, () => {
			server.off('error', reject);
			resolve(undefined);
		});
	});
	const address = /** @type {import('node:net').AddressInfo} */ (server.address());
	const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
	url = `http://${shownHost}:${address.port}`;

	function reseed() {
		Object.assign(state, createState(url));
		districts.splice(0, districts.length, ...createDistricts());
	}
	reseed();

	const sandbox = {
		url,
		port: address.port,
		baseUrls: Object.freeze(
			/** @type {Record<(typeof MODULES)[number], string>} */ (Object.fromEntries(MODULES.map((m) => [m, `${url}/${m}`]))),
		),
		pathPrefixes: PATH_PREFIXES,
		credentials: CREDENTIALS,
		businesses: Object.freeze({
			acme: Object.freeze({ id: BUSINESS_IDS.acme, key: CREDENTIALS.businessKeys.acme }),
			globex: Object.freeze({ id: BUSINESS_IDS.globex, key: CREDENTIALS.businessKeys.globex }),
		}),
		/** Every answered request, in the order the answers were sent. */
		requests,
		/** The live store: state.acme.tasks, state.globex.news, ... (replaced by reset()). */
		state,
		/** Shared reference data for E5. */
		districts,
		/** The raw http server. */
		server,

		/**
		 * Queue a fault for matching requests.
		 * @param {Fault} fault
		 */
		inject(fault) {
			const operation = fault.operation ?? '*';
			if (operation !== '*' && !operations.has(operation)) throw new Error(`inject: unknown operation ${operation}`);
			const times = fault.times ?? 1;
			if (!(times >= 1)) throw new Error('inject: times must be at least 1 (or Infinity)');
			if (fault.ratio !== undefined && !(fault.ratio >= 0 && fault.ratio <= 1)) throw new Error('inject: ratio must be within 0..1');
			faults.push({ ...fault, operation, remaining: times });
		},

		/** Drop all queued faults. */
		clearFaults() {
			faults = [];
		},

		/** Number of queued faults still armed. */
		get pendingFaults() {
			return faults.length;
		},

		/** @param {number} ms delay before answering each request */
		setLatency(ms) {
			latency = Math.max(0, ms);
		},

		/** Reseed all state, clear the request log and the faults, restart the fault PRNG. */
		reset() {
			reseed();
			requests.length = 0;
			faults = [];
			random = mulberry32(PRNG_SEED);
			seq = 0;
			epoch++;
		},

		/**
		 * Replace a business's news with `count` generated items (ids 1..count).
		 * @param {BusinessName} business
		 * @param {number} count
		 */
		seedNews(business, count) {
			if (!state[business]) throw new Error(`seedNews: unknown business ${business}`);
			state[business].news = generateNews(business, count, url);
		},

		/** Stop listening and drop every connection. */
		async close() {
			for (const timer of timers) clearTimeout(timer);
			timers.clear();
			await new Promise((resolve) => {
				server.close(() => resolve(undefined));
				server.closeAllConnections();
			});
		},
	};
	return sandbox;
}

/** @typedef {Awaited<ReturnType<typeof startSandbox>>} Sandbox */

module.exports = { startSandbox, PATH_PREFIXES };
