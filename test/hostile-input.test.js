// @ts-check
/**
 * Bad and hostile input, through n8n-core's real engine: every operation is fed hostile
 * values (ids that try to reach another endpoint, bad dates, flags, JSON and numbers, empty
 * required values, line breaks in header values, non-http base URLs). Each either fails its
 * item before any request, with a message naming the parameter and the item, or sends
 * exactly the intended request (the value encoded into one path segment or query value).
 */
const { useSandbox } = require('./harness/fixture');
const { runNode } = require('./harness/n8n');
const { OPERATION_CASES, withOptions } = require('./harness/operationCases');
const { ENDPOINTS } = require('../nodes/shared/platform/endpoints');

const fixture = useSandbox();

const CASES = Object.fromEntries(OPERATION_CASES.map((op) => [op.endpoint, op]));

/** Parameters that take no expression (noDataExpression). */
const NO_EXPRESSION = new Set(['lineItemsSource']);

/**
 * Runs an operation's valid parameters with some replaced, as they would come from an
 * expression over the input item (n8n itself refuses a required parameter left empty in
 * the node, before the run; see the last test).
 * @param {string} code
 * @param {Record<string, any>} overrides
 * @param {Record<string, any>} [credentialOverrides]
 */
function runWith(code, overrides, credentialOverrides = {}) {
	const op = CASES[code];
	const { settings, options, ...values } = overrides;
	// Scalars come from the item through an expression; collections are set in the node as they are.
	const parameters = Object.fromEntries(
		Object.entries(values).map(([name, value]) => [
			name,
			(typeof value === 'object' && value !== null) || NO_EXPRESSION.has(name)
				? value
				: `={{ $json[${JSON.stringify(name)}] }}`,
		]),
	);
	return runNode({
		type: op.type,
		parameters: withOptions(
			{ ...op.parameters, ...parameters },
			{ ...options, retryDelay: 1, maxTries: 1, ...settings },
		),
		credentials: { ...fixture.credentials, ...credentialOverrides },
		items: [{ json: values }],
	});
}

/**
 * The item failed before any request was sent (Category → Update checks its own request
 * before it reads the categories list), with a message that names the parameter and the item.
 * @param {{ error?: any }} result
 * @param {string} parameter
 * @param {string | RegExp} [reason]
 */
function expectRefused(result, parameter, reason) {
	expect(result.error).toBeDefined();
	const message = String(result.error.message);
	expect(message.startsWith(`${parameter} `)).toBe(true);
	// The item is in the error's details (n8n's error panel), not in its message.
	expect(result.error.context.itemIndex).toBe(0);
	expect(result.error.context.data).toEqual({ item: 0 });
	if (typeof reason === 'string') expect(message).toContain(reason);
	else if (reason) expect(message).toMatch(reason);
	expect(result.error.description).toBe('Nothing was sent to the platform for this item.');
	expect(fixture.sandbox.requests).toEqual([]);
}

/** Ids that try to leave their path segment, or are not ids at all. */
const HOSTILE_IDS = [
	'../../x',
	'..',
	'.',
	'%2e%2e',
	'%2E%2e%2Fadmin',
	'.%2e',
	'1/2',
	'1\\2',
	'1?a=b',
	'1#top',
	'1&x=y',
	'1;drop',
	'1\r\nX-Injected: 1',
	'1\u0000',
	'',
	'   ',
	'-1',
	'1.5',
	'0x1F',
	'1e3',
	'１２',
];

/** Values that stay inside one path segment when percent-encoded: sent, encoded, to the intended endpoint. */
const ENCODED_IS_SAFE = new Set([
	'1?a=b',
	'1#top',
	'1&x=y',
	'1;drop',
	'-1',
	'1.5',
	'0x1F',
	'1e3',
	'１２',
]);

/** Path ids per operation: parameter, its label, and its type in the spec. */
/** Every path id of every operation, from its case's `pathIds`: [ENDPOINTS key, parameter, label]. */
const PATH_IDS = OPERATION_CASES.flatMap((op) =>
	Object.entries(op.pathIds ?? {}).map(([parameter, label]) => [op.endpoint, parameter, label]),
);

describe('path ids', () => {
	test.each(OPERATION_CASES.map((op) => [op.endpoint, op]))(
		'%s: its case names every id of its path (`pathIds`)',
		(_endpoint, op) => {
			const ids = Object.keys(
				ENDPOINTS[/** @type {keyof typeof ENDPOINTS} */ (op.endpoint)].pathParams,
			);
			const needed = ids.filter((name) => name !== 'type').length;
			// On a failure: add `pathIds: { <parameter>: '<its label>' }` to the case in op.caseFile.
			expect({ caseFile: op.caseFile, pathIds: Object.keys(op.pathIds ?? {}).length }).toEqual({
				caseFile: op.caseFile,
				pathIds: needed,
			});
		},
	);

	describe.each(PATH_IDS)('%s %s', (code, parameter, label) => {
		const stringId = code === 'getCustomerSupplierBranch';
		test.each(HOSTILE_IDS.map((value) => [JSON.stringify(value), value]))(
			'%s',
			async (_, value) => {
				const result = await runWith(code, { [parameter]: value });
				if (!(stringId && ENCODED_IS_SAFE.has(value))) {
					expectRefused(result, label);
					return;
				}
				// A UUID is any text: sent, but only as one encoded segment of the E8 path, with no query.
				const op = CASES.getCustomerSupplierBranch.parameters;
				const uuid = parameter === 'customerSupplierUuid' ? value : op.customerSupplierUuid;
				const branch = parameter === 'branchUuid' ? value : op.branchUuid;
				expect(fixture.sandbox.requests).toHaveLength(1);
				expect(fixture.sandbox.requests[0]).toMatchObject({
					operation: 'getCustomerSupplierBranch',
					method: 'GET',
					module: 'accounting',
					path: `/api/v5/customers-suppliers/1/${encodeURIComponent(uuid)}/branches/${encodeURIComponent(branch)}`,
					rawQuery: '',
				});
				expect(result.error?.httpCode).toBe('404');
			},
		);
	});

	test('a customer/supplier type other than customer/supplier (1/2) is refused', async () => {
		expectRefused(
			await runWith('getCustomerSupplierBranch', { contactType: '1/../2' }),
			'Customer or Supplier',
		);
	});
});

/**
 * Other parameters per operation: [operation, parameter overrides, parameter named, reason].
 * @type {Array<[string, Record<string, any>, string, string | RegExp]>}
 */
const BAD_PARAMETERS = [
	[
		'updateSalesQuote',
		{ createdDate: 'next tuesday' },
		'Created Date',
		'must be a date as YYYY-MM-DD, got "next tuesday"',
	],
	['updateSalesQuote', { createdDate: '2024-02-30' }, 'Created Date', 'is not a real date or time'],
	['updateSalesQuote', { createdDate: '' }, 'Created Date', 'is required'],
	['updateSalesQuote', { taxInclusive: 'maybe' }, 'Tax Inclusive', 'must be 0 or 1'],
	['updateSalesQuote', { customerId: '1 OR 1=1' }, 'Customer ID', 'must be a whole number'],
	['updateSalesQuote', { total: 'lots' }, 'Total', 'must be a number'],
	[
		'updateSalesQuote',
		{ lineItemsSource: 'json', lineItemsJson: '[{"itemId": 1,' },
		'Line Items (JSON)',
		'is not valid JSON',
	],
	[
		'updateSalesQuote',
		{ lineItemsSource: 'json', lineItemsJson: '{"itemId": 1}' },
		'Line Items (JSON)',
		'must be an array',
	],
	[
		'updateSalesQuote',
		{
			lineItems: {
				item: [
					{
						itemId: '1701',
						description: 'Case',
						quantity: '',
						price: '1',
						amount: '1',
						discount: '0',
						tax: '0',
						taxAmount: '0',
						totalWithTax: '1',
					},
				],
			},
		},
		'Line 1: Quantity',
		'is required',
	],
	[
		'updateSalesQuote',
		{ options: { language: 'en\r\nX-Injected: 1' } },
		'Language',
		'must be en or ar',
	],
	['updateCategory', { updateFields: { status: 2 } }, 'Status', 'must be 0 or 1'],
	['updateCategory', { updateFields: {} }, 'Update Fields', 'needs at least one field'],
	[
		'updateCategory',
		{ updateFields: { parentCategory: { __rl: true, mode: 'id', value: '../1' } } },
		'Parent Category',
		'must be a whole number',
	],
	['getOrder', { options: { language: 'fr' } }, 'Language', 'must be en or ar'],
	['toggleFavorite', { options: { language: 'ar\nX: 1' } }, 'Language', 'must be en or ar'],
	['deleteWorkspace', { businessId: 'abc' }, 'Business ID', 'must be a whole number'],
	['deleteWorkspace', { businessId: '' }, 'Business ID', 'is required'],
	['createSkill', { type: '' }, 'Type', 'is required'],
	['createSkill', { skills: ' , ' }, 'Skills', 'needs at least one skill'],
	['getCustomerSupplierBranch', { options: { language: 'de' } }, 'Language', 'must be en or ar'],
	['createCashBankAccount', { name: '  ' }, 'Name', 'is required'],
	[
		'createCashBankAccount',
		{ representativeId: '7; DROP' },
		'Representative ID',
		'must be a whole number',
	],
	['updateTask', { updateFields: { dueDate: 'soon' } }, 'Due Date', 'must be a date as YYYY-MM-DD'],
	[
		'updateTask',
		{ timeTracking: { timeEntry: [{ userId: '3', startedAt: '2026-11-21' }] } },
		'Started At of Time Entry 1',
		'needs a time',
	],
	['updateTask', { updateFields: { ownerId: '../3' } }, 'Owner ID', 'must be a whole number'],
	['updateTask', { updateFields: { budget: '1,500' } }, 'Budget', 'must be a number'],
	['listCalendars', { userType: '' }, 'User Type', 'is required'],
	['listCalendars', { returnAll: false, limit: 0 }, 'Limit', 'must be 1 or more'],
	['updateCatalogComment', { status: 'yes' }, 'Status', 'must be 0 or 1'],
	['updateAuditSessionItem', { physicalQty: 'many' }, 'Physical Quantity', 'must be a number'],
	['updateAuditSessionItem', { physicalQty: '' }, 'Physical Quantity', 'is required'],
	['createInventoryTransferItem', { quantity: '' }, 'Quantity', 'is required'],
	[
		'createInventoryTransferItem',
		{ fromInventoryId: '1451/..' },
		'From Inventory ID',
		'must be a whole number',
	],
	['createInventoryTransferItem', { status: 'shipped' }, 'Status', 'must be pending or completed'],
	['listNews', { limit: 0 }, 'Limit', 'must be 1 or more'],
	['listNews', { options: { pageSize: 'all' } }, 'Page Size', 'must be a whole number'],
	['listNews', { filters: { status: 'deleted' } }, 'Status', 'must be active or inactive'],
];

describe('bad parameters are refused before any request, naming the parameter and the item', () => {
	test.each(
		BAD_PARAMETERS.map(([code, overrides, parameter, reason]) => [
			code,
			parameter,
			JSON.stringify(overrides),
			overrides,
			reason,
		]),
	)('%s %s: %s', async (code, parameter, _, overrides, reason) => {
		expectRefused(await runWith(code, overrides), parameter, reason);
	});

	test('the item index in the message is the failing item', async () => {
		const op = CASES.getPayslip;
		const { error } = await runNode({
			type: op.type,
			parameters: { ...op.parameters, payslipId: '={{ $json.id }}', options: { retryDelay: 1 } },
			credentials: fixture.credentials,
			items: [{ json: { id: 1751 } }, { json: { id: 1752 } }, { json: { id: '1752/../1751' } }],
		});
		expect(error?.message).toBe('Payslip ID must be a whole number, got "1752/../1751"');
	});
});

test('n8n itself refuses a required parameter left empty in the node, before the run', async () => {
	const op = CASES.getPayslip;
	await expect(
		runNode({
			type: op.type,
			parameters: { ...op.parameters, payslipId: '' },
			credentials: fixture.credentials,
		}),
	).rejects.toThrow('Parameter "Payslip ID" is required.');
	expect(fixture.sandbox.requests).toHaveLength(0);
});

describe('query values stay query values', () => {
	test('a keyword that looks like more query parameters is sent as one encoded value', async () => {
		const keyword = '&page=99&per_page=1#x';
		const { error } = await runWith('listNews', { filters: { keyword } });
		expect(error).toBeUndefined();
		expect(fixture.sandbox.requests).toHaveLength(1);
		expect(fixture.sandbox.requests[0].query).toEqual({
			keyword,
			list: '',
			per_page: '3',
			page: '1',
		});
	});
});

/** Which credential fields each operation sends as headers (business key aside). */
function credentialHeaderFields(/** @type {string} */ code) {
	const spec = /** @type {any} */ (ENDPOINTS)[code];
	return [...new Set(Object.values(spec.credentialHeaders))].filter(
		(field) => field !== 'businessKey',
	);
}

const FIELD_LABELS = {
	apiKey: 'API Key',
	apiConnection: 'API Connection',
	userToken: 'User Token',
	clientUuid: 'Client UUID',
	platformKey: 'Platform Key',
	platform: 'Platform',
};

describe('header values with line breaks are refused (credential and business keys)', () => {
	const cases = OPERATION_CASES.flatMap((op) =>
		credentialHeaderFields(op.endpoint).map((field) => [op.endpoint, field]),
	);

	test.each(cases)('%s: %s', async (code, field) => {
		const hostile = `${fixture.credentials[field]}\r\nX-Injected: 1`;
		const result = await runWith(code, {}, { [field]: hostile });
		const label = /** @type {Record<string, string>} */ (FIELD_LABELS)[field];
		expectRefused(
			result,
			`The credential field "${label}"`,
			'contains a line break or control character',
		);
		expect(JSON.stringify(result.error)).not.toContain('X-Injected');
	});

	test.each(OPERATION_CASES.filter((op) => op.business).map((op) => op.endpoint))(
		'%s: a business key with a line break',
		async (code) => {
			const defaultKey = await runWith(code, {}, { businessKey: 'sbx_bizkey\nX-Injected: 1' });
			expectRefused(
				defaultKey,
				'The business key of "default"',
				'contains a line break or control character',
			);

			const additional = await runWith(
				code,
				{ settings: { business: 'globex' } },
				{ additionalBusinessKeys: 'globex=sbx_bizkey_globex\rX-Injected: 1' },
			);
			expectRefused(
				additional,
				'The business key of "globex"',
				'contains a line break or control character',
			);
			expect(JSON.stringify([defaultKey.error, additional.error])).not.toContain('X-Injected');
		},
	);
});

const BASE_URL_FIELDS = {
	businessPlatformAccounting: ['accountingBaseUrl', 'Accounting Base URL'],
	businessPlatformEcommerce: ['ecommerceBaseUrl', 'Ecommerce Base URL'],
	businessPlatformHr: ['hrBaseUrl', 'HR Base URL'],
	businessPlatformCalendar: ['calendarBaseUrl', 'Calendar Base URL'],
	businessPlatformProjects: ['managementBaseUrl', 'Management Base URL'],
};

const HOSTILE_BASE_URLS = [
	'file:///etc/passwd',
	'ftp://127.0.0.1/module',
	'javascript:alert(1)',
	'data:text/plain,hello',
	'//127.0.0.1/module',
	'127.0.0.1:5680/module',
	'http://user:pass@127.0.0.1:1/module',
	'http://127.0.0.1:1/module?redirect=https://evil.example',
	'http://127.0.0.1:1/module#fragment',
	'http://127.0.0.1:1/mod\nule',
	'not a url',
	// The URL parser reads a backslash as a slash: this one goes to evil.example.
	'http://evil.example\\@127.0.0.1:1/module',
	// An empty query or fragment still swallows the operation's path.
	'http://127.0.0.1:1/module?',
	'http://127.0.0.1:1/module#',
];

describe('base URLs must be http or https', () => {
	const cases = OPERATION_CASES.flatMap((op) =>
		HOSTILE_BASE_URLS.map((url) => [op.endpoint, JSON.stringify(url), op.type, url]),
	);
	test.each(cases)('%s: %s', async (code, _, type, url) => {
		const [field, label] = /** @type {Record<string, string[]>} */ (BASE_URL_FIELDS)[type];
		expectRefused(await runWith(code, {}, { [field]: url }), `The credential field "${label}"`);
	});

	test.each([
		['updateCategory', 'categoriesPathPrefix', 'Categories Path Prefix', '../admin'],
		['updateCategory', 'categoriesPathPrefix', 'Categories Path Prefix', 'api/%2e%2e/admin'],
		['toggleFavorite', 'favoritesPathPrefix', 'Favorites Path Prefix', 'api/v1/..'],
		['toggleFavorite', 'favoritesPathPrefix', 'Favorites Path Prefix', 'api\\v1'],
	])('%s: a %s of %s is refused', async (code, field, label, value) => {
		expectRefused(await runWith(code, {}, { [field]: value }), `The credential field "${label}"`);
	});
});
