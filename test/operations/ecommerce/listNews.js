// @ts-check
/**
 * List News (ENDPOINTS.listNews): the sandbox's route, written from the platform's
 * description (an independent check of the endpoint entry), its docs/operations.md entry and
 * its case (the fields: test/operations/index.js).
 */
const ops = require('../../../sandbox/operations');
const { ECOMMERCE } = require('../../../sandbox/routes');
const { HEADER_SETS } = require('../../harness/headerSets');

/** @type {import('../index').OperationFile} */
module.exports = {
	route: {
		module: 'ecommerce',
		method: 'GET',
		path: '/api/v1/news',
		auth: ECOMMERCE,
		envelope: 'data',
		handler: ops.listNews,
	},
	reference:
		'Return All walks every page (Options → Page Size, default 100); Limit stops once it has enough. Filters Keyword and Status; option Sort Order. An item moved across a page boundary while the pages are read is output once. Simplify keeps id, title, alias, image, status, lang, summary, content, created_at and updated_at.',
	case: {
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
	},
};
