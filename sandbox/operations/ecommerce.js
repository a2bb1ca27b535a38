// @ts-check
'use strict';

/** The Ecommerce module: E2 category edit and the categories list, E3 order details, E4 favourite toggle, E5 district, E12 catalog comment, E13 audit session item, E14 inventory transfer (E16 news: ecommerce-news.js). */

const { Validator } = require('../validation');
const {
	FLAG,
	LANGS,
	say,
	ok,
	notFound,
	unprocessable,
	byId,
	nextId,
	isObject,
} = require('./common');
const { isoNow } = require('../data');

/**
 * @typedef {import('./common').Ctx} Ctx
 * @typedef {import('./common').Result} Result
 * @typedef {import('../data').BusinessState} BusinessState
 */

/** Success texts, English and Arabic. */
const MESSAGES = {
	categoryUpdated: ['Category updated successfully.', 'تم تحديث التصنيف بنجاح.'],
	categoriesListed: ['Categories retrieved successfully.', 'تم جلب التصنيفات بنجاح.'],
	orderDetails: ['Order details retrieved successfully.', 'تم جلب تفاصيل الطلب بنجاح.'],
	favoriteAdded: ['Catalog item added to favourites.', 'تمت إضافة المنتج إلى المفضلة.'],
	favoriteRemoved: ['Catalog item removed from favourites.', 'تمت إزالة المنتج من المفضلة.'],
	district: ['District retrieved successfully.', 'تم جلب الحي بنجاح.'],
	commentUpdated: ['Comment updated successfully.', 'تم تحديث التعليق بنجاح.'],
	auditItemUpdated: ['Audit item updated successfully.', 'تم تحديث عنصر الجرد بنجاح.'],
	transferCreated: ['Item transferred successfully.', 'تم نقل الصنف بنجاح.'],
};

/** Names for not-found messages, English and Arabic. */
const THINGS = {
	category: ['Category', 'التصنيف'],
	order: ['Order', 'الطلب'],
	catalog: ['Catalog item', 'المنتج'],
	district: ['District', 'الحي'],
	comment: ['Comment', 'التعليق'],
	auditItem: ['Audit item', 'عنصر الجرد'],
};

// ---------------------------------------------------------------------------------------
// E2 Edit category, and the categories list used to pick a parent

/** @typedef {BusinessState['categories'][number]} Category */

/**
 * @param {Category} category
 * @param {Category[]} all
 * @param {boolean} withParent
 */
function categoryView(category, all, withParent) {
	const { descriptions, ...row } = category;
	/** @type {Record<string, any>} */
	const view = { ...row, descriptions: descriptions.map((d) => ({ ...d })) };
	if (withParent) {
		const parent = all.find((c) => c.id === category.parent);
		view.parent_object = parent ? (({ descriptions: _omit, ...rest }) => rest)(parent) : null;
	}
	return view;
}

/** @param {Ctx} ctx @returns {Result} */
function editCategory(ctx) {
	const categories = ctx.biz.categories;
	const category = byId(categories, ctx.params.category_id);
	if (!category) return notFound(THINGS.category, ctx.lang);
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
	return ok({
		status: true,
		message: say(MESSAGES.categoryUpdated, ctx.lang),
		data: categoryView(category, categories, true),
	});
}

/** @param {Ctx} ctx @returns {Result} */
function listCategories(ctx) {
	const keyword = (ctx.query.keyword ?? '').trim().toLowerCase();
	const categories = ctx.biz.categories.filter(
		(c) =>
			!keyword ||
			c.alias.toLowerCase().includes(keyword) ||
			c.descriptions.some((d) => d.title.toLowerCase().includes(keyword)),
	);
	return ok({
		status: true,
		message: say(MESSAGES.categoriesListed, ctx.lang),
		data: categories.map((c) => categoryView(c, ctx.biz.categories, false)),
	});
}

// ---------------------------------------------------------------------------------------
// E3 Order details

/** A query flag: sent (even empty) means on, unless '0' or 'false'. @param {string | undefined} value */
function flagOn(value) {
	return value !== undefined && value !== '0' && value.toLowerCase() !== 'false';
}

/** @param {Ctx} ctx @returns {Result} */
function orderDetails(ctx) {
	const order = byId(ctx.biz.orders, ctx.params.order_id);
	if (!order) return notFound(THINGS.order, ctx.lang);
	const { history, ...data } = order;
	/** @type {Record<string, any>} */
	const out = { ...data };
	if (flagOn(ctx.query.get_history)) out.history = history;
	if (flagOn(ctx.query.get_order_total)) {
		out.order_total = {
			subtotal: order.subtotal,
			shipping: order.shipping,
			tax: order.tax,
			total: order.total,
		};
	}
	if (flagOn(ctx.query.get_items_daily)) {
		out.items_daily = [
			{
				date: order.created_at.slice(0, 10),
				qty: order.items.reduce((s, i) => s + i.qty, 0),
				total: order.subtotal,
			},
		];
	}
	return ok({ status: true, message: say(MESSAGES.orderDetails, ctx.lang), data: out });
}

// ---------------------------------------------------------------------------------------
// E4 Toggle favourite

/** @param {Ctx} ctx @returns {Result} */
function toggleFavorite(ctx) {
	const item = byId(ctx.biz.catalog, ctx.params.catalog_id);
	if (!item) return notFound(THINGS.catalog, ctx.lang);
	const favorites = ctx.biz.favorites;
	const at = favorites.indexOf(item.id);
	if (at >= 0) favorites.splice(at, 1);
	else favorites.push(item.id);
	const added = at < 0;
	return ok({
		status: true,
		message: say(added ? MESSAGES.favoriteAdded : MESSAGES.favoriteRemoved, ctx.lang),
		data: { catalog_id: item.id, is_favorite: added, action: added ? 'added' : 'removed' },
	});
}

// ---------------------------------------------------------------------------------------
// E5 One district (shared reference data)

/** @param {Ctx} ctx @returns {Result} */
function getDistrict(ctx) {
	const district = byId(ctx.shared.districts, ctx.params.district_id);
	if (!district) return notFound(THINGS.district, ctx.lang);
	return ok({ status: true, message: say(MESSAGES.district, ctx.lang), data: { ...district } });
}

// ---------------------------------------------------------------------------------------
// E12 Edit catalog comment

/** @param {Ctx} ctx @returns {Result} */
function editComment(ctx) {
	const comment = byId(ctx.biz.comments, ctx.params.comment_id);
	if (!comment) return notFound(THINGS.comment, ctx.lang);
	const v = new Validator();
	const method = v.check('_method', ctx.input._method, { required: true });
	if (method && method.toUpperCase() !== 'PUT') v.invalid('_method');
	const status = v.check('status', ctx.input.status, { type: 'integer', in: FLAG });
	if (v.failed) return unprocessable(v);
	if (status != null) comment.status = String(status);
	comment.updated_at = isoNow();
	return ok({ status: true, message: say(MESSAGES.commentUpdated, ctx.lang), data: null });
}

// ---------------------------------------------------------------------------------------
// E13 Update audit session item: text/plain body carrying JSON

/** @param {Ctx} ctx @returns {Result} */
function updateAuditItem(ctx) {
	const item = byId(ctx.biz.auditItems, ctx.params.audit_item_id);
	if (!item) return notFound(THINGS.auditItem, ctx.lang);
	/** @type {any} */
	let payload = {};
	if (ctx.text.trim() !== '') {
		try {
			payload = JSON.parse(ctx.text);
		} catch {
			return {
				status: 400,
				body: { status: false, message: 'The request body must be a JSON object.' },
			};
		}
	}
	if (!isObject(payload))
		return {
			status: 400,
			body: { status: false, message: 'The request body must be a JSON object.' },
		};
	const v = new Validator();
	const qty = v.check('physical_qty', payload.physical_qty, {
		required: true,
		type: 'numeric',
		min: 0,
	});
	if (v.failed) return unprocessable(v);
	item.physical_qty = qty;
	item.difference = qty - item.system_qty;
	item.updated_at = isoNow();
	return ok({ status: true, message: say(MESSAGES.auditItemUpdated, ctx.lang), data: { ...item } });
}

// ---------------------------------------------------------------------------------------
// E14 Add inventory transferred item

/** @param {Ctx} ctx @returns {Result} */
function addTransferItem(ctx) {
	const f = ctx.input;
	const biz = ctx.biz;
	const v = new Validator();
	const from = v.check('from_inv_id', f.from_inv_id, { required: true, type: 'integer' });
	if (from != null && !biz.inventories.some((inv) => inv.id === from)) v.invalid('from_inv_id');
	const to = v.check('to_inv_id', f.to_inv_id, { required: true, type: 'integer' });
	if (to != null && !biz.inventories.some((inv) => inv.id === to)) v.invalid('to_inv_id');
	else if (to != null && to === from)
		v.fail('to_inv_id', 'The to inv id field and from inv id must be different.');
	const product = v.check('product_id', f.product_id, { required: true, type: 'integer' });
	if (product != null && !biz.catalog.some((item) => item.id === product)) v.invalid('product_id');
	const quantity = v.check('quantity', f.quantity, { required: true, type: 'numeric', gt: 0 });
	const representative = v.check('representative_id', f.representative_id, {
		type: 'integer',
		min: 1,
	});
	const status = v.check('status', f.status, { required: true, type: 'integer', in: FLAG });
	if (v.failed) return unprocessable(v);
	const now = isoNow();
	const record = {
		id: nextId(biz, biz.transfers),
		business_id: biz.id,
		from_inv_id: String(from),
		to_inv_id: String(to),
		product_id: String(product),
		quantity: String(quantity),
		representative_id: representative == null ? null : String(representative),
		status: String(status),
		created_at: now,
		updated_at: now,
	};
	biz.transfers.push(record);
	return ok({
		status: true,
		message: say(MESSAGES.transferCreated, ctx.lang),
		data: { ...record },
	});
}

module.exports = {
	editCategory,
	listCategories,
	categoryView,
	orderDetails,
	toggleFavorite,
	getDistrict,
	editComment,
	updateAuditItem,
	addTransferItem,
};
