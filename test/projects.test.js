// @ts-check
/** The Projects node (E6 workspace delete, E10 task update) through n8n-core's real engine against the sandbox. */
const crypto = require('node:crypto');

const { startSandbox } = require('../sandbox/server');
const { runNode, sandboxCredentials, useFilesystemBinaryData } = require('./harness/n8n');
const { PROTOCOL_HEADERS, platformHeaderNames, requestsFor } = require('./harness/requests');

/** @type {any} */
let sandbox;
/** @type {Record<string, any>} */
let credentials;

beforeAll(async () => {
	sandbox = await startSandbox();
	credentials = sandboxCredentials(sandbox);
});
afterAll(() => sandbox.close());
beforeEach(() => sandbox.reset());

/**
 * @param {Record<string, any>} parameters
 * @param {{ items?: any[], continueOnFail?: boolean, credentials?: Record<string, any> }} [options]
 */
function runProjects(parameters, options = {}) {
	return runNode({
		type: 'businessPlatformProjects',
		parameters: { requestOptions: { retryDelay: 1 }, ...parameters },
		credentials: options.credentials ?? credentials,
		items: options.items,
		continueOnFail: options.continueOnFail,
	});
}

/** Every header name sent except what HTTP and the client add on their own (host, length, ...). */
const TRANSPORT_HEADERS = new Set([...PROTOCOL_HEADERS].filter((name) => name !== 'accept' && name !== 'content-type'));
/** @param {{ headerNames: string[] }} request */
function sentHeaderNames(request) {
	return request.headerNames.filter((name) => !TRANSPORT_HEADERS.has(name.toLowerCase())).sort();
}

/** @param {Buffer} buffer */
const sha256 = (buffer) => crypto.createHash('sha256').update(buffer).digest('hex');

/** A small valid PNG (1x1, red) and a text "PDF": two files of different types and sizes. */
const PNG = Buffer.from(
	'89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de0000000c4944415408d763f8cfc0000003010100c9fe92ef0000000049454e44ae426082',
	'hex',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'utf8');

/** @param {any} task */
const taskOf = (task) => sandbox.state.acme.tasks.find((/** @type {any} */ t) => t.id === task);

describe('Workspace → Delete (E6)', () => {
	test('sends exactly Accept, user-token, secure-business-key, Accept-Language and Content-Type with a JSON body', async () => {
		const { json, output, error } = await runProjects({ resource: 'workspace', operation: 'delete', workspaceId: '1801', businessId: '101' });
		expect(error).toBeUndefined();

		const [request] = requestsFor(sandbox, 'E6');
		expect(request).toMatchObject({ method: 'POST', path: '/api/v1/workspaces/delete/1801', status: 200, business: 'acme', contentType: 'application/json' });
		expect(sentHeaderNames(request)).toEqual(['Accept', 'Accept-Language', 'Content-Type', 'secure-business-key', 'user-token'].sort());
		expect(platformHeaderNames(request)).toEqual(['Accept-Language', 'secure-business-key', 'user-token']);
		expect(request.headers).toMatchObject({
			Accept: 'application/json',
			'Accept-Language': 'en',
			'user-token': sandbox.credentials.userToken,
			'secure-business-key': sandbox.credentials.businessKeys.acme,
		});
		expect(request.body).toEqual({ kind: 'json', value: { business_id: 101 } });

		expect(json).toEqual([{ deleted: true, message: 'Workspace deleted successfully.' }]);
		expect(output[0].pairedItem).toEqual({ item: 0 });
		expect(sandbox.state.acme.workspaces.map((/** @type {any} */ w) => w.id)).toEqual([1802, 1803]);
	});

	test('Options → Language overrides the credential default', async () => {
		const { json, error } = await runProjects({
			resource: 'workspace', operation: 'delete', workspaceId: '1802', businessId: '101', options: { language: 'ar' },
		});
		expect(error).toBeUndefined();
		expect(requestsFor(sandbox, 'E6')[0].headers['Accept-Language']).toBe('ar');
		expect(json[0]).toEqual({ deleted: true, message: 'تم حذف مساحة العمل بنجاح.' });
	});

	test('an unknown workspace fails with the platform message and HTTP 404', async () => {
		const { error } = await runProjects({ resource: 'workspace', operation: 'delete', workspaceId: '4242', businessId: '101' });
		expect(error?.message).toBe('Workspace not found.');
		expect(/** @type {any} */ (error).httpCode).toBe('404');
		expect(error?.description).toContain('E6 Delete Workspace (POST /api/v1/workspaces/delete/{id}), HTTP 404, item 0');
	});

	test('another business id is refused by the platform with its field error (422)', async () => {
		const { error } = await runProjects({ resource: 'workspace', operation: 'delete', workspaceId: '1801', businessId: '202' });
		expect(/** @type {any} */ (error).httpCode).toBe('422');
		expect(error?.message).toBe('The selected business id is invalid.');
		expect(error?.description).toContain('- business_id: The selected business id is invalid.');
		expect(sandbox.state.acme.workspaces).toHaveLength(3);
	});

	test('ids that are not whole numbers fail naming the parameter and item; nothing is sent', async () => {
		const { json } = await runProjects(
			{ resource: 'workspace', operation: 'delete', workspaceId: '={{ $json.w }}', businessId: '={{ $json.b }}' },
			{ items: [{ json: { w: '../tasks', b: 101 } }, { json: { w: 1801, b: 'acme' } }], continueOnFail: true },
		);
		expect(json[0].error).toBe('Workspace ID must be a whole number, got "../tasks" (item 0)');
		expect(json[1].error).toBe('Business ID must be a whole number, got "acme" (item 1)');
		expect(sandbox.requests).toHaveLength(0);
	});

	test('a delete is not repeated after a 500: the platform may have acted', async () => {
		sandbox.inject({ operation: 'E6', status: 500, actFirst: true });
		const { error } = await runProjects({
			resource: 'workspace', operation: 'delete', workspaceId: '1803', businessId: '101', requestOptions: { maxTries: 3, retryDelay: 1 },
		});
		expect(/** @type {any} */ (error).httpCode).toBe('500');
		expect(requestsFor(sandbox, 'E6')).toHaveLength(1);
	});
});

describe('Task → Update (E10)', () => {
	test('sends every Update Field in the spec order, dates normalised without a shift, and outputs the task with its relations', async () => {
		const { json, error } = await runProjects({
			resource: 'task',
			operation: 'update',
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

		const [request] = requestsFor(sandbox, 'E10');
		expect(request).toMatchObject({ method: 'POST', path: '/api/v1/tasks/update/1002', status: 200, business: 'acme' });
		expect(request.contentType).toMatch(/^multipart\/form-data; boundary=/);
		expect(sentHeaderNames(request)).toEqual(['Accept', 'Accept-Language', 'Content-Type', 'secure-business-key', 'user-token'].sort());
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
			id: 1002, name: 'Design landing page v2', group_name: 'Web', owner_id: '43', reviewed_by: '42', status: 'In Progress',
			due_date: '2025-03-15', priority: 'High', duration_days: '9', budget: '2500.50', dependent_on: 1003,
			timeline_start: '2025-03-01', timeline_end: '2025-03-20', project_id: 12, board_id: 4, task_code: 'T01002',
		});
		expect(task.dependent_task).toMatchObject({ id: 1003, name: 'Launch paid ads' });
		expect(task.dependent_tasks).toEqual([]);
		expect(task.assignments).toEqual([{ id: 1013, task_id: 1002, assign_to: 44, assigned_at: '2025-01-05 08:20:00' }]);
		expect(task.files).toEqual([]);
		expect(task.time_tracking).toEqual([]);
		expect(task).not.toHaveProperty('message');
	});

	test('dates from expressions (Luxon DateTime, JS Date) keep their wall-clock day', async () => {
		const { error } = await runProjects({
			resource: 'task',
			operation: 'update',
			taskId: '1004',
			updateFields: {
				// 00:30 in Riyadh is still the previous day in UTC.
				dueDate: '={{ DateTime.fromISO("2025-04-01T00:30:00", { zone: "Asia/Riyadh" }) }}',
				timelineStart: '={{ new Date("2025-03-25T12:00:00Z") }}',
			},
			timeTracking: { timeEntry: [{ userId: '42', startedAt: '={{ DateTime.fromISO("2025-03-26T08:15:30", { zone: "Asia/Tokyo" }) }}', durationMinutes: null }] },
		});
		expect(error).toBeUndefined();
		expect(requestsFor(sandbox, 'E10')[0].body.fields).toEqual([
			['due_date', '2025-04-01'],
			['timeline_start', '2025-03-25'],
			['timeTracking[0][user_id]', '42'],
			['timeTracking[0][started_at]', '2025-03-26 08:15:30'],
		]);
	});

	test('uploads two binary files of different types: names, sizes, types and content hashes arrive intact', async () => {
		const { json, error } = await runProjects(
			{ resource: 'task', operation: 'update', taskId: '1001', updateFields: { binaryPropertyNames: 'photo, report' } },
			{
				items: [{
					json: {},
					binary: {
						photo: { data: PNG.toString('base64'), mimeType: 'image/png', fileName: 'site-photo.png' },
						report: { data: PDF.toString('base64'), mimeType: 'application/pdf', fileName: 'Inspection report.pdf' },
					},
				}],
			},
		);
		expect(error).toBeUndefined();

		const [request] = requestsFor(sandbox, 'E10');
		expect(request.body.fields).toEqual([]);
		expect(request.body.files).toEqual([
			{ field: 'files[0]', filename: 'site-photo.png', contentType: 'image/png', size: PNG.length, sha256: sha256(PNG) },
			{ field: 'files[1]', filename: 'Inspection report.pdf', contentType: 'application/pdf', size: PDF.length, sha256: sha256(PDF) },
		]);

		const files = json[0].files;
		expect(files.map((/** @type {any} */ f) => f.id)).toEqual([1021, 1022, 1023, 1024]);
		expect(files.slice(2)).toMatchObject([
			{ file_name: 'site-photo.png', file_type: 'image', file_size: PNG.length, task_id: 1001 },
			{ file_name: 'Inspection report.pdf', file_type: 'document', file_size: PDF.length, task_id: 1001 },
		]);
		// What the platform stored is byte-for-byte the input.
		expect(taskOf(1001).files.slice(2).map((/** @type {any} */ f) => [f.content_type, f.sha256])).toEqual([
			['image/png', sha256(PNG)],
			['application/pdf', sha256(PDF)],
		]);
	});

	test('a file without a file name is sent under its binary field name with its MIME type', async () => {
		const { error } = await runProjects(
			{ resource: 'task', operation: 'update', taskId: '1004', updateFields: { binaryPropertyNames: '={{ ["data"] }}' } },
			{ items: [{ json: {}, binary: { data: { data: PDF.toString('base64'), mimeType: 'application/pdf' } } }] },
		);
		expect(error).toBeUndefined();
		expect(requestsFor(sandbox, 'E10')[0].body.files).toEqual([
			{ field: 'files[0]', filename: 'data', contentType: 'application/pdf', size: PDF.length, sha256: sha256(PDF) },
		]);
	});

	test('File IDs to Delete removes those files from the task', async () => {
		const { json, error } = await runProjects({ resource: 'task', operation: 'update', taskId: '1001', updateFields: { deletedFileIds: '1021' } });
		expect(error).toBeUndefined();
		expect(requestsFor(sandbox, 'E10')[0].body.fields).toEqual([['deleted_file_ids[0]', '1021']]);
		expect(json[0].files.map((/** @type {any} */ f) => f.id)).toEqual([1022]);
		expect(taskOf(1001).files.map((/** @type {any} */ f) => f.id)).toEqual([1022]);
	});

	test('upload and delete in one call: the wire order is assignments, files, deleted_file_ids, timeTracking', async () => {
		const { json, error } = await runProjects(
			{
				resource: 'task',
				operation: 'update',
				taskId: '1001',
				updateFields: { name: 'Prepare Q1 campaign brief (final)', binaryPropertyNames: 'data', deletedFileIds: '={{ [1021, 1022] }}' },
				assignments: { assignment: [{ userId: '42', assignmentId: '1011' }, { userId: '45', assignmentId: '' }] },
				timeTracking: {
					timeEntry: [
						{ userId: '42', startedAt: '2025-02-04T09:00:00', endedAt: '2025-02-04T10:30:00', durationMinutes: null },
						{ userId: '45', startedAt: '2025-02-05T13:00:00', endedAt: '', durationMinutes: 45 },
					],
				},
			},
			{ items: [{ json: {}, binary: { data: { data: PNG.toString('base64'), mimeType: 'image/png', fileName: 'final.png' } } }] },
		);
		expect(error).toBeUndefined();

		const [request] = requestsFor(sandbox, 'E10');
		expect(request.body.fields).toEqual([
			['name', 'Prepare Q1 campaign brief (final)'],
			['assignments[0][user_id]', '42'],
			['assignments[0][id]', '1011'],
			['assignments[1][user_id]', '45'],
			['deleted_file_ids[0]', '1021'],
			['deleted_file_ids[1]', '1022'],
			['timeTracking[0][user_id]', '42'],
			['timeTracking[0][started_at]', '2025-02-04 09:00:00'],
			['timeTracking[0][ended_at]', '2025-02-04 10:30:00'],
			['timeTracking[1][user_id]', '45'],
			['timeTracking[1][started_at]', '2025-02-05 13:00:00'],
			['timeTracking[1][duration_minutes]', '45'],
		]);
		expect(request.body.files).toEqual([
			{ field: 'files[0]', filename: 'final.png', contentType: 'image/png', size: PNG.length, sha256: sha256(PNG) },
		]);

		const task = json[0];
		expect(task.files).toMatchObject([{ file_name: 'final.png', file_type: 'image', file_size: PNG.length }]);
		expect(task.assignments).toMatchObject([
			{ id: 1011, assign_to: 42, assigned_at: '2025-01-05 08:10:00' },
			{ assign_to: 45, task_id: 1001 },
		]);
		expect(task.time_tracking).toMatchObject([
			{ id: 1031 },
			{ assign_to: 42, started_at: '2025-02-04 09:00:00', ended_at: '2025-02-04 10:30:00', duration_minutes: 90 },
			{ assign_to: 45, started_at: '2025-02-05 13:00:00', ended_at: null, duration_minutes: 45 },
		]);
		expect(task.dependent_tasks.map((/** @type {any} */ t) => t.id)).toEqual([1002, 1003]);
	});

	test('a malformed date fails that item only, naming item and field; the other items go through', async () => {
		const { output } = await runProjects(
			{
				resource: 'task',
				operation: 'update',
				taskId: '={{ $json.task }}',
				updateFields: { dueDate: '={{ $json.due }}' },
				timeTracking: { timeEntry: [{ userId: '42', startedAt: '={{ $json.started }}', durationMinutes: null }] },
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
		expect(output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }, { item: 3 }]);
		expect(output[0].json).toMatchObject({ id: 1002, due_date: '2025-03-10' });
		expect(output[1].json.error).toBe('Due Date is not a real date or time, got "2025-02-30T00:00:00" (item 1)');
		expect(output[2].json.error).toBe('Started At of Time Entry 1 needs a time as YYYY-MM-DD HH:MM:SS, got "2025-03-03" (item 2)');
		expect(output[3].json).toMatchObject({ id: 1001, due_date: '2025-03-14' });
		expect(requestsFor(sandbox, 'E10').map((/** @type {any} */ r) => r.path).sort()).toEqual([
			'/api/v1/tasks/update/1001',
			'/api/v1/tasks/update/1002',
		]);
		expect(taskOf(1003).due_date).toBe('2025-02-25');
	});

	test('without continueOnFail a malformed date stops the node with the item and field named', async () => {
		const { error } = await runProjects({ resource: 'task', operation: 'update', taskId: '1002', updateFields: { timelineEnd: 'next week' } });
		expect(error?.message).toBe('Timeline End must be a date as YYYY-MM-DD, got "next week" (item 0)');
		expect(sandbox.requests).toHaveLength(0);
	});

	test('a clearable field left empty is sent empty and clears it; another empty field is refused', async () => {
		const cleared = await runProjects({
			resource: 'task', operation: 'update', taskId: '1001', updateFields: { timelineStart: '', timelineEnd: '', projectId: '', note: '' },
		});
		expect(cleared.error).toBeUndefined();
		expect(requestsFor(sandbox, 'E10')[0].body.fields).toEqual([
			['note', ''],
			['timeline_start', ''],
			['timeline_end', ''],
			['project_id', ''],
		]);
		expect(cleared.json[0]).toMatchObject({ timeline_start: null, timeline_end: null, project_id: null, note: null });

		const refused = await runProjects({ resource: 'task', operation: 'update', taskId: '1001', updateFields: { ownerId: ' ' } });
		expect(refused.error?.message).toBe('Owner ID is empty; remove it from Update Fields to leave it unchanged (item 0)');
		expect(requestsFor(sandbox, 'E10')).toHaveLength(1);
	});

	test('a missing binary field fails that item before anything is sent', async () => {
		const { error } = await runProjects(
			{ resource: 'task', operation: 'update', taskId: '1001', updateFields: { binaryPropertyNames: 'data, attachment' } },
			{ items: [{ json: {}, binary: { data: { data: PNG.toString('base64'), mimeType: 'image/png', fileName: 'a.png' } } }] },
		);
		expect(error?.message).toMatch(/attachment/);
		expect(/** @type {any} */ (error).context?.itemIndex).toBe(0);
		expect(sandbox.requests).toHaveLength(0);
	});

	test('ids in fixed collections are checked with their entry named', async () => {
		const { error } = await runProjects({
			resource: 'task', operation: 'update', taskId: '1001',
			assignments: { assignment: [{ userId: '42', assignmentId: '' }, { userId: 'sara', assignmentId: '' }] },
		});
		expect(error?.message).toBe('User ID of Assignment 2 must be a whole number, got "sara" (item 0)');
		expect(sandbox.requests).toHaveLength(0);
	});

	test('an unknown task fails with the platform message and HTTP 404', async () => {
		const { error } = await runProjects({ resource: 'task', operation: 'update', taskId: '9999', updateFields: { name: 'x' } });
		expect(error?.message).toBe('Task not found.');
		expect(/** @type {any} */ (error).httpCode).toBe('404');
	});

	test("another business's task is not visible (tenant isolation)", async () => {
		const { error } = await runProjects({ resource: 'task', operation: 'update', taskId: '2001', updateFields: { name: 'x' } });
		expect(/** @type {any} */ (error).httpCode).toBe('404');
		expect(sandbox.state.globex.tasks[0].name).toBe('Replace conveyor belt');
	});

	test('the platform refuses a dependency cycle: 422 with its field error', async () => {
		const { error } = await runProjects({ resource: 'task', operation: 'update', taskId: '1001', updateFields: { dependentOn: '1002' } });
		expect(/** @type {any} */ (error).httpCode).toBe('422');
		expect(error?.message).toBe('The selected dependent on is invalid.');
		expect(error?.description).toContain('- dependent_on: The selected dependent on is invalid.');
		expect(error?.description).toContain('E10 Update Task (POST /api/v1/tasks/update/{id}), HTTP 422, item 0');
	});

	test('Name stays optional: if the platform insists on it, its own message is shown', async () => {
		sandbox.inject({
			operation: 'E10',
			status: 422,
			body: { message: 'The name field is required.', errors: { name: ['The name field is required.'] } },
		});
		const { error } = await runProjects({ resource: 'task', operation: 'update', taskId: '1001', updateFields: { status: 'Done' } });
		expect(error?.message).toBe('The name field is required.');
		expect(error?.description).toContain('- name: The name field is required.');
		expect(requestsFor(sandbox, 'E10')[0].body.fields).toEqual([['status', 'Done']]);
	});

	test('success: false on HTTP 200 is an error with the platform message', async () => {
		sandbox.inject({ operation: 'E10', statusFalse: true, message: 'Task is locked by its reviewer' });
		const { error } = await runProjects({ resource: 'task', operation: 'update', taskId: '1001', updateFields: { status: 'Done' } });
		expect(error?.message).toBe('Task is locked by its reviewer');
	});

	test('after a 429 the upload is sent again with the same files (the body is rebuilt per attempt)', async () => {
		sandbox.inject({ operation: 'E10', status: 429, retryAfter: 0 });
		const { json, error } = await runProjects(
			{ resource: 'task', operation: 'update', taskId: '1004', updateFields: { binaryPropertyNames: 'data' } },
			{ items: [{ json: {}, binary: { data: { data: PDF.toString('base64'), mimeType: 'application/pdf', fileName: 'count.pdf' } } }] },
		);
		expect(error).toBeUndefined();
		const requests = requestsFor(sandbox, 'E10');
		expect(requests.map((/** @type {any} */ r) => r.status)).toEqual([429, 200]);
		for (const request of requests) {
			expect(request.body.files).toEqual([{ field: 'files[0]', filename: 'count.pdf', contentType: 'application/pdf', size: PDF.length, sha256: sha256(PDF) }]);
		}
		expect(json[0].files).toHaveLength(1);
	});

	test('an upload is not repeated after a 500: the platform may have stored the files', async () => {
		sandbox.inject({ operation: 'E10', status: 500, actFirst: true });
		const { error } = await runProjects(
			{ resource: 'task', operation: 'update', taskId: '1004', updateFields: { binaryPropertyNames: 'data' }, requestOptions: { maxTries: 3, retryDelay: 1 } },
			{ items: [{ json: {}, binary: { data: { data: PDF.toString('base64'), mimeType: 'application/pdf', fileName: 'count.pdf' } } }] },
		);
		expect(/** @type {any} */ (error).httpCode).toBe('500');
		expect(requestsFor(sandbox, 'E10')).toHaveLength(1);
		expect(taskOf(1004).files).toHaveLength(1);
	});
});

// Last in the file: the binary data service stays in filesystem mode once switched.
describe("Task → Update (E10) with n8n's filesystem binary data mode", () => {
	/** @type {Awaited<ReturnType<typeof useFilesystemBinaryData>>} */
	let binaryStore;
	beforeAll(async () => {
		binaryStore = await useFilesystemBinaryData();
	});

	test('files stored by reference (no inline data) are read through the binary data service and arrive intact', async () => {
		const photo = await binaryStore.store(PNG, { fileName: 'site-photo.png', mimeType: 'image/png' });
		const report = await binaryStore.store(PDF, { fileName: 'report.pdf', mimeType: 'application/pdf' });
		// The items carry only a reference: reading `binary.data` would upload the mode name, not the file.
		expect(photo.id).toMatch(/^filesystem-v2:/);
		expect(photo.data).toBe('filesystem-v2');
		expect(report.id).toMatch(/^filesystem-v2:/);

		const { json, error } = await runProjects(
			{ resource: 'task', operation: 'update', taskId: '1002', updateFields: { binaryPropertyNames: 'photo,report' } },
			{ items: [{ json: {}, binary: { photo, report } }] },
		);
		expect(error).toBeUndefined();
		expect(requestsFor(sandbox, 'E10')[0].body.files).toEqual([
			{ field: 'files[0]', filename: 'site-photo.png', contentType: 'image/png', size: PNG.length, sha256: sha256(PNG) },
			{ field: 'files[1]', filename: 'report.pdf', contentType: 'application/pdf', size: PDF.length, sha256: sha256(PDF) },
		]);
		expect(json[0].files).toMatchObject([
			{ file_name: 'site-photo.png', file_type: 'image', file_size: PNG.length },
			{ file_name: 'report.pdf', file_type: 'document', file_size: PDF.length },
		]);
	});
});
