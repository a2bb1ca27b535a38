// @ts-check
'use strict';

/**
 * Operations the spec lists by name only (invoices, journal entries, order status changes,
 * abandoned orders, employees, calendar notes, attachments, the REST form of workspace
 * deletion). Their paths and headers are not in the spec: each route (sandbox/routes.js,
 * "name-only") picks one module and one of the spec's header sets, so Custom API Call can be
 * tested against something that checks exact header names, content types and fields. The
 * records they add live beside the business state and are reseeded with it.
 */

const { Validator } = require('../validation');
const { isContainer } = require('../multipart');
const { ok, processed, unprocessable } = require('./common');

/**
 * @typedef {import('./common').Ctx} Ctx
 * @typedef {import('./common').Result} Result
 */

/** @param {string} message @returns {Result} */
const notFound = (message) => ({ status: 404, body: { status: false, message } });

/**
 * Extra records of one business, created on first use; a reseeded business is a new object,
 * so its extra records start afresh too.
 * @type {WeakMap<object, { invoices: any[], orderStatus: Map<number, string>, journal: any[], notes: Map<number, string>, attachments: any[] }>}
 */
const extras = new WeakMap();

/** @param {Ctx} ctx */
function extraOf(ctx) {
	let extra = extras.get(ctx.biz);
	if (!extra) {
		const base = ctx.biz.id === 101 ? 1900 : 2900;
		const invoices = Array.from({ length: 37 }, (_, i) => ({
			id: base + i,
			reference: 5000 + i,
			business_id: ctx.biz.id,
			total: 100 + i * 10,
			status: i % 3 === 0 ? 'paid' : 'open',
		}));
		extra = { invoices, orderStatus: new Map(), journal: [], notes: new Map(), attachments: [] };
		extras.set(ctx.biz, extra);
	}
	return extra;
}

/** @param {string} rawId */
const idOf = (rawId) => (/^\d+$/.test(rawId) ? Number(rawId) : NaN);

/** Accounting invoices list: a Laravel paginator, like E16. @param {Ctx} ctx @returns {Result} */
function listInvoices(ctx) {
	const v = new Validator();
	const perPage = v.check('per_page', ctx.query.per_page, { type: 'integer', min: 1 }) ?? 15;
	const page = v.check('page', ctx.query.page, { type: 'integer', min: 1 }) ?? 1;
	const status = v.check('status', ctx.query.status, { in: ['open', 'paid'] });
	if (v.failed) return unprocessable(v);
	const matches = extraOf(ctx).invoices.filter(
		(invoice) => status == null || invoice.status === status,
	);
	const lastPage = Math.max(1, Math.ceil(matches.length / perPage));
	const offset = (page - 1) * perPage;
	const data = matches.slice(offset, offset + perPage);
	const path = `${ctx.moduleUrl}/api/v1/invoices`;
	return ok({
		status: true,
		message: ctx.lang === 'ar' ? 'تم جلب الفواتير بنجاح.' : 'Invoices retrieved successfully.',
		data: {
			current_page: page,
			data,
			from: data.length ? offset + 1 : null,
			last_page: lastPage,
			next_page_url: page < lastPage ? `${path}?page=${page + 1}` : null,
			path,
			per_page: perPage,
			prev_page_url: page > 1 ? `${path}?page=${page - 1}` : null,
			to: data.length ? offset + data.length : null,
			total: matches.length,
		},
	});
}

/** Accounting journal entry (JSON): balanced lines only. @param {Ctx} ctx @returns {Result} */
function createJournalEntry(ctx) {
	const v = new Validator();
	const date = v.check('date', ctx.input.date, { required: true, type: 'date' });
	// The client's JSON lines, unchecked: each is read defensively.
	/** @type {Array<{ debit?: unknown, credit?: unknown } | null | undefined>} */
	const lines = Array.isArray(ctx.input.lines) ? ctx.input.lines : [];
	if (lines.length < 2) v.fail('lines', 'The lines field must have at least 2 items.');
	const sum = lines.reduce(
		(total, line) => total + Number(line?.debit ?? 0) - Number(line?.credit ?? 0),
		0,
	);
	if (lines.length >= 2 && Math.abs(sum) > 1e-9)
		v.fail('lines', 'The debits and credits must balance.');
	if (v.failed) return unprocessable(v);
	const journal = extraOf(ctx).journal;
	const entry = {
		id: (ctx.biz.id === 101 ? 1950 : 2950) + journal.length,
		date,
		business_id: ctx.biz.id,
		lines,
	};
	journal.push(entry);
	return ok({ status: true, message: 'Journal entry created.', data: entry });
}

/** Ecommerce order status change (POST or PATCH, JSON). @param {Ctx} ctx @returns {Result} */
function changeOrderStatus(ctx) {
	const id = idOf(ctx.params.order_id);
	if (!ctx.biz.orders?.some((order) => order.id === id)) return notFound('Order not found.');
	const v = new Validator();
	const status = v.check('status', ctx.input.status, {
		required: true,
		in: ['pending', 'processing', 'shipped', 'delivered', 'cancelled'],
	});
	if (v.failed) return unprocessable(v);
	const statuses = extraOf(ctx).orderStatus;
	if (statuses.get(id) === status)
		return ok({ status: false, message: `The order is already ${status}.`, data: null });
	statuses.set(id, status);
	return ok({
		status: true,
		message: 'Order status changed.',
		data: { id, status, changes: statuses.size },
	});
}

/** Ecommerce abandoned orders: a plain list, not a paginator. @param {Ctx} ctx @returns {Result} */
function listAbandonedOrders(ctx) {
	const data = (ctx.biz.orders ?? [])
		.slice(0, 2)
		.map((order) => ({ id: order.id, abandoned: true }));
	return ok({ status: true, message: 'Abandoned orders retrieved.', data });
}

/** HR employee (nested in payslips in the seed data). @param {Ctx} ctx @returns {Result} */
function getEmployee(ctx) {
	const id = idOf(ctx.params.employee_id);
	const employee = (ctx.biz.payslips ?? []).map((p) => p.employee).find((e) => e?.id === id);
	if (!employee)
		return { status: 404, body: { status: false, message: 'Employee not found.', response: null } };
	return ok({ status: true, message: 'Employee retrieved.', response: employee });
}

/** Calendar note (text/plain body). @param {Ctx} ctx @returns {Result} */
function setCalendarNote(ctx) {
	const id = idOf(ctx.params.calendar_id);
	if (!ctx.biz.calendars?.some((calendar) => calendar.id === id))
		return notFound('Calendar not found.');
	if (ctx.text.trim() === '') {
		const v = new Validator();
		v.required('note');
		return unprocessable(v);
	}
	extraOf(ctx).notes.set(id, ctx.text);
	return ok({ status: true, message: 'Calendar note saved.', data: { id, note: ctx.text } });
}

/** @param {unknown} value @returns {any[]} */
function listOf(value) {
	if (Array.isArray(value)) return value;
	if (isContainer(value)) return Object.values(value);
	return value === undefined ? [] : [value];
}

/** Management attachments upload (multipart, files[] repeated). @param {Ctx} ctx @returns {Result} */
function uploadAttachments(ctx) {
	const v = new Validator();
	const taskId = v.check('task_id', ctx.input.task_id, { required: true, type: 'integer' });
	const files = listOf(ctx.input.files);
	if (files.length === 0) v.required('files');
	files.forEach((file, i) => v.check(`files.${i}`, file, { type: 'file' }));
	if (v.failed) return unprocessable(v);
	const saved = files.map((file, i) => ({
		id: (ctx.biz.id === 101 ? 1980 : 2980) + extraOf(ctx).attachments.length + i,
		task_id: taskId,
		file_name: file.filename,
		file_type: file.contentType,
		file_size: file.size,
		sha256: file.sha256,
	}));
	extraOf(ctx).attachments.push(...saved);
	return processed('Attachments uploaded.', { files: saved });
}

/** Management workspace deletion in its REST form (DELETE /api/workspaces/{id}). @param {Ctx} ctx @returns {Result} */
function deleteWorkspaceRest(ctx) {
	const workspaces = ctx.biz.workspaces ?? [];
	const index = workspaces.findIndex((w) => w.id === idOf(ctx.params.id));
	if (index < 0)
		return {
			status: 404,
			body: {
				status_code: 404,
				code: 1044,
				hint: 'Not Found',
				success: false,
				data: { message: 'Workspace not found.' },
			},
		};
	workspaces.splice(index, 1);
	return processed('Workspace deleted successfully.');
}

module.exports = {
	listInvoices,
	createJournalEntry,
	changeOrderStatus,
	listAbandonedOrders,
	getEmployee,
	setCalendarNote,
	uploadAttachments,
	deleteWorkspaceRest,
};
