// @ts-check
/**
 * Toggle Favorite (ENDPOINTS.toggleFavorite): the sandbox's route and handler, written from the
 * platform's description (an independent check of the endpoint entry), the records only it uses
 * (`seed`), its docs/operations.md entry and its case (the fields: test/operations/index.js).
 */
const { succeeded, notFound, byId } = require('../../../sandbox/operations/common');
const { ECOMMERCE_USER, TEXT } = require('../../../sandbox/routes');
const { HEADER_SETS } = require('../../harness/headerSets');

/** The user's favourite catalog items, by id. */
const seed = {
	acme: { favorites: [1702] },
	globex: { favorites: /** @type {number[]} */ ([]) },
};

/** Adds the catalog item to the favourites, or removes it. @type {import('../../../sandbox/operations/common').Handler} */
function toggleFavorite(ctx) {
	const item = byId(ctx.biz.catalog, ctx.params.catalog_id);
	if (!item) return notFound(['Catalog item', 'المنتج'], ctx.lang);
	const favorites = /** @type {number[]} */ (ctx.biz.favorites);
	const at = favorites.indexOf(item.id);
	if (at >= 0) favorites.splice(at, 1);
	else favorites.push(item.id);
	const added = at < 0;
	return succeeded(
		added
			? ['Catalog item added to favourites.', 'تمت إضافة المنتج إلى المفضلة.']
			: ['Catalog item removed from favourites.', 'تمت إزالة المنتج من المفضلة.'],
		ctx.lang,
		{ data: { catalog_id: item.id, is_favorite: added, action: added ? 'added' : 'removed' } },
	);
}

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
		handler: toggleFavorite,
	}),
	seed,
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
