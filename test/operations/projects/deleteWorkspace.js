// @ts-check
/**
 * Delete Workspace (ENDPOINTS.deleteWorkspace): the sandbox's route and handler, written from the
 * platform's description (an independent check of the endpoint entry), its docs/operations.md
 * entry and its case (the fields: test/operations/index.js).
 */
const { Validator } = require('../../../sandbox/validation');
const {
	say,
	processed,
	notFound,
	unprocessable,
	byId,
} = require('../../../sandbox/operations/common');
const { JSON_TYPE, MANAGEMENT } = require('../../../sandbox/routes');
const { HEADER_SETS } = require('../../harness/headerSets');

/** @type {import('../../../sandbox/operations/common').Handler} */
function deleteWorkspace(ctx) {
	const workspaces = ctx.biz.workspaces;
	const workspace = byId(workspaces, ctx.params.id);
	if (!workspace) return notFound(['Workspace', 'مساحة العمل'], ctx.lang);
	const v = new Validator();
	const businessId = v.check('business_id', ctx.input.business_id, {
		required: true,
		type: 'integer',
	});
	if (businessId != null && businessId !== ctx.biz.id) v.invalid('business_id');
	if (v.failed) return unprocessable(v);
	workspaces.splice(workspaces.indexOf(workspace), 1);
	return processed(say(['Workspace deleted successfully.', 'تم حذف مساحة العمل بنجاح.'], ctx.lang));
}

/** @type {import('../index').OperationFile} */
module.exports = {
	route: {
		module: 'management',
		method: 'POST',
		path: '/api/v1/workspaces/delete/:id',
		auth: MANAGEMENT,
		need: { Accept: 'accept-json' },
		lang: 'Accept-Language',
		content: JSON_TYPE,
		envelope: 'success',
		handler: deleteWorkspace,
	},
	reference: 'Workspace ID and Business ID. Output: `{ deleted: true }`.',
	case: {
		parameters: {
			resource: 'workspace',
			operation: 'delete',
			workspaceId: '1803',
			businessId: '101',
		},
		globex: { workspaceId: '2802', businessId: '202' },
		retry: 'create',
		headers: HEADER_SETS.management,
		pathIds: { workspaceId: 'Workspace ID' },
		// A workspace is deleted once: the items of a several-item run delete 1801, 1802, 1803.
		itemParameters: { workspaceId: '={{ 1801 + $itemIndex }}' },
		tenant: {
			itemValues: { workspaceId: ['1803', '2802', '1802', '1803'] },
			state: (state) => {
				expect(state.acme.workspaces.map((w) => w.id)).toEqual([1801]);
				expect(state.globex.workspaces.map((w) => w.id)).toEqual([2801]);
			},
		},
		fullRun: {
			expect: (output, [request]) => {
				expect(request.body).toEqual({ kind: 'json', value: { business_id: 101 } });
				expect(output[0]).toEqual({ deleted: true });
			},
		},
	},
};
