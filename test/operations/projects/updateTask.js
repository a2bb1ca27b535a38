// @ts-check
/**
 * Update Task (ENDPOINTS.updateTask): the sandbox's route, written from the platform's
 * description (an independent check of the endpoint entry), its docs/operations.md entry and
 * its case (the fields: test/operations/index.js).
 */
const ops = require('../../../sandbox/operations');
const { MANAGEMENT, MULTIPART } = require('../../../sandbox/routes');
const { HEADER_SETS } = require('../../harness/headerSets');

/** @type {import('../index').OperationFile} */
module.exports = {
	route: {
		module: 'management',
		method: 'POST',
		path: '/api/v1/tasks/update/:id',
		auth: MANAGEMENT,
		need: { Accept: 'accept-json' },
		lang: 'Accept-Language',
		content: MULTIPART,
		envelope: 'success',
		handler: ops.updateTask,
	},
	reference:
		"Task ID; Update Fields (name, group, owner, reviewer, status, due date, priority, duration, description, note, budget, dependent-on task, timeline, project, board, files to upload from the item's binary fields, file IDs to delete); Assignments; Time Tracking entries. Dates are sent as picked, without a time-zone shift. With nothing to change the item is refused before anything is sent. Output: the updated task; Simplify keeps id, task_code, name, status, priority, due_date, owner_id, assignments, files and updated_at.",
	case: {
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
	},
};
