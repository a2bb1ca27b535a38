// @ts-check
/**
 * Ecommerce → Category → Get Many (GET {ecommerce}/api/v1/ecomm_categories) through n8n-core's
 * real engine against the sandbox platform: Return All, Limit, Simplify, both answer shapes
 * (a plain array and a Laravel paginator), retries of a read and the errors of a failure.
 */
const { useOperation } = require('../harness/fixture');
const { platformHeaderNames } = require('../harness/requests');
const { expectRunError } = require('../harness/outcomes');
const { categoriesPage } = require('./categoryPages');

/** The sandbox's log name for this list (its route, not the node's operation key). */
const LIST = 'listCategories';
const { fixture, run: getCategories } = useOperation(LIST);

/** acme's seeded category ids, in the sandbox's order. */
function acmeCategoryIds() {
	return fixture.sandbox.state.acme.categories.map((category) => category.id);
}

describe('Category → Get Many (listCategories): Return All and Limit', () => {
	test('Return All gives every category of the business, one output item each, with the ecommerce headers', async () => {
		const { json, output, error } = await getCategories({ returnAll: true });
		expect(error).toBeUndefined();
		expect(json.map((category) => category.id)).toEqual(acmeCategoryIds());
		// One input item: each output item pairs with it as { item: 0 } (an IPairedItemData).
		/** @param {import('n8n-workflow').INodeExecutionData} item */
		const pairedItem = (item) =>
			/** @type {import('n8n-workflow').IPairedItemData | undefined} */ (item.pairedItem);
		expect(output.every((item) => pairedItem(item)?.item === 0)).toBe(true);

		const requests = fixture.requestsFor(LIST);
		expect(requests).toHaveLength(1);
		expect(requests[0].method).toBe('GET');
		expect(requests[0].path).toBe('/api/v1/ecomm_categories');
		// The list takes no user token: the same credential headers as the other ecommerce reads.
		expect(platformHeaderNames(requests[0])).toEqual([
			'apiconnection',
			'apikey',
			'secure-business-key',
		]);
	});

	test('Limit keeps the first categories of the list', async () => {
		const { json, error } = await getCategories({ returnAll: false, limit: 2 });
		expect(error).toBeUndefined();
		expect(json.map((category) => category.id)).toEqual(acmeCategoryIds().slice(0, 2));
	});

	test('a Limit that is not a whole number of at least 1 fails before any request', async () => {
		const { error } = await getCategories({ returnAll: false, limit: 0 });
		expect(error?.message).toBe('Limit must be 1 or more, got 0');
		expect(fixture.sandbox.requests).toHaveLength(0);
	});

	test('a Laravel paginator is walked page by page; Limit stops at the page that fills it', async () => {
		fixture.sandbox.inject({ operation: LIST, status: 200, body: categoriesPage([1, 2], 1, 2) });
		fixture.sandbox.inject({ operation: LIST, status: 200, body: categoriesPage([3], 2, 2) });
		const all = await getCategories({ returnAll: true });
		expect(all.error).toBeUndefined();
		expect(all.json.map((category) => category.id)).toEqual([1, 2, 3]);
		expect(fixture.requestsFor(LIST).map((r) => r.query.page)).toEqual(['1', '2']);

		fixture.sandbox.reset();
		fixture.sandbox.inject({ operation: LIST, status: 200, body: categoriesPage([1, 2], 1, 5) });
		const limited = await getCategories({ returnAll: false, limit: 2 });
		expect(limited.json.map((category) => category.id)).toEqual([1, 2]);
		expect(fixture.requestsFor(LIST)).toHaveLength(1);
		expect(fixture.requestsFor(LIST)[0].query).toEqual({ per_page: '2', page: '1' });
	});
});

describe('Category → Get Many (listCategories): Simplify', () => {
	test('off: the full records, descriptions included', async () => {
		const { json } = await getCategories({ returnAll: true, simple: false });
		const phones = json.find((category) => category.id === 1202);
		expect(phones).toMatchObject({ id: 1202, alias: 'phones', parent: 1201 });
		expect(phones?.descriptions).toEqual(
			expect.arrayContaining([expect.objectContaining({ lang: 'en', title: 'Phones' })]),
		);
	});

	test("on: only the simple fields, the title in the credential's Default Language", async () => {
		const english = await getCategories({ returnAll: true, simple: true });
		const phones = english.json.find((category) => category.id === 1202);
		expect(phones).toEqual({
			id: 1202,
			parent: 1201,
			title: 'Phones',
			alias: 'phones',
			image: `${fixture.sandbox.url}/storage/categories/phones.png`,
			status: expect.anything(),
			top: expect.anything(),
			sort: expect.anything(),
		});

		const arabic = await getCategories(
			{ returnAll: true, simple: true },
			{ credentials: { ...fixture.credentials, language: 'ar' } },
		);
		expect(arabic.json.find((category) => category.id === 1202)?.title).toBe('هواتف');
	});
});

describe('Category → Get Many (listCategories): failures', () => {
	test('a 500 is retried as a read; after Max Tries the error names the list, the HTTP code and the item', async () => {
		fixture.sandbox.inject({
			operation: LIST,
			status: 500,
			times: 2,
			body: { message: 'Server Error' },
		});
		const { error } = await getCategories({ returnAll: true, options: { maxTries: 2 } });
		expect(error?.message).toBe(
			'The platform failed with a server error when asked to list the categories (tried 2 times)',
		);
		expect(error?.context.data).toEqual({
			operation: 'List Categories',
			method: 'GET',
			path: '/api/v1/ecomm_categories',
			httpCode: 500,
			item: 0,
			tries: 2,
			platformMessage: 'Server Error',
		});
		expect(fixture.requestsFor(LIST)).toHaveLength(2);
	});

	test('status false on HTTP 200 fails the item; Continue On Fail outputs the error paired with it', async () => {
		fixture.sandbox.inject({
			operation: LIST,
			status: 200,
			body: { status: false, message: 'This business has no ecommerce module.' },
		});
		const { output, error } = await getCategories({ returnAll: true }, { continueOnFail: true });
		expect(error).toBeUndefined();
		expect(output).toHaveLength(1);
		expect(output[0].json.error).toBe(
			'The platform refused to list the categories: This business has no ecommerce module.',
		);
		expect(output[0].pairedItem).toEqual({ item: 0 });
	});

	test('an answer that is neither a list nor a paginator fails with the operation named', async () => {
		fixture.sandbox.inject({
			operation: LIST,
			status: 200,
			body: { status: true, message: 'OK', data: { total: 3 } },
		});
		const { error } = await getCategories({ returnAll: true });
		expectRunError(error, {
			message: "The platform's answer for page 1 has no list of items (data.data)",
			data: { operation: 'List Categories' },
		});
	});
});
