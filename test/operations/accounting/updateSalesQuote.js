// @ts-check
/**
 * Update Sales Quote (ENDPOINTS.updateSalesQuote): the sandbox's route, written from the platform's
 * description (an independent check of the endpoint entry), its docs/operations.md entry and
 * its case (the fields: test/operations/index.js).
 */
const ops = require('../../../sandbox/operations');
const { MULTIPART } = require('../../../sandbox/routes');
const { HEADER_SETS } = require('../../harness/headerSets');

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

/** @type {import('../index').OperationFile} */
module.exports = {
	route: {
		module: 'accounting',
		method: 'POST',
		path: '/api/v4/sales_quote/:quote_id',
		auth: ['secure-business-key', 'platform-key', 'apikey', 'userToken'],
		need: { platform: 'present', 'Accept-Language': 'required-lang' },
		lang: 'Accept-Language',
		content: MULTIPART,
		envelope: 'data',
		handler: ops.updateSalesQuote,
	},
	reference:
		'Quote ID, Customer ID, Currency ID, Created Date, Tax Inclusive, discount, totals, and under Additional Fields Due Date, Description, Hide Total, Custom Title, Note. Line items, entered one by one or as a JSON array (`itemId`, `quantity`, `price`, ...), replace the quote\'s lines; a line missing a value is refused ("Line 3: Price is required"). Output: the updated quote; Simplify keeps id, reference, status, currency, created and due dates, custom title, description, total and updated_at.',
	case: {
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
	},
};
