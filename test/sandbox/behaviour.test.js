// @ts-check
/** The sandbox paginates news like Laravel, injects faults (once, always, by ratio, acting first) and handles hundreds of concurrent requests. */
const { useSandbox } = require('../harness/fixture');
const calls = require('./calls');
const { send } = calls;

/**
 * The sandbox's request log entries and per-business state: the fixture hands both out untyped.
 * @typedef {import('../../sandbox/request').RecordedRequest} RecordedRequest
 * @typedef {import('../../sandbox/data').BusinessState} BusinessState
 */

const fixture = useSandbox();
beforeEach(() => fixture.sandbox.setLatency(0));
/** One valid request per operation (fresh: ids and URLs follow the sandbox's current state). */
const validCalls = () => calls.validCalls(fixture.sandbox);
const headersFor = () => calls.headersFor(fixture.sandbox);

describe('news pagination', () => {
	const news = (/** @type {string} */ query, business = 'acme') =>
		send({
			url: `${fixture.sandbox.baseUrls.ecommerce}/api/v1/news${query}`,
			method: 'GET',
			headers: {
				...headersFor().listNews,
				'secure-business-key':
					fixture.sandbox.credentials.businessKeys[/** @type {'acme'} */ (business)],
			},
		}).then((r) => r.json.data);

	test('defaults: 15 per page, id descending', async () => {
		const page = await news('');
		expect(page).toMatchObject({
			current_page: 1,
			per_page: 15,
			total: 25,
			last_page: 2,
			from: 1,
			to: 15,
			prev_page_url: null,
		});
		expect(page.data[0].id).toBe(25);
		expect(page.next_page_url).toBe(`${fixture.sandbox.baseUrls.ecommerce}/api/v1/news?page=2`);
		expect(page.path).toBe(`${fixture.sandbox.baseUrls.ecommerce}/api/v1/news`);
		expect(page.links.map((/** @type {any} */ l) => l.label)).toEqual([
			'&laquo; Previous',
			'1',
			'2',
			'Next &raquo;',
		]);
		expect(page.links[1].active).toBe(true);
		expect(Object.keys(page.data[0])).toEqual([
			'id',
			'title',
			'image',
			'alias',
			'sort',
			'status',
			'description',
			'created_at',
			'updated_at',
		]);
	});

	test('last partial page and an out-of-range page', async () => {
		const last = await news('?per_page=10&page=3');
		expect(last.data.map((/** @type {any} */ n) => n.id)).toEqual([5, 4, 3, 2, 1]);
		expect(last).toMatchObject({ from: 21, to: 25, last_page: 3, next_page_url: null });
		expect(last.prev_page_url).toMatch(/\?page=2$/);
		const beyond = await news('?per_page=10&page=4');
		expect(beyond).toMatchObject({ data: [], from: null, to: null, current_page: 4, total: 25 });
	});

	test('filters and sort orders', async () => {
		const published = await news('?status=1&per_page=100');
		expect(published.total).toBe(19);
		expect(published.data.every((/** @type {any} */ n) => n.status === 1)).toBe(true);
		expect(
			(await news('?sort_order=title_asc&per_page=3')).data.map((/** @type {any} */ n) => n.title),
		).toEqual(['News 1', 'News 10', 'News 11']);
		expect(
			(await news('?sort_order=title_desc&per_page=2')).data.map((/** @type {any} */ n) => n.title),
		).toEqual(['News 9', 'News 8']);
		expect(
			(await news('?sort_order=status_asc&per_page=2')).data.map((/** @type {any} */ n) => n.id),
		).toEqual([4, 8]);
		expect(
			(await news('?sort_order=status_desc&per_page=2')).data.map((/** @type {any} */ n) => n.id),
		).toEqual([1, 2]);
		expect((await news('?keyword=news%202&per_page=100')).total).toBe(7);
		const invalid = await send({
			url: `${fixture.sandbox.baseUrls.ecommerce}/api/v1/news?sort_order=random`,
			method: 'GET',
			headers: headersFor().listNews,
		});
		expect(invalid.status).toBe(422);
	});

	test('seedNews and windowed page links', async () => {
		fixture.sandbox.seedNews('acme', 200);
		const page = await news('?per_page=10&page=10');
		expect(page).toMatchObject({ total: 200, last_page: 20, from: 91, to: 100 });
		expect(page.links.map((/** @type {any} */ l) => l.label)).toEqual([
			'&laquo; Previous',
			'1',
			'2',
			'...',
			'7',
			'8',
			'9',
			'10',
			'11',
			'12',
			'13',
			'...',
			'19',
			'20',
			'Next &raquo;',
		]);
		expect((await news('', 'globex')).total).toBe(25);
	});
});

describe('fault injection', () => {
	const e16 = () => validCalls().listNews;

	test('429 with Retry-After, a given number of times', async () => {
		fixture.sandbox.inject({ operation: 'listNews', status: 429, retryAfter: 2, times: 2 });
		const first = await send(e16());
		expect(first.status).toBe(429);
		expect(first.headers.get('retry-after')).toBe('2');
		expect(first.json).toEqual({ status: false, message: 'Too Many Attempts.' });
		expect((await send(e16())).status).toBe(429);
		expect((await send(e16())).status).toBe(200);
		expect(fixture.sandbox.requests.map((/** @type {RecordedRequest} */ r) => r.status)).toEqual([
			429, 429, 200,
		]);
		expect(fixture.sandbox.pendingFaults).toBe(0);
	});

	test('faults only hit their operation; "*" hits any; checked before auth', async () => {
		fixture.sandbox.inject({ operation: 'createSkill', status: 503 });
		expect((await send(e16())).status).toBe(200);
		fixture.sandbox.inject({ operation: '*', status: 500, body: { message: 'boom' } });
		const res = await send(e16(), { headers: {} });
		expect(res.status).toBe(500);
		expect(res.json).toEqual({ message: 'boom' });
		expect((await send(validCalls().createSkill)).status).toBe(503);
	});

	test('string body, html, malformed JSON, empty body', async () => {
		fixture.sandbox.inject({ operation: 'listNews', status: 502, body: 'Bad Gateway' });
		const text = await send(e16());
		expect([text.status, text.text, text.headers.get('content-type')]).toEqual([
			502,
			'Bad Gateway',
			'text/plain; charset=utf-8',
		]);

		fixture.sandbox.inject({ operation: 'listNews', html: true });
		const html = await send(e16());
		expect(html.status).toBe(200);
		expect(html.headers.get('content-type')).toMatch(/^text\/html/);
		expect(html.text).toMatch(/^<!DOCTYPE html>/);

		fixture.sandbox.inject({ operation: 'listNews', malformedJson: true });
		const broken = await send(e16());
		expect(broken.status).toBe(200);
		expect(broken.headers.get('content-type')).toMatch(/^application\/json/);
		expect(broken.json).toBeUndefined();

		fixture.sandbox.inject({ operation: 'listNews', emptyBody: true, status: 204 });
		const empty = await send(e16());
		expect([empty.status, empty.text]).toEqual([204, '']);
	});

	test('statusFalse uses each envelope', async () => {
		fixture.sandbox.inject({ operation: 'listNews', statusFalse: true, message: 'Nope' });
		fixture.sandbox.inject({ operation: 'getPayslip', statusFalse: true });
		fixture.sandbox.inject({ operation: 'updateTask', statusFalse: true });
		expect((await send(e16())).json).toEqual({ status: false, message: 'Nope', data: null });
		expect((await send(validCalls().getPayslip)).json).toMatchObject({
			status: false,
			response: null,
		});
		const e10 = await send(validCalls().updateTask);
		expect(e10.status).toBe(200);
		expect(e10.json).toMatchObject({ success: false, data: { message: expect.any(String) } });
		/** @type {BusinessState} */
		const acme = fixture.sandbox.state.acme;
		expect(acme.tasks.find((t) => t.id === 1004)?.name).toBe('Quarterly stock review');
	});

	test('destroy drops the connection and is recorded with status 0', async () => {
		fixture.sandbox.inject({ operation: 'listNews', destroy: true });
		await expect(fetch(e16().url, { headers: e16().headers })).rejects.toThrow();
		expect(fixture.sandbox.requests[0]).toMatchObject({ operation: 'listNews', status: 0 });
	});

	test('actFirst performs the operation, then fails', async () => {
		fixture.sandbox.inject({ operation: 'createCashBankAccount', status: 504, actFirst: true });
		expect((await send(validCalls().createCashBankAccount)).status).toBe(504);
		expect(fixture.sandbox.state.acme.accounts).toHaveLength(3);
		fixture.sandbox.inject({ operation: 'deleteWorkspace', destroy: true, actFirst: true });
		await expect(
			fetch(validCalls().deleteWorkspace.url, {
				method: 'POST',
				headers: validCalls().deleteWorkspace.headers,
				body: validCalls().deleteWorkspace.body,
			}),
		).rejects.toThrow();
		expect((await send(validCalls().deleteWorkspace)).status).toBe(404);
	});

	test('delayMs slows the answer (a client timeout fires), latency delays every request', async () => {
		fixture.sandbox.inject({ operation: 'getDistrict', delayMs: 300 });
		await expect(
			fetch(validCalls().getDistrict.url, {
				headers: validCalls().getDistrict.headers,
				signal: AbortSignal.timeout(50),
			}),
		).rejects.toThrow();
		fixture.sandbox.setLatency(40);
		const started = Date.now();
		expect((await send(validCalls().getDistrict)).status).toBe(200);
		expect(Date.now() - started).toBeGreaterThanOrEqual(35);
	});

	test('ratio applies to a deterministic share of requests', async () => {
		const pattern = async () => {
			fixture.sandbox.inject({
				operation: 'getDistrict',
				status: 503,
				ratio: 0.3,
				times: Infinity,
			});
			const statuses = [];
			for (let i = 0; i < 40; i++) statuses.push((await send(validCalls().getDistrict)).status);
			return statuses;
		};
		const first = await pattern();
		const failed = first.filter((s) => s === 503).length;
		expect(failed).toBeGreaterThan(4);
		expect(failed).toBeLessThan(20);
		fixture.sandbox.reset();
		expect(await pattern()).toEqual(first);
	});
});

test('handles hundreds of concurrent requests', async () => {
	fixture.sandbox.setLatency(5);
	const results = await Promise.all(
		Array.from({ length: 300 }, () => send(validCalls().createSkill)),
	);
	expect(results.every((r) => r.status === 200)).toBe(true);
	expect(new Set(results.map((r) => r.json.response.id)).size).toBe(300);
	expect(fixture.sandbox.requests).toHaveLength(300);
});
