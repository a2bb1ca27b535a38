// @ts-check
/**
 * One minimal valid parameter set per operation E1..E16, against the sandbox's seeded
 * records of the default business (acme), and the same operation for the second business
 * (globex). Shared by the fault, retry, hostile-input, secret and tenant tests.
 */
const { uuidFor } = require('../../sandbox/data');

/**
 * @typedef {'read' | 'setValue' | 'create'} RetryClass
 * @typedef {object} OperationCase
 * @property {string} code              E1..E16
 * @property {string} type              node type (description name)
 * @property {Record<string, any>} parameters  a valid run for acme
 * @property {Record<string, any>} globex      parameter overrides that make it a valid run for globex
 * @property {RetryClass} retry         the retry class the issue gives the operation
 * @property {number} requestsPerItem   requests one successful item sends (E2 reads the categories list first)
 * @property {boolean} business         whether the operation sends a business key
 */

const ACCOUNTING = 'businessPlatformAccounting';
const ECOMMERCE = 'businessPlatformEcommerce';
const HR = 'businessPlatformHr';
const CALENDAR = 'businessPlatformCalendar';
const PROJECTS = 'businessPlatformProjects';

/** @type {OperationCase[]} */
const OPERATION_CASES = [
	{
		code: 'E1',
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
					{ itemId: '1701', description: 'Case', quantity: '2', price: '15', amount: '30', discount: '0', tax: '15', taxAmount: '4.5', totalWithTax: '34.5' },
				],
			},
		},
		globex: { quoteId: '2501', customerId: '2401', currencyId: '2' },
		retry: 'create',
		requestsPerItem: 1,
		business: true,
	},
	{
		code: 'E2',
		type: ECOMMERCE,
		parameters: { resource: 'category', operation: 'update', categoryId: '1202', updateFields: { englishTitle: 'Smartphones' } },
		globex: { categoryId: '2202' },
		retry: 'setValue',
		requestsPerItem: 2,
		business: true,
	},
	{
		code: 'E3',
		type: ECOMMERCE,
		parameters: { resource: 'order', operation: 'get', orderId: '1301' },
		globex: { orderId: '2301' },
		retry: 'read',
		requestsPerItem: 1,
		business: true,
	},
	{
		code: 'E4',
		type: ECOMMERCE,
		parameters: { resource: 'favorite', operation: 'toggle', catalogId: '1701' },
		globex: { catalogId: '2701' },
		retry: 'create',
		requestsPerItem: 1,
		business: true,
	},
	{
		code: 'E5',
		type: ECOMMERCE,
		parameters: { resource: 'district', operation: 'get', districtId: '1' },
		globex: {},
		retry: 'read',
		requestsPerItem: 1,
		business: false,
	},
	{
		code: 'E6',
		type: PROJECTS,
		parameters: { resource: 'workspace', operation: 'delete', workspaceId: '1803', businessId: '101' },
		globex: { workspaceId: '2802', businessId: '202' },
		retry: 'create',
		requestsPerItem: 1,
		business: true,
	},
	{
		code: 'E7',
		type: HR,
		parameters: { resource: 'skill', operation: 'create', type: 'fault-test', skills: 'Excel' },
		globex: {},
		retry: 'create',
		requestsPerItem: 1,
		business: true,
	},
	{
		code: 'E8',
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
	},
	{
		code: 'E9',
		type: ACCOUNTING,
		parameters: { resource: 'cashBankAccount', operation: 'create', name: 'Petty cash', accountType: 'cash', representativeId: '7', businessId: '101' },
		globex: { businessId: '202' },
		retry: 'create',
		requestsPerItem: 1,
		business: true,
	},
	{
		code: 'E10',
		type: PROJECTS,
		parameters: { resource: 'task', operation: 'update', taskId: '1002', updateFields: { name: 'Updated' } },
		globex: { taskId: '2002' },
		retry: 'create',
		requestsPerItem: 1,
		business: true,
	},
	{
		code: 'E11',
		type: CALENDAR,
		parameters: { resource: 'calendar', operation: 'getAll', userType: 'user', type: 'user', returnAll: true },
		globex: {},
		retry: 'read',
		requestsPerItem: 1,
		business: true,
	},
	{
		code: 'E12',
		type: ECOMMERCE,
		parameters: { resource: 'catalogComment', operation: 'update', commentId: '1251', status: true },
		globex: { commentId: '2251' },
		retry: 'setValue',
		requestsPerItem: 1,
		business: true,
	},
	{
		code: 'E13',
		type: ECOMMERCE,
		parameters: { resource: 'auditSessionItem', operation: 'update', auditItemId: '1351', physicalQty: 38 },
		globex: { auditItemId: '2351' },
		retry: 'setValue',
		requestsPerItem: 1,
		business: true,
	},
	{
		code: 'E14',
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
	},
	{
		code: 'E15',
		type: HR,
		parameters: { resource: 'payslip', operation: 'get', payslipId: '1751' },
		globex: { payslipId: '2751' },
		retry: 'read',
		requestsPerItem: 1,
		business: true,
	},
	{
		code: 'E16',
		type: ECOMMERCE,
		parameters: { resource: 'news', operation: 'getAll', returnAll: false, limit: 3 },
		globex: {},
		retry: 'read',
		requestsPerItem: 1,
		business: true,
	},
];

module.exports = { OPERATION_CASES };
