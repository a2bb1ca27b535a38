// @ts-check
/** The Ecommerce node, Inventory Transfer Item → Create (createInventoryTransferItem, E14), through n8n-core's real engine against the sandbox platform. */
const { useOperation } = require('../harness/fixture');
const { expectRequest, multipartFields } = require('../harness/requests');
const { HEADER_SETS } = require('../harness/headerSets');
const { succeeded, expectRunError } = require('../harness/outcomes');

const { fixture, run: createTransferItem } = useOperation('createInventoryTransferItem');

/** A pending transfer of 5 of product 1701 between acme's inventories 1451 and 1452. */
const TRANSFER = {
	fromInventoryId: '1451',
	toInventoryId: '1452',
	productId: '1701',
	quantity: 5,
	status: 'pending',
};

describe('Inventory Transfer Item → Create (createInventoryTransferItem, E14)', () => {
	test('multipart in the spec order; no representative is sent empty; Pending is 0', async () => {
		const { json } = await succeeded(createTransferItem(TRANSFER));
		const request = expectRequest(fixture, 'createInventoryTransferItem', {
			method: 'POST',
			path: '/api/v1/inventory_trancfered_items',
			contentType: expect.stringMatching(/^multipart\/form-data; boundary=/),
			platformHeaders: HEADER_SETS.ecommerce,
		});
		expect(multipartFields(request)).toEqual([
			['from_inv_id', '1451'],
			['to_inv_id', '1452'],
			['product_id', '1701'],
			['quantity', '5'],
			['representative_id', ''],
			['status', '0'],
		]);
		expect(json).toHaveLength(1);
		expect(json[0]).toMatchObject({
			id: 1552,
			from_inv_id: '1451',
			to_inv_id: '1452',
			quantity: '5',
			representative_id: null,
			status: '0',
		});
	});

	test('Completed is 1 and a representative is sent', async () => {
		const { json } = await createTransferItem({
			fromInventoryId: '1452',
			toInventoryId: '1453',
			productId: '1703',
			quantity: 2.5,
			status: 'completed',
			additionalFields: { representativeId: '42' },
		});
		expect(multipartFields(fixture.requestsFor('createInventoryTransferItem')[0])).toEqual([
			['from_inv_id', '1452'],
			['to_inv_id', '1453'],
			['product_id', '1703'],
			['quantity', '2.5'],
			['representative_id', '42'],
			['status', '1'],
		]);
		expect(json[0]).toMatchObject({ representative_id: '42', status: '1', quantity: '2.5' });
	});

	test('a transfer the platform refuses fails with its 422 message and field errors, and is not retried', async () => {
		const { error } = await createTransferItem({ ...TRANSFER, toInventoryId: '1451', quantity: 1 });
		expectRunError(error, {
			message:
				'The platform refused to create the inventory transfer item: The to inv id field and from inv id must be different.',
			httpCode: '422',
			description: ['- to_inv_id: The to inv id field and from inv id must be different.'],
		});
		expect(fixture.requestsFor('createInventoryTransferItem')).toHaveLength(1);
		expect(fixture.sandbox.state.acme.transfers).toHaveLength(1);
	});
});
