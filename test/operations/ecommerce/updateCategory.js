// @ts-check
/**
 * Update Category (ENDPOINTS.updateCategory): the sandbox's route and handler, written from the
 * platform's description (an independent check of the endpoint entry), its docs/operations.md
 * entry and its case (the fields: test/operations/index.js).
 */
const { Validator } = require('../../../sandbox/validation');
const {
	FLAG,
	LANGS,
	succeeded,
	notFound,
	unprocessable,
	byId,
	isObject,
	categoryView,
} = require('../../../sandbox/operations/common');
const { ECOMMERCE_USER, MULTIPART } = require('../../../sandbox/routes');
const { HEADER_SETS } = require('../../harness/headerSets');
const { CATEGORY_FIELDS } = require('../shared');

/** @type {import('../../../sandbox/operations/common').Handler} */
function editCategory(ctx) {
	const categories = ctx.biz.categories;
	const category = byId(categories, ctx.params.category_id);
	if (!category) return notFound(['Category', 'التصنيف'], ctx.lang);
	const f = ctx.input;
	const v = new Validator();

	const method = v.check('_method', f._method, { required: true });
	if (method && method.toUpperCase() !== 'PUT') v.invalid('_method');
	const status = v.check('status', f.status, { type: 'integer', in: FLAG });
	const top = v.check('top', f.top, { type: 'integer', in: FLAG });
	const alias = v.check('alias', f.alias);
	const sort = v.check('sort', f.sort, { type: 'integer', min: 0 });
	const image = v.check('image', f.image, { type: 'url' });
	const parent = v.check('parent', f.parent, { type: 'integer' });
	if (parent != null) {
		// The parent must be another category of this business, and no cycle may appear.
		let cursor = categories.find((c) => c.id === parent);
		const valid = !!cursor;
		while (cursor && cursor.id !== category.id) {
			const up = cursor.parent;
			cursor = up === null ? undefined : categories.find((c) => c.id === up);
		}
		if (!valid || cursor) v.invalid('parent');
	}

	/** @type {Array<{ lang: string, title?: string, keyword?: string, description?: string }>} */
	const descriptions = [];
	const seen = new Set();
	for (const [key, entry] of v.list('descriptions', f.descriptions) ?? []) {
		const base = `descriptions.${key}`;
		if (!isObject(entry)) {
			v.fail(base, `The ${base} field must be an array.`);
			continue;
		}
		const lang = v.check(`${base}.lang`, entry.lang, { required: true, in: LANGS });
		if (lang && seen.has(lang))
			v.fail(`${base}.lang`, `The ${base}.lang field has a duplicate value.`);
		seen.add(lang);
		/** @type {{ lang: string, title?: string, keyword?: string, description?: string }} */
		const update = { lang };
		for (const field of /** @type {const} */ (['title', 'keyword', 'description'])) {
			const value = v.check(`${base}.${field}`, entry[field]);
			if (value !== undefined) update[field] = value ?? '';
		}
		descriptions.push(update);
	}
	if (v.failed) return unprocessable(v);

	if (status != null) category.status = String(status);
	if (top != null) category.top = String(top);
	if (alias) category.alias = alias;
	if (sort != null) category.sort = String(sort);
	if (image) category.image = image;
	if (parent !== undefined) category.parent = parent; // '' → null: no parent
	for (const update of descriptions) {
		let target = category.descriptions.find((d) => d.lang === update.lang);
		if (!target) {
			target = {
				category_id: category.id,
				lang: update.lang,
				title: '',
				keyword: '',
				description: '',
			};
			category.descriptions.push(target);
		}
		if (update.title !== undefined) target.title = update.title;
		if (update.keyword !== undefined) target.keyword = update.keyword;
		if (update.description !== undefined) target.description = update.description;
	}
	return succeeded(['Category updated successfully.', 'تم تحديث التصنيف بنجاح.'], ctx.lang, {
		data: categoryView(category, categories, true),
	});
}

/** @type {import('../index').OperationFile} */
module.exports = {
	/** @param {{ categories: string }} prefixes the configured path prefix, trimmed */
	route: ({ categories }) => ({
		module: 'ecommerce',
		method: 'POST',
		path: `/${categories}/:category_id`,
		auth: ECOMMERCE_USER,
		content: MULTIPART,
		envelope: 'data',
		handler: editCategory,
	}),
	reference:
		"Category ID (From List, searchable, or By ID) and Update Fields (Alias, Status, Top, Sort, Image URL, Parent Category, title, keyword and description in English and Arabic). The platform takes every field on each update, so the node sends the fields you did not set with their current values (the categories list is read once per node run and business): changing one field never resets another. Output: the updated category, with Get Many's Simplify.",
	case: {
		parameters: {
			resource: 'category',
			operation: 'update',
			categoryId: '1202',
			updateFields: { englishTitle: 'Smartphones' },
		},
		globex: { categoryId: '2202' },
		retry: 'setValue',
		requestsPerItem: 2,
		headers: HEADER_SETS.ecommerceUser,
		pathIds: { categoryId: 'Category ID' },
		simplified: CATEGORY_FIELDS,
		fullRun: {
			expect: (output, requests) => {
				expect(requests.map((r) => r.operation)).toEqual(['listCategories', 'updateCategory']);
				// Simplified (the default): the title in the credential's Default Language, English.
				expect(output[0]).toMatchObject({ id: 1202, parent: 1201, title: 'Smartphones' });
			},
		},
	},
};
