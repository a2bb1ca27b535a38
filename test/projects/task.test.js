// @ts-check
/** The Projects node, Task → Update (updateTask, E10): fields, dates, validation and platform errors (files: task-files.test.js), through n8n-core's real engine against the sandbox platform. */
const { useOperation } = require('../harness/fixture');
const {
	expectPairedItems,
	expectRequest,
	sentHeaderNames,
	recordById,
} = require('../harness/requests');
const { binaryOf, oneItemWith, PNG } = require('./files');
const { expectRunError } = require('../harness/outcomes');

/** Task → Update, with the full record (Simplify off): what Simplify keeps is checked per operation in test/operations.test.js. */
const { fixture, run: updateTask } = useOperation('updateTask', { simple: false });

/** The sandbox's current record of an acme task. @param {number} task */
const taskOf = (task) => recordById(fixture.sandbox.state.acme.tasks, task);

describe('Task → Update (updateTask, E10)', () => {
	test('sends every Update Field in the spec order, dates normalised without a shift, and outputs the task with its relations', async () => {
		const { json, error } = await updateTask({
			taskId: '1002',
			updateFields: {
				boardId: '4',
				budget: '2500.5',
				dependentOn: '1003',
				description: 'Hero section and pricing table',
				dueDate: '2025-03-15T00:00:00',
				durationDays: 9,
				groupName: 'Web',
				name: 'Design landing page v2',
				note: 'Check with legal',
				ownerId: '43',
				priority: 'High',
				projectId: '12',
				reviewedBy: '42',
				status: 'In Progress',
				// Late evening and a +03:00 offset: a conversion through UTC would move these to another day.
				timelineEnd: '2025-03-20T00:30:00.000+03:00',
				timelineStart: '2025-03-01T23:30:00',
			},
		});
		expect(error).toBeUndefined();

		const request = expectRequest(fixture, 'updateTask', {
			method: 'POST',
			path: '/api/v1/tasks/update/1002',
			business: 'acme',
			contentType: expect.stringMatching(/^multipart\/form-data; boundary=/),
		});
		expect(sentHeaderNames(request)).toEqual(
			['Accept', 'Accept-Language', 'Content-Type', 'secure-business-key', 'user-token'].sort(),
		);
		expect(request.headers.Accept).toBe('application/json');
		expect(request.body.fields).toEqual([
			['name', 'Design landing page v2'],
			['group_name', 'Web'],
			['owner_id', '43'],
			['reviewed_by', '42'],
			['status', 'In Progress'],
			['due_date', '2025-03-15'],
			['priority', 'High'],
			['duration_days', '9'],
			['description', 'Hero section and pricing table'],
			['note', 'Check with legal'],
			['budget', '2500.5'],
			['dependent_on', '1003'],
			['timeline_start', '2025-03-01'],
			['timeline_end', '2025-03-20'],
			['project_id', '12'],
			['board_id', '4'],
		]);
		expect(request.body.files).toEqual([]);

		expect(json).toHaveLength(1);
		const task = json[0];
		expect(task).toMatchObject({
			id: 1002,
			name: 'Design landing page v2',
			group_name: 'Web',
			owner_id: '43',
			reviewed_by: '42',
			status: 'In Progress',
			due_date: '2025-03-15',
			priority: 'High',
			duration_days: '9',
			budget: '2500.50',
			dependent_on: 1003,
			timeline_start: '2025-03-01',
			timeline_end: '2025-03-20',
			project_id: 12,
			board_id: 4,
			task_code: 'T01002',
		});
		expect(task.dependent_task).toMatchObject({ id: 1003, name: 'Launch paid ads' });
		expect(task.dependent_tasks).toEqual([]);
		expect(task.assignments).toEqual([
			{ id: 1013, task_id: 1002, assign_to: 44, assigned_at: '2025-01-05 08:20:00' },
		]);
		expect(task.files).toEqual([]);
		expect(task.time_tracking).toEqual([]);
		expect(task).not.toHaveProperty('message');
	});

	test('dates from expressions (Luxon DateTime, JS Date) keep their wall-clock day', async () => {
		const { error } = await updateTask({
			taskId: '1004',
			updateFields: {
				// 00:30 in Riyadh is still the previous day in UTC.
				dueDate: '={{ DateTime.fromISO("2025-04-01T00:30:00", { zone: "Asia/Riyadh" }) }}',
				timelineStart: '={{ new Date("2025-03-25T12:00:00Z") }}',
			},
			timeTracking: {
				timeEntry: [
					{
						userId: '42',
						startedAt: '={{ DateTime.fromISO("2025-03-26T08:15:30", { zone: "Asia/Tokyo" }) }}',
						durationMinutes: null,
					},
				],
			},
		});
		expect(error).toBeUndefined();
		expect(fixture.requestsFor('updateTask')[0].body.fields).toEqual([
			['due_date', '2025-04-01'],
			['timeline_start', '2025-03-25'],
			['timeTracking[0][user_id]', '42'],
			['timeTracking[0][started_at]', '2025-03-26 08:15:30'],
		]);
	});

	test('a malformed date fails that item only, naming item and field; the other items go through', async () => {
		const { output } = await updateTask(
			{
				taskId: '={{ $json.task }}',
				updateFields: { dueDate: '={{ $json.due }}' },
				timeTracking: {
					timeEntry: [{ userId: '42', startedAt: '={{ $json.started }}', durationMinutes: null }],
				},
			},
			{
				items: [
					{ json: { task: 1002, due: '2025-03-10T00:00:00', started: '2025-03-03T08:00:00' } },
					{ json: { task: 1003, due: '2025-02-30T00:00:00', started: '2025-03-03T08:00:00' } },
					{ json: { task: 1004, due: '2025-03-12T00:00:00', started: '2025-03-03' } },
					{ json: { task: 1001, due: '2025-03-14T00:00:00', started: '2025-03-03T08:00:00' } },
				],
				continueOnFail: true,
			},
		);
		expectPairedItems(output, [0, 1, 2, 3]);
		expect(output[0].json).toMatchObject({ id: 1002, due_date: '2025-03-10' });
		expect(output[1].json.error).toBe(
			'Due Date is not a real date or time, got "2025-02-30T00:00:00"',
		);
		expect(output[2].json.error).toBe(
			'Started At of Time Entry 1 needs a time as YYYY-MM-DD HH:MM:SS, got "2025-03-03"',
		);
		expect(output[3].json).toMatchObject({ id: 1001, due_date: '2025-03-14' });
		expect(fixture.sortedFor('updateTask', (r) => r.path)).toEqual([
			'/api/v1/tasks/update/1001',
			'/api/v1/tasks/update/1002',
		]);
		expect(taskOf(1003).due_date).toBe('2025-02-25');
	});

	test('without continueOnFail a malformed date stops the node with the item and field named', async () => {
		const { error } = await updateTask({
			taskId: '1002',
			updateFields: { timelineEnd: 'next week' },
		});
		expect(error?.message).toBe('Timeline End must be a date as YYYY-MM-DD, got "next week"');
		expect(fixture.sandbox.requests).toHaveLength(0);
	});

	test('a clearable field left empty is sent empty and clears it; another empty field is refused', async () => {
		const cleared = await updateTask({
			taskId: '1001',
			updateFields: { timelineStart: '', timelineEnd: '', projectId: '', note: '' },
		});
		expect(cleared.error).toBeUndefined();
		expect(fixture.requestsFor('updateTask')[0].body.fields).toEqual([
			['note', ''],
			['timeline_start', ''],
			['timeline_end', ''],
			['project_id', ''],
		]);
		expect(cleared.json[0]).toMatchObject({
			timeline_start: null,
			timeline_end: null,
			project_id: null,
			note: null,
		});

		const refused = await updateTask({ taskId: '1001', updateFields: { ownerId: ' ' } });
		expect(refused.error?.message).toBe(
			'Owner ID is empty; remove it from Update Fields to leave it unchanged',
		);
		expect(fixture.requestsFor('updateTask')).toHaveLength(1);
	});

	test('a missing binary field fails that item before anything is sent', async () => {
		const { error } = await updateTask(
			{ taskId: '1001', updateFields: { binaryPropertyNames: 'data, attachment' } },
			oneItemWith({
				data: binaryOf(PNG, 'image/png', 'a.png'),
			}),
		);
		expect(error?.message).toMatch(/attachment/);
		expect(error?.context?.itemIndex).toBe(0);
		expect(fixture.sandbox.requests).toHaveLength(0);
	});

	test('ids in fixed collections are checked with their entry named', async () => {
		const { error } = await updateTask({
			taskId: '1001',
			assignments: {
				assignment: [
					{ userId: '42', assignmentId: '' },
					{ userId: 'sara', assignmentId: '' },
				],
			},
		});
		expect(error?.message).toBe('User ID of Assignment 2 must be a whole number, got "sara"');
		expect(fixture.sandbox.requests).toHaveLength(0);
	});

	test('an unknown task fails with the platform message and HTTP 404', async () => {
		const { error } = await updateTask({ taskId: '9999', updateFields: { name: 'x' } });
		expectRunError(error, { message: 'The platform has no task 9999', httpCode: '404' });
	});

	test("another business's task is not visible (tenant isolation)", async () => {
		const { error } = await updateTask({ taskId: '2001', updateFields: { name: 'x' } });
		expect(error?.httpCode).toBe('404');
		expect(fixture.sandbox.state.globex.tasks[0].name).toBe('Replace conveyor belt');
	});

	test('the platform refuses a dependency cycle: 422 with its field error', async () => {
		const { error } = await updateTask({ taskId: '1001', updateFields: { dependentOn: '1002' } });
		expectRunError(error, {
			message: 'The platform refused to update task 1001: The selected dependent on is invalid.',
			httpCode: '422',
		});
		// The platform's field is named by the node's parameter label.
		expectRunError(error, {
			description: ['- Dependent On Task ID: The selected dependent on is invalid.'],
			data: {
				operation: 'Update Task',
				method: 'POST',
				path: '/api/v1/tasks/update/{id}',
				httpCode: 422,
				item: 0,
			},
		});
	});

	test('Name stays optional: if the platform insists on it, its own message is shown', async () => {
		fixture.sandbox.inject({
			operation: 'updateTask',
			status: 422,
			body: {
				message: 'The name field is required.',
				errors: { name: ['The name field is required.'] },
			},
		});
		const { error } = await updateTask({ taskId: '1001', updateFields: { status: 'Done' } });
		expectRunError(error, {
			message: 'The platform refused to update task 1001: The name field is required.',
			description: ['- Name: The name field is required.'],
		});
		expect(fixture.requestsFor('updateTask')[0].body.fields).toEqual([['status', 'Done']]);
	});

	test('success: false on HTTP 200 is an error with the platform message', async () => {
		fixture.sandbox.inject({
			operation: 'updateTask',
			statusFalse: true,
			message: 'Task is locked by its reviewer',
		});
		const { error } = await updateTask({ taskId: '1001', updateFields: { status: 'Done' } });
		expect(error?.message).toBe(
			'The platform refused to update task 1001: Task is locked by its reviewer',
		);
	});
});
