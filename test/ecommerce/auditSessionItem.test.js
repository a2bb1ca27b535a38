// @ts-check
/** The Ecommerce node, Audit Session Item → Update (updateAuditSessionItem, E13), through n8n-core's real engine against the sandbox platform. */
const { useOperation } = require('../harness/fixture');
const { expectRequest } = require('../harness/requests');
const { HEADER_SETS } = require('../harness/headerSets');
const { succeeded } = require('../harness/outcomes');

const { fixture, run: updateAuditItem } = useOperation('updateAuditSessionItem');

describe('Audit Session Item → Update (updateAuditSessionItem, E13)', () => {
	test('PATCH with a text/plain body carrying {"physical_qty": n}; outputs the item', async () => {
		const { json } = await succeeded(updateAuditItem({ auditItemId: '1351', physicalQty: 37 }));
		expectRequest(fixture, 'updateAuditSessionItem', {
			method: 'PATCH',
			path: '/api/v1/audit-sessions/update-session-item/1351',
			contentType: 'text/plain',
			platformHeaders: HEADER_SETS.ecommerce,
			body: { kind: 'text', text: '{"physical_qty":37}' },
		});
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
