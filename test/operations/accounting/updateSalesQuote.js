// @ts-check
/**
 * Update Sales Quote (ENDPOINTS.updateSalesQuote): the sandbox's route and handler, written from
 * the platform's description (an independent check of the endpoint entry), the records only it
 * uses (`seed`), its docs/operations.md entry and its case (the fields: test/operations/index.js).
 */
const { Validator, attr } = require('../../../sandbox/validation');
const {
	FLAG,
	succeeded,
	notFound,
	unprocessable,
	byId,
	pick,
} = require('../../../sandbox/operations/common');
const { BUSINESS_IDS, USER_ID, uuidFor, iso, isoNow } = require('../../../sandbox/data');
const { MULTIPART } = require('../../../sandbox/routes');
const { HEADER_SETS } = require('../../harness/headerSets');

/**
 * @typedef {{ id: number, name: string, currency_id: number }} Customer
 * @typedef {ReturnType<typeof quoteRecord>} Quote
 */

/**
 * Quote line items as stored (the update replaces them).
 * @param {Array<[number, number, number, string]>} lines item_id, qty, price, description
 */
function quoteItems(lines) {
	return lines.map(([item_id, qty, price, description], i) => {
		const amount = qty * price;
		const tax = 15;
		const tax_amount = (amount * tax) / 100;
		return {
			sort: i + 1,
			item_id,
			qty,
			price,
			amount,
			tax,
			tax_amount,
			total_with_tax: amount + tax_amount,
			discount: 0,
			description,
		};
	});
}

/**
 * @param {number} businessId
 * @param {number} id
 * @param {number} customerId
 * @param {string} description
 * @param {Array<[number, number, number, string]>} lines as quoteItems reads them
 */
function quoteRecord(businessId, id, customerId, description, lines) {
	const items = quoteItems(lines);
	const total = items.reduce((sum, item) => sum + item.total_with_tax, 0);
	return {
		id,
		uuid: uuidFor(`quote-${id}`),
		user_id: USER_ID,
		business_id: businessId,
		customer_id: customerId,
		currency_id: 1,
		status_id: 1,
		reference: id % 1000,
		due_date: '2025-02-28',
		created_date: '2025-01-15',
		description,
		billing_address: null,
		tax_inclusive: '0',
		rounding: '0',
		discount: '0',
		discount_check: '0',
		hide_total: '0',
		custom_title: 'Quotation',
		rounding_value: 0,
		total,
		final_total: total,
		note: null,
		created_at: iso('2025-01-15'),
		updated_at: iso('2025-01-15'),
		items,
	};
}

/** The quotes and the customers they may name. */
const seed = {
	acme: {
		customers: [
			{ id: 1401, name: 'Riyadh Retail Co.', currency_id: 1 },
			{ id: 1402, name: 'Najd Office Supplies', currency_id: 1 },
		],
		quotes: [
			quoteRecord(BUSINESS_IDS.acme, 1501, 1401, 'Office network upgrade', [
				[1702, 10, 120, 'USB-C Charger 30W'],
				[1704, 10, 85, 'Wireless Mouse'],
			]),
			quoteRecord(BUSINESS_IDS.acme, 1502, 1402, 'Meeting room headsets', [
				[1705, 4, 950, 'Noise Cancelling Headphones'],
			]),
		],
	},
	globex: {
		customers: [{ id: 2401, name: 'Springfield Power Plant', currency_id: 2 }],
		quotes: [
			quoteRecord(BUSINESS_IDS.globex, 2501, 2401, 'Plant safety equipment', [
				[2702, 50, 45, 'Safety Helmet'],
				[2703, 100, 12, 'Work Gloves'],
			]),
		],
	},
};

/** The quote's fields as the update returns them. */
const QUOTE_FIELDS = /** @type {const} */ ([
	'id',
	'uuid',
	'user_id',
	'business_id',
	'currency_id',
	'status_id',
	'reference',
	'due_date',
	'created_date',
	'description',
	'billing_address',
	'tax_inclusive',
	'rounding',
	'discount',
	'hide_total',
	'custom_title',
	'rounding_value',
	'total',
	'note',
	'created_at',
	'updated_at',
]);

/** Repeated line-item fields: wire name, stored name, type. */
const QUOTE_LINE_FIELDS = /** @type {const} */ ([
	['item_id', 'item_id', 'integer'],
	['item_qty', 'qty', 'numeric'],
	['item_price', 'price', 'numeric'],
	['amount', 'amount', 'numeric'],
	['item_tax', 'tax', 'numeric'],
	['tax_amount', 'tax_amount', 'numeric'],
	['total_with_tax', 'total_with_tax', 'numeric'],
	['item_discount', 'discount', 'numeric'],
	['item_desc', 'description', 'string'],
]);

/** @type {import('../../../sandbox/operations/common').Handler} */
function updateSalesQuote(ctx) {
	const quote = byId(/** @type {Quote[]} */ (ctx.biz.quotes), ctx.params.quote_id);
	if (!quote) return notFound(['Quote', 'عرض السعر'], ctx.lang);
	const customers = /** @type {Customer[]} */ (ctx.biz.customers);
	const f = ctx.input;
	const v = new Validator();

	const customerId = v.check('customer_id', f.customer_id, { required: true, type: 'integer' });
	if (customerId != null && !customers.some((c) => c.id === customerId)) v.invalid('customer_id');
	const currencyId = v.check('currency_id', f.currency_id, { required: true, type: 'integer' });
	const createdDate = v.check('created_date', f.created_date, { required: true, type: 'date' });
	const dueDate = v.check('due_date', f.due_date, { type: 'date' });
	if (dueDate && createdDate && dueDate < createdDate) {
		v.fail('due_date', 'The due date field must be a date after or equal to created date.');
	}
	const description = v.check('description', f.description);
	const taxInclusive = v.check('tax_inclusive', f.tax_inclusive, {
		required: true,
		type: 'integer',
		in: FLAG,
	});
	const hideTotal = v.check('hide_total', f.hide_total, { type: 'integer', in: FLAG });
	const discountCheck = v.check('discount_check', f.discount_check, {
		required: true,
		type: 'integer',
		in: FLAG,
	});
	const discount = v.check('discount', f.discount, { required: true, type: 'integer', in: FLAG });
	const customTitle = v.check('custom_title', f.custom_title);
	const total = v.check('total', f.total, { required: true, type: 'numeric', min: 0 });
	const finalTotal = v.check('final_total', f.final_total, {
		required: true,
		type: 'numeric',
		min: 0,
	});
	const note = v.check('note', f.note);

	// Line items: every repeated field has one value per line, all required.
	/** @type {Record<string, any[]>} */
	const columns = {};
	let lineCount;
	for (const [wire, stored, type] of QUOTE_LINE_FIELDS) {
		const entries = v.list(wire, f[wire], { required: true });
		if (!entries) continue;
		if (lineCount === undefined) lineCount = entries.length;
		if (entries.length !== lineCount) {
			v.fail(wire, `The ${attr(wire)} field must contain ${lineCount} items.`);
			continue;
		}
		columns[stored] = entries.map(([key, raw]) =>
			v.check(`${wire}.${key}`, raw, {
				required: true,
				type,
				...(wire === 'item_qty' ? { gt: 0 } : {}),
			}),
		);
	}
	const sortEntries = v.list('item_sort', f.item_sort);
	if (sortEntries && lineCount !== undefined && sortEntries.length !== lineCount) {
		v.fail('item_sort', `The ${attr('item_sort')} field must contain ${lineCount} items.`);
	}
	const sorts = (sortEntries ?? []).map(([key, raw]) =>
		v.check(`item_sort.${key}`, raw, { type: 'integer' }),
	);
	if (v.failed) return unprocessable(v);

	quote.customer_id = customerId;
	quote.currency_id = currencyId;
	quote.created_date = createdDate;
	quote.due_date = dueDate ?? null;
	quote.description = description ?? null;
	quote.tax_inclusive = String(taxInclusive);
	quote.hide_total = String(hideTotal ?? 0);
	quote.discount_check = String(discountCheck);
	quote.discount = String(discount);
	if (customTitle) quote.custom_title = customTitle;
	quote.total = total;
	quote.final_total = finalTotal;
	quote.rounding_value = Math.round((finalTotal - total) * 100) / 100;
	quote.note = note ?? null;
	quote.items = columns.item_id.map((_, i) => ({
		sort: sorts[i] ?? i + 1,
		item_id: columns.item_id[i],
		qty: columns.qty[i],
		price: columns.price[i],
		amount: columns.amount[i],
		tax: columns.tax[i],
		tax_amount: columns.tax_amount[i],
		total_with_tax: columns.total_with_tax[i],
		discount: columns.discount[i],
		description: columns.description[i],
	}));
	quote.updated_at = isoNow();
	return succeeded(['Sales quote updated successfully.', 'تم تحديث عرض السعر بنجاح.'], ctx.lang, {
		data: pick(quote, QUOTE_FIELDS),
	});
}

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
		handler: updateSalesQuote,
	},
	seed,
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
