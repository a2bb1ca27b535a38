// @ts-check
/**
 * List Categories (ENDPOINTS.listCategories): the sandbox's route, written from the platform's
 * description (an independent check of the endpoint entry), its docs/operations.md entry and
 * its case (the fields: test/operations/index.js).
 */
const ops = require('../../../sandbox/operations');
const { ECOMMERCE } = require('../../../sandbox/routes');
const { HEADER_SETS } = require('../../harness/headerSets');
const { CATEGORY_FIELDS } = require('../shared');

/** @type {import('../index').OperationFile} */
module.exports = {
	route: {
		module: 'ecommerce',
		method: 'GET',
		path: '/api/v1/ecomm_categories',
		auth: ECOMMERCE,
		envelope: 'data',
		handler: ops.listCategories,
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
