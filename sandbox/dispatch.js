// @ts-check
'use strict';

/**
 * A routed request's way to its handler, as the platform checks it: the credential headers
 * (exact names, right values; the business key picks the business), the other required
 * headers, the content type, a readable body; then the operation's handler.
 */

const { CREDENTIALS } = require('./data');
const { CREDENTIAL_HEADERS } = require('./routes');
const { languageOf, mimeOf } = require('./request');

/**
 * @typedef {'acme' | 'globex'} BusinessName
 * @typedef {import('./operations/common').Result} Result
 *
 * @typedef {object} Platform  what handlers may read and change, for one sandbox
 * @property {Map<string, BusinessName>} businessByKey
 * @property {Record<string, any>} state  per business, e.g. state.acme.tasks
 * @property {Array<{ id: number, name_ar: string, name_en: string }>} districts
 * @property {string} url                 the sandbox's root URL
 * @property {import('./userTokens').UserTokens} userTokens  tokens the login issued, and their expiry
 */

/**
 * The business whose key the request carries in the route's business header, if any.
 * @param {import('./routes').Route | null} route
 * @param {import('node:http').IncomingMessage} req
 * @param {Map<string, BusinessName>} businessByKey
 * @returns {BusinessName | null}
 */
function businessOf(route, req, businessByKey) {
	const name = route?.auth.find((h) => CREDENTIAL_HEADERS[h] === 'business');
	const value = name ? req.headers[name.toLowerCase()] : undefined;
	return typeof value === 'string' ? (businessByKey.get(value) ?? null) : null;
}

/**
 * The credential headers the route needs, present and right: a 401 otherwise.
 * @param {import('./routes').Route} route
 * @param {import('node:http').IncomingMessage} req
 * @param {Pick<Platform, 'businessByKey' | 'userTokens'>} platform
 * @returns {{ business: BusinessName | null } | { refused: Result }}
 */
function authenticate(route, req, { businessByKey, userTokens }) {
	/** @type {BusinessName | null} */
	let business = null;
	for (const name of route.auth) {
		const value = req.headers[name.toLowerCase()];
		const credential = CREDENTIAL_HEADERS[name];
		if (value === undefined || value === '') {
			return {
				refused: {
					status: 401,
					body: { message: `Unauthenticated. Missing header: ${name}.`, status: false },
				},
			};
		}
		// A user token is the fixed (pasted) one or one the login issued, until it expires.
		const check =
			credential === 'userToken' && value !== CREDENTIALS.userToken
				? userTokens.use(String(value))
				: undefined;
		if (check === 'expired') return { refused: userTokens.refusal() };
		const valid =
			credential === 'business'
				? (business = businessByKey.get(String(value)) ?? null) !== null
				: check === 'valid' || value === CREDENTIALS[credential];
		if (!valid)
			return {
				refused: {
					status: 401,
					body: { message: `Unauthenticated. Invalid ${name} header.`, status: false },
				},
			};
	}
	return { business };
}

/**
 * The route's other required headers, its content type and a readable body: a 400 or 415 otherwise.
 * @param {import('./routes').Route} route
 * @param {import('node:http').IncomingMessage} req
 * @param {string | null} contentType
 * @param {import('./request').ParsedBody} body
 * @returns {Result | undefined}
 */
function checkRequest(route, req, contentType, body) {
	for (const [name, rule] of Object.entries(route.need ?? {})) {
		const value = req.headers[name.toLowerCase()];
		if (value === undefined || String(value).trim() === '') {
			return { status: 400, body: { status: false, message: `The ${name} header is required.` } };
		}
		if (rule === 'required-lang' && !languageOf(String(value))) {
			return {
				status: 400,
				body: { status: false, message: `The ${name} header must be en or ar.` },
			};
		}
		if (rule === 'accept-json' && !String(value).toLowerCase().includes('application/json')) {
			return {
				status: 400,
				body: { status: false, message: `The ${name} header must be application/json.` },
			};
		}
	}
	if (route.content) {
		const mime = mimeOf(contentType);
		const bareEmpty = route.emptyBodyMayOmitType && !contentType && body.record.kind === 'empty';
		if (mime !== route.content && !bareEmpty) {
			return {
				status: 415,
				body: { status: false, message: `Unsupported Media Type: expected ${route.content}.` },
			};
		}
	}
	if (body.error && route.method !== 'GET')
		return { status: 400, body: { status: false, message: body.error } };
	return undefined;
}

/**
 * Auth, headers, content type, then the handler.
 * @param {{ route: import('./routes').Route, params: Record<string, string>, module: string }} routed
 * @param {import('node:http').IncomingMessage} req
 * @param {{ query: Record<string, string>, contentType: string | null }} rec the request's log entry
 * @param {import('./request').ParsedBody} body
 * @param {Platform} platform
 * @returns {Result}
 */
function callOperation({ route, params, module }, req, rec, body, platform) {
	const auth = authenticate(route, req, platform);
	if ('refused' in auth) return auth.refused;
	const refused = checkRequest(route, req, rec.contentType, body);
	if (refused) return refused;

	const langHeader = route.lang ? req.headers[route.lang.toLowerCase()] : undefined;
	const input =
		body.input && typeof body.input === 'object' && !Array.isArray(body.input) ? body.input : {};
	return route.handler({
		biz: auth.business ? platform.state[auth.business] : /** @type {any} */ ({}),
		params,
		query: rec.query,
		input,
		text: body.text,
		lang: languageOf(typeof langHeader === 'string' ? langHeader : undefined) ?? 'en',
		moduleUrl: `${platform.url}/${module}`,
		shared: {
			districts: platform.districts,
			credentials: CREDENTIALS,
			userTokens: platform.userTokens,
		},
	});
}

module.exports = { businessOf, callOperation };
