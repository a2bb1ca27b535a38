// @ts-check
/**
 * Toggle Favorite (ENDPOINTS.toggleFavorite): the sandbox's route, written from the platform's
 * description (an independent check of the endpoint entry), its docs/operations.md entry and
 * its case (the fields: test/operations/index.js).
 */
const ops = require('../../../sandbox/operations');
const { ECOMMERCE_USER, TEXT } = require('../../../sandbox/routes');
const { HEADER_SETS } = require('../../harness/headerSets');

/** @type {import('../index').OperationFile} */
module.exports = {
	/** @param {{ favorites: string }} prefixes the configured path prefix, trimmed */
	route: ({ favorites }) => ({
		module: 'ecommerce',
		method: 'PUT',
		path: `/${favorites}/store_and_delete/:catalog_id`,
		auth: ECOMMERCE_USER,
		need: { 'Accept-Language': 'required-lang' },
		lang: 'Accept-Language',
		content: TEXT,
		emptyBodyMayOmitType: true,
		envelope: 'data',
		handler: ops.toggleFavorite,
	}),
	reference: "Catalog Item ID; adds it to the user's favourites, or removes it.",
	case: {
		parameters: { resource: 'favorite', operation: 'toggle', catalogId: '1701' },
		globex: { catalogId: '2701' },
		retry: 'create',
		headers: HEADER_SETS.ecommerceUserLanguage,
		pathIds: { catalogId: 'Catalog Item ID' },
		tenant: {
			itemValues: { catalogId: ['1701', '2701', '1703', '1701'] },
			state: (state) => {
				expect([...state.acme.favorites].sort()).toEqual([1701, 1702, 1703]);
				expect(state.globex.favorites).toEqual([2701]);
			},
		},
		fullRun: {
			expect: (output, [request]) => {
				expect(request.method).toBe('PUT');
				expect(output).toHaveLength(1);
			},
		},
	},
};
