// @ts-check
/**
 * The one table of operation cases, one per `ENDPOINTS` entry (test/completeness.test.js
 * checks it), shared by the engine tests and the e2e suite:
 * - `parameters`: one minimal valid parameter set per operation, against the sandbox's
 *   seeded records of the default business (acme), and `globex`: the overrides that make
 *   it a valid run for the second business (fault, retry, hostile-input, secret and tenant tests);
 * - `headers`: the platform header names the operation sends, as spelled on the wire;
 * - `fullRun`: a fuller run with the operation's notable options and what its output and
 *   requests must show, run in the real n8n app by test/e2e/app.e2e.js and through n8n-core's
 *   engine by test/operations.test.js.
 * Longer than ~350 lines because it is one table: one entry per operation.
 */
const { uuidFor } = require('../../sandbox/data');
const { platformHeaderNames } = require('./requests');

/**
 * @typedef {import('../../sandbox/request').RecordedRequest} RecordedRequest
 * @typedef {'read' | 'setValue' | 'create'} RetryClass
 * @typedef {object} FullRun
 * @property {import('n8n-workflow').INodeParameters} [overrides]  parameters that differ from the case's minimal ones
 *   (an undefined value drops one); the request settings aside
 * @property {(output: any[], requests: RecordedRequest[]) => void} expect  checks the output items' json and the
 *   requests the sandbox logged for the operation (for E2 every request: its categories list read too)
 * @typedef {object} OperationCase
 * @property {string} endpoint          the ENDPOINTS key it calls, the name the sandbox logs its requests under
 * @property {string} type              node type (description name)
 * @property {Record<string, any>} parameters  a valid run for acme
 * @property {Record<string, any>} globex      parameter overrides that make it a valid run for globex
 * @property {RetryClass} retry         the retry class the issue gives the operation
 * @property {number} requestsPerItem   requests one successful item sends (E2 reads the categories list first, once per node run and business)
 * @property {boolean} business         whether the operation sends a business key
 * @property {string[]} headers         the platform header names sent (protocol headers aside), sorted
 * @property {FullRun} fullRun
 */

const ACCOUNTING = 'businessPlatformAccounting';
const ECOMMERCE = 'businessPlatformEcommerce';
const HR = 'businessPlatformHr';
const CALENDAR = 'businessPlatformCalendar';
const PROJECTS = 'businessPlatformProjects';

/** @type {OperationCase[]} */
const OPERATION_CASES = [
	{
		endpoint: 'updateSalesQuote',
		type: ACCOUNTING,
		parameters: {
			resource: 'salesQuote',
			operation: 'update',
			quoteId: '1501',
			customerId: '1401',
			currencyId: '1',
			createdDate: '2026-11-21T00:00:00',
			total: 30,
			finalTotal: 34.5,
			lineItemsSource: 'defineBelow',
			lineItems: {
				item: [
					{
						itemId: '1701',
						description: 'Case',
						quantity: '2',
						price: '15',
						amount: '30',
						discount: '0',
						tax: '15',
						taxAmount: '4.5',
						totalWithTax: '34.5',
					},
				],
			},
		},
		globex: { quoteId: '2501', customerId: '2401', currencyId: '2' },
		retry: 'create',
		requestsPerItem: 1,
		business: true,
		headers: [
			'Accept-Language',
			'apikey',
			'platform',
			'platform-key',
			'secure-business-key',
			'userToken',
		],
		fullRun: {
			overrides: {
				taxInclusive: false,
				applyDiscount: false,
				discountType: 'percentage',
				total: 230,
				finalTotal: 264.5,
				lineItems: {
					item: [
						{
							itemId: '1701',
							description: 'Cable',
							quantity: '2',
							price: '15',
							amount: '30',
							discount: '0',
							tax: '15',
							taxAmount: '4.5',
							totalWithTax: '34.5',
							sort: '1',
						},
						{
							itemId: '1702',
							description: 'Charger',
							quantity: '1',
							price: '200',
							amount: '200',
							discount: '0',
							tax: '15',
							taxAmount: '30',
							totalWithTax: '230',
							sort: '2',
						},
					],
				},
			},
			expect: (output, [request]) => {
				expect(output[0]).toMatchObject({ id: 1501, created_date: '2026-11-21' });
				// E1 sends multipart: the body's [name, value] pairs.
				const fields = /** @type {Array<[string, string]>} */ (request.body.fields);
				const itemIds = fields.filter(([name]) => name === 'item_id[]').map(([, v]) => v);
				expect(itemIds).toEqual(['1701', '1702']);
			},
		},
	},
	{
		endpoint: 'updateCategory',
		type: ECOMMERCE,
		parameters: {
			resource: 'category',
			operation: 'update',
			categoryId: '1202',
			updateFields: { englishTitle: 'Smartphones' },
		},
		globex: { categoryId: '2202' },
		retry: 'setValue',
		requestsPerItem: 2,
		business: true,
		headers: ['apiconnection', 'apikey', 'secure-business-key', 'userToken'],
		fullRun: {
			expect: (output, requests) => {
				expect(requests.map((r) => r.operation)).toEqual(['listCategories', 'updateCategory']);
				// Simplified (the default): the title in the credential's Default Language, English.
				expect(output[0]).toMatchObject({ id: 1202, parent: 1201, title: 'Smartphones' });
			},
		},
	},
	{
		endpoint: 'getOrder',
		type: ECOMMERCE,
		parameters: { resource: 'order', operation: 'get', orderId: '1301' },
		globex: { orderId: '2301' },
		retry: 'read',
		requestsPerItem: 1,
		business: true,
		headers: ['Accept-Language', 'apiconnection', 'apikey', 'secure-business-key'],
		fullRun: {
			overrides: { options: { includeHistory: true } },
			expect: (output, [request]) => {
				expect(request.query).toEqual({ get_history: '' });
				expect(JSON.stringify(output[0])).toContain('1301');
			},
		},
	},
	{
		endpoint: 'toggleFavorite',
		type: ECOMMERCE,
		parameters: { resource: 'favorite', operation: 'toggle', catalogId: '1701' },
		globex: { catalogId: '2701' },
		retry: 'create',
		requestsPerItem: 1,
		business: true,
		headers: ['Accept-Language', 'apiconnection', 'apikey', 'secure-business-key', 'userToken'],
		fullRun: {
			expect: (output, [request]) => {
				expect(request.method).toBe('PUT');
				expect(output).toHaveLength(1);
			},
		},
	},
	{
		endpoint: 'getDistrict',
		type: ECOMMERCE,
		parameters: { resource: 'district', operation: 'get', districtId: '1' },
		globex: {},
		retry: 'read',
		requestsPerItem: 1,
		business: false,
		headers: ['apiconnection', 'apikey'],
		fullRun: {
			expect: (output) => expect(output[0]).toMatchObject({ id: 1 }),
		},
	},
	{
		endpoint: 'deleteWorkspace',
		type: PROJECTS,
		parameters: {
			resource: 'workspace',
			operation: 'delete',
			workspaceId: '1803',
			businessId: '101',
		},
		globex: { workspaceId: '2802', businessId: '202' },
		retry: 'create',
		requestsPerItem: 1,
		business: true,
		headers: ['Accept-Language', 'secure-business-key', 'user-token'],
		fullRun: {
			expect: (output, [request]) => {
				expect(request.body).toEqual({ kind: 'json', value: { business_id: 101 } });
				expect(output[0]).toMatchObject({ deleted: true });
			},
		},
	},
	{
		endpoint: 'createSkill',
		type: HR,
		parameters: { resource: 'skill', operation: 'create', type: 'fault-test', skills: 'Excel' },
		globex: {},
		retry: 'create',
		requestsPerItem: 1,
		business: true,
		headers: ['secure_business_key', 'user_token', 'uuid'],
		fullRun: {
			overrides: { type: 'e2e', skills: 'Excel, Arabic' },
			expect: (output, [request]) => {
				expect(request.body.value).toEqual({ type: 'e2e', skills: ['Excel', 'Arabic'] });
				expect(output[0]).toMatchObject({ type: 'e2e', business_id: 101 });
			},
		},
	},
	{
		endpoint: 'getCustomerSupplierBranch',
		type: ACCOUNTING,
		parameters: {
			resource: 'customerSupplierBranch',
			operation: 'get',
			contactType: 'customer',
			customerSupplierUuid: uuidFor('contact-1601'),
			branchUuid: uuidFor('branch-1651'),
		},
		globex: { customerSupplierUuid: uuidFor('contact-2601'), branchUuid: uuidFor('branch-2651') },
		retry: 'read',
		requestsPerItem: 1,
		business: true,
		headers: ['lang', 'secure-business-key', 'user-token'],
		fullRun: {
			expect: (output) => {
				expect(output[0]).toMatchObject({ id: 1651, uuid: uuidFor('branch-1651') });
				expect(output[0]).not.toHaveProperty('password');
			},
		},
	},
	{
		endpoint: 'createCashBankAccount',
		type: ACCOUNTING,
		parameters: {
			resource: 'cashBankAccount',
			operation: 'create',
			name: 'Petty cash',
			accountType: 'cash',
			representativeId: '7',
			businessId: '101',
		},
		globex: { businessId: '202' },
		retry: 'create',
		requestsPerItem: 1,
		business: true,
		headers: ['apikey', 'secure_business_key'],
		fullRun: {
			expect: (output, [request]) => {
				expect(request.body.value).toEqual({
					name: 'Petty cash',
					type: 'cash',
					representative_id: '7',
					business_id: '101',
				});
				expect(output[0]).toMatchObject({ name: 'Petty cash' });
			},
		},
	},
	{
		endpoint: 'updateTask',
		type: PROJECTS,
		parameters: {
			resource: 'task',
			operation: 'update',
			taskId: '1002',
			updateFields: { name: 'Updated' },
		},
		globex: { taskId: '2002' },
		retry: 'create',
		requestsPerItem: 1,
		business: true,
		headers: ['Accept-Language', 'secure-business-key', 'user-token'],
		fullRun: {
			overrides: {
				updateFields: { name: 'Updated in n8n', dueDate: '2026-12-01T00:00:00' },
				timeTracking: {
					timeEntry: [{ userId: '3', startedAt: '2026-11-21T09:00:00', durationMinutes: 30 }],
				},
			},
			expect: (output, [request]) => {
				expect(request.body.fields).toEqual(
					expect.arrayContaining([
						['name', 'Updated in n8n'],
						['due_date', '2026-12-01'],
						['timeTracking[0][started_at]', '2026-11-21 09:00:00'],
					]),
				);
				expect(output[0]).toMatchObject({
					id: 1002,
					name: 'Updated in n8n',
					due_date: '2026-12-01',
				});
			},
		},
	},
	{
		endpoint: 'listCalendars',
		type: CALENDAR,
		parameters: {
			resource: 'calendar',
			operation: 'getAll',
			userType: 'user',
			type: 'user',
			returnAll: true,
		},
		globex: {},
		retry: 'read',
		requestsPerItem: 1,
		business: true,
		headers: ['secure_business_key', 'user_token'],
		fullRun: {
			expect: (output) => expect(output.map((c) => c.id)).toEqual([1151, 1152]),
		},
	},
	{
		endpoint: 'updateCatalogComment',
		type: ECOMMERCE,
		parameters: {
			resource: 'catalogComment',
			operation: 'update',
			commentId: '1251',
			status: true,
		},
		globex: { commentId: '2251' },
		retry: 'setValue',
		requestsPerItem: 1,
		business: true,
		headers: ['apiconnection', 'apikey', 'secure-business-key', 'userToken'],
		fullRun: {
			expect: (output, [request]) => {
				expect(request.body.fields).toEqual([
					['_method', 'PUT'],
					['status', '1'],
				]);
				expect(output[0]).toMatchObject({ success: true });
			},
		},
	},
	{
		endpoint: 'updateAuditSessionItem',
		type: ECOMMERCE,
		parameters: {
			resource: 'auditSessionItem',
			operation: 'update',
			auditItemId: '1351',
			physicalQty: 38,
		},
		globex: { auditItemId: '2351' },
		retry: 'setValue',
		requestsPerItem: 1,
		business: true,
		headers: ['apiconnection', 'apikey', 'secure-business-key'],
		fullRun: {
			expect: (_output, [request]) => {
				expect(request.method).toBe('PATCH');
				expect(request.body).toEqual({ kind: 'text', text: '{"physical_qty":38}' });
			},
		},
	},
	{
		endpoint: 'createInventoryTransferItem',
		type: ECOMMERCE,
		parameters: {
			resource: 'inventoryTransferItem',
			operation: 'create',
			fromInventoryId: '1451',
			toInventoryId: '1452',
			productId: '1701',
			quantity: '3',
			status: 'pending',
		},
		globex: { fromInventoryId: '2451', toInventoryId: '2452', productId: '2703' },
		retry: 'create',
		requestsPerItem: 1,
		business: true,
		headers: ['apiconnection', 'apikey', 'secure-business-key'],
		fullRun: {
			expect: (_output, [request]) => {
				expect(request.body.fields).toEqual(
					expect.arrayContaining([
						['from_inv_id', '1451'],
						['to_inv_id', '1452'],
						['representative_id', ''],
						['status', '0'],
					]),
				);
			},
		},
	},
	{
		endpoint: 'getPayslip',
		type: HR,
		parameters: { resource: 'payslip', operation: 'get', payslipId: '1751' },
		globex: { payslipId: '2751' },
		retry: 'read',
		requestsPerItem: 1,
		business: true,
		headers: ['secure_business_key', 'uuid'],
		fullRun: {
			expect: (output) => {
				expect(output[0]).toMatchObject({ id: 1751, net_price: 11525 });
				expect(JSON.stringify(output)).not.toMatch(/password|remember_token/);
			},
		},
	},
	{
		endpoint: 'listNews',
		type: ECOMMERCE,
		parameters: { resource: 'news', operation: 'getAll', returnAll: false, limit: 3 },
		globex: {},
		retry: 'read',
		requestsPerItem: 1,
		business: true,
		headers: ['apiconnection', 'apikey', 'secure-business-key'],
		fullRun: {
			overrides: { returnAll: true, limit: undefined, options: { pageSize: 10 } }, // Return All: no Limit
			expect: (output, requests) => {
				// Pages 2 and 3 are read ahead together, so they may be answered in either order.
				expect(requests.map((r) => r.query.page).sort()).toEqual(['1', '2', '3']);
				expect(new Set(output.map((n) => n.id)).size).toBe(25);
			},
		},
	},
	{
		// Not one of E1..E16: the categories list the spec names as the source of parent ids
		// (Category → Get Many); `endpoint` is its ENDPOINTS key, as everywhere.
		endpoint: 'listCategories',
		type: ECOMMERCE,
		parameters: { resource: 'category', operation: 'getAll', returnAll: false, limit: 2 },
		globex: {},
		retry: 'read',
		requestsPerItem: 1,
		business: true,
		headers: ['apiconnection', 'apikey', 'secure-business-key'],
		fullRun: {
			overrides: { returnAll: true, limit: undefined, simple: true },
			expect: (output, requests) => {
				expect(requests).toHaveLength(1);
				expect(output.length).toBeGreaterThan(2);
				expect(new Set(output.map((c) => c.id)).size).toBe(output.length);
				expect(Object.keys(output[0]).sort()).toEqual(expect.arrayContaining(['id', 'title']));
			},
		},
	},
];

/**
 * The parameters of an operation's full run: its minimal parameters with the full run's overrides.
 * @param {OperationCase} op
 */
function fullRunParameters(op) {
	return { ...op.parameters, ...op.fullRun.overrides };
}

/**
 * Checks a full run of an operation, in the engine or in the n8n app: every request the
 * sandbox logged for it was answered 200 and carried exactly the operation's headers, and
 * the case's own expectations hold.
 * @param {OperationCase} op
 * @param {any[]} output the node's output items' json
 * @param {RecordedRequest[]} requests every request the sandbox logged during the run
 */
function checkFullRun(op, output, requests) {
	const mine = requests.filter((request) => request.operation === op.endpoint);
	expect(mine.length).toBeGreaterThan(0);
	for (const request of mine) {
		expect(request.status).toBe(200);
		expect(platformHeaderNames(request)).toEqual([...op.headers].sort());
	}
	op.fullRun.expect(output, op.endpoint === 'updateCategory' ? requests : mine);
}

/**
 * The parameters with request settings added to the operation's Options collection (where
 * they live next to the operation's own options), keeping the options already there.
 * @param {import('n8n-workflow').INodeParameters} parameters
 * @param {import('n8n-workflow').INodeParameters} [settings]
 */
function withOptions(parameters, settings = {}) {
	const options = /** @type {import('n8n-workflow').INodeParameters | undefined} */ (
		parameters.options
	);
	return { ...parameters, options: { ...options, ...settings } };
}

module.exports = { OPERATION_CASES, fullRunParameters, checkFullRun, withOptions };
