// @ts-check
/**
 * Category → Update (E2) over many items, through n8n-core's real engine against the sandbox:
 * the categories list is read once per node run and business (every page, plain array or
 * paginator), each update sees the changes of the items before it, items of one category run
 * one after another in input order, and N updates cost N requests plus the list's pages.
 */
const { useOperation } = require('../harness/fixture');
const { expectPairedItems, multipartFields, recordById } = require('../harness/requests');
const { mostInFlight } = require('../harness/inFlight');
const { categoryView } = require('../../sandbox/operations/common');

const { fixture, run: runEcommerce } = useOperation('updateCategory');

/** The sandbox's log name for the list (its route). */
const LIST = 'listCategories';

/** @param {'acme' | 'globex'} business @param {number} id */
function storedCategory(id, business = 'acme') {
	return recordById(fixture.sandbox.state[business].categories, id);
}

/**
 * Serves the next list reads as a Laravel paginator over acme's categories as stored now,
 * `perPage` to a page (one injected answer per page, in page order).
 * @param {number} perPage
 */
function serveListInPages(perPage) {
	const all = fixture.sandbox.state.acme.categories;
	const lastPage = Math.ceil(all.length / perPage);
	for (let page = 1; page <= lastPage; page++) {
		const rows = all
			.slice((page - 1) * perPage, page * perPage)
			.map((c) => categoryView(c, all, false));
		fixture.sandbox.inject({
			operation: LIST,
			status: 200,
			body: {
				status: true,
				message: 'Categories retrieved successfully.',
				data: {
					current_page: page,
					data: rows,
					last_page: lastPage,
					per_page: perPage,
					total: all.length,
				},
			},
		});
	}
	return lastPage;
}

/** The value of one multipart field of a logged E2 request. @param {any} request @param {string} name */
function sentField(request, name) {
	return multipartFields(request).find(([field]) => field === name)?.[1];
}

/** E2 requests in arrival order. */
const updatesInArrivalOrder = () =>
	[...fixture.requestsFor('updateCategory')].sort((a, b) => a.seq - b.seq);

describe('Category → Update (updateCategory) over many items: the categories list', () => {
	test('a paginated list is read to its last page: a category on page 2 is found and its fields kept', async () => {
		const pages = serveListInPages(2);
		expect(pages).toBe(2);
		// 1204 (Home & Kitchen, inactive) is on page 2.
		const { json, error } = await runEcommerce({ categoryId: '1204', updateFields: { sort: 9 } });
		expect(error).toBeUndefined();
		expect(json[0]).toMatchObject({ id: 1204, sort: '9' });

		expect(fixture.requestsFor(LIST).map((r) => r.query.page)).toEqual(['1', '2']);
		const [update] = fixture.requestsFor('updateCategory');
		expect(update.path).toMatch(/\/1204$/);
		// The field not changed is sent as page 2 showed it: the category stays inactive.
		expect(sentField(update, 'status')).toBe('0');
		expect(storedCategory(1204)).toMatchObject({ status: '0', sort: '9' });
	});

	test('a category on no page fails its item with a clear message; nothing is updated', async () => {
		serveListInPages(2);
		const { error } = await runEcommerce({ categoryId: '1299', updateFields: { sort: 1 } });
		expect(error?.message).toBe('Category 1299 was not found in the categories list');
		expect(fixture.requestsFor(LIST)).toHaveLength(2);
		expect(fixture.requestsFor('updateCategory')).toHaveLength(0);
	});

	test('read once per business: items of two businesses read each list once', async () => {
		const items = [
			{ json: { business: '', id: '1202', sort: 5 } },
			{ json: { business: 'globex', id: '2202', sort: 6 } },
			{ json: { business: '', id: '1203', sort: 7 } },
			{ json: { business: 'globex', id: '2201', sort: 8 } },
		];
		const { error } = await runEcommerce(
			{
				categoryId: '={{ $json.id }}',
				updateFields: { sort: '={{ $json.sort }}' },
				options: { business: '={{ $json.business }}' },
			},
			{ items },
		);
		expect(error).toBeUndefined();
		expect(fixture.sortedFor(LIST, (r) => r.business)).toEqual(['acme', 'globex']);
		expect(fixture.requestsFor('updateCategory')).toHaveLength(4);
		expect([
			storedCategory(1202).sort,
			storedCategory(2202, 'globex').sort,
			storedCategory(1203).sort,
			storedCategory(2201, 'globex').sort,
		]).toEqual(['5', '6', '7', '8']);
	});
});

describe('Category → Update (updateCategory) over many items', () => {
	test('two items for the same category both land, in input order, the second built on the first', async () => {
		// Every item of one node sets the same Update Fields; here Sort and the English keyword.
		const { output, error } = await runEcommerce(
			{
				categoryId: '1202',
				updateFields: { sort: '={{ $json.sort }}', englishKeyword: '={{ $json.keyword }}' },
			},
			{
				items: [{ json: { sort: 7, keyword: 'first' } }, { json: { sort: 8, keyword: 'second' } }],
			},
		);
		expect(error).toBeUndefined();
		expectPairedItems(output, [0, 1]);
		expect(output.map((item) => item.json.sort)).toEqual(['7', '8']);

		expect(fixture.requestsFor(LIST)).toHaveLength(1);
		const [first, second] = updatesInArrivalOrder();
		expect([sentField(first, 'sort'), sentField(first, 'descriptions[0][keyword]')]).toEqual([
			'7',
			'first',
		]);
		expect([sentField(second, 'sort'), sentField(second, 'descriptions[0][keyword]')]).toEqual([
			'8',
			'second',
		]);
		// Every field neither item sets goes out unchanged both times.
		const untouched = (/** @type {any} */ request) =>
			multipartFields(request).filter(
				([name]) => name !== 'sort' && name !== 'descriptions[0][keyword]',
			);
		expect(untouched(second)).toEqual(untouched(first));
		const stored = storedCategory(1202);
		expect(stored).toMatchObject({ sort: '8', status: '1', parent: 1201 });
		expect(stored.descriptions.find((d) => d.lang === 'en')).toMatchObject({
			title: 'Phones',
			keyword: 'second',
		});
	});

	test("N updates over a paginated list cost N requests plus its pages; each category's updates arrive in input order, categories side by side", async () => {
		fixture.sandbox.setLatency(10);
		const pages = serveListInPages(2);
		const ids = [1201, 1202, 1203, 1204];
		const count = 60;
		// Item i sets Sort of category ids[i % 4] to i, and the English keyword to "k<i>".
		const items = Array.from({ length: count }, (_, i) => ({
			json: { id: String(ids[i % 4]), sort: i },
		}));
		let result, max;
		try {
			({ result, max } = await mostInFlight(fixture.sandbox.server, () =>
				runEcommerce(
					{
						categoryId: '={{ $json.id }}',
						updateFields: { sort: '={{ $json.sort }}', englishKeyword: '={{ "k" + $json.sort }}' },
					},
					{ items },
				),
			));
		} finally {
			fixture.sandbox.setLatency(0);
		}
		expect(result.error).toBeUndefined();
		expectPairedItems(
			result.output,
			items.map((_, i) => i),
		);
		expect(result.output.map((item) => item.json.id)).toEqual(
			items.map((item) => Number(item.json.id)),
		);

		expect(fixture.requestsFor(LIST)).toHaveLength(pages);
		expect(fixture.requestsFor('updateCategory')).toHaveLength(count);
		expect(fixture.sandbox.requests).toHaveLength(count + pages);

		const updates = updatesInArrivalOrder();
		for (const id of ids) {
			const mine = updates
				.filter((r) => r.path.endsWith(`/${id}`))
				.map((r) => Number(sentField(r, 'sort')));
			expect(mine).toEqual(
				items.map((item, i) => (item.json.id === String(id) ? i : -1)).filter((i) => i >= 0),
			);
			// The last item of each category wins, and its other fields are intact.
			expect(storedCategory(id).sort).toBe(String(mine[mine.length - 1]));
			expect(storedCategory(id).descriptions.find((d) => d.lang === 'en')?.keyword).toBe(
				`k${mine[mine.length - 1]}`,
			);
		}
		// Every update after a category's first carries the change before it (no field reset).
		expect(storedCategory(1204).status).toBe('0');
		// Categories ran side by side, but never two updates of one category at once.
		expect(max).toBeGreaterThan(1);
		expect(max).toBeLessThanOrEqual(ids.length);
	});

	test('a failed update of one category does not stop the next item of that category (Continue On Fail)', async () => {
		fixture.sandbox.inject({
			operation: 'updateCategory',
			status: 422,
			body: {
				status: false,
				message: 'The sort must be an integer.',
				errors: { sort: ['The sort must be an integer.'] },
			},
		});
		const { output, error } = await runEcommerce(
			{ categoryId: '1202', updateFields: { sort: '={{ $json.sort }}' } },
			{ items: [{ json: { sort: 3 } }, { json: { sort: 4 } }], continueOnFail: true },
		);
		expect(error).toBeUndefined();
		expect(output[0].json.error).toBe(
			'The platform refused to update category 1202: The sort must be an integer.',
		);
		expect(output[1].json).toMatchObject({ id: 1202, sort: '4' });
		expect(fixture.requestsFor(LIST)).toHaveLength(1);
		expect(storedCategory(1202).sort).toBe('4');
	});
});
