// @ts-check
'use strict';

/**
 * A local fake of the Business Platform on loopback, for jest tests, benchmarks and demos.
 * It checks methods, paths, exact header names, content types and required fields as the
 * spec states them (docs/platform-api.md: what the package sends), keeps real state per
 * business, records every request, and can inject faults. See README.md in this folder.
 *
 * One request goes through `handleRequest`: receive (log entry, body), `beforeRouting`
 * (request-level policies: rate limits, faults taken, latency and fault delays), then `answer` (routing, faults,
 * checks and the operation's handler in dispatch.js), every answer through `reply`.
 */

const http = require('node:http');
const { CREDENTIALS, BUSINESS_IDS, createState, createDistricts, generateNews } = require('./data');
const { buildRoutes, createRouter } = require('./routes');
const { splitTarget, headersAsSent, readBody, parseBody } = require('./request');
const { businessOf, callOperation } = require('./dispatch');
const { createFaultQueue, faultAnswers, faultAnswer } = require('./faults');
const { createPushback } = require('./pushback');
const { createUserTokens } = require('./userTokens');

const MODULES = /** @type {const} */ ([
	'accounting',
	'ecommerce',
	'hr',
	'calendar',
	'management',
	'auth',
]);
const PATH_PREFIXES = Object.freeze({
	categories: 'api/v1/ecomm_categories',
	favorites: 'api/v1/favorites',
});
const DEFAULT_MAX_BODY = 50 * 1024 * 1024;

/**
 * @typedef {import('./dispatch').BusinessName} BusinessName
 * @typedef {import('./request').RecordedBody} RecordedBody
 * @typedef {import('./request').RecordedRequest} RecordedRequest
 * @typedef {import('./faults').Fault} Fault
 *
 * @typedef {object} SandboxOptions
 * @property {number} [port]        default 0 (any free port)
 * @property {string} [host]        default 127.0.0.1
 * @property {number} [latencyMs]   default 0
 * @property {boolean} [quiet]      default true; false logs one line per request to stdout
 * @property {number} [maxBodyBytes] default 50 MB
 * @property {import('./pushback').RateLimit} [rateLimit] rate limit per business key (README.md, "Rate limits and latency")
 * @property {number} [jitterMs]    extra latency drawn in [0, jitterMs)
 *
 * @typedef {{ status: number, text: string, contentType?: string, headers?: Record<string, string>, dripMs?: number }} Answer
 *
 * @typedef {object} Instance  one running sandbox's internals
 * @property {boolean} quiet
 * @property {number} maxBodyBytes
 * @property {number} latency
 * @property {ReturnType<typeof createRouter>} match
 * @property {import('./dispatch').Platform} platform
 * @property {RecordedRequest[]} requests    the request log, in the order the answers were sent
 * @property {ReturnType<typeof createFaultQueue>} faults
 * @property {import('./pushback').Pushback} pushback  rate limits, jitter, in-flight measurements
 * @property {number} seq
 * @property {number} epoch                  bumped by reset(): requests that arrived before it are dropped, not logged or applied
 * @property {Set<RecordedRequest>} open      requests arrived whose answer has not ended (sent, or the connection closed)
 * @property {Set<NodeJS.Timeout>} timers
 */

/**
 * @param {Instance} sb
 * @param {number} ms
 */
function sleep(sb, ms) {
	return new Promise((resolve) => {
		const timer = setTimeout(() => {
			sb.timers.delete(timer);
			resolve(undefined);
		}, ms);
		sb.timers.add(timer);
	});
}

/**
 * Logs the request with its status and sends the answer (unless the client is gone).
 * @param {Instance} sb
 * @param {import('node:http').ServerResponse} res
 * @param {RecordedRequest} rec
 * @param {Answer} answer
 */
function reply(
	sb,
	res,
	rec,
	{ status, text, contentType = 'application/json', headers = {}, dripMs },
) {
	rec.status = status;
	sb.requests.push(rec);
	if (!sb.quiet) {
		const shown = rec.module ? `${rec.module}${rec.path}` : rec.path.slice(1);
		process.stdout.write(
			`${new Date().toISOString()} ${rec.method} /${shown} -> ${status} ${rec.operation ?? '-'}${rec.business ? ` ${rec.business}` : ''}\n`,
		);
	}
	if (res.destroyed || res.writableEnded) return;
	res.writeHead(status, {
		'Content-Type': contentType,
		'Content-Length': String(Buffer.byteLength(text)),
		...headers,
	});
	if (dripMs) return drip(res, Buffer.from(text), dripMs);
	res.end(text);
}

/**
 * A slow platform: the body one byte every `intervalMs`, so no single wait is long.
 * @param {import('node:http').ServerResponse} res @param {Buffer} body @param {number} intervalMs
 */
function drip(res, body, intervalMs) {
	let sent = 0;
	const timer = setInterval(() => {
		if (res.destroyed || sent >= body.length) {
			clearInterval(timer);
			if (!res.destroyed) res.end();
			return;
		}
		res.write(body.subarray(sent, ++sent));
	}, intervalMs);
	res.on('close', () => clearInterval(timer));
}

/** @param {{ status: number, body: any }} result @returns {Answer} */
function json({ status, body }) {
	return { status, text: JSON.stringify(body) };
}

/**
 * Answers with a fault: its own answer, or a socket closed without one (logged as status 0).
 * @param {Instance} sb
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {RecordedRequest} rec
 * @param {Fault} fault
 * @param {import('./routes').Route} route
 */
function replyFault(sb, req, res, rec, fault, route) {
	const answer = faultAnswer(fault, route.envelope);
	if ('status' in answer) return reply(sb, res, rec, answer);
	rec.status = 0;
	sb.requests.push(rec);
	req.socket.destroy();
}

/**
 * The request's log entry, as it arrived (body and status are filled in later), and its route.
 * @param {Instance} sb
 * @param {import('node:http').IncomingMessage} req
 */
function receive(sb, req) {
	const method = req.method ?? 'GET';
	const { fullPath, rawQuery, module, path } = splitTarget(req.url ?? '/', MODULES);
	const found = module ? sb.match(module, method, path) : null;
	const route = found && 'route' in found ? found.route : null;
	/** @type {RecordedRequest} */
	const rec = {
		seq: ++sb.seq,
		receivedAt: Date.now(),
		operation: route ? route.operation : null,
		method,
		path,
		module,
		query: Object.fromEntries(new URLSearchParams(rawQuery)),
		rawQuery,
		...headersAsSent(req.rawHeaders),
		contentType: req.headers['content-type'] ?? null,
		body: { kind: 'empty' },
		status: 0,
		business: businessOf(route, req, sb.platform.businessByKey),
	};
	return { rec, found, fullPath };
}

/**
 * Request-level policies, before the request is routed and answered: the rate limit and
 * in-flight cap (pushback.js: a refusal is answered here, takes no fault and is not
 * performed), then the fault this request takes, if one is armed, and the latency, jitter
 * and the fault's added delay.
 * @param {Instance} sb
 * @param {import('node:http').ServerResponse} res
 * @param {RecordedRequest} rec
 * @param {import('./routes').Route | null} route
 * @returns {Promise<{ early: Answer } | { fault: Fault | undefined }>}
 */
async function beforeRouting(sb, res, rec, route) {
	const pushed = route ? sb.pushback.admit(rec.business, res) : { jitterMs: 0 };
	const fault = route && !pushed.refusal ? sb.faults.take(route.operation) : undefined;
	const delay = sb.latency + pushed.jitterMs + (fault?.delayMs ?? 0);
	if (delay > 0) await sleep(sb, delay);
	if (fault?.until) await fault.until.catch(() => {});
	if (pushed.refusal) {
		const { status, retryAfter, body } = pushed.refusal;
		return { early: { ...json({ status, body }), headers: { 'Retry-After': String(retryAfter) } } };
	}
	return { fault };
}

/**
 * Routes the request and answers it: 413, 404 or 405 before any route; then an injected
 * fault, or the operation (which a fault with actFirst follows with its own answer).
 * @param {Instance} sb
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {ReturnType<typeof receive>} incoming
 * @param {{ body: import('./request').ParsedBody, tooLarge: boolean, fault: Fault | undefined }} received
 */
function answer(sb, req, res, { rec, found, fullPath }, { body, tooLarge, fault }) {
	if (tooLarge) {
		return reply(
			sb,
			res,
			rec,
			json({ status: 413, body: { status: false, message: 'The request body is too large.' } }),
		);
	}
	const shown = fullPath.replace(/^\/+/, '');
	if (!found || !rec.module) {
		// Laravel's own answer for an unknown route: a bare message, not the platform's envelope.
		return reply(
			sb,
			res,
			rec,
			json({ status: 404, body: { message: `The route ${shown} could not be found.` } }),
		);
	}
	if ('allowed' in found) {
		const message = `The ${rec.method} method is not supported for route ${shown}. Supported methods: ${found.allowed.join(', ')}.`;
		return reply(sb, res, rec, json({ status: 405, body: { status: false, message } }));
	}
	const answering = fault && faultAnswers(fault) ? fault : undefined;
	if (answering && !answering.actFirst)
		return replyFault(sb, req, res, rec, answering, found.route);

	let result;
	try {
		result = callOperation({ ...found, module: rec.module }, req, rec, body, sb.platform);
	} catch (error) {
		process.stderr.write(
			`sandbox: ${found.route.operation} failed: ${/** @type {Error} */ (error).stack}\n`,
		);
		result = { status: 500, body: { status: false, message: 'Server Error' } };
	}
	if (answering) return replyFault(sb, req, res, rec, answering, found.route);
	reply(sb, res, rec, json(result));
}

/**
 * One request, start to end. A reset() while it waits drops it: not logged, not applied.
 * @param {Instance} sb
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 */
async function handleRequest(sb, req, res) {
	const born = sb.epoch;
	sb.pushback.arrived(res);
	const incoming = receive(sb, req);
	sb.open.add(incoming.rec);
	res.once('close', () => sb.open.delete(incoming.rec));
	let read;
	try {
		read = await readBody(req, sb.maxBodyBytes);
	} catch {
		return; // the client went away before sending its body
	}
	if (born !== sb.epoch) return void res.destroy();
	sb.pushback.bodyRead(res, read.buffer.length);
	const body = parseBody(incoming.rec.contentType, read.buffer);
	incoming.rec.body = body.record;

	const route = incoming.found && 'route' in incoming.found ? incoming.found.route : null;
	const policy = await beforeRouting(sb, res, incoming.rec, route);
	if (born !== sb.epoch) return void res.destroy();
	if ('early' in policy) return reply(sb, res, incoming.rec, policy.early);
	answer(sb, req, res, incoming, { body, tooLarge: read.tooLarge, fault: policy.fault });
}

/**
 * Listens on host:port and resolves to the server's root URL.
 * @param {import('node:http').Server} server
 * @param {number} port
 * @param {string} host
 */
async function listen(server, port, host) {
	await new Promise((resolve, reject) => {
		server.once('error', reject);
		server.listen(port, host, () => {
			server.off('error', reject);
			resolve(undefined);
		});
	});
	const address = /** @type {import('node:net').AddressInfo} */ (server.address());
	const shownHost =
		host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
	return { url: `http://${shownHost}:${address.port}`, port: address.port };
}

/**
 * Start a sandbox on loopback.
 * @param {SandboxOptions} [options]
 */
async function startSandbox(options = {}) {
	const { port = 0, host = '127.0.0.1', quiet = true, maxBodyBytes = DEFAULT_MAX_BODY } = options;
	const routes = buildRoutes(PATH_PREFIXES);
	/** @type {Map<string, BusinessName>} */
	const businessByKey = new Map(
		/** @type {Array<[string, BusinessName]>} */ (
			Object.entries(CREDENTIALS.businessKeys).map(([name, key]) => [key, name])
		),
	);
	/** @type {ReturnType<typeof createState>} */
	const state = /** @type {any} */ ({});
	const districts = createDistricts();
	/** @type {Instance} */
	const sb = {
		quiet,
		maxBodyBytes,
		latency: Math.max(0, options.latencyMs ?? 0),
		match: createRouter(routes),
		platform: { businessByKey, state, districts, url: '', userTokens: createUserTokens() },
		requests: [],
		faults: createFaultQueue(new Set(routes.map((r) => r.operation))),
		seq: 0,
		epoch: 0,
		open: new Set(),
		timers: new Set(),
		pushback: createPushback({ rateLimit: options.rateLimit, jitterMs: options.jitterMs }),
	};

	/** @type {Set<import('node:net').Socket>} connections that have sent no request yet: one may be on the wire */
	const silent = new Set();
	const server = http.createServer((req, res) => {
		silent.delete(req.socket);
		handleRequest(sb, req, res).catch((error) => {
			process.stderr.write(`sandbox: ${/** @type {Error} */ (error).stack}\n`);
			if (!res.headersSent) res.destroy();
		});
	});
	server.on('connection', (/** @type {import('node:net').Socket} */ socket) => {
		silent.add(socket);
		socket.once('close', () => silent.delete(socket));
	});
	const { url, port: boundPort } = await listen(server, port, host);
	sb.platform.url = url;

	function reseed() {
		Object.assign(state, createState(url));
		districts.splice(0, districts.length, ...createDistricts());
	}
	reseed();

	const sandbox = {
		url,
		port: boundPort,
		baseUrls: Object.freeze(
			/** @type {Record<(typeof MODULES)[number], string>} */ (
				Object.fromEntries(MODULES.map((m) => [m, `${url}/${m}`]))
			),
		),
		pathPrefixes: PATH_PREFIXES,
		credentials: CREDENTIALS,
		businesses: Object.freeze({
			acme: Object.freeze({ id: BUSINESS_IDS.acme, key: CREDENTIALS.businessKeys.acme }),
			globex: Object.freeze({ id: BUSINESS_IDS.globex, key: CREDENTIALS.businessKeys.globex }),
		}),
		/** Every answered request, in the order the answers were sent. */
		requests: sb.requests,
		/** The live store: state.acme.tasks, state.globex.news, ... (replaced by reset()). */
		state,
		/** Shared reference data for E5. */
		districts,
		/** The raw http server. */
		server,
		/** Rate limits, jitter and in-flight measurements (pushback.js; README.md, "Rate limits and latency"). */
		pushback: sb.pushback,
		/** Tokens the login issued: `configure({ lifetimeMs, maxUses, refusal })`, `expireAll()`, `logins` (userTokens.js). */
		userTokens: sb.platform.userTokens,

		/**
		 * Queue a fault for matching requests.
		 * @param {Fault} fault
		 */
		inject(fault) {
			sb.faults.inject(fault);
		},

		/**
		 * Requests that arrived and whose answer has not ended yet (sent, or the client gone),
		 * optionally only those of one operation ('login', ...).
		 * @param {string} [operation]
		 */
		openRequests(operation) {
			return [...sb.open].filter((r) => operation === undefined || r.operation === operation)
				.length;
		},

		/**
		 * Requests under way: arrived and not yet answered, or on a connection that has sent none
		 * yet. None once the traffic has ended (an idle keep-alive connection carries none).
		 */
		requestsUnderWay() {
			return sb.open.size + silent.size;
		},

		/** Drop all queued faults. */
		clearFaults() {
			sb.faults.clear();
		},

		/** Number of queued faults still armed. */
		get pendingFaults() {
			return sb.faults.pending;
		},

		/** @param {number} ms delay before answering each request */
		setLatency(ms) {
			sb.latency = Math.max(0, ms);
		},

		/** Reseed all state, clear the request log and the faults, restart the fault PRNG. */
		reset() {
			reseed();
			sb.requests.length = 0;
			sb.faults.reset();
			sb.seq = 0;
			sb.epoch++;
			sb.pushback.reset();
			sb.platform.userTokens.reset();
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
			for (const timer of sb.timers) clearTimeout(timer);
			sb.timers.clear();
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
