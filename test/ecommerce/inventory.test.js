// @ts-check
/** The Ecommerce node, Audit Session Item → Update (E13) and Inventory Transfer Item → Create (E14), through n8n-core's real engine against the sandbox platform. */
const { useSandbox } = require('../harness/fixture');
const { platformHeaderNames, multipartFields } = require('../harness/requests');
const { HEADER_SETS } = require('../harness/headerSets');
const { succeeded, expectRunError } = require('../harness/outcomes');

const fixture = useSandbox();
/** @param {string} resource @param {string} operation */
const ecommerceRunner = (resource, operation) =>
	fixture.runner('businessPlatformEcommerce', { resource, operation });
const updateAuditItem = ecommerceRunner('auditSessionItem', 'update');
const createTransferItem = ecommerceRunner('inventoryTransferItem', 'create');

describe('Audit Session Item → Update (E13)', () => {
	test('PATCH with a text/plain body carrying {"physical_qty": n}; outputs the item', async () => {
		const { json } = await succeeded(updateAuditItem({ auditItemId: '1351', physicalQty: 37 }));
		const [request] = fixture.requestsFor('updateAuditSessionItem');
		expect(request).toMatchObject({
			method: 'PATCH',
			path: '/api/v1/audit-sessions/update-session-item/1351',
			status: 200,
		});
		expect(request.contentType).toBe('text/plain');
		expect(platformHeaderNames(request)).toEqual(HEADER_SETS.ecommerce);
		expect(request.body).toEqual({ kind: 'text', text: '{"physical_qty":37}' });
		expect(json).toHaveLength(1);
		expect(json[0]).toMatchObject({ id: 1351, system_qty: 40, physical_qty: 37, difference: -3 });
	});

	test('a decimal quantity from an expression is sent as a JSON number', async () => {
		await updateAuditItem(
			{
				auditItemId: '1352',
				physicalQty: '={{ $json.qty }}',
			},
			{ items: [{ json: { qty: '12.5' } }] },
		);
		expect(fixture.requestsFor('updateAuditSessionItem')[0].body).toEqual({
			kind: 'text',
			text: '{"physical_qty":12.5}',
		});
	});

	test('a quantity the platform refuses fails with its 422 message; an unknown item with 404', async () => {
		const refused = await updateAuditItem({ auditItemId: '1351', physicalQty: -1 });
		expect(refused.error?.httpCode).toBe('422');
		expect(refused.error?.message).toBe(
			'The platform refused to update audit session item 1351: The physical qty field must be at least 0.',
		);
		expect(refused.error?.description).toContain(
			'- Physical Quantity: The physical qty field must be at least 0.',
		);

		const unknown = await updateAuditItem({ auditItemId: '9999', physicalQty: 1 });
		expect(unknown.error?.httpCode).toBe('404');
		expect(unknown.error?.message).toBe('The platform has no audit session item 9999');
		expect(unknown.error?.description).toContain('The platform said: "Audit item not found."');
	});

	test('a quantity that is not a number fails before any request', async () => {
		const { error } = await updateAuditItem(
			{
				auditItemId: '1351',
				physicalQty: '={{ $json.qty }}',
			},
			{ items: [{ json: { qty: 'a dozen' } }] },
		);
		expect(error?.message).toBe('Physical Quantity must be a number, got "a dozen"');
		expect(fixture.sandbox.requests).toHaveLength(0);
	});
});

describe('Inventory Transfer Item → Create (E14)', () => {
	test('multipart in the spec order; no representative is sent empty; Pending is 0', async () => {
		const { json } = await succeeded(
			createTransferItem({
				fromInventoryId: '1451',
				toInventoryId: '1452',
				productId: '1701',
				quantity: 5,
				status: 'pending',
			}),
		);
		const [request] = fixture.requestsFor('createInventoryTransferItem');
		expect(request).toMatchObject({
			method: 'POST',
			path: '/api/v1/inventory_trancfered_items',
			status: 200,
		});
		expect(request.contentType).toMatch(/^multipart\/form-data; boundary=/);
		expect(platformHeaderNames(request)).toEqual(HEADER_SETS.ecommerce);
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
		const { error } = await createTransferItem({
			fromInventoryId: '1451',
			toInventoryId: '1451',
			productId: '1701',
			quantity: 1,
			status: 'pending',
		});
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
