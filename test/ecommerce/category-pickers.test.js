// @ts-check
/**
 * The category pickers of Category → Update: Category ID is a resource locator (From List,
 * By ID) that still takes the plain string saved before it was one, and the list behind both
 * pickers reads every page of the categories list and filters it by the search text.
 */
const { useOperation } = require('../harness/fixture');
const { loadOptionsContext, nodeClasses } = require('../harness/n8n');
const { categoriesPage } = require('./categoryPages');

const { fixture, run: updateCategory } = useOperation('updateCategory');

/** @param {string} mode @param {string} value */
const locator = (mode, value) => ({ __rl: true, mode, value });

describe('Category → Update (updateCategory): Category ID', () => {
	test.each([
		['a plain string saved before it was a locator', '1202'],
		['From List', locator('list', '1202')],
		['By ID, spaces around', locator('id', ' 1202 ')],
	])('%s updates that category', async (_label, categoryId) => {
		const { json, error } = await updateCategory({
			categoryId,
			updateFields: { englishTitle: 'Smartphones' },
		});
		expect(error).toBeUndefined();
		const [update] = fixture.requestsFor('updateCategory');
		expect(update.path).toMatch(/\/1202$/);
		expect(json[0]).toMatchObject({ id: 1202 });
	});

	test("By ID is checked by the locator's regex: n8n refuses to run the workflow, nothing is sent", async () => {
		await expect(
			updateCategory({
				categoryId: locator('id', 'phones'),
				updateFields: { top: true },
			}),
		).rejects.toThrow('Not a valid category ID');
		expect(fixture.requestsFor()).toHaveLength(0);
	});
});

/** A page of the categories list, two a page, each category titled. @param {number[]} ids @param {number} page @param {number} lastPage */
const paginatorPage = (ids, page, lastPage) =>
	categoriesPage(ids, page, lastPage, {
		perPage: 2,
		descriptions: (id) => [{ lang: 'en', title: id === 3 ? 'Garden tools' : `Category ${id}` }],
	});

describe('Category → Update (updateCategory): the Category ID picker (searchCategories)', () => {
	/**
	 * @param {string} [filter]
	 * @returns {Promise<import('n8n-workflow').INodeListSearchResult>}
	 */
	async function search(filter) {
		const context = loadOptionsContext({
			type: 'businessPlatformEcommerce',
			parameters: {
				resource: 'category',
				operation: 'update',
				categoryId: locator('list', ''),
				updateFields: {},
			},
			credentials: fixture.credentials,
			path: 'categoryId',
		});
		const node = new (nodeClasses.get('businessPlatformEcommerce'))();
		return node.methods.listSearch.searchCategories.call(context, filter);
	}

	test('reads every page of a paginated list; a category on page 2 is found by its title', async () => {
		fixture.sandbox.inject({
			operation: 'listCategories',
			status: 200,
			body: paginatorPage([1, 2], 1, 2),
		});
		fixture.sandbox.inject({
			operation: 'listCategories',
			status: 200,
			body: paginatorPage([3], 2, 2),
		});
		const { results } = await search('garden');
		expect(results).toEqual([{ name: 'Garden tools (3)', value: '3' }]);
		const pages = fixture.requestsFor('listCategories').map((request) => request.query.page);
		expect(pages).toEqual(['1', '2']);
	});

	test('a plain list is the whole list: one request, filtered by the search text', async () => {
		const all = await search();
		expect(all.results.map((result) => result.value)).toEqual(['1201', '1203', '1202', '1204']);
		expect((await search('phones')).results).toEqual([
			{ name: 'Electronics / Phones (1202)', value: '1202' },
		]);
		expect(fixture.requestsFor('listCategories')).toHaveLength(2);
	});
});
