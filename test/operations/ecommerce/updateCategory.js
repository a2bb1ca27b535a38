// @ts-check
/**
 * Update Category (ENDPOINTS.updateCategory): the sandbox's route, written from the platform's
 * description (an independent check of the endpoint entry), its docs/operations.md entry and
 * its case (the fields: test/operations/index.js).
 */
const ops = require('../../../sandbox/operations');
const { ECOMMERCE_USER, MULTIPART } = require('../../../sandbox/routes');
const { HEADER_SETS } = require('../../harness/headerSets');
const { CATEGORY_FIELDS } = require('../shared');

/** @type {import('../index').OperationFile} */
module.exports = {
	/** @param {{ categories: string }} prefixes the configured path prefix, trimmed */
	route: ({ categories }) => ({
		module: 'ecommerce',
		method: 'POST',
		path: `/${categories}/:category_id`,
		auth: ECOMMERCE_USER,
		content: MULTIPART,
		envelope: 'data',
		handler: ops.editCategory,
	}),
	reference:
		"Category ID (From List, searchable, or By ID) and Update Fields (Alias, Status, Top, Sort, Image URL, Parent Category, title, keyword and description in English and Arabic). The platform takes every field on each update, so the node sends the fields you did not set with their current values (the categories list is read once per node run and business): changing one field never resets another. Output: the updated category, with Get Many's Simplify.",
	case: {
		parameters: {
			resource: 'category',
			operation: 'update',
			categoryId: '1202',
			updateFields: { englishTitle: 'Smartphones' },
		},
		globex: { categoryId: '2202' },
		retry: 'setValue',
		requestsPerItem: 2,
		headers: HEADER_SETS.ecommerceUser,
		pathIds: { categoryId: 'Category ID' },
		simplified: CATEGORY_FIELDS,
		fullRun: {
			expect: (output, requests) => {
				expect(requests.map((r) => r.operation)).toEqual(['listCategories', 'updateCategory']);
				// Simplified (the default): the title in the credential's Default Language, English.
				expect(output[0]).toMatchObject({ id: 1202, parent: 1201, title: 'Smartphones' });
			},
		},
	},
};
