// @ts-check
/**
 * Update Audit Session Item (ENDPOINTS.updateAuditSessionItem): the sandbox's route and handler,
 * written from the platform's description (an independent check of the endpoint entry), the
 * records only it uses (`seed`), its docs/operations.md entry and its case (the fields:
 * test/operations/index.js).
 */
const { Validator } = require('../../../sandbox/validation');
const {
	succeeded,
	notFound,
	unprocessable,
	byId,
	isObject,
} = require('../../../sandbox/operations/common');
const { iso, isoNow } = require('../../../sandbox/data');
const { ECOMMERCE, TEXT } = require('../../../sandbox/routes');
const { HEADER_SETS } = require('../../harness/headerSets');

/**
 * @typedef {{ id: number, audit_session_id: number, product_id: number, product_name: string, system_qty: number, physical_qty: number | null, difference: number | null, updated_at: string }} AuditItem
 */

/** Items of an open audit session, not yet counted. */
const seed = {
	acme: {
		auditItems: /** @type {AuditItem[]} */ ([
			{
				id: 1351,
				audit_session_id: 1361,
				product_id: 1701,
				product_name: 'iPhone 15 Case',
				system_qty: 40,
				physical_qty: null,
				difference: null,
				updated_at: iso('2025-01-25'),
			},
			{
				id: 1352,
				audit_session_id: 1361,
				product_id: 1703,
				product_name: 'Laptop Stand',
				system_qty: 12,
				physical_qty: null,
				difference: null,
				updated_at: iso('2025-01-25'),
			},
		]),
	},
	globex: {
		auditItems: /** @type {AuditItem[]} */ ([
			{
				id: 2351,
				audit_session_id: 2361,
				product_id: 2701,
				product_name: 'Torque Wrench',
				system_qty: 8,
				physical_qty: null,
				difference: null,
				updated_at: iso('2025-01-26'),
			},
		]),
	},
};

/** The physical count, sent as a text/plain body carrying JSON. @type {import('../../../sandbox/operations/common').Handler} */
function updateAuditItem(ctx) {
	const item = byId(/** @type {AuditItem[]} */ (ctx.biz.auditItems), ctx.params.audit_item_id);
	if (!item) return notFound(['Audit item', 'عنصر الجرد'], ctx.lang);
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
	return succeeded(['Audit item updated successfully.', 'تم تحديث عنصر الجرد بنجاح.'], ctx.lang, {
		data: { ...item },
	});
}

/** @type {import('../index').OperationFile} */
module.exports = {
	route: {
		module: 'ecommerce',
		method: 'PATCH',
		path: '/api/v1/audit-sessions/update-session-item/:audit_item_id',
		auth: ECOMMERCE,
		content: TEXT,
		envelope: 'data',
		handler: updateAuditItem,
	},
	seed,
	reference: 'Audit Item ID, Physical Quantity.',
	case: {
		parameters: {
			resource: 'auditSessionItem',
			operation: 'update',
			auditItemId: '1351',
			physicalQty: 38,
		},
		globex: { auditItemId: '2351' },
		retry: 'setValue',
		headers: HEADER_SETS.ecommerce,
		pathIds: { auditItemId: 'Audit Item ID' },
		fullRun: {
			expect: (_output, [request]) => {
				expect(request.method).toBe('PATCH');
				expect(request.body).toEqual({ kind: 'text', text: '{"physical_qty":38}' });
			},
		},
	},
};
