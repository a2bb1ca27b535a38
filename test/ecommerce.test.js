// @ts-check
/**
 * The Ecommerce node (E2, E3, E4, E5, E12, E13, E14, E16 and the categories list behind the
 * parent picker) through n8n-core's real engine against the sandbox platform.
 */
const { LoadOptionsContext } = require('n8n-core');
const { Workflow, ICredentialsHelper } = require('n8n-workflow');

const { BusinessPlatformApi } = require('../credentials/BusinessPlatformApi.credentials');
const { startSandbox } = require('../sandbox/server');
const { runNode, sandboxCredentials, nodeClasses } = require('./harness/n8n');
const { platformHeaderNames, requestsFor } = require('./harness/requests');

/** @type {any} */
let sandbox;
/** @type {Record<string, any>} */
let credentials;

beforeAll(async () => {
	sandbox = await startSandbox();
	credentials = sandboxCredentials(sandbox);
});
afterAll(() => sandbox.close());
beforeEach(() => sandbox.reset());

// Sorted as platformHeaderNames sorts them (code unit order).
const ECOMMERCE_HEADERS = ['apiconnection', 'apikey', 'secure-business-key'];
const ECOMMERCE_USER_HEADERS = [...ECOMMERCE_HEADERS, 'userToken'];

/**
 * @param {Record<string, any>} parameters
 * @param {{ items?: any[], continueOnFail?: boolean, credentials?: Record<string, any> }} [options]
 */
function runEcommerce(parameters, options = {}) {
	const { requestOptions, ...rest } = parameters;
	return runNode({
		type: 'businessPlatformEcommerce',
		parameters: { ...rest, requestOptions: { retryDelay: 1, ...requestOptions } },
		credentials: options.credentials ?? credentials,
		items: options.items,
		continueOnFail: options.continueOnFail,
	});
}

/** @param {any} request */
function multipartFields(request) {
	expect(request.body.kind).toBe('multipart');
	return request.body.fields;
}

/** @param {string} mode @param {string} value */
function locator(mode, value) {
	return { __rl: true, mode, value };
}

/** The sandbox's current record of an acme category. @param {number} id */
function storedCategory(id) {
	return sandbox.state.acme.categories.find((/** @type {any} */ c) => c.id === id);
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
		['image', `${sandbox.url}/storage/categories/phones.png`],
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

describe('Category → Update (E2)', () => {
	test('reads the category from the list, sends every field with only the changed one differing, and outputs the updated category', async () => {
		const { json, error } = await runEcommerce({
			resource: 'category',
			operation: 'update',
			categoryId: '1202',
			updateFields: { status: false },
		});
		expect(error).toBeUndefined();

		expect(sandbox.requests.map((/** @type {any} */ r) => r.operation)).toEqual(['categoriesList', 'E2']);
		const [list] = requestsFor(sandbox, 'categoriesList');
		expect(list).toMatchObject({ method: 'GET', path: '/api/v1/ecomm_categories', status: 200, business: 'acme' });
		expect(platformHeaderNames(list)).toEqual(ECOMMERCE_HEADERS);
		expect(list.body).toEqual({ kind: 'empty' });

		const [update] = requestsFor(sandbox, 'E2');
		expect(update).toMatchObject({ method: 'POST', path: '/api/v1/ecomm_categories/1202', status: 200, business: 'acme' });
		expect(update.contentType).toMatch(/^multipart\/form-data; boundary=/);
		expect(platformHeaderNames(update)).toEqual(ECOMMERCE_USER_HEADERS);
		expect(update.headers.userToken).toBe(sandbox.credentials.userToken);
		expect(multipartFields(update)).toEqual(category1202Fields({ status: '0' }));

		expect(json).toHaveLength(1);
		expect(json[0]).toMatchObject({ id: 1202, status: '0', top: '0', alias: 'phones', parent: 1201, sort: '2' });
		expect(json[0].parent_object).toMatchObject({ id: 1201, alias: 'electronics' });
		expect(json[0].descriptions.map((/** @type {any} */ d) => d.title)).toEqual(['Phones', 'هواتف']);
		// Nothing the user left alone was reset on the platform.
		expect(storedCategory(1202)).toMatchObject({ status: '0', top: '0', parent: 1201, alias: 'phones' });
	});

	test('every field set: booleans as 1/0, sort, image URL, parent by ID, per-language texts merged over the current ones', async () => {
		const { json, error } = await runEcommerce({
			resource: 'category',
			operation: 'update',
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
		});
		expect(error).toBeUndefined();
		const [update] = requestsFor(sandbox, 'E2');
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
		expect(json[0]).toMatchObject({ id: 1202, top: '1', alias: 'smartphones', sort: '7', parent: 1204 });
		expect(json[0].parent_object.id).toBe(1204);
		expect(json[0].descriptions).toEqual([
			{ category_id: 1202, lang: 'en', title: 'Smartphones', keyword: 'phones', description: 'Phones products' },
			{ category_id: 1202, lang: 'ar', title: 'هواتف', keyword: 'جوال', description: '' },
		]);
	});

	test('parent from the list mode sends that id; an empty parent sends parent empty and makes it top-level', async () => {
		const fromList = await runEcommerce({
			resource: 'category',
			operation: 'update',
			categoryId: '1202',
			updateFields: { parentCategory: locator('list', '1203') },
		});
		expect(fromList.error).toBeUndefined();
		expect(multipartFields(requestsFor(sandbox, 'E2')[0])).toEqual(category1202Fields({ parent: '1203' }));
		expect(fromList.json[0].parent).toBe(1203);

		sandbox.reset();
		const none = await runEcommerce({
			resource: 'category',
			operation: 'update',
			categoryId: '1202',
			updateFields: { parentCategory: locator('list', '') },
		});
		expect(none.error).toBeUndefined();
		expect(multipartFields(requestsFor(sandbox, 'E2')[0])).toEqual(category1202Fields({ parent: '' }));
		expect(none.json[0]).toMatchObject({ parent: null, parent_object: null });
		expect(storedCategory(1202).parent).toBeNull();
	});

	test("a category without a parent keeps none: its empty parent is sent back as it is", async () => {
		const { json, error } = await runEcommerce({
			resource: 'category',
			operation: 'update',
			categoryId: '1204',
			updateFields: { alias: 'home' },
		});
		expect(error).toBeUndefined();
		const fields = multipartFields(requestsFor(sandbox, 'E2')[0]);
		expect(fields.slice(0, 7)).toEqual([
			['_method', 'PUT'],
			['status', '0'],
			['top', '1'],
			['alias', 'home'],
			['sort', '4'],
			['image', `${sandbox.url}/storage/categories/home-kitchen.png`],
			['parent', ''],
		]);
		expect(json[0]).toMatchObject({ id: 1204, status: '0', parent: null, alias: 'home' });
	});

	test('Request Options → Business reads and updates that business\'s category', async () => {
		const { json, error } = await runEcommerce({
			resource: 'category',
			operation: 'update',
			categoryId: '2202',
			updateFields: { englishTitle: 'Safety Equipment' },
			requestOptions: { business: 'globex' },
		});
		expect(error).toBeUndefined();
		expect(sandbox.requests.map((/** @type {any} */ r) => [r.operation, r.business])).toEqual([
			['categoriesList', 'globex'],
			['E2', 'globex'],
		]);
		expect(multipartFields(requestsFor(sandbox, 'E2')[0])).toContainEqual(['parent', '2201']);
		expect(json[0]).toMatchObject({ id: 2202, business_id: 202, parent: 2201 });
		expect(json[0].descriptions[0].title).toBe('Safety Equipment');
	});

	test('a category that is not in the list fails as 404 before any update is sent', async () => {
		const { error } = await runEcommerce({
			resource: 'category',
			operation: 'update',
			categoryId: '2201', // globex's category: not in acme's list
			updateFields: { status: false },
		});
		expect(error?.message).toBe('Category 2201 was not found in the categories list');
		expect(/** @type {any} */ (error).httpCode).toBe('404');
		expect(error?.description).toContain('nothing was updated');
		expect(sandbox.requests.map((/** @type {any} */ r) => r.operation)).toEqual(['categoriesList']);
	});

	test('a parent the platform refuses fails with its 422 message and field errors', async () => {
		const { error } = await runEcommerce({
			resource: 'category',
			operation: 'update',
			categoryId: '1201',
			updateFields: { parentCategory: locator('id', '1202') }, // its own child: a cycle
		});
		expect(/** @type {any} */ (error).httpCode).toBe('422');
		expect(error?.message).toBe('The selected parent is invalid.');
		expect(error?.description).toContain('- parent: The selected parent is invalid.');
		expect(error?.description).toContain('E2 Update Category (POST /{categories}/{category_id}), HTTP 422, item 0');
		expect(storedCategory(1201).parent).toBeNull();
	});

	test('a 404 from the update itself shows the platform message', async () => {
		sandbox.inject({ operation: 'E2', status: 404, body: { status: false, message: 'Category not found.' } });
		const { error } = await runEcommerce({ resource: 'category', operation: 'update', categoryId: '1202', updateFields: { top: true } });
		expect(/** @type {any} */ (error).httpCode).toBe('404');
		expect(error?.message).toBe('Category not found.');
	});

	test('bad input fails before any request: no fields, the category as its own parent, a non-numeric id', async () => {
		const noFields = await runEcommerce({ resource: 'category', operation: 'update', categoryId: '1202', updateFields: {} });
		expect(noFields.error?.message).toBe('Update Fields needs at least one field to change (item 0)');
		const ownParent = await runEcommerce({
			resource: 'category',
			operation: 'update',
			categoryId: '1202',
			updateFields: { parentCategory: locator('id', '1202') },
		});
		expect(ownParent.error?.message).toBe('Parent Category cannot be the category itself (item 0)');
		const badId = await runEcommerce({ resource: 'category', operation: 'update', categoryId: '12/02', updateFields: { top: true } });
		expect(badId.error?.message).toBe('Category ID must be a whole number, got "12/02" (item 0)');
		expect(sandbox.requests).toHaveLength(0);
	});
});

describe('Category parent picker (listSearch searchCategories)', () => {
	const credentialType = new BusinessPlatformApi();

	/**
	 * n8n-core's real LoadOptionsContext, as the editor uses it for a resource locator's list.
	 * @param {Record<string, any>} [requestOptions]
	 */
	function loadOptionsContext(requestOptions = {}) {
		/** @type {import('n8n-workflow').INodeTypes} */
		const nodeTypes = {
			getByName: (type) => new (nodeClasses.get(type.split('.').pop()))(),
			getByNameAndVersion: (type) => new (nodeClasses.get(type.split('.').pop()))(),
			getKnownTypes: () => ({}),
		};
		const parameters = { resource: 'category', operation: 'update', categoryId: '1202', updateFields: {}, requestOptions };
		const node = {
			id: 'picker',
			name: 'Ecommerce',
			type: 'n8n-nodes-business-platform.businessPlatformEcommerce',
			typeVersion: 1,
			position: /** @type {[number, number]} */ ([0, 0]),
			parameters,
			credentials: { businessPlatformApi: { id: 'cred-1', name: 'Business Platform (sandbox)' } },
		};
		const workflow = new Workflow({ id: 'wf', nodes: [node], connections: {}, active: false, nodeTypes });
		class Helper extends ICredentialsHelper {
			getParentTypes() {
				return [];
			}
			isCredentialUsableByNode() {
				return true;
			}
			/** @type {ICredentialsHelper['authenticate']} */
			async authenticate(decrypted, _type, requestParams) {
				return /** @type {any} */ (credentialType.authenticate)(decrypted, requestParams);
			}
			async preAuthentication() {
				return undefined;
			}
			async runPreAuthentication() {
				return undefined;
			}
			async getCredentials() {
				throw new Error('not used');
			}
			async getDecrypted() {
				return { ...credentials };
			}
			async updateCredentials() {}
			async updateCredentialsOauthTokenData() {}
			getCredentialsProperties() {
				return credentialType.properties;
			}
		}
		const additionalData = /** @type {any} */ ({ credentialsHelper: new Helper(), currentNodeParameters: parameters });
		return new LoadOptionsContext(workflow, node, additionalData, 'updateFields.parentCategory');
	}

	/** @param {string} [filter] @param {Record<string, any>} [requestOptions] */
	async function search(filter, requestOptions) {
		const node = new (nodeClasses.get('businessPlatformEcommerce'))();
		return node.methods.listSearch.searchCategories.call(loadOptionsContext(requestOptions), filter);
	}

	test("lists the business's categories from api/v1/ecomm_categories, with their parents' titles", async () => {
		const { results } = await search();
		expect(results).toEqual([
			{ name: 'Electronics (1201)', value: '1201' },
			{ name: 'Electronics / Laptops (1203)', value: '1203' },
			{ name: 'Electronics / Phones (1202)', value: '1202' },
			{ name: 'Home & Kitchen (1204)', value: '1204' },
		]);
		const [list] = requestsFor(sandbox, 'categoriesList');
		expect(list).toMatchObject({ method: 'GET', path: '/api/v1/ecomm_categories', business: 'acme' });
		expect(platformHeaderNames(list)).toEqual(ECOMMERCE_HEADERS);
	});

	test('filters by the search text (title in any language, alias or id), and follows Request Options → Business', async () => {
		expect((await search('LAP')).results).toEqual([{ name: 'Electronics / Laptops (1203)', value: '1203' }]);
		expect((await search('هواتف')).results.map((/** @type {any} */ r) => r.value)).toEqual(['1202']);
		expect((await search('1204')).results.map((/** @type {any} */ r) => r.value)).toEqual(['1204']);
		expect((await search('nothing-like-this')).results).toEqual([]);
		const globex = await search('', { business: 'globex' });
		expect(globex.results.map((/** @type {any} */ r) => r.value)).toEqual(['2201', '2202']);
	});

	test('a picked value is the parent E2 sends', async () => {
		const picked = (await search('laptops')).results[0].value;
		const { json, error } = await runEcommerce({
			resource: 'category',
			operation: 'update',
			categoryId: '1202',
			updateFields: { parentCategory: locator('list', picked) },
		});
		expect(error).toBeUndefined();
		expect(multipartFields(requestsFor(sandbox, 'E2')[0])).toContainEqual(['parent', '1203']);
		expect(json[0].parent).toBe(1203);
	});

	test('a list failure shows the platform message', async () => {
		sandbox.inject({ operation: 'categoriesList', status: 403, body: { status: false, message: 'This business has no ecommerce module.' } });
		await expect(search()).rejects.toMatchObject({ message: 'This business has no ecommerce module.', httpCode: '403' });
	});
});

describe('Order → Get (E3)', () => {
	test('without options: no query flags, the credential language, and the order as output', async () => {
		const { json, error } = await runEcommerce({ resource: 'order', operation: 'get', orderId: '1301' });
		expect(error).toBeUndefined();
		const [request] = requestsFor(sandbox, 'E3');
		expect(request).toMatchObject({ method: 'GET', path: '/api/v2/order_details/1301', rawQuery: '', status: 200 });
		expect(platformHeaderNames(request)).toEqual(['Accept-Language', ...ECOMMERCE_HEADERS]);
		expect(request.headers['Accept-Language']).toBe('en');
		expect(request.body).toEqual({ kind: 'empty' });
		expect(json).toHaveLength(1);
		expect(json[0]).toMatchObject({ id: 1301, order_number: 'ACME-1301', total: 1345.5 });
		expect(json[0]).not.toHaveProperty('history');
		expect(json[0]).not.toHaveProperty('order_total');
		expect(json[0]).not.toHaveProperty('items_daily');
	});

	test('each chosen option sends its empty-valued flag; the Language option overrides the credential', async () => {
		const { json, error } = await runEcommerce({
			resource: 'order',
			operation: 'get',
			orderId: '1301',
			options: { includeHistory: true, includeOrderTotal: true, includeDailyItems: true, language: 'ar' },
		});
		expect(error).toBeUndefined();
		const [request] = requestsFor(sandbox, 'E3');
		expect(request.rawQuery).toBe('get_history=&get_order_total=&get_items_daily=');
		expect(request.headers['Accept-Language']).toBe('ar');
		expect(json[0].history).toHaveLength(2);
		expect(json[0].order_total).toEqual({ subtotal: 1145, shipping: 25, tax: 175.5, total: 1345.5 });
		expect(json[0].items_daily).toEqual([{ date: '2025-01-20', qty: 4, total: 1145 }]);

		sandbox.reset();
		await runEcommerce({ resource: 'order', operation: 'get', orderId: '1301', options: { includeHistory: false, includeOrderTotal: true } });
		expect(requestsFor(sandbox, 'E3')[0].rawQuery).toBe('get_order_total=');
	});

	test('an unknown order fails with the platform message in the chosen language and HTTP 404', async () => {
		const { error } = await runEcommerce({ resource: 'order', operation: 'get', orderId: '9999', options: { language: 'ar' } });
		expect(/** @type {any} */ (error).httpCode).toBe('404');
		expect(error?.message).toBe('الطلب غير موجود.');
		expect(error?.description).toContain('E3 Get Order');
	});
});

describe('Favorite → Toggle (E4)', () => {
	test('PUT with an empty text/plain body on the configured favorites prefix; adds, then removes', async () => {
		const { json, error } = await runEcommerce(
			{ resource: 'favorite', operation: 'toggle', catalogId: '={{ $json.id }}', requestOptions: { concurrency: 1 } },
			{ items: [{ json: { id: 1701 } }, { json: { id: 1701 } }] },
		);
		expect(error).toBeUndefined();
		const requests = requestsFor(sandbox, 'E4');
		expect(requests).toHaveLength(2);
		for (const request of requests) {
			expect(request).toMatchObject({ method: 'PUT', path: '/api/v1/favorites/store_and_delete/1701', status: 200 });
			expect(request.contentType).toBe('text/plain');
			expect(request.body).toEqual({ kind: 'empty' });
			expect(platformHeaderNames(request)).toEqual(['Accept-Language', ...ECOMMERCE_USER_HEADERS]);
			expect(request.headers['Accept-Language']).toBe('en');
		}
		expect(json).toEqual([
			{ catalog_id: 1701, is_favorite: true, action: 'added' },
			{ catalog_id: 1701, is_favorite: false, action: 'removed' },
		]);
	});

	test('the Language option sets Accept-Language', async () => {
		await runEcommerce({ resource: 'favorite', operation: 'toggle', catalogId: '1702', options: { language: 'ar' } });
		expect(requestsFor(sandbox, 'E4')[0].headers['Accept-Language']).toBe('ar');
		expect(sandbox.state.acme.favorites).not.toContain(1702);
	});

	test('an unknown catalog item fails with the platform message and HTTP 404', async () => {
		const { error } = await runEcommerce({ resource: 'favorite', operation: 'toggle', catalogId: '4242' });
		expect(/** @type {any} */ (error).httpCode).toBe('404');
		expect(error?.message).toBe('Catalog item not found.');
	});

	test('an empty Favorites Path Prefix names the credential field', async () => {
		const { error } = await runEcommerce(
			{ resource: 'favorite', operation: 'toggle', catalogId: '1701' },
			{ credentials: { ...credentials, favoritesPathPrefix: '' } },
		);
		expect(error?.message).toBe('The credential field "Favorites Path Prefix" is empty; E4 Toggle Favorite needs it (item 0)');
		expect(sandbox.requests).toHaveLength(0);
	});
});

describe('District → Get (E5)', () => {
	test('sends only apikey and apiconnection and outputs the district', async () => {
		const { json, error } = await runEcommerce({ resource: 'district', operation: 'get', districtId: '3' });
		expect(error).toBeUndefined();
		const [request] = requestsFor(sandbox, 'E5');
		expect(request).toMatchObject({ method: 'GET', path: '/api/user_districts/3', rawQuery: '', status: 200 });
		expect(platformHeaderNames(request)).toEqual(['apiconnection', 'apikey']);
		expect(request.headers.apikey).toBe(sandbox.credentials.apiKey);
		expect(request.headers.apiconnection).toBe(sandbox.credentials.apiConnection);
		expect(json).toEqual([{ id: 3, name_ar: 'النخيل', name_en: 'Al Nakheel' }]);
	});

	test('an unknown district fails with the platform message and HTTP 404', async () => {
		const { error } = await runEcommerce({ resource: 'district', operation: 'get', districtId: '77' });
		expect(/** @type {any} */ (error).httpCode).toBe('404');
		expect(error?.message).toBe('District not found.');
	});
});

describe('Catalog Comment → Update (E12)', () => {
	test('multipart _method=PUT and status 1; outputs the success message (the platform returns no record)', async () => {
		const { json, error } = await runEcommerce({ resource: 'catalogComment', operation: 'update', commentId: '1251', status: true });
		expect(error).toBeUndefined();
		const [request] = requestsFor(sandbox, 'E12');
		expect(request).toMatchObject({ method: 'POST', path: '/api/v1/catalog-comments/1251', status: 200 });
		expect(request.contentType).toMatch(/^multipart\/form-data; boundary=/);
		expect(platformHeaderNames(request)).toEqual(ECOMMERCE_USER_HEADERS);
		expect(multipartFields(request)).toEqual([
			['_method', 'PUT'],
			['status', '1'],
		]);
		expect(json).toEqual([{ success: true, message: 'Comment updated successfully.' }]);
		expect(sandbox.state.acme.comments[0].status).toBe('1');
	});

	test('status off is sent as 0', async () => {
		await runEcommerce({ resource: 'catalogComment', operation: 'update', commentId: '1252', status: false });
		expect(multipartFields(requestsFor(sandbox, 'E12')[0])).toEqual([
			['_method', 'PUT'],
			['status', '0'],
		]);
		expect(sandbox.state.acme.comments[1].status).toBe('0');
	});

	test('an unknown comment fails with the platform message and HTTP 404', async () => {
		const { error } = await runEcommerce({ resource: 'catalogComment', operation: 'update', commentId: '2251', status: true });
		expect(/** @type {any} */ (error).httpCode).toBe('404');
		expect(error?.message).toBe('Comment not found.');
	});
});

describe('Audit Session Item → Update (E13)', () => {
	test('PATCH with a text/plain body carrying {"physical_qty": n}; outputs the item', async () => {
		const { json, error } = await runEcommerce({ resource: 'auditSessionItem', operation: 'update', auditItemId: '1351', physicalQty: 37 });
		expect(error).toBeUndefined();
		const [request] = requestsFor(sandbox, 'E13');
		expect(request).toMatchObject({ method: 'PATCH', path: '/api/v1/audit-sessions/update-session-item/1351', status: 200 });
		expect(request.contentType).toBe('text/plain');
		expect(platformHeaderNames(request)).toEqual(ECOMMERCE_HEADERS);
		expect(request.body).toEqual({ kind: 'text', text: '{"physical_qty":37}' });
		expect(json).toHaveLength(1);
		expect(json[0]).toMatchObject({ id: 1351, system_qty: 40, physical_qty: 37, difference: -3 });
	});

	test('a decimal quantity from an expression is sent as a JSON number', async () => {
		await runEcommerce(
			{ resource: 'auditSessionItem', operation: 'update', auditItemId: '1352', physicalQty: '={{ $json.qty }}' },
			{ items: [{ json: { qty: '12.5' } }] },
		);
		expect(requestsFor(sandbox, 'E13')[0].body).toEqual({ kind: 'text', text: '{"physical_qty":12.5}' });
	});

	test('a quantity the platform refuses fails with its 422 message; an unknown item with 404', async () => {
		const refused = await runEcommerce({ resource: 'auditSessionItem', operation: 'update', auditItemId: '1351', physicalQty: -1 });
		expect(/** @type {any} */ (refused.error).httpCode).toBe('422');
		expect(refused.error?.message).toBe('The physical qty field must be at least 0.');
		expect(refused.error?.description).toContain('- physical_qty: The physical qty field must be at least 0.');

		const unknown = await runEcommerce({ resource: 'auditSessionItem', operation: 'update', auditItemId: '9999', physicalQty: 1 });
		expect(/** @type {any} */ (unknown.error).httpCode).toBe('404');
		expect(unknown.error?.message).toBe('Audit item not found.');
	});

	test('a quantity that is not a number fails before any request', async () => {
		const { error } = await runEcommerce(
			{ resource: 'auditSessionItem', operation: 'update', auditItemId: '1351', physicalQty: '={{ $json.qty }}' },
			{ items: [{ json: { qty: 'a dozen' } }] },
		);
		expect(error?.message).toBe('Physical Quantity must be a number, got "a dozen" (item 0)');
		expect(sandbox.requests).toHaveLength(0);
	});
});

describe('Inventory Transfer Item → Create (E14)', () => {
	test('multipart in the spec order; no representative is sent empty; Pending is 0', async () => {
		const { json, error } = await runEcommerce({
			resource: 'inventoryTransferItem',
			operation: 'create',
			fromInventoryId: '1451',
			toInventoryId: '1452',
			productId: '1701',
			quantity: 5,
			status: 'pending',
		});
		expect(error).toBeUndefined();
		const [request] = requestsFor(sandbox, 'E14');
		expect(request).toMatchObject({ method: 'POST', path: '/api/v1/inventory_trancfered_items', status: 200 });
		expect(request.contentType).toMatch(/^multipart\/form-data; boundary=/);
		expect(platformHeaderNames(request)).toEqual(ECOMMERCE_HEADERS);
		expect(multipartFields(request)).toEqual([
			['from_inv_id', '1451'],
			['to_inv_id', '1452'],
			['product_id', '1701'],
			['quantity', '5'],
			['representative_id', ''],
			['status', '0'],
		]);
		expect(json).toHaveLength(1);
		expect(json[0]).toMatchObject({ id: 1552, from_inv_id: '1451', to_inv_id: '1452', quantity: '5', representative_id: null, status: '0' });
	});

	test('Completed is 1 and a representative is sent', async () => {
		const { json } = await runEcommerce({
			resource: 'inventoryTransferItem',
			operation: 'create',
			fromInventoryId: '1452',
			toInventoryId: '1453',
			productId: '1703',
			quantity: 2.5,
			status: 'completed',
			additionalFields: { representativeId: '42' },
		});
		expect(multipartFields(requestsFor(sandbox, 'E14')[0])).toEqual([
			['from_inv_id', '1452'],
			['to_inv_id', '1453'],
			['product_id', '1703'],
			['quantity', '2.5'],
			['representative_id', '42'],
			['status', '1'],
		]);
		expect(json[0]).toMatchObject({ representative_id: '42', status: '1', quantity: '2.5' });
	});

	test('a transfer the platform refuses fails with its 422 message and field errors, and is not retried', async () => {
		const { error } = await runEcommerce({
			resource: 'inventoryTransferItem',
			operation: 'create',
			fromInventoryId: '1451',
			toInventoryId: '1451',
			productId: '1701',
			quantity: 1,
			status: 'pending',
		});
		expect(/** @type {any} */ (error).httpCode).toBe('422');
		expect(error?.message).toBe('The to inv id field and from inv id must be different.');
		expect(error?.description).toContain('- to_inv_id: The to inv id field and from inv id must be different.');
		expect(requestsFor(sandbox, 'E14')).toHaveLength(1);
		expect(sandbox.state.acme.transfers).toHaveLength(1);
	});
});

describe('News → Get Many (E16)', () => {
	/** @param {Record<string, any>} [parameters] */
	function getNews(parameters = {}) {
		return runEcommerce({ resource: 'news', operation: 'getAll', ...parameters });
	}

	/** The ids the platform holds for acme, in its default order (newest first). */
	function seededIds() {
		return sandbox.state.acme.news.map((/** @type {any} */ n) => n.id).sort((/** @type {number} */ a, /** @type {number} */ b) => b - a);
	}

	/** @param {any[]} requests */
	function pagesAsked(requests) {
		// By page: pages read ahead are on their way at the same time and may be answered in any order.
		return requests.map((r) => [r.query.per_page, r.query.page]).sort((a, b) => Number(a[1]) - Number(b[1]));
	}

	const PAGE = 100; // the default Page Size
	const COUNTS = [0, 1, PAGE, PAGE + 1, 3 * PAGE];

	test.each(COUNTS)('Return All with %i items: every item once, in order, in max(1, ceil(n / 100)) requests', async (count) => {
		sandbox.seedNews('acme', count);
		const { json, error } = await getNews({ returnAll: true });
		expect(error).toBeUndefined();
		expect(json.map((item) => item.id)).toEqual(seededIds());
		const requests = requestsFor(sandbox, 'E16');
		const pages = Math.max(1, Math.ceil(count / PAGE));
		expect(pagesAsked(requests)).toEqual(Array.from({ length: pages }, (_, i) => ['100', String(i + 1)]));
	});

	const LIMITS = [1, 50, PAGE, PAGE + 1, 250];
	const CASES = COUNTS.flatMap((count) => LIMITS.map((limit) => [count, limit]));

	test.each(CASES)('%i items, Limit %i: the first min(n, limit) items, asking only for the pages needed', async (count, limit) => {
		sandbox.seedNews('acme', count);
		const { json, error } = await getNews({ returnAll: false, limit });
		expect(error).toBeUndefined();
		expect(json.map((item) => item.id)).toEqual(seededIds().slice(0, limit));
		const perPage = Math.min(PAGE, limit);
		const pages = Math.max(1, Math.ceil(Math.min(count, limit) / perPage));
		expect(pagesAsked(requestsFor(sandbox, 'E16'))).toEqual(Array.from({ length: pages }, (_, i) => [String(perPage), String(i + 1)]));
	});

	test('Page Size sets per_page; filters and sort order are sent; one output item per news item', async () => {
		sandbox.seedNews('acme', 20);
		const { json, error } = await getNews({
			returnAll: true,
			filters: { keyword: ' opening ', status: 'active' },
			options: { pageSize: 2, sortOrder: 'title_asc' },
		});
		expect(error).toBeUndefined();
		const requests = requestsFor(sandbox, 'E16');
		expect(requests.map((/** @type {any} */ r) => r.rawQuery).sort()).toEqual([
			'keyword=opening&status=1&sort_order=title_asc&per_page=2&page=1',
			'keyword=opening&status=1&sort_order=title_asc&per_page=2&page=2',
		]);
		for (const request of requests) {
			expect(request).toMatchObject({ method: 'GET', path: '/api/v1/news', status: 200 });
			expect(platformHeaderNames(request)).toEqual(ECOMMERCE_HEADERS);
			expect(request.body).toEqual({ kind: 'empty' });
		}
		// Topic "store opening" is item i with i % 5 === 1; every 4th item is inactive.
		expect(json.map((item) => item.id)).toEqual([1, 11, 6]); // by title: "News 1", "News 11", "News 6"
		expect(json.every((item) => item.status === 1)).toBe(true);
		expect(json[0]).toMatchObject({ title: 'News 1', alias: 'acme-news-1', description: { shop_news_id: 1, lang: 'en' } });
	});

	test('the Inactive status filter sends status=0', async () => {
		sandbox.seedNews('acme', 8);
		const { json } = await getNews({ returnAll: true, filters: { status: 'inactive' } });
		expect(requestsFor(sandbox, 'E16')[0].query.status).toBe('0');
		expect(json.map((item) => item.id)).toEqual([8, 4]);
	});

	test('Simplify keeps the fields a CMS sync needs', async () => {
		sandbox.seedNews('acme', 2);
		const { json } = await getNews({ returnAll: true, simplify: true, options: { sortOrder: 'id_asc' } });
		expect(json).toEqual([
			{
				id: 1,
				title: 'News 1',
				alias: 'acme-news-1',
				image: `${sandbox.url}/storage/acme/news/1.jpg`,
				status: 1,
				sort: 1,
				lang: 'en',
				keyword: 'acme,store opening',
				summary: 'Acme store opening update number 1.',
				content: '<p>Acme shares news item 1 about its store opening.</p>',
				created_at: '2025-01-01T08:00:00.000000Z',
				updated_at: '2025-01-01T08:30:00.000000Z',
			},
			expect.objectContaining({ id: 2, title: 'News 2', lang: 'en' }),
		]);
	});

	test('a 422 shows the platform message and field errors', async () => {
		sandbox.inject({
			operation: 'E16',
			status: 422,
			body: { message: 'The selected sort order is invalid.', errors: { sort_order: ['The selected sort order is invalid.'] } },
		});
		const { error } = await getNews({ returnAll: true });
		expect(/** @type {any} */ (error).httpCode).toBe('422');
		expect(error?.message).toBe('The selected sort order is invalid.');
		expect(error?.description).toContain('- sort_order: The selected sort order is invalid.');
		expect(error?.description).toContain('E16 List News (GET /api/v1/news), HTTP 422, item 0');
	});

	test('a platform that ignores the page number fails instead of repeating items', async () => {
		sandbox.inject({
			operation: 'E16',
			times: Infinity,
			status: 200,
			body: { status: true, message: 'OK', data: { current_page: 1, data: [{ id: 1 }], last_page: 3, next_page_url: 'x', per_page: 1 } },
		});
		const { error } = await getNews({ returnAll: true });
		expect(error?.message).toBe('The platform answered page 1 when page 2 was asked for');
		// Pages 2 and 3, announced by page 1, were asked for ahead; nothing after the mismatch.
		expect(requestsFor(sandbox, 'E16').map((/** @type {any} */ r) => r.query.page).sort()).toEqual(['1', '2', '3']);
	});

	test('an item pushed across a page boundary while the pages are walked comes once', async () => {
		sandbox.seedNews('acme', 6);
		sandbox.setLatency(100);
		try {
			const running = getNews({ returnAll: true, options: { pageSize: 3 } });
			// Once page 1 ([6, 5, 4]) is answered, a new item 7 arrives: page 2 becomes [4, 3, 2].
			while (requestsFor(sandbox, 'E16').length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
			sandbox.state.acme.news.push({ ...sandbox.state.acme.news[5], id: 7, title: 'News 7' });
			const { json, error } = await running;
			expect(error).toBeUndefined();
			expect(pagesAsked(requestsFor(sandbox, 'E16'))).toEqual([['3', '1'], ['3', '2'], ['3', '3']]);
			expect(json.map((item) => item.id)).toEqual([6, 5, 4, 3, 2, 1]);
		} finally {
			sandbox.setLatency(0);
		}
	});

	test('a paginator without next_page_url stops at last_page; one without either stops at a short page', async () => {
		sandbox.inject({
			operation: 'E16',
			times: Infinity,
			status: 200,
			body: { status: true, message: 'OK', data: { current_page: 1, data: [{ id: 1 }, { id: 2 }], last_page: 1 } },
		});
		const lastPage = await getNews({ returnAll: true, options: { pageSize: 2 } });
		expect(lastPage.error).toBeUndefined();
		expect(lastPage.json.map((item) => item.id)).toEqual([1, 2]);
		expect(requestsFor(sandbox, 'E16')).toHaveLength(1);

		sandbox.reset();
		sandbox.inject({ operation: 'E16', status: 200, body: { status: true, message: 'OK', data: { data: [{ id: 1 }] } } });
		const short = await getNews({ returnAll: true, options: { pageSize: 2 } });
		expect(short.json.map((item) => item.id)).toEqual([1]);
		expect(requestsFor(sandbox, 'E16')).toHaveLength(1);
	});

	test("a page that is not a paginator fails with the operation named", async () => {
		sandbox.inject({ operation: 'E16', status: 200, body: { status: true, message: 'OK', data: null } });
		const { error } = await getNews({ returnAll: true });
		expect(error?.message).toBe("The platform's answer for page 1 has no list of items (data.data)");
		expect(error?.description).toContain('E16 List News');
	});
});
