// @ts-check
/**
 * Update Audit Session Item (ENDPOINTS.updateAuditSessionItem): the sandbox's route, written from the platform's
 * description (an independent check of the endpoint entry), its docs/operations.md entry and
 * its case (the fields: test/operations/index.js).
 */
const ops = require('../../../sandbox/operations');
const { ECOMMERCE, TEXT } = require('../../../sandbox/routes');
const { HEADER_SETS } = require('../../harness/headerSets');

/** @type {import('../index').OperationFile} */
module.exports = {
	route: {
		module: 'ecommerce',
		method: 'PATCH',
		path: '/api/v1/audit-sessions/update-session-item/:audit_item_id',
		auth: ECOMMERCE,
		content: TEXT,
		envelope: 'data',
		handler: ops.updateAuditItem,
	},
	reference: 'Audit Item ID, Physical Quantity.',
	case: {
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
	},
};
