// @ts-check
/**
 * The operation cases of the Ecommerce node: one per `ENDPOINTS` entry it calls (the fields:
 * test/harness/operationCases/index.js). Adding an operation adds its case here.
 */
const { caseBuilder } = require('./caseBuilder');
const { HEADER_SETS } = require('../headerSets');

const operationCase = caseBuilder('businessPlatformEcommerce');

/** The fields Simplify keeps of a category, in Category → Update and → Get Many alike. */
const CATEGORY_FIELDS = ['id', 'parent', 'title', 'alias', 'image', 'status', 'top', 'sort'];

const CASES = [
	operationCase({
		endpoint: 'updateCategory',
		parameters: {
			resource: 'category',
			operation: 'update',
			categoryId: '1202',
			updateFields: { englishTitle: 'Smartphones' },
		},
		globex: { categoryId: '2202' },
		retry: 'setValue',
		requestsPerItem: 2,
		headers: HEADER_SETS.ecommerceUser,
		pathIds: { categoryId: 'Category ID' },
		simplified: CATEGORY_FIELDS,
		fullRun: {
			expect: (output, requests) => {
				expect(requests.map((r) => r.operation)).toEqual(['listCategories', 'updateCategory']);
				// Simplified (the default): the title in the credential's Default Language, English.
				expect(output[0]).toMatchObject({ id: 1202, parent: 1201, title: 'Smartphones' });
			},
		},
	}),
	operationCase({
		endpoint: 'getOrder',
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
	}),
	operationCase({
		endpoint: 'toggleFavorite',
		parameters: { resource: 'favorite', operation: 'toggle', catalogId: '1701' },
		globex: { catalogId: '2701' },
		retry: 'create',
		headers: HEADER_SETS.ecommerceUserLanguage,
		pathIds: { catalogId: 'Catalog Item ID' },
		tenant: {
			itemValues: { catalogId: ['1701', '2701', '1703', '1701'] },
			state: (state) => {
				expect([...state.acme.favorites].sort()).toEqual([1701, 1702, 1703]);
				expect(state.globex.favorites).toEqual([2701]);
			},
		},
		fullRun: {
			expect: (output, [request]) => {
				expect(request.method).toBe('PUT');
				expect(output).toHaveLength(1);
			},
		},
	}),
	operationCase({
		endpoint: 'getDistrict',
		parameters: { resource: 'district', operation: 'get', districtId: '1' },
		retry: 'read',
		business: false,
		headers: HEADER_SETS.district,
		pathIds: { districtId: 'District ID' },
		fullRun: {
			expect: (output) => expect(output[0]).toMatchObject({ id: 1 }),
		},
	}),
	operationCase({
		endpoint: 'updateCatalogComment',
		parameters: {
			resource: 'catalogComment',
			operation: 'update',
			commentId: '1251',
			status: true,
		},
		globex: { commentId: '2251' },
		retry: 'setValue',
		headers: HEADER_SETS.ecommerceUser,
		pathIds: { commentId: 'Comment ID' },
		tenant: {
			state: (state) => {
				expect(state.acme.comments.find((c) => c.id === 1251)?.status).toBe('1');
				expect(state.globex.comments.find((c) => c.id === 2251)?.status).toBe('1');
			},
		},
		fullRun: {
			expect: (output, [request]) => {
				expect(request.body.fields).toEqual([
					['_method', 'PUT'],
					['status', '1'],
				]);
				expect(output[0]).toMatchObject({ success: true });
			},
		},
	}),
	operationCase({
		endpoint: 'updateAuditSessionItem',
		parameters: {
			resource: 'auditSessionItem',
			operation: 'update',
			auditItemId: '1351',
			physicalQty: 38,
		},
		globex: { auditItemId: '2351' },
		retry: 'setValue',
		headers: HEADER_SETS.ecommerce,
		pathIds: { auditItemId: 'Audit Item ID' },
		fullRun: {
			expect: (_output, [request]) => {
				expect(request.method).toBe('PATCH');
				expect(request.body).toEqual({ kind: 'text', text: '{"physical_qty":38}' });
			},
		},
	}),
	operationCase({
		endpoint: 'createInventoryTransferItem',
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
		headers: HEADER_SETS.ecommerce,
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
	}),
	operationCase({
		endpoint: 'listNews',
		parameters: { resource: 'news', operation: 'getAll', returnAll: false, limit: 3 },
		retry: 'read',
		headers: HEADER_SETS.ecommerce,
		simplified: [
			'id',
			'title',
			'alias',
			'image',
			'status',
			'lang',
			'summary',
			'content',
			'created_at',
			'updated_at',
		],
		fullRun: {
			overrides: { returnAll: true, limit: undefined, options: { pageSize: 10 } }, // Return All: no Limit
			expect: (output, requests) => {
				// Pages 2 and 3 are read ahead together, so they may be answered in either order.
				expect(requests.map((r) => r.query.page).sort()).toEqual(['1', '2', '3']);
				expect(new Set(output.map((n) => n.id)).size).toBe(25);
			},
		},
	}),
	operationCase({
		// Not one of E1..E16: the categories list the spec names as the source of parent ids
		// (Category → Get Many); `endpoint` is its ENDPOINTS key, as everywhere.
		endpoint: 'listCategories',
		parameters: { resource: 'category', operation: 'getAll', returnAll: false, limit: 2 },
		retry: 'read',
		headers: HEADER_SETS.ecommerce,
		simplified: CATEGORY_FIELDS,
		fullRun: {
			overrides: { returnAll: true, limit: undefined, simple: true },
			expect: (output, requests) => {
				expect(requests).toHaveLength(1);
				expect(output.length).toBeGreaterThan(2);
				expect(new Set(output.map((c) => c.id)).size).toBe(output.length);
				expect(Object.keys(output[0]).sort()).toEqual(expect.arrayContaining(['id', 'title']));
			},
		},
	}),
];

module.exports = { CASES };
