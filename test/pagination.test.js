// @ts-check
/**
 * Exact request counts of Get Many (E16 News) beyond the default page size that
 * test/ecommerce/news.test.js covers: a non-default Page Size at the page boundaries, Limit
 * stopping early, a page size far above the spec's examples, 10,000 items, a 429 between
 * pages, pages read ahead within Concurrency, and several input items at the same time.
 *
 * Memory: platformPaginate keeps only the output items and their ids; each page's envelope
 * is dropped once its items are copied out, so memory grows with the output, not with the
 * pages requested.
 */
const { useSandbox } = require('./harness/fixture');
const { runNode } = require('./harness/n8n');
const { mostInFlight } = require('./harness/inFlight');
const { expectPairedItems } = require('./harness/requests');
const { startLimit } = require('../nodes/shared/transport/rateLimit/adaptiveLimit');
const { DEFAULT_CONCURRENCY } = require('../nodes/shared/values/settings');

const fixture = useSandbox();

/**
 * @param {Record<string, any>} parameters
 * @param {any[]} [items]
 */
function getNews(parameters, items) {
	return runNode({
		type: 'businessPlatformEcommerce',
		parameters: {
			resource: 'news',
			operation: 'getAll',
			...parameters,
			options: { retryDelay: 1, ...parameters.options },
		},
		credentials: fixture.credentials,
		items,
	});
}

/**
 * The ids the platform holds for acme, in its default order (newest first).
 * @returns {number[]}
 */
function seededIds() {
	return fixture.sandbox.state.acme.news
		.map((n) => n.id)
		.sort((/** @type {number} */ a, /** @type {number} */ b) => b - a);
}

/**
 * [per_page, page] of every E16 request, by page: pages read ahead are on their way at the
 * same time, so the order they arrive or are answered in is not part of the contract.
 */
function pagesAsked() {
	return fixture
		.requestsFor('listNews')
		.map((r) => [r.query.per_page, r.query.page])
		.sort(
			(/** @type {string[]} */ a, /** @type {string[]} */ b) =>
				Number(a[0]) - Number(b[0]) || Number(a[1]) - Number(b[1]),
		);
}

/** @param {number} perPage @param {number} count */
function pages(perPage, count) {
	return Array.from({ length: count }, (_, i) => [String(perPage), String(i + 1)]);
}

const SIZE = 7; // a Page Size that is not the default (100)

describe('Return All with Page Size 7', () => {
	test.each([0, 1, SIZE, SIZE + 1, 3 * SIZE])(
		'%i items: each once, in order, in max(1, ceil(n / 7)) requests',
		async (count) => {
			fixture.sandbox.seedNews('acme', count);
			const { json, error } = await getNews({ returnAll: true, options: { pageSize: SIZE } });
			expect(error).toBeUndefined();
			expect(json.map((item) => item.id)).toEqual(seededIds());
			expect(pagesAsked()).toEqual(pages(SIZE, Math.max(1, Math.ceil(count / SIZE))));
		},
	);
});

describe('Limit with Page Size 7 over 50 items', () => {
	test.each([1, 6, SIZE, SIZE + 1, 2 * SIZE, 15, 50, 60])(
		'Limit %i: the first min(50, limit) items, then no further request',
		async (limit) => {
			fixture.sandbox.seedNews('acme', 50);
			const { json, error } = await getNews({
				returnAll: false,
				limit,
				options: { pageSize: SIZE },
			});
			expect(error).toBeUndefined();
			expect(json.map((item) => item.id)).toEqual(seededIds().slice(0, limit));
			// A page is never bigger than the limit, and the walk stops once the limit is reached.
			const perPage = Math.min(SIZE, limit);
			expect(pagesAsked()).toEqual(pages(perPage, Math.ceil(Math.min(50, limit) / perPage)));
		},
	);
});

describe('page sizes and counts at scale', () => {
	test('10,000 items at Page Size 100 take exactly 100 requests; every item comes once', async () => {
		fixture.sandbox.seedNews('acme', 10_000);
		const { json, error } = await getNews({ returnAll: true, options: { pageSize: 100 } });
		expect(error).toBeUndefined();
		expect(json).toHaveLength(10_000);
		expect(new Set(json.map((item) => item.id)).size).toBe(10_000);
		expect(pagesAsked()).toEqual(pages(100, 100));
	});

	test.each([
		[2500, 1000, 3],
		[10_000, 10_000, 1],
		[250, 100_000, 1],
	])(
		'%i items at Page Size %i (the spec states no maximum): %i request(s)',
		async (count, pageSize, requests) => {
			fixture.sandbox.seedNews('acme', count);
			const { json, error } = await getNews({ returnAll: true, options: { pageSize } });
			expect(error).toBeUndefined();
			expect(json).toHaveLength(count);
			expect(pagesAsked()).toEqual(pages(pageSize, requests));
		},
	);

	test.each([1, 10])(
		'a 429 between pages repeats that page only; no item twice (Concurrency %i)',
		async (concurrency) => {
			fixture.sandbox.seedNews('acme', 20);
			// Faults meet requests in arrival order: page 1 is only delayed, page 2 is refused once.
			fixture.sandbox.inject({ operation: 'listNews', delayMs: 1 });
			fixture.sandbox.inject({ operation: 'listNews', status: 429, retryAfter: 0 });
			const { json, error } = await getNews({
				returnAll: true,
				options: { pageSize: SIZE, retryDelay: 1, concurrency },
			});
			expect(error).toBeUndefined();
			expect(json.map((item) => item.id)).toEqual(seededIds());
			const byArrival = [...fixture.requestsFor('listNews')].sort((a, b) => a.seq - b.seq);
			const asked = byArrival.map((r) => [r.query.page, r.status]);
			expect(asked.filter(([page]) => page === '2')).toEqual([
				['2', 429],
				['2', 200],
			]);
			expect(asked.filter(([page]) => page !== '2')).toEqual([
				['1', 200],
				['3', 200],
			]);
		},
	);
});

describe('several input items', () => {
	test('each item walks its own pages at the same time; the output stays grouped by item, in order', async () => {
		fixture.sandbox.seedNews('acme', 30);
		fixture.sandbox.setLatency(10);
		const items = [
			{ json: { pageSize: 4, limit: 10 } },
			{ json: { pageSize: 5, limit: 30 } },
			{ json: { pageSize: 6, limit: 7 } },
		];
		const { output, error } = await getNews(
			{
				returnAll: false,
				limit: '={{ $json.limit }}',
				options: { pageSize: '={{ $json.pageSize }}' },
			},
			items,
		);
		expect(error).toBeUndefined();
		const ids = seededIds();
		expect(output.map((item) => [item.pairedItem, item.json.id])).toEqual([
			...ids.slice(0, 10).map((id) => [{ item: 0 }, id]),
			...ids.slice(0, 30).map((id) => [{ item: 1 }, id]),
			...ids.slice(0, 7).map((id) => [{ item: 2 }, id]),
		]);
		/** @param {string} perPage */
		const walk = (perPage) => pagesAsked().filter(([size]) => size === perPage);
		expect(walk('4')).toEqual(pages(4, 3));
		expect(walk('5')).toEqual(pages(5, 6));
		expect(walk('6')).toEqual(pages(6, 2));
		// The walks overlapped: item 1's pages did not all come after item 0's.
		const answered = fixture.requestsFor('listNews').map((r) => r.query.per_page);
		expect(answered.lastIndexOf('4')).toBeGreaterThan(answered.indexOf('5'));
	});
});

describe('pages read ahead within Concurrency', () => {
	/** Deterministic delays in [2, 30) ms, one per arriving request. @param {number} count */
	function injectRandomDelays(count) {
		let state = 7;
		for (let i = 0; i < count; i++) {
			state = (state * 1103515245 + 12345) % 2 ** 31;
			fixture.sandbox.inject({ operation: 'listNews', delayMs: 2 + (state % 28) });
		}
	}

	test.each([
		{ label: 'Fixed 10', concurrency: 10, most: 10, concurrencyMode: 'fixed' },
		{ label: '4', concurrency: 4, most: 4 },
		{ label: '1', concurrency: 1, most: 1 },
	])(
		'Concurrency $label: at most $most pages on their way at once, each asked for once, read in order',
		async ({ concurrency, most, concurrencyMode }) => {
			fixture.sandbox.seedNews('acme', 300);
			injectRandomDelays(30);
			const { result, max } = await mostInFlight(fixture.sandbox.server, () =>
				getNews({
					returnAll: true,
					options: {
						pageSize: 10,
						retryDelay: 1,
						concurrency,
						...(concurrencyMode ? { concurrencyMode } : {}),
					},
				}),
			);
			expect(result.error).toBeUndefined();
			expect(result.json.map((item) => item.id)).toEqual(seededIds());
			expect(max).toBe(most);
			const asked = fixture.requestsFor('listNews').map((r) => Number(r.query.page));
			expect([...asked].sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
			if (most > 1) expect(asked).not.toEqual([...asked].sort((a, b) => a - b)); // answered out of order
		},
	);

	test('several Return All items share the bound: never more than Concurrency requests at once', async () => {
		fixture.sandbox.seedNews('acme', 200);
		fixture.sandbox.setLatency(10);
		const { result, max } = await mostInFlight(fixture.sandbox.server, () =>
			getNews({ returnAll: true, options: { pageSize: 10, retryDelay: 1, concurrency: 7 } }, [
				{ json: {} },
				{ json: {} },
				{ json: {} },
			]),
		);
		expect(result.error).toBeUndefined();
		expect(result.output).toHaveLength(600);
		expectPairedItems(
			result.output,
			[0, 1, 2].flatMap((item) => Array(200).fill(item)),
		);
		// Three items at once, two pages each (7 / 3, rounded down).
		expect(max).toBe(6);
		expect(fixture.requestsFor('listNews')).toHaveLength(60);
	});

	test('Limit reads ahead only the pages it needs', async () => {
		fixture.sandbox.seedNews('acme', 300);
		const { json, error } = await getNews({
			returnAll: false,
			limit: 45,
			options: { pageSize: 10 },
		});
		expect(error).toBeUndefined();
		expect(json.map((item) => item.id)).toEqual(seededIds().slice(0, 45));
		const asked = fixture.requestsFor('listNews').map((r) => Number(r.query.page));
		expect([...asked].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
	});

	test('a failing page ends the walk; the pages already asked for are waited for, none asked after', async () => {
		// Twice the pages the limiter's start reads ahead.
		const pages = 2 * startLimit(DEFAULT_CONCURRENCY);
		fixture.sandbox.seedNews('acme', pages * 10);
		// In arrival order: page 1, then a refusal, then slow answers for the pages read ahead.
		fixture.sandbox.inject({ operation: 'listNews', delayMs: 1 });
		fixture.sandbox.inject({
			operation: 'listNews',
			status: 422,
			body: { message: 'The page is out of range.' },
		});
		fixture.sandbox.inject({ operation: 'listNews', delayMs: 80, times: Infinity });
		const { error } = await getNews({ returnAll: true, options: { pageSize: 10 } });
		expect(error?.message).toBe('The platform refused to list the news: The page is out of range.');
		const answered = fixture.requestsFor('listNews').length;
		// Every request was answered before the node finished: nothing arrives afterwards.
		await new Promise((resolve) => setTimeout(resolve, 150));
		expect(fixture.requestsFor('listNews')).toHaveLength(answered);
		expect(answered).toBeLessThan(pages); // the walk stopped early
		expect(answered).toBeGreaterThan(2); // pages had been read ahead
	});
});

describe('a paginator that makes no progress', () => {
	// Every page the same two items and a next page, for ever: a broken platform or proxy.
	const stuckPage = {
		status: true,
		message: 'OK',
		data: { data: [{ id: 1 }, { id: 2 }], next_page_url: 'http://platform.example/next' },
	};

	test('Return All stops at the first page that adds nothing, with the reason, after two requests', async () => {
		fixture.sandbox.inject({
			operation: 'listNews',
			status: 200,
			body: stuckPage,
			times: Infinity,
		});
		const { error } = await getNews({ returnAll: true });
		expect(error?.message).toBe(
			"The platform's page 2 holds only items of earlier pages and still names a next page: its paging does not move forward, so the list was not read to the end",
		);
		expect(fixture.requestsFor('listNews')).toHaveLength(2);
	});

	test("the Custom API Call's Return All stops the same way", async () => {
		fixture.sandbox.inject({
			operation: 'invoicesList',
			status: 200,
			body: stuckPage,
			times: Infinity,
		});
		const { error } = await fixture.run('businessPlatformAccounting', {
			resource: 'customApiCall',
			operation: 'customApiCall',
			method: 'GET',
			path: '/api/v1/invoices',
			returnAll: true,
		});
		expect(error?.message).toContain('page 2 holds only items of earlier pages');
		expect(fixture.requestsFor('invoicesList')).toHaveLength(2);
	});
});
