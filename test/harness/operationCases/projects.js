// @ts-check
/**
 * The operation cases of the Projects node: one per `ENDPOINTS` entry it calls (the fields:
 * test/harness/operationCases/index.js). Adding an operation adds its case here.
 */
const { caseBuilder } = require('./caseBuilder');
const { HEADER_SETS } = require('../headerSets');

const operationCase = caseBuilder('businessPlatformProjects');

const CASES = [
	operationCase({
		endpoint: 'deleteWorkspace',
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
				expect(output[0]).toMatchObject({ deleted: true });
			},
		},
	}),
	operationCase({
		endpoint: 'updateTask',
		parameters: {
			resource: 'task',
			operation: 'update',
			taskId: '1002',
			updateFields: { name: 'Updated' },
		},
		globex: { taskId: '2002' },
		retry: 'create',
		headers: HEADER_SETS.management,
		pathIds: { taskId: 'Task ID' },
		simplified: [
			'id',
			'task_code',
			'name',
			'status',
			'priority',
			'due_date',
			'owner_id',
			'assignments',
			'files',
			'updated_at',
		],
		fullRun: {
			overrides: {
				updateFields: { name: 'Updated in n8n', dueDate: '2026-12-01T00:00:00' },
				timeTracking: {
					timeEntry: [{ userId: '3', startedAt: '2026-11-21T09:00:00', durationMinutes: 30 }],
				},
			},
			expect: (output, [request]) => {
				expect(request.body.fields).toEqual(
					expect.arrayContaining([
						['name', 'Updated in n8n'],
						['due_date', '2026-12-01'],
						['timeTracking[0][started_at]', '2026-11-21 09:00:00'],
					]),
				);
				expect(output[0]).toMatchObject({
					id: 1002,
					name: 'Updated in n8n',
					due_date: '2026-12-01',
				});
			},
		},
	}),
];

module.exports = { CASES };
