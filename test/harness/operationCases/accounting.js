// @ts-check
/**
 * The operation cases of the Accounting node: one per `ENDPOINTS` entry it calls (the fields:
 * test/harness/operationCases/index.js). Adding an operation adds its case here.
 */
const { uuidFor } = require('../../../sandbox/data');

const { caseBuilder } = require('./caseBuilder');
const { HEADER_SETS } = require('../headerSets');

const operationCase = caseBuilder('businessPlatformAccounting');

/** A Sales Quote line as the Define Below fields take it. */
const CABLE_LINE = {
	itemId: '1701',
	description: 'Cable',
	quantity: '2',
	price: '15',
	amount: '30',
	discount: '0',
	tax: '15',
	taxAmount: '4.5',
	totalWithTax: '34.5',
};

const CASES = [
	operationCase({
		endpoint: 'updateSalesQuote',
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
				item: [{ ...CABLE_LINE, description: 'Case' }],
			},
		},
		globex: { quoteId: '2501', customerId: '2401', currencyId: '2' },
		retry: 'create',
		headers: HEADER_SETS.salesQuote,
		pathIds: { quoteId: 'Quote ID' },
		simplified: [
			'id',
			'reference',
			'status_id',
			'currency_id',
			'created_date',
			'due_date',
			'custom_title',
			'description',
			'total',
			'updated_at',
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
						{ ...CABLE_LINE, sort: '1' },
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
	}),
	operationCase({
		endpoint: 'getCustomerSupplierBranch',
		parameters: {
			resource: 'customerSupplierBranch',
			operation: 'get',
			contactType: 'customer',
			customerSupplierUuid: uuidFor('contact-1601'),
			branchUuid: uuidFor('branch-1651'),
		},
		globex: { customerSupplierUuid: uuidFor('contact-2601'), branchUuid: uuidFor('branch-2651') },
		retry: 'read',
		headers: HEADER_SETS.branch,
		pathIds: { customerSupplierUuid: 'Customer/Supplier UUID', branchUuid: 'Branch UUID' },
		simplified: [
			'id',
			'uuid',
			'name',
			'company_id',
			'vat_number',
			'city',
			'state',
			'country_id',
			'status',
			'updated_at',
		],
		personalData: true,
		fullRun: {
			expect: (output) => {
				expect(output[0]).toMatchObject({ id: 1651, uuid: uuidFor('branch-1651') });
				expect(output[0]).not.toHaveProperty('password');
			},
		},
	}),
	operationCase({
		endpoint: 'createCashBankAccount',
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
		headers: HEADER_SETS.addAccount,
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
	}),
];

module.exports = { CASES };
