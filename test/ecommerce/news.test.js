// @ts-check
/** The Ecommerce node, News → Get Many (listNews, E16), through n8n-core's real engine against the sandbox platform. */
const { useOperation } = require('../harness/fixture');
const { platformHeaderNames } = require('../harness/requests');
const { HEADER_SETS } = require('../harness/headerSets');
const { expectRunError } = require('../harness/outcomes');

const { fixture, run: getNews } = useOperation('listNews');

describe('News → Get Many (listNews, E16)', () => {
	/**
	 * The platform answers the news list with this `data` (a paginator or not), `times` times.
	 * @param {unknown} data @param {number} times
	 */
	function answerNews(data, times) {
		fixture.sandbox.inject({
			operation: 'listNews',
			times,
			status: 200,
			body: { status: true, message: 'OK', data },
		});
	}

	/** The ids the platform holds for acme, in its default order (newest first). */
	function seededIds() {
		return fixture.sandbox.state.acme.news
			.map((n) => n.id)
			.sort((/** @type {number} */ a, /** @type {number} */ b) => b - a);
	}

	/** @param {any[]} requests */
	function pagesAsked(requests) {
		// By page: pages read ahead are on their way at the same time and may be answered in any order.
		return requests
			.map((r) => [r.query.per_page, r.query.page])
			.sort((a, b) => Number(a[1]) - Number(b[1]));
	}

	const PAGE = 100; // the default Page Size
	const COUNTS = [0, 1, PAGE, PAGE + 1, 3 * PAGE];

	test.each(COUNTS)(
		'Return All with %i items: every item once, in order, in max(1, ceil(n / 100)) requests',
		async (count) => {
			fixture.sandbox.seedNews('acme', count);
			const { json, error } = await getNews({ returnAll: true });
			expect(error).toBeUndefined();
			expect(json.map((item) => item.id)).toEqual(seededIds());
			const requests = fixture.requestsFor('listNews');
			const pages = Math.max(1, Math.ceil(count / PAGE));
			expect(pagesAsked(requests)).toEqual(
				Array.from({ length: pages }, (_, i) => ['100', String(i + 1)]),
			);
		},
	);

	const LIMITS = [1, 50, PAGE, PAGE + 1, 250];
	const CASES = COUNTS.flatMap((count) => LIMITS.map((limit) => [count, limit]));

	test.each(CASES)(
		'%i items, Limit %i: the first min(n, limit) items, asking only for the pages needed',
		async (count, limit) => {
			fixture.sandbox.seedNews('acme', count);
			const { json, error } = await getNews({ returnAll: false, limit });
			expect(error).toBeUndefined();
			expect(json.map((item) => item.id)).toEqual(seededIds().slice(0, limit));
			const perPage = Math.min(PAGE, limit);
			const pages = Math.max(1, Math.ceil(Math.min(count, limit) / perPage));
			expect(pagesAsked(fixture.requestsFor('listNews'))).toEqual(
				Array.from({ length: pages }, (_, i) => [String(perPage), String(i + 1)]),
			);
		},
	);

	test('Page Size sets per_page; filters and sort order are sent; one output item per news item', async () => {
		fixture.sandbox.seedNews('acme', 20);
		const { json, error } = await getNews({
			returnAll: true,
			simple: false,
			filters: { keyword: ' opening ', status: 'active' },
			options: { pageSize: 2, sortOrder: 'title_asc' },
		});
		expect(error).toBeUndefined();
		const requests = fixture.requestsFor('listNews');
		expect(requests.map((r) => r.rawQuery).sort()).toEqual([
			'keyword=opening&status=1&sort_order=title_asc&list=&per_page=2&page=1',
			'keyword=opening&status=1&sort_order=title_asc&list=&per_page=2&page=2',
		]);
		for (const request of requests) {
			expect(request).toMatchObject({ method: 'GET', path: '/api/v1/news', status: 200 });
			expect(platformHeaderNames(request)).toEqual(HEADER_SETS.ecommerce);
			expect(request.body).toEqual({ kind: 'empty' });
		}
		// Topic "store opening" is item i with i % 5 === 1; every 4th item is inactive.
		expect(json.map((item) => item.id)).toEqual([1, 11, 6]); // by title: "News 1", "News 11", "News 6"
		expect(json.every((item) => item.status === 1)).toBe(true);
		expect(json[0]).toMatchObject({
			title: 'News 1',
			alias: 'acme-news-1',
			description: { shop_news_id: 1, lang: 'en' },
		});
	});

	test('the Inactive status filter sends status=0', async () => {
		fixture.sandbox.seedNews('acme', 8);
		const { json } = await getNews({ returnAll: true, filters: { status: 'inactive' } });
		expect(fixture.requestsFor('listNews')[0].query.status).toBe('0');
		expect(json.map((item) => item.id)).toEqual([8, 4]);
	});

	test('Simplify keeps the fields a CMS sync needs', async () => {
		fixture.sandbox.seedNews('acme', 2);
		const { json } = await getNews({
			returnAll: true,
			simple: true,
			options: { sortOrder: 'id_asc' },
		});
		expect(json).toEqual([
			{
				id: 1,
				title: 'News 1',
				alias: 'acme-news-1',
				image: `${fixture.sandbox.url}/storage/acme/news/1.jpg`,
				status: 1,
				lang: 'en',
				summary: 'Acme store opening update number 1.',
				content: '<p>Acme shares news item 1 about its store opening.</p>',
				created_at: '2025-01-01T08:00:00.000000Z',
				updated_at: '2025-01-01T08:30:00.000000Z',
			},
			expect.objectContaining({ id: 2, title: 'News 2', lang: 'en' }),
		]);
	});

	test('a 422 shows the platform message and field errors', async () => {
		fixture.sandbox.inject({
			operation: 'listNews',
			status: 422,
			body: {
				message: 'The selected sort order is invalid.',
				errors: { sort_order: ['The selected sort order is invalid.'] },
			},
		});
		const { error } = await getNews({ returnAll: true });
		expectRunError(error, {
			message: 'The platform refused to list the news: The selected sort order is invalid.',
			httpCode: '422',
			description: ['- Sort Order: The selected sort order is invalid.'],
			data: { operation: 'List News', method: 'GET', path: '/api/v1/news', httpCode: 422, item: 0 },
		});
	});

	test('a platform that ignores the page number fails instead of repeating items', async () => {
		answerNews(
			{ current_page: 1, data: [{ id: 1 }], last_page: 3, next_page_url: 'x', per_page: 1 },
			Infinity,
		);
		const { error } = await getNews({ returnAll: true });
		expect(error?.message).toBe('The platform answered page 1 when page 2 was asked for');
		// Pages 2 and 3, announced by page 1, were asked for ahead; nothing after the mismatch.
		expect(fixture.sortedFor('listNews', (r) => r.query.page)).toEqual(['1', '2', '3']);
	});

	test('an item pushed across a page boundary while the pages are walked comes once', async () => {
		fixture.sandbox.seedNews('acme', 6);
		fixture.sandbox.setLatency(100);
		try {
			const running = getNews({ returnAll: true, options: { pageSize: 3 } });
			// Once page 1 ([6, 5, 4]) is answered, a new item 7 arrives: page 2 becomes [4, 3, 2].
			while (fixture.requestsFor('listNews').length === 0)
				await new Promise((resolve) => setTimeout(resolve, 5));
			fixture.sandbox.state.acme.news.push({
				...fixture.sandbox.state.acme.news[5],
				id: 7,
				title: 'News 7',
			});
			const { json, error } = await running;
			expect(error).toBeUndefined();
			expect(pagesAsked(fixture.requestsFor('listNews'))).toEqual([
				['3', '1'],
				['3', '2'],
				['3', '3'],
			]);
			expect(json.map((item) => item.id)).toEqual([6, 5, 4, 3, 2, 1]);
		} finally {
			fixture.sandbox.setLatency(0);
		}
	});

	test('a paginator without next_page_url stops at last_page; one without either stops at a short page', async () => {
		answerNews({ current_page: 1, data: [{ id: 1 }, { id: 2 }], last_page: 1 }, Infinity);
		const lastPage = await getNews({ returnAll: true, options: { pageSize: 2 } });
		expect(lastPage.error).toBeUndefined();
		expect(lastPage.json.map((item) => item.id)).toEqual([1, 2]);
		expect(fixture.requestsFor('listNews')).toHaveLength(1);

		fixture.sandbox.reset();
		answerNews({ data: [{ id: 1 }] }, 1);
		const short = await getNews({ returnAll: true, options: { pageSize: 2 } });
		expect(short.json.map((item) => item.id)).toEqual([1]);
		expect(fixture.requestsFor('listNews')).toHaveLength(1);
	});

	test('a page that is not a paginator fails with the operation named', async () => {
		answerNews(null, 1);
		const { error } = await getNews({ returnAll: true });
		expectRunError(error, {
			message: "The platform's answer for page 1 has no list of items (data.data)",
			data: { operation: 'List News', item: 0 },
		});
	});
});
