// @ts-check
/** The Projects node, Task → Update (E10) with files: uploads, deletes, retries of an upload, files by reference in n8n's binary data store (filesystem mode, as every test's files: harness/n8n.js), through n8n-core's real engine against the sandbox platform. */
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const { useSandbox } = require('../harness/fixture');
const { useFilesystemBinaryData } = require('../harness/n8n');
const { untilIdle } = require('../harness/waits');
const { recordById } = require('../harness/requests');
const { binaryOf, oneItemWith, sha256, PNG, PDF } = require('./files');

/** @typedef {import('../operations/projects/updateTask').Task} Task */

const fixture = useSandbox();
/** Task → Update, with the full record (Simplify off): what Simplify keeps is checked per operation in test/operations.test.js. */
const updateTask = fixture.runner('businessPlatformProjects', {
	resource: 'task',
	operation: 'update',
	simple: false,
});

/**
 * A file as the sandbox received it, the upload's `index`-th.
 * @param {number} index @param {string} filename @param {string} contentType @param {Buffer} content
 */
const sentFile = (index, filename, contentType, content) => ({
	field: `files[${index}]`,
	filename,
	contentType,
	size: content.length,
	sha256: sha256(content),
});

/** The sandbox's current record of an acme task. @param {number} task */
const taskOf = (task) => recordById(/** @type {Task[]} */ (fixture.sandbox.state.acme.tasks), task);

describe('Task → Update (updateTask, E10): files', () => {
	test('uploads two binary files of different types: names, sizes, types and content hashes arrive intact', async () => {
		const { json, error } = await updateTask(
			{ taskId: '1001', updateFields: { binaryPropertyNames: 'photo, report' } },
			oneItemWith({
				photo: binaryOf(PNG, 'image/png', 'site-photo.png'),
				report: binaryOf(PDF, 'application/pdf', 'Inspection report.pdf'),
			}),
		);
		expect(error).toBeUndefined();

		const [request] = fixture.requestsFor('updateTask');
		expect(request.body.fields).toEqual([]);
		expect(request.body.files).toEqual([
			sentFile(0, 'site-photo.png', 'image/png', PNG),
			sentFile(1, 'Inspection report.pdf', 'application/pdf', PDF),
		]);

		const { files } = /** @type {{ files: Array<{ id: number }> }} */ (json[0]);
		expect(files.map((f) => f.id)).toEqual([1021, 1022, 1023, 1024]);
		expect(files.slice(2)).toMatchObject([
			{ file_name: 'site-photo.png', file_type: 'image', file_size: PNG.length, task_id: 1001 },
			{
				file_name: 'Inspection report.pdf',
				file_type: 'document',
				file_size: PDF.length,
				task_id: 1001,
			},
		]);
		// What the platform stored is byte-for-byte the input.
		expect(
			taskOf(1001)
				.files.slice(2)
				.map((f) => [f.content_type, f.sha256]),
		).toEqual([
			['image/png', sha256(PNG)],
			['application/pdf', sha256(PDF)],
		]);
	});

	test('a file without a file name is sent under its binary field name with its MIME type', async () => {
		const { error } = await updateTask(
			{
				taskId: '1004',
				updateFields: { binaryPropertyNames: '={{ ["data"] }}' },
			},
			oneItemWith({ data: binaryOf(PDF, 'application/pdf') }),
		);
		expect(error).toBeUndefined();
		expect(fixture.requestsFor('updateTask')[0].body.files).toEqual([
			sentFile(0, 'data', 'application/pdf', PDF),
		]);
	});

	test('File IDs to Delete removes those files from the task', async () => {
		const { json, error } = await updateTask({
			taskId: '1001',
			updateFields: { deletedFileIds: '1021' },
		});
		expect(error).toBeUndefined();
		expect(fixture.requestsFor('updateTask')[0].body.fields).toEqual([
			['deleted_file_ids[0]', '1021'],
		]);
		const task = /** @type {{ files: Array<{ id: number }> }} */ (json[0]);
		expect(task.files.map((f) => f.id)).toEqual([1022]);
		expect(taskOf(1001).files.map((f) => f.id)).toEqual([1022]);
	});

	test('upload and delete in one call: the wire order is assignments, files, deleted_file_ids, timeTracking', async () => {
		const { json, error } = await updateTask(
			{
				taskId: '1001',
				updateFields: {
					name: 'Prepare Q1 campaign brief (final)',
					binaryPropertyNames: 'data',
					deletedFileIds: '={{ [1021, 1022] }}',
				},
				assignments: {
					assignment: [
						{ userId: '42', assignmentId: '1011' },
						{ userId: '45', assignmentId: '' },
					],
				},
				timeTracking: {
					timeEntry: [
						{
							userId: '42',
							startedAt: '2025-02-04T09:00:00',
							endedAt: '2025-02-04T10:30:00',
							durationMinutes: null,
						},
						{ userId: '45', startedAt: '2025-02-05T13:00:00', endedAt: '', durationMinutes: 45 },
					],
				},
			},
			oneItemWith({
				data: binaryOf(PNG, 'image/png', 'final.png'),
			}),
		);
		expect(error).toBeUndefined();

		const [request] = fixture.requestsFor('updateTask');
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
		expect(request.body.files).toEqual([sentFile(0, 'final.png', 'image/png', PNG)]);

		const task =
			/** @type {{ dependent_tasks: Array<{ id: number }> } & Record<string, unknown>} */ (json[0]);
		expect(task.files).toMatchObject([
			{ file_name: 'final.png', file_type: 'image', file_size: PNG.length },
		]);
		expect(task.assignments).toMatchObject([
			{ id: 1011, assign_to: 42, assigned_at: '2025-01-05 08:10:00' },
			{ assign_to: 45, task_id: 1001 },
		]);
		expect(task.time_tracking).toMatchObject([
			{ id: 1031 },
			{
				assign_to: 42,
				started_at: '2025-02-04 09:00:00',
				ended_at: '2025-02-04 10:30:00',
				duration_minutes: 90,
			},
			{ assign_to: 45, started_at: '2025-02-05 13:00:00', ended_at: null, duration_minutes: 45 },
		]);
		expect(task.dependent_tasks.map((t) => t.id)).toEqual([1002, 1003]);
	});

	test('after a 429 the upload is sent again with the same files (each attempt reads the file anew from the binary data store)', async () => {
		fixture.sandbox.inject({ operation: 'updateTask', status: 429, retryAfter: 0 });
		const { json, error } = await updateTask(
			{ taskId: '1004', updateFields: { binaryPropertyNames: 'data' } },
			oneItemWith({
				data: binaryOf(PDF, 'application/pdf', 'count.pdf'),
			}),
		);
		expect(error).toBeUndefined();
		const requests = fixture.requestsFor('updateTask');
		expect(requests.map((r) => r.status)).toEqual([429, 200]);
		for (const request of requests) {
			expect(request.body.files).toEqual([sentFile(0, 'count.pdf', 'application/pdf', PDF)]);
		}
		expect(json[0].files).toHaveLength(1);
	});

	test('an upload is not repeated after a 500: the platform may have stored the files', async () => {
		fixture.sandbox.inject({ operation: 'updateTask', status: 500, actFirst: true });
		const { error } = await updateTask(
			{
				taskId: '1004',
				updateFields: { binaryPropertyNames: 'data' },
				options: { maxTries: 3, retryDelay: 1 },
			},
			oneItemWith({
				data: binaryOf(PDF, 'application/pdf', 'count.pdf'),
			}),
		);
		expect(error?.httpCode).toBe('500');
		expect(fixture.requestsFor('updateTask')).toHaveLength(1);
		expect(taskOf(1004).files).toHaveLength(1);
	});
});
describe("Task → Update (updateTask, E10): files by reference in n8n's binary data store", () => {
	/** @type {Awaited<ReturnType<typeof useFilesystemBinaryData>>} */
	let binaryStore;
	beforeAll(async () => {
		binaryStore = await useFilesystemBinaryData();
	});

	test('files stored by reference (no inline data) are read through the binary data service and arrive intact', async () => {
		const photo = await binaryStore.store(PNG, {
			fileName: 'site-photo.png',
			mimeType: 'image/png',
		});
		const report = await binaryStore.store(PDF, {
			fileName: 'report.pdf',
			mimeType: 'application/pdf',
		});
		// The items carry only a reference: reading `binary.data` would upload the mode name, not the file.
		expect(photo.id).toMatch(/^filesystem-v2:/);
		expect(photo.data).toBe('filesystem-v2');
		expect(report.id).toMatch(/^filesystem-v2:/);

		const { json, error } = await updateTask(
			{ taskId: '1002', updateFields: { binaryPropertyNames: 'photo,report' } },
			oneItemWith({ photo, report }),
		);
		expect(error).toBeUndefined();
		expect(fixture.requestsFor('updateTask')[0].body.files).toEqual([
			sentFile(0, 'site-photo.png', 'image/png', PNG),
			sentFile(1, 'report.pdf', 'application/pdf', PDF),
		]);
		expect(json[0].files).toMatchObject([
			{ file_name: 'site-photo.png', file_type: 'image', file_size: PNG.length },
			{ file_name: 'report.pdf', file_type: 'document', file_size: PDF.length },
		]);
	});

	test('a file whose read never ends: Stop ends the run, nothing is sent or held, another run goes through', async () => {
		const photo = await binaryStore.store(PNG, { fileName: 'stuck.png', mimeType: 'image/png' });
		// The stored file becomes a named pipe no one writes to: n8n's read of it blocks, as a
		// binary data store that never answers would.
		const file = path.join(
			binaryStore.storagePath,
			String(photo.id).replace(/^filesystem-v2:/, ''),
		);
		fs.rmSync(file);
		expect(spawnSync('mkfifo', [file]).status).toBe(0);
		/** The pipe's write end, open once n8n's read has it open (ENXIO until then). */
		let writer = -1;
		// Resolves once the read has begun (or, generously, after 20 s: then the run fails below).
		const reading = (async () => {
			for (const giveUpAt = Date.now() + 20_000; Date.now() < giveUpAt; ) {
				try {
					writer = fs.openSync(file, fs.constants.O_WRONLY | fs.constants.O_NONBLOCK);
					return;
				} catch {
					await new Promise((resolve) => setTimeout(resolve, 10));
				}
			}
		})();
		try {
			const run = updateTask(
				{ taskId: '1002', updateFields: { binaryPropertyNames: 'photo' } },
				{ items: [{ json: {}, binary: { photo } }], stop: reading },
			);
			// Generous: it only turns a hang into a failure, it measures nothing.
			const { error } = await Promise.race([
				run,
				new Promise((_, reject) => {
					setTimeout(() => reject(new Error('the run did not end on Stop')), 20_000).unref();
				}),
			]);
			expect(error?.message).toMatch(/cancel/i);
			expect(fixture.requestsFor('updateTask')).toEqual([]);
			await untilIdle(fixture.sandbox);
			const other = await updateTask({ taskId: '1001', updateFields: { name: 'After the stop' } });
			expect(other.error).toBeUndefined();
		} finally {
			// Ends the read left behind (end of file), so no thread of the process stays blocked.
			await reading;
			if (writer >= 0) fs.closeSync(writer);
		}
	}, 30_000);
});
