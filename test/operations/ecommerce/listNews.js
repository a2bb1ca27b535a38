// @ts-check
/**
 * List News (ENDPOINTS.listNews): the sandbox's route and handler, written from the platform's
 * description (an independent check of the endpoint entry), its docs/operations.md entry and its
 * case (the fields: test/operations/index.js).
 */
const { Validator } = require('../../../sandbox/validation');
const { succeeded, FLAG, unprocessable } = require('../../../sandbox/operations/common');
const { ECOMMERCE } = require('../../../sandbox/routes');
const { HEADER_SETS } = require('../../harness/headerSets');

/**
 * @typedef {import('../../../sandbox/data').BusinessState['news'][number]} News
 */

/** The sort orders the list takes. */
const NEWS_SORTS = ['id_desc', 'id_asc', 'title_desc', 'title_asc', 'status_desc', 'status_asc'];

/** @type {Record<string, (a: News, b: News) => number>} */
const NEWS_ORDER = {
	id_desc: (a, b) => b.id - a.id,
	id_asc: (a, b) => a.id - b.id,
	title_desc: (a, b) => (a.title < b.title ? 1 : a.title > b.title ? -1 : a.id - b.id),
	title_asc: (a, b) => (a.title < b.title ? -1 : a.title > b.title ? 1 : a.id - b.id),
	status_desc: (a, b) => b.status - a.status || a.id - b.id,
	status_asc: (a, b) => a.status - b.status || a.id - b.id,
};

/**
 * Laravel's page links: all pages when there are fewer than 14, otherwise a window of
 * three on each side of the current page with '...' gaps.
 * @param {string} path
 * @param {number} current
 * @param {number} last
 */
function pageLinks(path, current, last) {
	/** @type {Array<number | '...'>} */
	let pages;
	const range = (/** @type {number} */ a, /** @type {number} */ b) =>
		Array.from({ length: b - a + 1 }, (_, i) => a + i);
	if (last < 14) pages = range(1, last);
	else if (current <= 7) pages = [...range(1, 10), '...', last - 1, last];
	else if (current > last - 7) pages = [1, 2, '...', ...range(last - 9, last)];
	else pages = [1, 2, '...', ...range(current - 3, current + 3), '...', last - 1, last];
	return [
		{
			url: current > 1 ? `${path}?page=${current - 1}` : null,
			label: '&laquo; Previous',
			active: false,
		},
		...pages.map((p) =>
			p === '...'
				? { url: null, label: '...', active: false }
				: { url: `${path}?page=${p}`, label: String(p), active: p === current },
		),
		{
			url: current < last ? `${path}?page=${current + 1}` : null,
			label: 'Next &raquo;',
			active: false,
		},
	];
}

/** The business's news, filtered, sorted and paged. @type {import('../../../sandbox/operations/common').Handler} */
function listNews(ctx) {
	const q = ctx.query;
	const v = new Validator();
	const perPage = v.check('per_page', q.per_page, { type: 'integer', min: 1 }) ?? 15;
	const page = v.check('page', q.page, { type: 'integer', min: 1 }) ?? 1;
	const status = v.check('status', q.status, { type: 'integer', in: FLAG });
	const sortOrder = v.check('sort_order', q.sort_order, { in: NEWS_SORTS }) ?? 'id_desc';
	if (v.failed) return unprocessable(v);
	const keyword = (q.keyword ?? '').trim().toLowerCase();

	const matches = ctx.biz.news
		.filter((n) => status == null || n.status === status)
		.filter(
			(n) =>
				!keyword ||
				n.title.toLowerCase().includes(keyword) ||
				n.alias.toLowerCase().includes(keyword) ||
				n.description.title.toLowerCase().includes(keyword) ||
				n.description.keyword.toLowerCase().includes(keyword),
		)
		.sort(NEWS_ORDER[sortOrder]);
	const total = matches.length;
	const lastPage = Math.max(1, Math.ceil(total / perPage));
	const offset = (page - 1) * perPage;
	const data = matches.slice(offset, offset + perPage);
	const path = `${ctx.moduleUrl}/api/v1/news`;
	return succeeded(['News retrieved successfully.', 'تم جلب الأخبار بنجاح.'], ctx.lang, {
		data: {
			current_page: page,
			data,
			first_page_url: `${path}?page=1`,
			from: data.length ? offset + 1 : null,
			last_page: lastPage,
			last_page_url: `${path}?page=${lastPage}`,
			links: pageLinks(path, page, lastPage),
			next_page_url: page < lastPage ? `${path}?page=${page + 1}` : null,
			path,
			per_page: perPage,
			prev_page_url: page > 1 ? `${path}?page=${page - 1}` : null,
			to: data.length ? offset + data.length : null,
			total,
		},
	});
}

/** @type {import('../index').OperationFile} */
module.exports = {
	route: {
		module: 'ecommerce',
		method: 'GET',
		path: '/api/v1/news',
		auth: ECOMMERCE,
		envelope: 'data',
		handler: listNews,
	},
	reference:
		'Return All walks every page (Options → Page Size, default 100); Limit stops once it has enough. Filters Keyword and Status; option Sort Order. An item moved across a page boundary while the pages are read is output once. Simplify keeps id, title, alias, image, status, lang, summary, content, created_at and updated_at.',
	case: {
		parameters: { resource: 'news', operation: 'getAll', returnAll: false, limit: 3 },
		retry: 'read',
		headers: HEADER_SETS.ecommerce,
		simplified: [
			'id',
			'title',
			'alias',
			'image',
			'status',
			'lang',
			'summary',
			'content',
			'created_at',
			'updated_at',
		],
		fullRun: {
			overrides: { returnAll: true, limit: undefined, options: { pageSize: 10 } }, // Return All: no Limit
			expect: (output, requests) => {
				// Pages 2 and 3 are read ahead together, so they may be answered in either order.
				expect(requests.map((r) => r.query.page).sort()).toEqual(['1', '2', '3']);
				expect(new Set(output.map((n) => n.id)).size).toBe(25);
			},
		},
	},
};
