// @ts-check
/** The Accounting node, Sales Quote → Update (updateSalesQuote, E1), through n8n-core's real engine against the sandbox platform. */
const { useSandbox } = require('../harness/fixture');
const { expectRequest, multipartFields, recordById } = require('../harness/requests');
const { HEADER_SETS } = require('../harness/headerSets');
const { succeeded, expectRunError, expectNotRepeatedAfter500 } = require('../harness/outcomes');

/** @typedef {import('../operations/accounting/updateSalesQuote').Quote} Quote */

const fixture = useSandbox();
// The full record (Simplify off): what Simplify keeps is checked per operation in test/operations.test.js.
const runAccounting = fixture.runner('businessPlatformAccounting', { simple: false });

/**
 * A complete line as the Define Below fields (and the JSON keys) take it; values vary by n.
 * @param {number} n 1-based line number
 */
function line(n) {
	const quantity = n;
	const price = 100 + n;
	const amount = quantity * price;
	return {
		itemId: String(1700 + n),
		description: `Line ${n} product`,
		quantity: String(quantity),
		price: `${price}.50`,
		amount: String(amount),
		discount: '0',
		tax: '15',
		taxAmount: (amount * 0.15).toFixed(2),
		totalWithTax: (amount * 1.15).toFixed(2),
		sort: '',
	};
}

/**
 * The repeated multipart fields the spec expects for these lines: each field once per
 * line, in line order, fields in the spec's order.
 * @param {Array<Record<string, string>>} lines
 */
function expectedLineFields(lines) {
	/** @type {Array<[string, string]>} */
	const wire = [
		['item_sort[]', 'sort'],
		['item_id[]', 'itemId'],
		['item_qty[]', 'quantity'],
		['item_price[]', 'price'],
		['amount[]', 'amount'],
		['item_tax[]', 'tax'],
		['tax_amount[]', 'taxAmount'],
		['total_with_tax[]', 'totalWithTax'],
		['item_discount[]', 'discount'],
		['item_desc[]', 'description'],
	];
	return wire.flatMap(([name, key]) => lines.map((l) => [name, l[key]]));
}

/** Required quote fields with valid values for acme's quote 1501. */
const QUOTE = {
	resource: 'salesQuote',
	operation: 'update',
	quoteId: '1501',
	customerId: '1402',
	currencyId: '1',
	createdDate: '2025-03-01T00:00:00',
	taxInclusive: false,
	applyDiscount: false,
	discountType: 'percentage',
	total: 1000,
	finalTotal: 1150.5,
};

/** @param {Array<Record<string, string>>} lines */
const defineBelow = (lines) => ({ lineItemsSource: 'defineBelow', lineItems: { item: lines } });

/** Quote 1501 updated with one line (line 1), these fields over QUOTE's. @param {Record<string, any>} [fields] */
const updateWithOneLine = (fields = {}) =>
	runAccounting({ ...QUOTE, ...defineBelow([line(1)]), ...fields });

describe('Sales Quote → Update (updateSalesQuote, E1)', () => {
	test('sends exactly the six headers and every multipart field in the spec order, and outputs the quote', async () => {
		const lines = [
			{ ...line(1), sort: '2' },
			{ ...line(2), sort: '1' },
		];
		const { json } = await succeeded(
			runAccounting({
				...QUOTE,
				taxInclusive: true,
				applyDiscount: true,
				discountType: 'amount',
				...defineBelow(lines),
				additionalFields: {
					dueDate: '2025-03-31T00:00:00',
					description: 'Spring office order',
					hideTotal: true,
					customTitle: 'Proforma',
					note: 'Valid for 30 days',
				},
				options: { language: 'ar' },
			}),
		);

		const request = expectRequest(fixture, 'updateSalesQuote', {
			method: 'POST',
			path: '/api/v4/sales_quote/1501',
			business: 'acme',
			platformHeaders: HEADER_SETS.salesQuote,
		});
		const c = fixture.sandbox.credentials;
		expect(request.headers).toMatchObject({
			'secure-business-key': c.businessKeys.acme,
			'platform-key': c.platformKey,
			platform: c.platform,
			'Accept-Language': 'ar',
			apikey: c.apiKey,
			userToken: c.userToken,
		});
		expect(request.contentType).toMatch(/^multipart\/form-data; boundary=/);
		expect(request.body.kind).toBe('multipart');
		expect(request.body.files).toEqual([]);
		expect(request.body.fields).toEqual([
			['customer_id', '1402'],
			['currency_id', '1'],
			['created_date', '2025-03-01'],
			['due_date', '2025-03-31'],
			['description', 'Spring office order'],
			['tax_inclusive', '1'],
			['hide_total', '1'],
			['discount_check', '1'],
			['discount', '1'],
			['custom_title', 'Proforma'],
			['total', '1000'],
			['final_total', '1150.5'],
			['note', 'Valid for 30 days'],
			['item_sort[]', '2'],
			['item_sort[]', '1'],
			['item_id[]', '1701'],
			['item_id[]', '1702'],
			['item_qty[]', '1'],
			['item_qty[]', '2'],
			['item_price[]', '101.50'],
			['item_price[]', '102.50'],
			['amount[]', '101'],
			['amount[]', '204'],
			['item_tax[]', '15'],
			['item_tax[]', '15'],
			['tax_amount[]', '15.15'],
			['tax_amount[]', '30.60'],
			['total_with_tax[]', '116.15'],
			['total_with_tax[]', '234.60'],
			['item_discount[]', '0'],
			['item_discount[]', '0'],
			['item_desc[]', 'Line 1 product'],
			['item_desc[]', 'Line 2 product'],
		]);

		expect(json).toHaveLength(1);
		expect(json[0]).toMatchObject({
			id: 1501,
			business_id: 101,
			currency_id: 1,
			created_date: '2025-03-01',
			due_date: '2025-03-31',
			description: 'Spring office order',
			tax_inclusive: '1',
			hide_total: '1',
			discount: '1',
			custom_title: 'Proforma',
			total: 1000,
			note: 'Valid for 30 days',
		});
		const stored = recordById(/** @type {Quote[]} */ (fixture.sandbox.state.acme.quotes), 1501);
		expect(stored.customer_id).toBe(1402);
		expect(stored.items.map((i) => [i.sort, i.item_id, i.description])).toEqual([
			[2, 1701, 'Line 1 product'],
			[1, 1702, 'Line 2 product'],
		]);
	});

	test('optional fields left out are sent as empty values (the quote fields and each line sort)', async () => {
		const { json } = await succeeded(updateWithOneLine());
		const [request] = fixture.requestsFor('updateSalesQuote');
		expect(request.headers['Accept-Language']).toBe('en');
		const fields = new Map(request.body.fields);
		for (const name of [
			'due_date',
			'description',
			'hide_total',
			'custom_title',
			'note',
			'item_sort[]',
		]) {
			expect(fields.get(name)).toBe('');
		}
		expect(fields.get('tax_inclusive')).toBe('0');
		expect(fields.get('discount_check')).toBe('0');
		expect(fields.get('discount')).toBe('0');
		expect(json[0]).toMatchObject({
			id: 1501,
			due_date: null,
			description: null,
			note: null,
			hide_total: '0',
		});
	});

	test('dates from expressions (Luxon DateTime values) are sent as the date part, without a time zone shift', async () => {
		await succeeded(
			updateWithOneLine({
				// 01:30 in Riyadh is still the previous day in UTC: the date is taken as written.
				createdDate: "={{ DateTime.fromISO('2025-03-01T01:30:00', { zone: 'Asia/Riyadh' }) }}",
				additionalFields: { dueDate: '={{ $now.plus({ days: 30 }) }}' },
			}),
		);
		const fields = new Map(fixture.requestsFor('updateSalesQuote')[0].body.fields);
		expect(fields.get('created_date')).toBe('2025-03-01');
		expect(fields.get('due_date')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
	});

	test.each([1, 2, 25])('Define Below: %i line(s) are sent in line order', async (count) => {
		const lines = Array.from({ length: count }, (_, i) => line(i + 1));
		await succeeded(runAccounting({ ...QUOTE, ...defineBelow(lines) }));
		const [request] = fixture.requestsFor('updateSalesQuote');
		expect(multipartFields(request).slice(13)).toEqual(expectedLineFields(lines));
		const stored = recordById(/** @type {Quote[]} */ (fixture.sandbox.state.acme.quotes), 1501);
		expect(stored.items.map((i) => i.item_id)).toEqual(lines.map((l) => Number(l.itemId)));
	});

	test('JSON: 25 lines from an expression (numbers, any key order) are sent in line order', async () => {
		const lines = Array.from({ length: 25 }, (_, i) => line(i + 1));
		const asNumbers = lines.map(({ description, sort, ...numbers }, i) => ({
			description,
			...Object.fromEntries(Object.entries(numbers).map(([key, value]) => [key, Number(value)])),
			...(i === 0 ? { sort: 7 } : {}),
		}));
		await succeeded(
			runAccounting(
				{ ...QUOTE, lineItemsSource: 'json', lineItemsJson: '={{ $json.lines }}' },
				{ items: [{ json: { lines: asNumbers } }] },
			),
		);
		const [request] = fixture.requestsFor('updateSalesQuote');
		// A number from an expression is sent as JavaScript writes it (102.50 -> "102.5").
		const asText = asNumbers.map((l) =>
			Object.fromEntries(Object.entries(l).map(([key, value]) => [key, String(value)])),
		);
		const expected = expectedLineFields(
			lines.map((l, i) => ({ ...l, ...asText[i], sort: i === 0 ? '7' : '' })),
		);
		expect(multipartFields(request).slice(13)).toEqual(expected);
	});

	test('JSON: lines typed as JSON text are accepted', async () => {
		const lines = [line(1), line(2)];
		await succeeded(
			runAccounting({
				...QUOTE,
				lineItemsSource: 'json',
				lineItemsJson: JSON.stringify(lines),
			}),
		);
		expect(multipartFields(fixture.requestsFor('updateSalesQuote')[0]).slice(13)).toEqual(
			expectedLineFields(lines),
		);
	});

	test('a line missing its price fails before any request, naming the line and the field', async () => {
		const { price: _omitted, ...noPrice } = line(3);
		const lines = [line(1), line(2), noPrice];
		const { error } = await runAccounting({ ...QUOTE, ...defineBelow(lines) });
		expect(error?.message).toBe('Line 3: Price is required');
		expect(fixture.sandbox.requests).toHaveLength(0);

		const fromJson = await runAccounting({
			...QUOTE,
			lineItemsSource: 'json',
			lineItemsJson: JSON.stringify(lines),
		});
		expect(fromJson.error?.message).toBe('Line 3: Price is required');

		// A price from an expression that finds nothing fails that item only.
		const fromExpression = await runAccounting(
			{ ...QUOTE, ...defineBelow([line(1), { ...line(2), price: '={{ $json.price }}' }]) },
			{ items: [{ json: {} }], continueOnFail: true },
		);
		expect(fromExpression.json).toEqual([
			{
				error: 'Line 2: Price is required',
				description: 'Nothing was sent to the platform for this item.',
				details: { item: 0 },
			},
		]);
		expect(fixture.sandbox.requests).toHaveLength(0);
	});

	test('other bad lines are refused before any request, naming the line and field', async () => {
		/** @type {Array<[Record<string, any>, string]>} */
		const cases = [
			[
				defineBelow([line(1), { ...line(2), quantity: 'two' }]),
				'Line 2: Quantity must be a number, got "two"',
			],
			[defineBelow([{ ...line(1), itemId: ' ' }]), 'Line 1: Item ID is required'],
			[defineBelow([{ ...line(1), description: '' }]), 'Line 1: Description is required'],
			[defineBelow([]), 'Line Items needs at least one line'],
			[{ lineItemsSource: 'json', lineItemsJson: '[]' }, 'Line Items needs at least one line'],
			[
				{ lineItemsSource: 'json', lineItemsJson: JSON.stringify([{ ...line(1), qty: 1 }]) },
				'Line 1: unknown key "qty"; the keys are sort, itemId, quantity, price, amount, tax, taxAmount, totalWithTax, discount, description',
			],
			[
				{ lineItemsSource: 'json', lineItemsJson: '{"itemId": 1}' },
				'Line Items (JSON) must be an array of line objects, got {"itemId":1}',
			],
			[
				{ lineItemsSource: 'json', lineItemsJson: '[1, ' },
				expect.stringMatching(/^Line Items \(JSON\) is not valid JSON: /),
			],
		];
		for (const [lineParameters, message] of cases) {
			const { error } = await runAccounting({ ...QUOTE, ...lineParameters });
			expect(error?.message).toEqual(message);
		}
		expect(fixture.sandbox.requests).toHaveLength(0);
	});

	test('bad quote fields are refused before any request', async () => {
		/** @type {Array<[Record<string, any>, string]>} */
		const cases = [
			[{ customerId: 'ACME' }, 'Customer ID must be a whole number, got "ACME"'],
			[{ createdDate: '2025-02-30' }, 'Created Date is not a real date or time, got "2025-02-30"'],
			[
				{ discountType: 'half' },
				'Discount Type must be percentage or amount (or 0 or 1), got "half"',
			],
			[{ quoteId: '1501/../1502' }, 'Quote ID must be a whole number, got "1501/../1502"'],
		];
		for (const [fields, message] of cases) {
			const { error } = await updateWithOneLine(fields);
			expect(error?.message).toBe(message);
		}
		expect(fixture.sandbox.requests).toHaveLength(0);
	});

	test('an unknown quote fails with the platform message and HTTP 404, in the chosen language', async () => {
		const { error } = await updateWithOneLine({ quoteId: '999999', options: { language: 'ar' } });
		expectRunError(error, {
			message: 'The platform has no sales quote 999999',
			httpCode: '404',
			description: ['The platform said: "عرض السعر غير موجود."'],
			data: {
				operation: 'Update Sales Quote',
				method: 'POST',
				path: '/api/v4/sales_quote/{quote_id}',
				httpCode: 404,
				item: 0,
			},
		});
	});

	test('a 422 from the platform shows its message and field errors', async () => {
		const { error } = await updateWithOneLine({
			customerId: '2401',
			additionalFields: { dueDate: '2025-01-01' },
		});
		expectRunError(error, {
			message:
				'The platform refused to update sales quote 1501: The selected customer id is invalid. (and 1 more error)',
			httpCode: '422',
			description: [
				'- Customer ID: The selected customer id is invalid.',
				'- Due Date: The due date field must be a date after or equal to created date.',
			],
		});
		expect(fixture.requestsFor('updateSalesQuote')).toHaveLength(1);
	});

	test('a quote update is not repeated after a 500: the platform may have acted', () =>
		expectNotRepeatedAfter500(fixture, 'updateSalesQuote', () => updateWithOneLine()));
});
