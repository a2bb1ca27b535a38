// @ts-check
/**
 * List Categories (ENDPOINTS.listCategories): the sandbox's route and handler, written from the
 * platform's description (an independent check of the endpoint entry), its docs/operations.md
 * entry and its case (the fields: test/operations/index.js).
 */
const { succeeded, categoryView } = require('../../../sandbox/operations/common');
const { ECOMMERCE } = require('../../../sandbox/routes');
const { HEADER_SETS } = require('../../harness/headerSets');
const { CATEGORY_FIELDS } = require('../shared');

/** The business's categories, those matching `keyword` where it is sent. @type {import('../../../sandbox/operations/common').Handler} */
function listCategories(ctx) {
	const keyword = (ctx.query.keyword ?? '').trim().toLowerCase();
	const categories = ctx.biz.categories.filter(
		(c) =>
			!keyword ||
			c.alias.toLowerCase().includes(keyword) ||
			c.descriptions.some((d) => d.title.toLowerCase().includes(keyword)),
	);
	return succeeded(['Categories retrieved successfully.', 'تم جلب التصنيفات بنجاح.'], ctx.lang, {
		data: categories.map((c) => categoryView(c, ctx.biz.categories, false)),
	});
}

/** @type {import('../index').OperationFile} */
module.exports = {
	route: {
		module: 'ecommerce',
		method: 'GET',
		path: '/api/v1/ecomm_categories',
		auth: ECOMMERCE,
		envelope: 'data',
		handler: listCategories,
	},
	reference:
		"Simplify (id, parent, title in the credential's Default Language, alias, image, status, top, sort). A paginated list is read page by page (100 per page). One item per category.",
	case: {
		// Not one of E1..E16: the categories list the spec names as the source of parent ids
		// (Category → Get Many).
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
	},
};
