// @ts-check
/**
 * The credential is checked once, when a run starts (issue 38 item 2): a request only looks up
 * the checked values (transport/runCredential.ts), and a failed check fails, with its own
 * error, every item that needs the value and no other. prepareRequest builds requests here
 * without sending them; the engine tests (hostile-input, credential) send them.
 */
const { createRun } = require('../nodes/shared/transport/run');
const { prepareRequest } = require('../nodes/shared/transport/request');
const { ParameterError } = require('../nodes/shared/platform/errors');
const { ENDPOINTS } = require('../nodes/shared/platform/endpoints');
const { PACKAGE } = require('./harness/n8n');

/** @param {Record<string, string>} [overrides] */
const credentialsWith = (overrides = {}) => ({
	apiKey: 'api-key-0001',
	apiConnection: 'api-connection-0001',
	businessKey: 'business-key-acme',
	additionalBusinessKeys: 'globex=business-key-globex',
	userToken: 'user-token-0001',
	clientUuid: 'client-uuid-0001',
	platformKey: 'platform-key-0001',
	platform: 'web',
	language: 'en',
	accountingBaseUrl: 'http://127.0.0.1:9/accounting',
	ecommerceBaseUrl: 'http://127.0.0.1:9/ecommerce',
	hrBaseUrl: 'http://127.0.0.1:9/hr',
	calendarBaseUrl: 'http://127.0.0.1:9/calendar',
	managementBaseUrl: 'http://127.0.0.1:9/management',
	categoriesPathPrefix: 'api/v1/categories',
	favoritesPathPrefix: 'api/v1/favorites',
	...overrides,
});

/** @param {string} type */
const nodeOf = (type) =>
	/** @type {import('n8n-workflow').INode} */ ({
		id: '1',
		name: 'Node',
		type: `${PACKAGE}.${type}`,
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
		credentials: { businessPlatformApi: { id: '1', name: 'test' } },
	});

/** Requests of every kind of credential value: prefixes, each header field, both languages, two businesses. */
const REQUESTS = /** @type {const} */ ([
	['updateCategory', { pathParams: { category_id: { value: 7, label: 'Category ID' } } }],
	[
		'toggleFavorite',
		{ pathParams: { catalog_id: { value: 3, label: 'Catalog ID' } }, language: 'ar' },
	],
	[
		'updateSalesQuote',
		{ pathParams: { quote_id: { value: 5, label: 'Quote ID' } }, business: 'globex' },
	],
	[
		'getPayslip',
		{ pathParams: { payslip_id: { value: 1751, label: 'Payslip ID' } }, language: 'en' },
	],
	['listCalendars', {}],
	['getDistrict', { pathParams: { district_id: { value: 2, label: 'District ID' } } }],
]);

/** @param {ReturnType<typeof createRun>} run @param {string} operation @param {number} itemIndex */
const prepare = (run, operation, itemIndex, input = {}) =>
	prepareRequest(
		run,
		ENDPOINTS[/** @type {keyof typeof ENDPOINTS} */ (operation)],
		itemIndex,
		input,
	);

test('requests read no credential field: the run checked them all when it started', () => {
	const run = createRun(nodeOf('businessPlatformEcommerce'), credentialsWith());
	// Any read of the credential's values from here on fails the request that makes it.
	Object.assign(run.credential, {
		values: new Proxy(
			{},
			{
				get(_target, field) {
					throw new Error(`read the credential field ${String(field)} after the run started`);
				},
			},
		),
	});
	for (let item = 0; item < 3; item++) {
		for (const [operation, input] of REQUESTS) {
			const request = prepare(run, operation, item, input);
			expect(request(new Map()).headers).toBeDefined();
		}
	}
	const update = prepare(run, 'updateCategory', 0, REQUESTS[0][1])(new Map());
	expect(update.url).toBe('http://127.0.0.1:9/ecommerce/api/v1/categories/7');
});

test('an empty base URL fails each item of its module, naming the field and the operation, and no other', () => {
	const run = createRun(nodeOf('businessPlatformHr'), credentialsWith({ hrBaseUrl: ' ' }));
	const payslip = { pathParams: { payslip_id: { value: 1751, label: 'Payslip ID' } } };
	for (const item of [0, 1]) {
		const failing = () => prepare(run, 'getPayslip', item, payslip);
		expect(failing).toThrow(ParameterError);
		expect(failing).toThrow(/^The credential field "HR Base URL" is empty; Get Payslip needs it/);
	}
	expect(prepare(run, 'listCalendars', 2)(new Map()).url).toMatch(
		/^http:\/\/127\.0\.0\.1:9\/calendar\//,
	);
});

test.each([
	[
		'a malformed base URL',
		{ accountingBaseUrl: 'ftp://127.0.0.1/x' },
		'updateSalesQuote',
		/"Accounting Base URL"/,
	],
	[
		'a path prefix with a control character',
		{ favoritesPathPrefix: 'api/fa\u0001v' },
		'toggleFavorite',
		/"Favorites Path Prefix"/,
	],
	[
		'an API Key with a line break',
		{ apiKey: 'key\r\nX-Evil: 1' },
		'getDistrict',
		/"API Key" contains a line break/,
	],
	['a short user token', { userToken: 'abc' }, 'listCalendars', /"User Token" is shorter than/],
	[
		'an empty Platform Key',
		{ platformKey: '' },
		'updateSalesQuote',
		/"Platform Key" is empty; Update Sales Quote needs it/,
	],
	[
		'an unreadable Additional Business Keys',
		{ additionalBusinessKeys: 'globex' },
		'getDistrict',
		/"Additional Business Keys" has no "="/,
	],
])(
	'%s fails the items that need it, before anything is sent',
	(_name, overrides, operation, message) => {
		const run = createRun(nodeOf('businessPlatformEcommerce'), credentialsWith(overrides));
		const input = Object.fromEntries(REQUESTS)[operation];
		for (const item of [0, 1]) {
			expect(() => prepare(run, operation, item, input)).toThrow(message);
		}
	},
);

test("a business key with a line break fails that business's items only", () => {
	const run = createRun(
		nodeOf('businessPlatformAccounting'),
		credentialsWith({ additionalBusinessKeys: 'globex=bad\tkey, initech=key-initech' }),
	);
	const quote = { pathParams: { quote_id: { value: 5, label: 'Quote ID' } } };
	for (const item of [0, 1]) {
		expect(() => prepare(run, 'updateSalesQuote', item, { ...quote, business: 'globex' })).toThrow(
			/^The business key of "globex" contains a line break or control character$/,
		);
	}
	expect(() =>
		prepare(run, 'updateSalesQuote', 0, { ...quote, business: 'initech' }),
	).not.toThrow();
	expect(() => prepare(run, 'updateSalesQuote', 1, quote)).not.toThrow();
});

test('the login fields are checked where the Log In credential needs the user token', () => {
	const node = {
		...nodeOf('businessPlatformCalendar'),
		parameters: { authentication: 'login' },
		credentials: { businessPlatformLogInApi: { id: '1', name: 'test' } },
	};
	const loginWith = (/** @type {Record<string, string>} */ overrides) =>
		createRun(
			node,
			credentialsWith({
				userTokenSource: 'login',
				userToken: '',
				authBaseUrl: 'http://127.0.0.1:9/auth',
				loginIdentifier: 'ops@example.com',
				loginPassword: 'a-password',
				...overrides,
			}),
		);
	expect(() => prepare(loginWith({}), 'listCalendars', 0)).not.toThrow();
	expect(() => prepare(loginWith({ loginPassword: '' }), 'listCalendars', 0)).toThrow(
		/"Login Password" is empty; List Calendars needs it/,
	);
	expect(() => prepare(loginWith({ authBaseUrl: 'not a url' }), 'listCalendars', 0)).toThrow(
		/"Auth Base URL"/,
	);
	// An operation without the user token does not need the login.
	expect(() =>
		prepare(
			loginWith({ loginPassword: '' }),
			'getDistrict',
			0,
			Object.fromEntries(REQUESTS).getDistrict,
		),
	).not.toThrow();
});
