// @ts-check
/**
 * Update Catalog Comment (ENDPOINTS.updateCatalogComment): the sandbox's route and handler,
 * written from the platform's description (an independent check of the endpoint entry), the
 * records only it uses (`seed`), its docs/operations.md entry and its case (the fields:
 * test/operations/index.js).
 */
const { Validator } = require('../../../sandbox/validation');
const {
	FLAG,
	succeeded,
	notFound,
	unprocessable,
	byId,
} = require('../../../sandbox/operations/common');
const { iso, isoNow } = require('../../../sandbox/data');
const { ECOMMERCE_USER, MULTIPART } = require('../../../sandbox/routes');
const { HEADER_SETS } = require('../../harness/headerSets');

/**
 * @typedef {(typeof seed.acme.comments)[number]} Comment
 */

/** Comments on catalog items, status '0' hidden and '1' shown. */
const seed = {
	acme: {
		comments: [
			{
				id: 1251,
				catalog_id: 1701,
				user_id: 51,
				comment: 'Fits perfectly, good grip.',
				rating: 5,
				status: '0',
				created_at: iso('2025-01-10'),
				updated_at: iso('2025-01-10'),
			},
			{
				id: 1252,
				catalog_id: 1705,
				user_id: 52,
				comment: 'Battery could be better.',
				rating: 3,
				status: '1',
				created_at: iso('2025-01-12'),
				updated_at: iso('2025-01-12'),
			},
		],
	},
	globex: {
		comments: [
			{
				id: 2251,
				catalog_id: 2702,
				user_id: 61,
				comment: 'Sturdy helmet.',
				rating: 4,
				status: '0',
				created_at: iso('2025-01-11'),
				updated_at: iso('2025-01-11'),
			},
		],
	},
};

/** @type {import('../../../sandbox/operations/common').Handler} */
function editComment(ctx) {
	const comment = byId(/** @type {Comment[]} */ (ctx.biz.comments), ctx.params.comment_id);
	if (!comment) return notFound(['Comment', 'التعليق'], ctx.lang);
	const v = new Validator();
	const method = v.check('_method', ctx.input._method, { required: true });
	if (method && method.toUpperCase() !== 'PUT') v.invalid('_method');
	const status = v.check('status', ctx.input.status, { type: 'integer', in: FLAG });
	if (v.failed) return unprocessable(v);
	if (status != null) comment.status = String(status);
	comment.updated_at = isoNow();
	return succeeded(['Comment updated successfully.', 'تم تحديث التعليق بنجاح.'], ctx.lang, {
		data: null,
	});
}

/** @type {import('../index').OperationFile} */
module.exports = {
	route: {
		module: 'ecommerce',
		method: 'POST',
		path: '/api/v1/catalog-comments/:comment_id',
		auth: ECOMMERCE_USER,
		content: MULTIPART,
		envelope: 'data',
		handler: editComment,
	},
	seed,
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
