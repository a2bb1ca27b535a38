// @ts-check
'use strict';

/**
 * Handlers of the sixteen operations (plus the categories list and login). Each handler
 * gets a context whose auth, headers and content type the server has already checked,
 * and returns `{ status, body }`. Lookups of path ids come first (404, like Laravel's
 * route model binding), then field validation (422), then the state change.
 */

const { Validator, isUpload, attr } = require('./validation');
const { isContainer } = require('./multipart');
const { isoNow, sqlNow } = require('./data');

/**
 * @typedef {import('./data').BusinessState} BusinessState
 * @typedef {'en' | 'ar'} Lang
 * @typedef {object} Ctx
 * @property {BusinessState} biz         the calling business (empty object for E5 and login)
 * @property {Record<string, string>} params
 * @property {Record<string, string>} query
 * @property {any} input                 multipart fields (PHP-style nesting) or the JSON value
 * @property {string} text               the body as text
 * @property {Lang} lang
 * @property {string} moduleUrl          e.g. http://127.0.0.1:5680/ecommerce
 * @property {{ districts: Array<{ id: number, name_ar: string, name_en: string }>, credentials: typeof import('./data').CREDENTIALS }} shared
 * @typedef {{ status: number, body: any }} Result
 */

/** Success and not-found texts, English and Arabic. */
const MESSAGES = {
	quoteUpdated: ['Sales quote updated successfully.', 'تم تحديث عرض السعر بنجاح.'],
	categoryUpdated: ['Category updated successfully.', 'تم تحديث التصنيف بنجاح.'],
	categoriesListed: ['Categories retrieved successfully.', 'تم جلب التصنيفات بنجاح.'],
	orderDetails: ['Order details retrieved successfully.', 'تم جلب تفاصيل الطلب بنجاح.'],
	favoriteAdded: ['Catalog item added to favourites.', 'تمت إضافة المنتج إلى المفضلة.'],
	favoriteRemoved: ['Catalog item removed from favourites.', 'تمت إزالة المنتج من المفضلة.'],
	district: ['District retrieved successfully.', 'تم جلب الحي بنجاح.'],
	workspaceDeleted: ['Workspace deleted successfully.', 'تم حذف مساحة العمل بنجاح.'],
	skillAdded: ['Skill added successfully.', 'تمت إضافة المهارة بنجاح.'],
	branch: ['Branch retrieved successfully.', 'تم جلب الفرع بنجاح.'],
	accountCreated: ['Account created successfully.', 'تم إنشاء الحساب بنجاح.'],
	taskUpdated: ['Task updated successfully.', 'تم تحديث المهمة بنجاح.'],
	calendars: ['Calendars retrieved successfully.', 'تم جلب التقويمات بنجاح.'],
	commentUpdated: ['Comment updated successfully.', 'تم تحديث التعليق بنجاح.'],
	auditItemUpdated: ['Audit item updated successfully.', 'تم تحديث عنصر الجرد بنجاح.'],
	transferCreated: ['Item transferred successfully.', 'تم نقل الصنف بنجاح.'],
	payslip: ['Payslip retrieved successfully.', 'تم جلب قسيمة الراتب بنجاح.'],
	news: ['News retrieved successfully.', 'تم جلب الأخبار بنجاح.'],
	loggedIn: ['Logged in successfully.', 'تم تسجيل الدخول بنجاح.'],
};

const THINGS = {
	quote: ['Quote', 'عرض السعر'],
	category: ['Category', 'التصنيف'],
	order: ['Order', 'الطلب'],
	catalog: ['Catalog item', 'المنتج'],
	district: ['District', 'الحي'],
	workspace: ['Workspace', 'مساحة العمل'],
	customer: ['Customer', 'العميل'],
	supplier: ['Supplier', 'المورد'],
	branch: ['Branch', 'الفرع'],
	task: ['Task', 'المهمة'],
	comment: ['Comment', 'التعليق'],
	auditItem: ['Audit item', 'عنصر الجرد'],
	payslip: ['Payslip', 'قسيمة الراتب'],
};

const FLAG = ['0', '1'];
const LANGS = ['en', 'ar'];

/** @param {keyof typeof MESSAGES} key @param {Lang} lang */
function t(key, lang) {
	return MESSAGES[key][lang === 'ar' ? 1 : 0];
}

/** @param {any} body @returns {Result} */
function ok(body) {
	return { status: 200, body };
}

/** @param {keyof typeof THINGS} thing @param {Lang} lang @returns {Result} */
function notFound(thing, lang) {
	const [en, ar] = THINGS[thing];
	return { status: 404, body: { status: false, message: lang === 'ar' ? `${ar} غير موجود.` : `${en} not found.` } };
}

/** @param {Validator} v @returns {Result} */
function unprocessable(v) {
	return { status: 422, body: v.body() };
}

/**
 * Find a record by a path id; a non-numeric id finds nothing.
 * @template {{ id: number }} T
 * @param {T[]} list
 * @param {string} rawId
 * @returns {T | undefined}
 */
function byId(list, rawId) {
	if (!/^\d+$/.test(rawId)) return undefined;
	const id = Number(rawId);
	return list.find((item) => item.id === id);
}

/**
 * Next free id in a business's collection (acme 1xxx, globex 2xxx as long as it lasts).
 * @param {BusinessState} biz
 * @param {Array<{ id: number }>} list
 */
function nextId(biz, list) {
	let max = biz.id === 101 ? 1000 : 2000;
	for (const item of list) if (item.id > max) max = item.id;
	return max + 1;
}

/** A JSON object or a multipart container. @param {unknown} value @returns {value is Record<string, any>} */
function isObject(value) {
	return isContainer(value) || (typeof value === 'object' && value !== null && !Array.isArray(value) && !isUpload(value));
}

/**
 * @template {object} T
 * @param {T} record
 * @param {readonly (keyof T)[]} keys
 */
function pick(record, keys) {
	/** @type {Partial<T>} */
	const out = {};
	for (const key of keys) out[key] = record[key];
	return out;
}

// ---------------------------------------------------------------------------------------
// E1 Update sales quote

const QUOTE_FIELDS = /** @type {const} */ ([
	'id', 'uuid', 'user_id', 'business_id', 'currency_id', 'status_id', 'reference', 'due_date', 'created_date',
	'description', 'billing_address', 'tax_inclusive', 'rounding', 'discount', 'hide_total', 'custom_title',
	'rounding_value', 'total', 'note', 'created_at', 'updated_at',
]);

/** Repeated line-item fields of E1: wire name, stored name, type. */
const QUOTE_LINE_FIELDS = /** @type {const} */ ([
	['item_id', 'item_id', 'integer'],
	['item_qty', 'qty', 'numeric'],
	['item_price', 'price', 'numeric'],
	['amount', 'amount', 'numeric'],
	['item_tax', 'tax', 'numeric'],
	['tax_amount', 'tax_amount', 'numeric'],
	['total_with_tax', 'total_with_tax', 'numeric'],
	['item_discount', 'discount', 'numeric'],
	['item_desc', 'description', 'string'],
]);

/** @param {Ctx} ctx @returns {Result} */
function updateSalesQuote(ctx) {
	const quote = byId(ctx.biz.quotes, ctx.params.quote_id);
	if (!quote) return notFound('quote', ctx.lang);
	const f = ctx.input;
	const v = new Validator();

	const customerId = v.check('customer_id', f.customer_id, { required: true, type: 'integer' });
	if (customerId != null && !ctx.biz.customers.some((c) => c.id === customerId)) v.invalid('customer_id');
	const currencyId = v.check('currency_id', f.currency_id, { required: true, type: 'integer' });
	const createdDate = v.check('created_date', f.created_date, { required: true, type: 'date' });
	const dueDate = v.check('due_date', f.due_date, { type: 'date' });
	if (dueDate && createdDate && dueDate < createdDate) {
		v.fail('due_date', 'The due date field must be a date after or equal to created date.');
	}
	const description = v.check('description', f.description);
	const taxInclusive = v.check('tax_inclusive', f.tax_inclusive, { required: true, type: 'integer', in: FLAG });
	const hideTotal = v.check('hide_total', f.hide_total, { type: 'integer', in: FLAG });
	const discountCheck = v.check('discount_check', f.discount_check, { required: true, type: 'integer', in: FLAG });
	const discount = v.check('discount', f.discount, { required: true, type: 'integer', in: FLAG });
	const customTitle = v.check('custom_title', f.custom_title);
	const total = v.check('total', f.total, { required: true, type: 'numeric', min: 0 });
	const finalTotal = v.check('final_total', f.final_total, { required: true, type: 'numeric', min: 0 });
	const note = v.check('note', f.note);

	// Line items: every repeated field has one value per line, all required.
	/** @type {Record<string, any[]>} */
	const columns = {};
	let lineCount;
	for (const [wire, stored, type] of QUOTE_LINE_FIELDS) {
		const entries = v.list(wire, f[wire], { required: true });
		if (!entries) continue;
		if (lineCount === undefined) lineCount = entries.length;
		if (entries.length !== lineCount) {
			v.fail(wire, `The ${attr(wire)} field must contain ${lineCount} items.`);
			continue;
		}
		columns[stored] = entries.map(([key, raw]) =>
			v.check(`${wire}.${key}`, raw, { required: true, type, ...(wire === 'item_qty' ? { gt: 0 } : {}) }),
		);
	}
	const sortEntries = v.list('item_sort', f.item_sort);
	if (sortEntries && lineCount !== undefined && sortEntries.length !== lineCount) {
		v.fail('item_sort', `The ${attr('item_sort')} field must contain ${lineCount} items.`);
	}
	const sorts = (sortEntries ?? []).map(([key, raw]) => v.check(`item_sort.${key}`, raw, { type: 'integer' }));
	if (v.failed) return unprocessable(v);

	quote.customer_id = customerId;
	quote.currency_id = currencyId;
	quote.created_date = createdDate;
	quote.due_date = dueDate ?? null;
	quote.description = description ?? null;
	quote.tax_inclusive = String(taxInclusive);
	quote.hide_total = String(hideTotal ?? 0);
	quote.discount_check = String(discountCheck);
	quote.discount = String(discount);
	if (customTitle) quote.custom_title = customTitle;
	quote.total = total;
	quote.final_total = finalTotal;
	quote.rounding_value = Math.round((finalTotal - total) * 100) / 100;
	quote.note = note ?? null;
	quote.items = columns.item_id.map((_, i) => ({
		sort: sorts[i] ?? i + 1,
		item_id: columns.item_id[i],
		qty: columns.qty[i],
		price: columns.price[i],
		amount: columns.amount[i],
		tax: columns.tax[i],
		tax_amount: columns.tax_amount[i],
		total_with_tax: columns.total_with_tax[i],
		discount: columns.discount[i],
		description: columns.description[i],
	}));
	quote.updated_at = isoNow();
	return ok({ status: true, message: t('quoteUpdated', ctx.lang), data: pick(quote, QUOTE_FIELDS) });
}

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
	if (!category) return notFound('category', ctx.lang);
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
		if (lang && seen.has(lang)) v.fail(`${base}.lang`, `The ${base}.lang field has a duplicate value.`);
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
			target = { category_id: category.id, lang: update.lang, title: '', keyword: '', description: '' };
			category.descriptions.push(target);
		}
		if (update.title !== undefined) target.title = update.title;
		if (update.keyword !== undefined) target.keyword = update.keyword;
		if (update.description !== undefined) target.description = update.description;
	}
	return ok({ status: true, message: t('categoryUpdated', ctx.lang), data: categoryView(category, categories, true) });
}

/** @param {Ctx} ctx @returns {Result} */
function listCategories(ctx) {
	const keyword = (ctx.query.keyword ?? '').trim().toLowerCase();
	const categories = ctx.biz.categories.filter(
		(c) => !keyword || c.alias.toLowerCase().includes(keyword) || c.descriptions.some((d) => d.title.toLowerCase().includes(keyword)),
	);
	return ok({
		status: true,
		message: t('categoriesListed', ctx.lang),
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
	if (!order) return notFound('order', ctx.lang);
	const { history, ...data } = order;
	/** @type {Record<string, any>} */
	const out = { ...data };
	if (flagOn(ctx.query.get_history)) out.history = history;
	if (flagOn(ctx.query.get_order_total)) {
		out.order_total = { subtotal: order.subtotal, shipping: order.shipping, tax: order.tax, total: order.total };
	}
	if (flagOn(ctx.query.get_items_daily)) {
		out.items_daily = [
			{ date: order.created_at.slice(0, 10), qty: order.items.reduce((s, i) => s + i.qty, 0), total: order.subtotal },
		];
	}
	return ok({ status: true, message: t('orderDetails', ctx.lang), data: out });
}

// ---------------------------------------------------------------------------------------
// E4 Toggle favourite

/** @param {Ctx} ctx @returns {Result} */
function toggleFavorite(ctx) {
	const item = byId(ctx.biz.catalog, ctx.params.catalog_id);
	if (!item) return notFound('catalog', ctx.lang);
	const favorites = ctx.biz.favorites;
	const at = favorites.indexOf(item.id);
	if (at >= 0) favorites.splice(at, 1);
	else favorites.push(item.id);
	const added = at < 0;
	return ok({
		status: true,
		message: t(added ? 'favoriteAdded' : 'favoriteRemoved', ctx.lang),
		data: { catalog_id: item.id, is_favorite: added, action: added ? 'added' : 'removed' },
	});
}

// ---------------------------------------------------------------------------------------
// E5 One district (shared reference data)

/** @param {Ctx} ctx @returns {Result} */
function getDistrict(ctx) {
	const district = byId(ctx.shared.districts, ctx.params.district_id);
	if (!district) return notFound('district', ctx.lang);
	return ok({ status: true, message: t('district', ctx.lang), data: { ...district } });
}

// ---------------------------------------------------------------------------------------
// E6 Delete workspace

/** @param {string} message */
function processed(message, extra = {}) {
	return ok({ status_code: 200, code: 1020, hint: 'Processed Successfully', success: true, data: { ...extra, message } });
}

/** @param {Ctx} ctx @returns {Result} */
function deleteWorkspace(ctx) {
	const workspaces = ctx.biz.workspaces;
	const workspace = byId(workspaces, ctx.params.id);
	if (!workspace) return notFound('workspace', ctx.lang);
	const v = new Validator();
	const businessId = v.check('business_id', ctx.input.business_id, { required: true, type: 'integer' });
	if (businessId != null && businessId !== ctx.biz.id) v.invalid('business_id');
	if (v.failed) return unprocessable(v);
	workspaces.splice(workspaces.indexOf(workspace), 1);
	return processed(t('workspaceDeleted', ctx.lang));
}

// ---------------------------------------------------------------------------------------
// E7 Add skill: one record per call, holding the type and its list of skills

/** @param {Ctx} ctx @returns {Result} */
function addSkill(ctx) {
	const f = ctx.input;
	const v = new Validator();
	const type = v.check('type', f.type, { required: true });
	const entries = v.list('skills', f.skills, { required: true });
	if (entries && entries.length === 0) v.required('skills');
	const skills = (entries ?? []).map(([key, raw]) => v.check(`skills.${key}`, raw, { required: true }));
	if (v.failed) return unprocessable(v);
	const now = isoNow();
	const skill = { id: nextId(ctx.biz, ctx.biz.skills), type, skills, business_id: ctx.biz.id, created_at: now, updated_at: now };
	ctx.biz.skills.push(skill);
	return ok({
		status: true,
		message: t('skillAdded', ctx.lang),
		response: pick(skill, /** @type {const} */ (['id', 'type', 'business_id', 'created_at', 'updated_at'])),
	});
}

// ---------------------------------------------------------------------------------------
// E8 Show customer/supplier branch

/** @param {Ctx} ctx @returns {Result} */
function showBranch(ctx) {
	const { type, uuid, branch_uuid: branchUuid } = ctx.params;
	if (type !== '1' && type !== '2') {
		const v = new Validator();
		v.invalid('type');
		return unprocessable(v);
	}
	const contact = ctx.biz.contacts.find((c) => c.uuid === uuid && c.type === Number(type));
	if (!contact) return notFound(type === '1' ? 'customer' : 'supplier', ctx.lang);
	const branch = contact.branches.find((b) => b.uuid === branchUuid);
	if (!branch) return notFound('branch', ctx.lang);
	return ok({ status: true, message: t('branch', ctx.lang), data: { ...branch }, errors: [] });
}

// ---------------------------------------------------------------------------------------
// E9 Add cash/bank account

/** @param {Ctx} ctx @returns {Result} */
function addAccount(ctx) {
	const f = ctx.input;
	const v = new Validator();
	const name = v.check('name', f.name, { required: true });
	const type = v.check('type', f.type, { required: true, in: ['cash', 'bank'] });
	const representative = v.check('representative_id', f.representative_id, { required: true, type: 'integer', min: 1 });
	const businessId = v.check('business_id', f.business_id, { required: true, type: 'integer' });
	if (businessId != null && businessId !== ctx.biz.id) v.invalid('business_id');
	if (v.failed) return unprocessable(v);
	const now = isoNow();
	const account = {
		id: nextId(ctx.biz, ctx.biz.accounts),
		name,
		type,
		representative_id: String(representative),
		business_id: String(businessId),
		created_at: now,
		updated_at: now,
	};
	ctx.biz.accounts.push(account);
	return ok({ status: true, message: t('accountCreated', ctx.lang), data: { ...account } });
}

// ---------------------------------------------------------------------------------------
// E10 Update task

/** @typedef {BusinessState['tasks'][number]} Task */

const TASK_FIELDS = /** @type {const} */ ([
	'id', 'business_id', 'group_name', 'name', 'task_code', 'owner_id', 'reviewed_by', 'status', 'priority', 'due_date',
	'duration_days', 'timeline_start', 'timeline_end', 'description', 'note', 'budget', 'dependent_on', 'project_id',
	'board_id', 'created_at', 'updated_at', 'deleted_at',
]);
const FILE_FIELDS = /** @type {const} */ (['id', 'task_id', 'file_name', 'file_path', 'file_type', 'file_size', 'uploaded_at']);

/**
 * The task as the platform returns it, with its relations.
 * @param {Task} task
 * @param {Task[]} tasks
 */
function taskView(task, tasks) {
	/** @type {Record<string, any>} */
	const view = pick(task, TASK_FIELDS);
	if (task.dependent_on != null) {
		const parent = tasks.find((x) => x.id === Number(task.dependent_on));
		if (parent) view.dependent_task = pick(parent, TASK_FIELDS);
	}
	view.dependent_tasks = tasks.filter((x) => x.dependent_on != null && Number(x.dependent_on) === task.id).map((x) => pick(x, TASK_FIELDS));
	view.assignments = task.assignments.map((a) => ({ ...a }));
	view.files = task.files.map((file) => pick(file, FILE_FIELDS));
	view.time_tracking = task.time_tracking.map((entry) => ({ ...entry }));
	return view;
}

/** @param {string} from @param {string} to YYYY-MM-DD HH:MM:SS */
function minutesBetween(from, to) {
	return Math.round((Date.parse(`${to.replace(' ', 'T')}Z`) - Date.parse(`${from.replace(' ', 'T')}Z`)) / 60000);
}

/** @param {Ctx} ctx @returns {Result} */
function updateTask(ctx) {
	const tasks = ctx.biz.tasks;
	const task = byId(tasks, ctx.params.id);
	if (!task) return notFound('task', ctx.lang);
	const f = ctx.input;
	const v = new Validator();
	/** @type {Record<string, any>} */
	const changes = {};

	// name may be left out, but not sent empty.
	const name = v.check('name', f.name, { required: f.name !== undefined });
	if (name) changes.name = name;
	for (const key of ['group_name', 'status', 'priority']) {
		const value = v.check(key, f[key]);
		if (value) changes[key] = value;
	}
	// The platform echoes these back as the strings it received.
	for (const key of ['owner_id', 'reviewed_by', 'duration_days']) {
		const value = v.check(key, f[key], { type: 'integer', min: key === 'duration_days' ? 0 : 1 });
		if (value != null) changes[key] = String(value);
	}
	const dueDate = v.check('due_date', f.due_date, { type: 'date' });
	if (dueDate) changes.due_date = dueDate;
	// Nullable fields: sent empty clears them.
	for (const key of ['description', 'note']) {
		const value = v.check(key, f[key]);
		if (value !== undefined) changes[key] = value;
	}
	const budget = v.check('budget', f.budget, { type: 'numeric', min: 0 });
	if (budget !== undefined) changes.budget = budget === null ? null : budget.toFixed(2);
	for (const key of ['dependent_on', 'project_id', 'board_id']) {
		const value = v.check(key, f[key], { type: 'integer', min: 1 });
		if (value !== undefined) changes[key] = value;
	}
	if (changes.dependent_on != null) {
		// Must be another task of this business, without making a cycle.
		let cursor = tasks.find((x) => x.id === changes.dependent_on);
		const valid = !!cursor;
		while (cursor && cursor.id !== task.id) {
			const up = cursor.dependent_on;
			cursor = up == null ? undefined : tasks.find((x) => x.id === Number(up));
		}
		if (!valid || cursor) v.invalid('dependent_on');
	}
	for (const key of ['timeline_start', 'timeline_end']) {
		const value = v.check(key, f[key], { type: 'date' });
		if (value !== undefined) changes[key] = value;
	}
	const start = 'timeline_start' in changes ? changes.timeline_start : task.timeline_start;
	const end = 'timeline_end' in changes ? changes.timeline_end : task.timeline_end;
	if (start && end && end < start && !v.errors.timeline_start && !v.errors.timeline_end) {
		v.fail('timeline_end', 'The timeline end field must be a date after or equal to timeline start.');
	}

	// assignments[i][user_id], assignments[i][id]: the sent list replaces the task's list;
	// an entry with an id keeps that assignment (and its assigned_at).
	/** @type {Array<{ userId: number, existing?: Task['assignments'][number] }> | undefined} */
	let assignments;
	const assignmentEntries = v.list('assignments', f.assignments);
	if (assignmentEntries) {
		assignments = [];
		for (const [key, entry] of assignmentEntries) {
			const base = `assignments.${key}`;
			if (!isObject(entry)) {
				v.fail(base, `The ${base} field must be an array.`);
				continue;
			}
			const userId = v.check(`${base}.user_id`, entry.user_id, { required: true, type: 'integer', min: 1 });
			const id = v.check(`${base}.id`, entry.id, { type: 'integer' });
			const existing = id == null ? undefined : task.assignments.find((a) => a.id === id);
			if (id != null && !existing) v.invalid(`${base}.id`);
			assignments.push({ userId, existing });
		}
	}

	/** @type {number[]} */
	const deleteIds = [];
	for (const [key, raw] of v.list('deleted_file_ids', f.deleted_file_ids) ?? []) {
		const id = v.check(`deleted_file_ids.${key}`, raw, { required: true, type: 'integer' });
		if (id == null) continue;
		if (task.files.some((file) => file.id === id)) deleteIds.push(id);
		else v.invalid(`deleted_file_ids.${key}`);
	}

	/** @type {import('./multipart').UploadedFile[]} */
	const uploads = [];
	for (const [key, raw] of v.list('files', f.files) ?? []) {
		const file = v.check(`files.${key}`, raw, { required: true, type: 'file' });
		if (file) uploads.push(file);
	}

	/** @type {Array<{ userId: number, startedAt: string, endedAt: string | null, minutes: number | null }>} */
	const tracking = [];
	for (const [key, entry] of v.list('timeTracking', f.timeTracking) ?? []) {
		const base = `timeTracking.${key}`;
		if (!isObject(entry)) {
			v.fail(base, `The ${base} field must be an array.`);
			continue;
		}
		const userId = v.check(`${base}.user_id`, entry.user_id, { required: true, type: 'integer', min: 1 });
		const startedAt = v.check(`${base}.started_at`, entry.started_at, { required: true, type: 'datetime' });
		const endedAt = v.check(`${base}.ended_at`, entry.ended_at, { type: 'datetime' });
		if (startedAt && endedAt && endedAt < startedAt) {
			v.fail(`${base}.ended_at`, `The ${base}.ended at field must be a date after or equal to ${base}.started at.`);
		}
		const minutes = v.check(`${base}.duration_minutes`, entry.duration_minutes, { type: 'integer', min: 0 });
		tracking.push({ userId, startedAt, endedAt: endedAt ?? null, minutes: minutes ?? null });
	}
	if (v.failed) return unprocessable(v);

	const now = sqlNow();
	Object.assign(task, changes);
	if (assignments) {
		const all = tasks.flatMap((x) => x.assignments);
		task.assignments = assignments.map(({ userId, existing }) => {
			if (existing) return { ...existing, assign_to: userId };
			const created = { id: nextId(ctx.biz, all), task_id: task.id, assign_to: userId, assigned_at: now };
			all.push(created);
			return created;
		});
	}
	task.files = task.files.filter((file) => !deleteIds.includes(file.id));
	const allFiles = tasks.flatMap((x) => x.files);
	for (const upload of uploads) {
		const id = nextId(ctx.biz, allFiles);
		const file = {
			id,
			task_id: task.id,
			file_name: upload.filename,
			file_path: `task_files/${task.id}/${id}_${upload.filename.replace(/[^\w.-]+/g, '_')}`,
			file_type: upload.contentType.toLowerCase().startsWith('image/') ? 'image' : 'document',
			file_size: upload.size,
			uploaded_at: now,
			content_type: upload.contentType,
			sha256: upload.sha256,
		};
		allFiles.push(file);
		task.files.push(file);
	}
	const allTracking = tasks.flatMap((x) => x.time_tracking);
	for (const entry of tracking) {
		const record = {
			id: nextId(ctx.biz, allTracking),
			task_id: task.id,
			assign_to: entry.userId,
			started_at: entry.startedAt,
			ended_at: entry.endedAt,
			duration_minutes: entry.minutes ?? (entry.endedAt ? minutesBetween(entry.startedAt, entry.endedAt) : 0),
		};
		allTracking.push(record);
		task.time_tracking.push(record);
	}
	task.updated_at = now;
	const message = t('taskUpdated', ctx.lang);
	return processed(message, { task: taskView(task, tasks) });
}

// ---------------------------------------------------------------------------------------
// E11 List business calendars

/** @param {Ctx} ctx @returns {Result} */
function listCalendars(ctx) {
	const v = new Validator();
	v.check('user_type', ctx.input.user_type, { required: true });
	v.check('type', ctx.input.type, { required: true });
	if (v.failed) return unprocessable(v);
	return ok({
		status: true,
		message: t('calendars', ctx.lang),
		data: { data: ctx.biz.calendars.map(({ id, name }) => ({ id, name })) },
	});
}

// ---------------------------------------------------------------------------------------
// E12 Edit catalog comment

/** @param {Ctx} ctx @returns {Result} */
function editComment(ctx) {
	const comment = byId(ctx.biz.comments, ctx.params.comment_id);
	if (!comment) return notFound('comment', ctx.lang);
	const v = new Validator();
	const method = v.check('_method', ctx.input._method, { required: true });
	if (method && method.toUpperCase() !== 'PUT') v.invalid('_method');
	const status = v.check('status', ctx.input.status, { type: 'integer', in: FLAG });
	if (v.failed) return unprocessable(v);
	if (status != null) comment.status = String(status);
	comment.updated_at = isoNow();
	return ok({ status: true, message: t('commentUpdated', ctx.lang), data: null });
}

// ---------------------------------------------------------------------------------------
// E13 Update audit session item: text/plain body carrying JSON

/** @param {Ctx} ctx @returns {Result} */
function updateAuditItem(ctx) {
	const item = byId(ctx.biz.auditItems, ctx.params.audit_item_id);
	if (!item) return notFound('auditItem', ctx.lang);
	/** @type {any} */
	let payload = {};
	if (ctx.text.trim() !== '') {
		try {
			payload = JSON.parse(ctx.text);
		} catch {
			return { status: 400, body: { status: false, message: 'The request body must be a JSON object.' } };
		}
	}
	if (!isObject(payload)) return { status: 400, body: { status: false, message: 'The request body must be a JSON object.' } };
	const v = new Validator();
	const qty = v.check('physical_qty', payload.physical_qty, { required: true, type: 'numeric', min: 0 });
	if (v.failed) return unprocessable(v);
	item.physical_qty = qty;
	item.difference = qty - item.system_qty;
	item.updated_at = isoNow();
	return ok({ status: true, message: t('auditItemUpdated', ctx.lang), data: { ...item } });
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
	else if (to != null && to === from) v.fail('to_inv_id', 'The to inv id field and from inv id must be different.');
	const product = v.check('product_id', f.product_id, { required: true, type: 'integer' });
	if (product != null && !biz.catalog.some((item) => item.id === product)) v.invalid('product_id');
	const quantity = v.check('quantity', f.quantity, { required: true, type: 'numeric', gt: 0 });
	const representative = v.check('representative_id', f.representative_id, { type: 'integer', min: 1 });
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
	return ok({ status: true, message: t('transferCreated', ctx.lang), data: { ...record } });
}

// ---------------------------------------------------------------------------------------
// E15 Get payslip

/** @param {Ctx} ctx @returns {Result} */
function getPayslip(ctx) {
	const payslip = byId(ctx.biz.payslips, ctx.params.payslip_id);
	if (!payslip) return notFound('payslip', ctx.lang);
	return ok({ status: true, message: t('payslip', ctx.lang), response: payslip });
}

// ---------------------------------------------------------------------------------------
// E16 List news: a Laravel length-aware paginator

const NEWS_SORTS = ['id_desc', 'id_asc', 'title_desc', 'title_asc', 'status_desc', 'status_asc'];

/** @typedef {BusinessState['news'][number]} News */

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
	const range = (/** @type {number} */ a, /** @type {number} */ b) => Array.from({ length: b - a + 1 }, (_, i) => a + i);
	if (last < 14) pages = range(1, last);
	else if (current <= 7) pages = [...range(1, 10), '...', last - 1, last];
	else if (current > last - 7) pages = [1, 2, '...', ...range(last - 9, last)];
	else pages = [1, 2, '...', ...range(current - 3, current + 3), '...', last - 1, last];
	return [
		{ url: current > 1 ? `${path}?page=${current - 1}` : null, label: '&laquo; Previous', active: false },
		...pages.map((p) => (p === '...' ? { url: null, label: '...', active: false } : { url: `${path}?page=${p}`, label: String(p), active: p === current })),
		{ url: current < last ? `${path}?page=${current + 1}` : null, label: 'Next &raquo;', active: false },
	];
}

/** @param {Ctx} ctx @returns {Result} */
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
	return ok({
		status: true,
		message: t('news', ctx.lang),
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

// ---------------------------------------------------------------------------------------
// Login at {auth_url}/api/login (shape not in the spec; a minimal stand-in)

/** @param {Ctx} ctx @returns {Result} */
function login(ctx) {
	const v = new Validator();
	const email = v.check('email', ctx.input.email, { required: true });
	const password = v.check('password', ctx.input.password, { required: true });
	if (v.failed) return unprocessable(v);
	const creds = ctx.shared.credentials;
	if (email !== creds.loginEmail || password !== creds.loginPassword) {
		return { status: 401, body: { status: false, message: 'These credentials do not match our records.' } };
	}
	return ok({
		status: true,
		message: t('loggedIn', ctx.lang),
		data: { token: creds.userToken, token_type: 'Bearer', user: { id: 42, name: 'Sandbox Demo User', email } },
	});
}

module.exports = {
	updateSalesQuote,
	editCategory,
	listCategories,
	orderDetails,
	toggleFavorite,
	getDistrict,
	deleteWorkspace,
	addSkill,
	showBranch,
	addAccount,
	updateTask,
	listCalendars,
	editComment,
	updateAuditItem,
	addTransferItem,
	getPayslip,
	listNews,
	login,
	taskView,
	categoryView,
};
