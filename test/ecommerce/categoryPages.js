// @ts-check
/** The categories list as the platform pages it, for the tests that make the sandbox answer with chosen pages. */

/**
 * A Laravel paginator page of categories inside the platform's envelope.
 * @param {number[]} ids the categories on the page
 * @param {number} page
 * @param {number} lastPage
 * @param {{ perPage?: number, descriptions?: (id: number) => Array<{ lang: string, title: string }> }} [options]
 *   the page size (the page's length unless given) and each category's texts (none unless given)
 */
function categoriesPage(
	ids,
	page,
	lastPage,
	{ perPage = ids.length, descriptions = () => [] } = {},
) {
	return {
		status: true,
		message: 'Categories retrieved successfully.',
		data: {
			current_page: page,
			data: ids.map((id) => ({
				id,
				alias: `category-${id}`,
				parent: null,
				descriptions: descriptions(id),
			})),
			last_page: lastPage,
			next_page_url:
				page < lastPage ? `http://platform.example/api/v1/ecomm_categories?page=${page + 1}` : null,
			per_page: perPage,
		},
	};
}

module.exports = { categoriesPage };
