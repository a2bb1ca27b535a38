// @ts-check
/**
 * Get Order (ENDPOINTS.getOrder): the sandbox's route and handler, written from the platform's
 * description (an independent check of the endpoint entry), its docs/operations.md entry and its
 * case (the fields: test/operations/index.js).
 */
const { succeeded, notFound, byId } = require('../../../sandbox/operations/common');
const { ECOMMERCE } = require('../../../sandbox/routes');
const { HEADER_SETS } = require('../../harness/headerSets');

/** A query flag: sent (even empty) means on, unless '0' or 'false'. @param {string | undefined} value */
function flagOn(value) {
	return value !== undefined && value !== '0' && value.toLowerCase() !== 'false';
}

/** @type {import('../../../sandbox/operations/common').Handler} */
function orderDetails(ctx) {
	const order = byId(ctx.biz.orders, ctx.params.order_id);
	if (!order) return notFound(['Order', 'الطلب'], ctx.lang);
	const { history, ...data } = order;
	/** @type {Record<string, any>} */
	const out = { ...data };
	if (flagOn(ctx.query.get_history)) out.history = history;
	if (flagOn(ctx.query.get_order_total)) {
		out.order_total = {
			subtotal: order.subtotal,
			shipping: order.shipping,
			tax: order.tax,
			total: order.total,
		};
	}
	if (flagOn(ctx.query.get_items_daily)) {
		out.items_daily = [
			{
				date: order.created_at.slice(0, 10),
				qty: order.items.reduce((s, i) => s + i.qty, 0),
				total: order.subtotal,
			},
		];
	}
	return succeeded(
		['Order details retrieved successfully.', 'تم جلب تفاصيل الطلب بنجاح.'],
		ctx.lang,
		{
			data: out,
		},
	);
}

/** @type {import('../index').OperationFile} */
module.exports = {
	route: {
		module: 'ecommerce',
		method: 'GET',
		path: '/api/v2/order_details/:order_id',
		auth: ECOMMERCE,
		need: { 'Accept-Language': 'required-lang' },
		lang: 'Accept-Language',
		envelope: 'data',
		handler: orderDetails,
	},
	reference:
		'Order ID; options Include History, Include Order Total, Include Daily Items, Language. Simplify keeps id, order_number, status, created_at, customer_name, payment_method, currency, total, items and history (no customer phone); the order total and daily items need it off.',
	case: {
		parameters: { resource: 'order', operation: 'get', orderId: '1301' },
		globex: { orderId: '2301' },
		retry: 'read',
		headers: HEADER_SETS.ecommerceLanguage,
		pathIds: { orderId: 'Order ID' },
		simplified: [
			'id',
			'order_number',
			'status',
			'created_at',
			'customer_name',
			'payment_method',
			'currency',
			'total',
			'items',
			'history',
		],
		personalData: true,
		fullRun: {
			overrides: { options: { includeHistory: true } },
			expect: (output, [request]) => {
				expect(request.query).toEqual({ get_history: '' });
				expect(JSON.stringify(output[0])).toContain('1301');
			},
		},
	},
};
