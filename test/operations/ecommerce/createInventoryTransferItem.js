// @ts-check
/**
 * Create Inventory Transfer Item (ENDPOINTS.createInventoryTransferItem): the sandbox's route, written from the platform's
 * description (an independent check of the endpoint entry), its docs/operations.md entry and
 * its case (the fields: test/operations/index.js).
 */
const ops = require('../../../sandbox/operations');
const { ECOMMERCE, MULTIPART } = require('../../../sandbox/routes');
const { HEADER_SETS } = require('../../harness/headerSets');

/** @type {import('../index').OperationFile} */
module.exports = {
	route: {
		module: 'ecommerce',
		method: 'POST',
		path: '/api/v1/inventory_trancfered_items',
		auth: ECOMMERCE,
		content: MULTIPART,
		envelope: 'data',
		handler: ops.addTransferItem,
	},
	reference:
		'From and To Inventory ID, Product ID, Quantity, Status (Pending / Completed), optionally Representative ID.',
	case: {
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
	},
};
