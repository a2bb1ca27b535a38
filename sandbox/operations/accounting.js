// @ts-check
'use strict';

/** The Accounting module: E1 sales quote update, E8 customer/supplier branch, E9 cash/bank account. */

const { Validator, attr } = require('../validation');
const { FLAG, say, ok, notFound, unprocessable, byId, nextId, pick } = require('./common');
const { isoNow } = require('../data');

/**
 * @typedef {import('./common').Ctx} Ctx
 * @typedef {import('./common').Result} Result
 */

/** Success texts, English and Arabic. */
const MESSAGES = {
	quoteUpdated: ['Sales quote updated successfully.', 'تم تحديث عرض السعر بنجاح.'],
	branch: ['Branch retrieved successfully.', 'تم جلب الفرع بنجاح.'],
	accountCreated: ['Account created successfully.', 'تم إنشاء الحساب بنجاح.'],
};

/** Names for not-found messages, English and Arabic. */
const THINGS = {
	quote: ['Quote', 'عرض السعر'],
	customer: ['Customer', 'العميل'],
	supplier: ['Supplier', 'المورد'],
	branch: ['Branch', 'الفرع'],
};

// ---------------------------------------------------------------------------------------
// E1 Update sales quote

const QUOTE_FIELDS = /** @type {const} */ ([
	'id',
	'uuid',
	'user_id',
	'business_id',
	'currency_id',
	'status_id',
	'reference',
	'due_date',
	'created_date',
	'description',
	'billing_address',
	'tax_inclusive',
	'rounding',
	'discount',
	'hide_total',
	'custom_title',
	'rounding_value',
	'total',
	'note',
	'created_at',
	'updated_at',
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
	if (!quote) return notFound(THINGS.quote, ctx.lang);
	const f = ctx.input;
	const v = new Validator();

	const customerId = v.check('customer_id', f.customer_id, { required: true, type: 'integer' });
	if (customerId != null && !ctx.biz.customers.some((c) => c.id === customerId))
		v.invalid('customer_id');
	const currencyId = v.check('currency_id', f.currency_id, { required: true, type: 'integer' });
	const createdDate = v.check('created_date', f.created_date, { required: true, type: 'date' });
	const dueDate = v.check('due_date', f.due_date, { type: 'date' });
	if (dueDate && createdDate && dueDate < createdDate) {
		v.fail('due_date', 'The due date field must be a date after or equal to created date.');
	}
	const description = v.check('description', f.description);
	const taxInclusive = v.check('tax_inclusive', f.tax_inclusive, {
		required: true,
		type: 'integer',
		in: FLAG,
	});
	const hideTotal = v.check('hide_total', f.hide_total, { type: 'integer', in: FLAG });
	const discountCheck = v.check('discount_check', f.discount_check, {
		required: true,
		type: 'integer',
		in: FLAG,
	});
	const discount = v.check('discount', f.discount, { required: true, type: 'integer', in: FLAG });
	const customTitle = v.check('custom_title', f.custom_title);
	const total = v.check('total', f.total, { required: true, type: 'numeric', min: 0 });
	const finalTotal = v.check('final_total', f.final_total, {
		required: true,
		type: 'numeric',
		min: 0,
	});
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
			v.check(`${wire}.${key}`, raw, {
				required: true,
				type,
				...(wire === 'item_qty' ? { gt: 0 } : {}),
			}),
		);
	}
	const sortEntries = v.list('item_sort', f.item_sort);
	if (sortEntries && lineCount !== undefined && sortEntries.length !== lineCount) {
		v.fail('item_sort', `The ${attr('item_sort')} field must contain ${lineCount} items.`);
	}
	const sorts = (sortEntries ?? []).map(([key, raw]) =>
		v.check(`item_sort.${key}`, raw, { type: 'integer' }),
	);
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
	return ok({
		status: true,
		message: say(MESSAGES.quoteUpdated, ctx.lang),
		data: pick(quote, QUOTE_FIELDS),
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
	if (!contact) return notFound(type === '1' ? THINGS.customer : THINGS.supplier, ctx.lang);
	const branch = contact.branches.find((b) => b.uuid === branchUuid);
	if (!branch) return notFound(THINGS.branch, ctx.lang);
	return ok({
		status: true,
		message: say(MESSAGES.branch, ctx.lang),
		data: { ...branch },
		errors: [],
	});
}

// ---------------------------------------------------------------------------------------
// E9 Add cash/bank account

/** @param {Ctx} ctx @returns {Result} */
function addAccount(ctx) {
	const f = ctx.input;
	const v = new Validator();
	const name = v.check('name', f.name, { required: true });
	const type = v.check('type', f.type, { required: true, in: ['cash', 'bank'] });
	const representative = v.check('representative_id', f.representative_id, {
		required: true,
		type: 'integer',
		min: 1,
	});
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
	return ok({
		status: true,
		message: say(MESSAGES.accountCreated, ctx.lang),
		data: { ...account },
	});
}

module.exports = { updateSalesQuote, showBranch, addAccount };
