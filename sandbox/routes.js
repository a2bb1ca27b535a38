// @ts-check
'use strict';

/**
 * The sandbox's routes: for every operation its module, method, path, the exact credential
 * header names it needs (hyphen and underscore are different names), other required headers,
 * the content type it accepts, the language header, its envelope and its handler. Each
 * platform operation's route and handler are written in its file,
 * test/operations/<node>/<endpoint key>.js; the login and the operations the spec names only
 * are here, their handlers in operations/.
 */

const ops = require('./operations');
const { operationFiles } = require('../test/operations');

/**
 * Which credential value each credential header name must carry. 'business' means one of
 * the business keys; that header selects the business.
 * @type {Record<string, 'apiKey' | 'apiConnection' | 'userToken' | 'clientUuid' | 'platformKey' | 'business'>}
 */
const CREDENTIAL_HEADERS = {
	apikey: 'apiKey',
	apiconnection: 'apiConnection',
	userToken: 'userToken',
	'user-token': 'userToken',
	user_token: 'userToken',
	uuid: 'clientUuid',
	'platform-key': 'platformKey',
	'secure-business-key': 'business',
	secure_business_key: 'business',
};

/**
 * @typedef {'required-lang' | 'present' | 'accept-json'} HeaderRule
 * @typedef {'multipart/form-data' | 'application/json' | 'text/plain'} ContentType
 * @typedef {object} Route
 * @property {string} operation               the endpoint's ENDPOINTS key ('getPayslip', 'listCategories', ...), 'login', or a name-only one ('invoicesList', ...)
 * @property {'accounting' | 'ecommerce' | 'hr' | 'calendar' | 'management' | 'auth'} module
 * @property {string} method
 * @property {string} path                    relative to the module base; ':name' is a parameter
 * @property {string[]} auth                  credential header names, exact spelling
 * @property {Record<string, HeaderRule>} [need]  other required headers
 * @property {ContentType} [content]          required request content type
 * @property {boolean} [emptyBodyMayOmitType] an empty body may come without a content type
 * @property {'Accept-Language' | 'lang'} [lang]  header that picks the message language
 * @property {'data' | 'response' | 'success'} envelope  status/message/data, status/message/response, status_code/.../success/data
 * @property {import('./operations/common').Handler} handler
 */

const ECOMMERCE = ['apikey', 'apiconnection', 'secure-business-key'];
const ECOMMERCE_USER = [...ECOMMERCE, 'userToken'];
const MANAGEMENT = ['user-token', 'secure-business-key'];
/** @type {ContentType} */
const MULTIPART = 'multipart/form-data';
/** @type {ContentType} */
const JSON_TYPE = 'application/json';
/** @type {ContentType} */
const TEXT = 'text/plain';

/**
 * Operations the spec lists by name only, without path or headers (operations/name-only.js):
 * each picks a path and one of the spec's header sets, for Custom API Call to reach.
 * @type {Route[]}
 */
const NAME_ONLY_ROUTES = [
	{
		operation: 'invoicesList',
		module: 'accounting',
		method: 'GET',
		path: '/api/v1/invoices',
		auth: MANAGEMENT,
		lang: 'lang',
		envelope: 'data',
		handler: ops.listInvoices,
	},
	{
		operation: 'journalEntryCreate',
		module: 'accounting',
		method: 'POST',
		path: '/api/v1/journal_entries',
		auth: ['apikey', 'secure_business_key'],
		content: JSON_TYPE,
		envelope: 'data',
		handler: ops.createJournalEntry,
	},
	{
		operation: 'orderStatusChange',
		module: 'ecommerce',
		method: 'POST',
		path: '/api/v1/orders/:order_id/status',
		auth: ECOMMERCE_USER,
		content: JSON_TYPE,
		envelope: 'data',
		handler: ops.changeOrderStatus,
	},
	{
		operation: 'orderStatusPatch',
		module: 'ecommerce',
		method: 'PATCH',
		path: '/api/v1/orders/:order_id/status',
		auth: ECOMMERCE_USER,
		content: JSON_TYPE,
		envelope: 'data',
		handler: ops.changeOrderStatus,
	},
	{
		operation: 'abandonedOrdersList',
		module: 'ecommerce',
		method: 'GET',
		path: '/api/v1/abandoned_orders',
		auth: ECOMMERCE,
		lang: 'Accept-Language',
		envelope: 'data',
		handler: ops.listAbandonedOrders,
	},
	{
		operation: 'employeeGet',
		module: 'hr',
		method: 'GET',
		path: '/api/v1/employees/:employee_id',
		auth: ['uuid', 'secure_business_key'],
		envelope: 'response',
		handler: ops.getEmployee,
	},
	{
		operation: 'calendarNote',
		module: 'calendar',
		method: 'PUT',
		path: '/api/v2/business_calendars/:calendar_id/note',
		auth: ['user_token', 'secure_business_key'],
		content: TEXT,
		envelope: 'data',
		handler: ops.setCalendarNote,
	},
	{
		operation: 'attachmentUpload',
		module: 'management',
		method: 'POST',
		path: '/api/v1/attachments',
		auth: MANAGEMENT,
		need: { Accept: 'accept-json' },
		content: MULTIPART,
		envelope: 'success',
		handler: ops.uploadAttachments,
	},
	{
		operation: 'workspaceDeleteRest',
		module: 'management',
		method: 'DELETE',
		path: '/api/workspaces/:id',
		auth: MANAGEMENT,
		need: { Accept: 'accept-json' },
		envelope: 'success',
		handler: ops.deleteWorkspaceRest,
	},
];

/**
 * Every route: each platform operation's, from its file in test/operations/ (written there
 * with its handler, seed records and test case), then the login and the name-only ones.
 * Two routes on one method and path are refused, naming both: the later one would never be
 * reached, and the requests and tests of the first would silently go to the second.
 * @param {{ categories: string, favorites: string }} prefixes configured path prefixes of E2 and E4
 * @param {import('../test/operations').LoadedOperation[]} [files] the operation files (all of test/operations/)
 * @returns {Route[]}
 */
function buildRoutes(prefixes, files = operationFiles()) {
	const trimmed = {
		categories: prefixes.categories.replace(/^\/+|\/+$/g, ''),
		favorites: prefixes.favorites.replace(/^\/+|\/+$/g, ''),
	};
	/** @type {Array<{ route: Route, owner: string }>} */
	const owned = [
		...files.map(({ endpoint, file, contents: { route } }) => ({
			route: { ...(typeof route === 'function' ? route(trimmed) : route), operation: endpoint },
			owner: file,
		})),
		{
			route: {
				operation: 'login',
				module: 'auth',
				method: 'POST',
				path: '/api/login',
				auth: [],
				lang: 'Accept-Language',
				envelope: 'data',
				handler: ops.login,
			},
			owner: 'the login route in sandbox/routes.js',
		},
		...NAME_ONLY_ROUTES.map((route) => ({
			route,
			owner: `the name-only route "${route.operation}" (NAME_ONLY_ROUTES in sandbox/routes.js)`,
		})),
	];
	/** @type {Map<string, string>} */
	const owners = new Map();
	for (const { route, owner } of owned) {
		// Parameter names differ between owners; a parameter matches any segment either way.
		const key = `${route.module} ${route.method} ${route.path.replace(/:[^/]+/g, ':')}`;
		const first = owners.get(key);
		if (first)
			throw new Error(
				`The sandbox serves ${route.method} ${route.path} (${route.module}) twice: for ${first} and for ${owner}. ` +
					'Only one route can answer it. When an operation now implements a name-only route, remove that ' +
					"route from NAME_ONLY_ROUTES (and its handler from sandbox/operations/name-only.js): the operation's " +
					'file serves the path, and Custom API Call reaches it there (CONTRIBUTING.md, "Adding an operation").',
			);
		owners.set(key, owner);
	}
	return owned.map(({ route }) => route);
}

/**
 * @typedef {object} CompiledRoute
 * @property {Route} route
 * @property {RegExp} pattern
 * @property {string[]} names
 */

/**
 * A matcher over the routes, per module.
 * @param {Route[]} routes
 */
function createRouter(routes) {
	/** @type {Map<string, CompiledRoute[]>} */
	const byModule = new Map();
	for (const route of routes) {
		/** @type {string[]} */
		const names = [];
		const source = route.path
			.split('/')
			.map((segment) => {
				if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
				names.push(segment.slice(1));
				return '([^/]+)';
			})
			.join('/');
		const list = byModule.get(route.module) ?? [];
		list.push({ route, pattern: new RegExp(`^${source}/?$`), names });
		byModule.set(route.module, list);
	}

	/**
	 * @param {string} module
	 * @param {string} method
	 * @param {string} path
	 * @returns {{ route: Route, params: Record<string, string> } | { allowed: string[] } | null}
	 */
	return function match(module, method, path) {
		const list = byModule.get(module);
		if (!list) return null;
		/** @type {string[]} */
		const allowed = [];
		for (const { route, pattern, names } of list) {
			const m = pattern.exec(path);
			if (!m) continue;
			if (route.method !== method) {
				allowed.push(route.method);
				continue;
			}
			/** @type {Record<string, string>} */
			const params = {};
			names.forEach((name, i) => {
				try {
					params[name] = decodeURIComponent(m[i + 1]);
				} catch {
					params[name] = m[i + 1];
				}
			});
			return { route, params };
		}
		return allowed.length ? { allowed } : null;
	};
}

module.exports = {
	CREDENTIAL_HEADERS,
	buildRoutes,
	createRouter,
	ECOMMERCE,
	ECOMMERCE_USER,
	MANAGEMENT,
	MULTIPART,
	JSON_TYPE,
	TEXT,
};
