// @ts-check
/** The Ecommerce node, Category → Update (updateCategory, E2) and its parent picker (the categories list), through n8n-core's real engine against the sandbox platform. */
const { useOperation } = require('../harness/fixture');
const { expectRequest, multipartFields, recordById } = require('../harness/requests');
const { HEADER_SETS } = require('../harness/headerSets');
const { loadOptionsContext, nodeClasses } = require('../harness/n8n');
const { succeeded, expectRunError } = require('../harness/outcomes');

// The full record (Simplify off): what Simplify keeps is checked per operation in test/operations.test.js.
const { fixture, run: updateCategory } = useOperation('updateCategory', { simple: false });

/** @param {string} mode @param {string} value */
function locator(mode, value) {
	return { __rl: true, mode, value };
}

/** The sandbox's current record of an acme category. @param {number} id */
function storedCategory(id) {
	return recordById(fixture.sandbox.state.acme.categories, id);
}

/** Every field E2 sends for acme's category 1202 as seeded, with `changes` applied. */
function category1202Fields(changes = /** @type {Record<string, string>} */ ({})) {
	/** @type {Array<[string, string]>} */
	const fields = [
		['_method', 'PUT'],
		['status', '1'],
		['top', '0'],
		['alias', 'phones'],
		['sort', '2'],
		['image', `${fixture.sandbox.url}/storage/categories/phones.png`],
		['parent', '1201'],
		['descriptions[0][lang]', 'en'],
		['descriptions[0][title]', 'Phones'],
		['descriptions[0][keyword]', 'phones'],
		['descriptions[0][description]', 'Phones products'],
		['descriptions[1][lang]', 'ar'],
		['descriptions[1][title]', 'هواتف'],
		['descriptions[1][keyword]', 'هواتف'],
		['descriptions[1][description]', 'منتجات هواتف'],
	];
	return fields.map(([name, value]) => [name, name in changes ? changes[name] : value]);
}

describe('Category → Update (updateCategory, E2)', () => {
	test('reads the category from the list, sends every field with only the changed one differing, and outputs the updated category', async () => {
		const { json } = await succeeded(
			updateCategory({ categoryId: '1202', updateFields: { status: false } }),
		);

		expect(fixture.sandbox.requests.map((r) => r.operation)).toEqual([
			'listCategories',
			'updateCategory',
		]);
		expectRequest(fixture, 'listCategories', {
			method: 'GET',
			path: '/api/v1/ecomm_categories',
			business: 'acme',
			platformHeaders: HEADER_SETS.ecommerce,
			body: { kind: 'empty' },
		});

		const update = expectRequest(fixture, 'updateCategory', {
			method: 'POST',
			path: '/api/v1/ecomm_categories/1202',
			business: 'acme',
			contentType: expect.stringMatching(/^multipart\/form-data; boundary=/),
			platformHeaders: HEADER_SETS.ecommerceUser,
			headers: { userToken: fixture.sandbox.credentials.userToken },
		});
		expect(multipartFields(update)).toEqual(category1202Fields({ status: '0' }));

		expect(json).toHaveLength(1);
		expect(json[0]).toMatchObject({
			id: 1202,
			status: '0',
			top: '0',
			alias: 'phones',
			parent: 1201,
			sort: '2',
		});
		expect(json[0].parent_object).toMatchObject({ id: 1201, alias: 'electronics' });
		const category = /** @type {{ descriptions: Array<{ title: string }> }} */ (json[0]);
		expect(category.descriptions.map((d) => d.title)).toEqual(['Phones', 'هواتف']);
		// Nothing the user left alone was reset on the platform.
		expect(storedCategory(1202)).toMatchObject({
			status: '0',
			top: '0',
			parent: 1201,
			alias: 'phones',
		});
	});

	test('every field set: booleans as 1/0, sort, image URL, parent by ID, per-language texts merged over the current ones', async () => {
		const { json } = await succeeded(
			updateCategory({
				categoryId: '1202',
				updateFields: {
					status: true,
					top: true,
					alias: 'smartphones',
					sort: 7,
					imageUrl: 'https://cdn.example.com/smartphones.png',
					parentCategory: locator('id', '1204'),
					englishTitle: 'Smartphones',
					arabicKeyword: 'جوال',
					arabicDescription: '',
				},
			}),
		);
		const [update] = fixture.requestsFor('updateCategory');
		expect(multipartFields(update)).toEqual(
			category1202Fields({
				status: '1',
				top: '1',
				alias: 'smartphones',
				sort: '7',
				image: 'https://cdn.example.com/smartphones.png',
				parent: '1204',
				'descriptions[0][title]': 'Smartphones',
				'descriptions[1][keyword]': 'جوال',
				'descriptions[1][description]': '',
			}),
		);
		expect(json[0]).toMatchObject({
			id: 1202,
			top: '1',
			alias: 'smartphones',
			sort: '7',
			parent: 1204,
		});
		const category = /** @type {{ parent_object: { id: number } }} */ (json[0]);
		expect(category.parent_object.id).toBe(1204);
		expect(json[0].descriptions).toEqual([
			{
				category_id: 1202,
				lang: 'en',
				title: 'Smartphones',
				keyword: 'phones',
				description: 'Phones products',
			},
			{ category_id: 1202, lang: 'ar', title: 'هواتف', keyword: 'جوال', description: '' },
		]);
	});

	test('parent from the list mode sends that id; an empty parent sends parent empty and makes it top-level', async () => {
		/** Category 1202 given this parent from the list: the parent is sent as chosen; the output item. @param {string} parent */
		const withParent = async (parent) => {
			const { json } = await succeeded(
				updateCategory({
					categoryId: '1202',
					updateFields: { parentCategory: locator('list', parent) },
				}),
			);
			expect(multipartFields(fixture.requestsFor('updateCategory')[0])).toEqual(
				category1202Fields({ parent }),
			);
			return json[0];
		};
		expect((await withParent('1203')).parent).toBe(1203);

		fixture.sandbox.reset();
		expect(await withParent('')).toMatchObject({ parent: null, parent_object: null });
		expect(storedCategory(1202).parent).toBeNull();
	});

	test('a category without a parent keeps none: its empty parent is sent back as it is', async () => {
		const { json } = await succeeded(
			updateCategory({ categoryId: '1204', updateFields: { alias: 'home' } }),
		);
		const fields = multipartFields(fixture.requestsFor('updateCategory')[0]);
		expect(fields.slice(0, 7)).toEqual([
			['_method', 'PUT'],
			['status', '0'],
			['top', '1'],
			['alias', 'home'],
			['sort', '4'],
			['image', `${fixture.sandbox.url}/storage/categories/home-kitchen.png`],
			['parent', ''],
		]);
		expect(json[0]).toMatchObject({ id: 1204, status: '0', parent: null, alias: 'home' });
	});

	test("Options → Business reads and updates that business's category", async () => {
		const { json } = await succeeded(
			updateCategory({
				categoryId: '2202',
				updateFields: { englishTitle: 'Safety Equipment' },
				options: { business: 'globex' },
			}),
		);
		expect(fixture.sandbox.requests.map((r) => [r.operation, r.business])).toEqual([
			['listCategories', 'globex'],
			['updateCategory', 'globex'],
		]);
		expect(multipartFields(fixture.requestsFor('updateCategory')[0])).toContainEqual([
			'parent',
			'2201',
		]);
		expect(json[0]).toMatchObject({ id: 2202, business_id: 202, parent: 2201 });
		const category = /** @type {{ descriptions: Array<{ title: string }> }} */ (json[0]);
		expect(category.descriptions[0].title).toBe('Safety Equipment');
	});

	test('a category that is not in the list fails as 404 before any update is sent', async () => {
		const { error } = await updateCategory({
			categoryId: '2201', // globex's category: not in acme's list
			updateFields: { status: false },
		});
		expectRunError(error, {
			message: 'Category 2201 was not found in the categories list',
			httpCode: '404',
			description: ['nothing was updated'],
		});
		expect(fixture.sandbox.requests.map((r) => r.operation)).toEqual(['listCategories']);
	});

	test('a parent the platform refuses fails with its 422 message and field errors', async () => {
		const { error } = await updateCategory({
			categoryId: '1201',
			updateFields: { parentCategory: locator('id', '1202') }, // its own child: a cycle
		});
		expectRunError(error, {
			message: 'The platform refused to update category 1201: The selected parent is invalid.',
			httpCode: '422',
			description: ['- parent: The selected parent is invalid.'],
			data: {
				operation: 'Update Category',
				method: 'POST',
				path: '/{categories}/{category_id}',
				httpCode: 422,
				item: 0,
			},
		});
		expect(storedCategory(1201).parent).toBeNull();
	});

	test('a 404 from the update itself shows the platform message', async () => {
		fixture.sandbox.inject({
			operation: 'updateCategory',
			status: 404,
			body: { status: false, message: 'Category not found.' },
		});
		const { error } = await updateCategory({ categoryId: '1202', updateFields: { top: true } });
		expectRunError(error, {
			message: 'The platform has no category 1202',
			httpCode: '404',
			description: ['The platform said: "Category not found."'],
		});
	});

	test('bad input fails before any request: no fields, the category as its own parent, a non-numeric id', async () => {
		const noFields = await updateCategory({ categoryId: '1202', updateFields: {} });
		expect(noFields.error?.message).toBe('Update Fields needs at least one field to change');
		const ownParent = await updateCategory({
			categoryId: '1202',
			updateFields: { parentCategory: locator('id', '1202') },
		});
		expect(ownParent.error?.message).toBe('Parent Category cannot be the category itself');
		const badId = await updateCategory({ categoryId: '12/02', updateFields: { top: true } });
		expect(badId.error?.message).toBe('Category ID must be a whole number, got "12/02"');
		expect(fixture.sandbox.requests).toHaveLength(0);
	});
});

describe('Category → Update (updateCategory): the parent picker (listSearch searchCategories)', () => {
	/**
	 * @param {string} [filter] @param {Record<string, any>} [options]
	 * @returns {Promise<import('n8n-workflow').INodeListSearchResult>}
	 */
	async function search(filter, options = {}) {
		const context = loadOptionsContext({
			type: 'businessPlatformEcommerce',
			parameters: {
				resource: 'category',
				operation: 'update',
				categoryId: '1202',
				updateFields: {},
				options,
			},
			credentials: fixture.credentials,
			path: 'updateFields.parentCategory',
		});
		const node = new (nodeClasses.get('businessPlatformEcommerce'))();
		return node.methods.listSearch.searchCategories.call(context, filter);
	}
	test("lists the business's categories from api/v1/ecomm_categories, with their parents' titles", async () => {
		const { results } = await search();
		expect(results).toEqual([
			{ name: 'Electronics (1201)', value: '1201' },
			{ name: 'Electronics / Laptops (1203)', value: '1203' },
			{ name: 'Electronics / Phones (1202)', value: '1202' },
			{ name: 'Home & Kitchen (1204)', value: '1204' },
		]);
		expectRequest(fixture, 'listCategories', {
			method: 'GET',
			path: '/api/v1/ecomm_categories',
			business: 'acme',
			platformHeaders: HEADER_SETS.ecommerce,
		});
	});

	test('filters by the search text (title in any language, alias or id), and follows Options → Business', async () => {
		expect((await search('LAP')).results).toEqual([
			{ name: 'Electronics / Laptops (1203)', value: '1203' },
		]);
		expect((await search('هواتف')).results.map((r) => r.value)).toEqual(['1202']);
		expect((await search('1204')).results.map((r) => r.value)).toEqual(['1204']);
		expect((await search('nothing-like-this')).results).toEqual([]);
		const globex = await search('', { business: 'globex' });
		expect(globex.results.map((r) => r.value)).toEqual(['2201', '2202']);
	});

	test('a picked value is the parent E2 sends', async () => {
		const picked = (await search('laptops')).results[0].value;
		const { json } = await succeeded(
			updateCategory({
				categoryId: '1202',
				updateFields: { parentCategory: locator('list', String(picked)) },
			}),
		);
		expect(multipartFields(fixture.requestsFor('updateCategory')[0])).toContainEqual([
			'parent',
			'1203',
		]);
		expect(json[0].parent).toBe(1203);
	});

	test('a list failure shows the platform message', async () => {
		fixture.sandbox.inject({
			operation: 'listCategories',
			status: 403,
			body: { status: false, message: 'This business has no ecommerce module.' },
		});
		await expect(search()).rejects.toMatchObject({
			message: 'The platform does not allow this credential to list the categories',
			description: expect.stringContaining(
				'The platform said: "This business has no ecommerce module."',
			),
			httpCode: '403',
		});
	});
});
