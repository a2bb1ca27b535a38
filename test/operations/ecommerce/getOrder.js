// @ts-check
/**
 * Get Order (ENDPOINTS.getOrder): the sandbox's route, written from the platform's
 * description (an independent check of the endpoint entry), its docs/operations.md entry and
 * its case (the fields: test/operations/index.js).
 */
const ops = require('../../../sandbox/operations');
const { ECOMMERCE } = require('../../../sandbox/routes');
const { HEADER_SETS } = require('../../harness/headerSets');

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
		handler: ops.orderDetails,
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
