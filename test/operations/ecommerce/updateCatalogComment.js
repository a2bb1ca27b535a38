// @ts-check
/**
 * Update Catalog Comment (ENDPOINTS.updateCatalogComment): the sandbox's route, written from the platform's
 * description (an independent check of the endpoint entry), its docs/operations.md entry and
 * its case (the fields: test/operations/index.js).
 */
const ops = require('../../../sandbox/operations');
const { ECOMMERCE_USER, MULTIPART } = require('../../../sandbox/routes');
const { HEADER_SETS } = require('../../harness/headerSets');

/** @type {import('../index').OperationFile} */
module.exports = {
	route: {
		module: 'ecommerce',
		method: 'POST',
		path: '/api/v1/catalog-comments/:comment_id',
		auth: ECOMMERCE_USER,
		content: MULTIPART,
		envelope: 'data',
		handler: ops.editComment,
	},
	reference: 'Comment ID and Status. Output: `{ success: true, message }`.',
	case: {
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
	},
};
