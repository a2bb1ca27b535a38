// @ts-check
/**
 * Create Inventory Transfer Item (ENDPOINTS.createInventoryTransferItem): the sandbox's route and
 * handler, written from the platform's description (an independent check of the endpoint entry),
 * the records only it uses (`seed`), its docs/operations.md entry and its case (the fields:
 * test/operations/index.js).
 */
const { Validator } = require('../../../sandbox/validation');
const { succeeded, FLAG, unprocessable, nextId } = require('../../../sandbox/operations/common');
const { BUSINESS_IDS, iso, isoNow } = require('../../../sandbox/data');
const { ECOMMERCE, MULTIPART } = require('../../../sandbox/routes');
const { HEADER_SETS } = require('../../harness/headerSets');

/**
 * @typedef {{ id: number, name: string }} Inventory
 * @typedef {{ id: number, business_id: number, from_inv_id: string, to_inv_id: string, product_id: string, quantity: string, representative_id: string | null, status: string, created_at: string, updated_at: string }} TransferItem
 */

/** The inventories items move between, and the transfers made so far. */
const seed = {
	acme: {
		inventories: [
			{ id: 1451, name: 'Riyadh Main Warehouse' },
			{ id: 1452, name: 'Jeddah Store' },
			{ id: 1453, name: 'Dammam Store' },
		],
		transfers: /** @type {TransferItem[]} */ ([
			{
				id: 1551,
				business_id: BUSINESS_IDS.acme,
				from_inv_id: '1451',
				to_inv_id: '1452',
				product_id: '1701',
				quantity: '20',
				representative_id: null,
				status: '1',
				created_at: iso('2025-01-18'),
				updated_at: iso('2025-01-18'),
			},
		]),
	},
	globex: {
		inventories: [
			{ id: 2451, name: 'Springfield Depot' },
			{ id: 2452, name: 'Shelbyville Depot' },
		],
		transfers: /** @type {TransferItem[]} */ ([
			{
				id: 2551,
				business_id: BUSINESS_IDS.globex,
				from_inv_id: '2451',
				to_inv_id: '2452',
				product_id: '2703',
				quantity: '200',
				representative_id: '77',
				status: '0',
				created_at: iso('2025-01-19'),
				updated_at: iso('2025-01-19'),
			},
		]),
	},
};

/** @type {import('../../../sandbox/operations/common').Handler} */
function addTransferItem(ctx) {
	const f = ctx.input;
	const biz = ctx.biz;
	const inventories = /** @type {Inventory[]} */ (biz.inventories);
	const transfers = /** @type {TransferItem[]} */ (biz.transfers);
	const v = new Validator();
	const from = v.check('from_inv_id', f.from_inv_id, { required: true, type: 'integer' });
	if (from != null && !inventories.some((inv) => inv.id === from)) v.invalid('from_inv_id');
	const to = v.check('to_inv_id', f.to_inv_id, { required: true, type: 'integer' });
	if (to != null && !inventories.some((inv) => inv.id === to)) v.invalid('to_inv_id');
	else if (to != null && to === from)
		v.fail('to_inv_id', 'The to inv id field and from inv id must be different.');
	const product = v.check('product_id', f.product_id, { required: true, type: 'integer' });
	if (product != null && !biz.catalog.some((item) => item.id === product)) v.invalid('product_id');
	const quantity = v.check('quantity', f.quantity, { required: true, type: 'numeric', gt: 0 });
	const representative = v.check('representative_id', f.representative_id, {
		type: 'integer',
		min: 1,
	});
	const status = v.check('status', f.status, { required: true, type: 'integer', in: FLAG });
	if (v.failed) return unprocessable(v);
	const now = isoNow();
	const record = {
		id: nextId(biz, transfers),
		business_id: biz.id,
		from_inv_id: String(from),
		to_inv_id: String(to),
		product_id: String(product),
		quantity: String(quantity),
		representative_id: representative == null ? null : String(representative),
		status: String(status),
		created_at: now,
		updated_at: now,
	};
	transfers.push(record);
	return succeeded(['Item transferred successfully.', 'تم نقل الصنف بنجاح.'], ctx.lang, {
		data: { ...record },
	});
}

/** @type {import('../index').OperationFile} */
module.exports = {
	route: {
		module: 'ecommerce',
		method: 'POST',
		path: '/api/v1/inventory_trancfered_items',
		auth: ECOMMERCE,
		content: MULTIPART,
		envelope: 'data',
		handler: addTransferItem,
	},
	seed,
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
