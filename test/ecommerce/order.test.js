// @ts-check
/** The Ecommerce node, Order → Get (getOrder, E3), through n8n-core's real engine against the sandbox platform. */
const { useOperation } = require('../harness/fixture');
const { expectRequest } = require('../harness/requests');
const { HEADER_SETS } = require('../harness/headerSets');
const { succeeded, expectRunError } = require('../harness/outcomes');

// The full record (Simplify off): what Simplify keeps is checked per operation in test/operations.test.js.
const { fixture, run: getOrder } = useOperation('getOrder', { simple: false });

describe('Order → Get (getOrder, E3)', () => {
	test('without options: no query flags, the credential language, and the order as output', async () => {
		const { json } = await succeeded(getOrder({ orderId: '1301' }));
		const request = expectRequest(fixture, 'getOrder', {
			method: 'GET',
			path: '/api/v2/order_details/1301',
			rawQuery: '',
			platformHeaders: HEADER_SETS.ecommerceLanguage,
		});
		expect(request.headers['Accept-Language']).toBe('en');
		expect(request.body).toEqual({ kind: 'empty' });
		expect(json).toHaveLength(1);
		expect(json[0]).toMatchObject({ id: 1301, order_number: 'ACME-1301', total: 1345.5 });
		expect(json[0]).not.toHaveProperty('history');
		expect(json[0]).not.toHaveProperty('order_total');
		expect(json[0]).not.toHaveProperty('items_daily');
	});

	test('each chosen option sends its empty-valued flag; the Language option overrides the credential', async () => {
		const { json } = await succeeded(
			getOrder({
				orderId: '1301',
				options: {
					includeHistory: true,
					includeOrderTotal: true,
					includeDailyItems: true,
					language: 'ar',
				},
			}),
		);
		const [request] = fixture.requestsFor('getOrder');
		expect(request.rawQuery).toBe('get_history=&get_order_total=&get_items_daily=');
		expect(request.headers['Accept-Language']).toBe('ar');
		expect(json[0].history).toHaveLength(2);
		expect(json[0].order_total).toEqual({
			subtotal: 1145,
			shipping: 25,
			tax: 175.5,
			total: 1345.5,
		});
		expect(json[0].items_daily).toEqual([{ date: '2025-01-20', qty: 4, total: 1145 }]);

		fixture.sandbox.reset();
		await getOrder({
			orderId: '1301',
			options: { includeHistory: false, includeOrderTotal: true },
		});
		expect(fixture.requestsFor('getOrder')[0].rawQuery).toBe('get_order_total=');
	});

	test('an unknown order fails with the platform message in the chosen language and HTTP 404', async () => {
		const { error } = await getOrder({ orderId: '9999', options: { language: 'ar' } });
		expectRunError(error, {
			message: 'The platform has no order 9999',
			httpCode: '404',
			description: ['The platform said: "الطلب غير موجود."'],
			data: { operation: 'Get Order', httpCode: 404 },
		});
	});
});
