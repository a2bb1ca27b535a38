// @ts-check
/**
 * Update Task (ENDPOINTS.updateTask): the sandbox's route and handler, written from the platform's
 * description (an independent check of the endpoint entry), the records only it uses (`seed`), its
 * docs/operations.md entry and its case (the fields: test/operations/index.js).
 */
const { Validator } = require('../../../sandbox/validation');
const {
	say,
	processed,
	notFound,
	unprocessable,
	byId,
	nextId,
	isObject,
	pick,
} = require('../../../sandbox/operations/common');
const { BUSINESS_IDS, USER_ID, sqlNow } = require('../../../sandbox/data');
const { MANAGEMENT, MULTIPART } = require('../../../sandbox/routes');
const { HEADER_SETS } = require('../../harness/headerSets');

/**
 * @typedef {{ id: number, task_id: number, assign_to: number, assigned_at: string }} Assignment
 * @typedef {{ id: number, task_id: number, file_name: string, file_path: string, file_type: string, file_size: number, uploaded_at: string, content_type: string, sha256: string | null }} TaskFile
 * @typedef {{ id: number, task_id: number, assign_to: number, started_at: string, ended_at: string | null, duration_minutes: number }} TimeEntry
 * @typedef {ReturnType<typeof taskRecord>} Task
 */

/**
 * A task row (relations filled in by the caller).
 * @param {number} businessId
 * @param {Partial<Record<string, any>> & { id: number, name: string }} fields
 */
function taskRecord(businessId, fields) {
	return {
		id: fields.id,
		business_id: businessId,
		group_name: fields.group_name ?? 'General',
		name: fields.name,
		task_code: `T${String(fields.id).padStart(5, '0')}`,
		owner_id: fields.owner_id ?? USER_ID,
		reviewed_by: fields.reviewed_by ?? 43,
		status: fields.status ?? 'Not Started',
		priority: fields.priority ?? 'Medium',
		due_date: fields.due_date ?? '2025-03-31',
		duration_days: fields.duration_days ?? 5,
		timeline_start: fields.timeline_start ?? null,
		timeline_end: fields.timeline_end ?? null,
		description: fields.description ?? null,
		note: fields.note ?? null,
		budget: fields.budget ?? null,
		dependent_on: fields.dependent_on ?? null,
		project_id: fields.project_id ?? null,
		board_id: fields.board_id ?? null,
		created_at: '2025-01-05 08:00:00',
		updated_at: '2025-01-05 08:00:00',
		deleted_at: null,
		assignments: /** @type {Assignment[]} */ (fields.assignments ?? []),
		files: /** @type {TaskFile[]} */ (fields.files ?? []),
		time_tracking: /** @type {TimeEntry[]} */ (fields.time_tracking ?? []),
	};
}

/** Tasks of both businesses, some depending on others, with assignments, files and time. */
const seed = {
	acme: {
		tasks: [
			taskRecord(BUSINESS_IDS.acme, {
				id: 1001,
				name: 'Prepare Q1 campaign brief',
				group_name: 'Marketing',
				status: 'In Progress',
				priority: 'High',
				due_date: '2025-02-10',
				duration_days: 7,
				timeline_start: '2025-02-03',
				timeline_end: '2025-02-10',
				description: 'Brief for the spring campaign',
				budget: '1500.00',
				project_id: 11,
				board_id: 3,
				assignments: [
					{ id: 1011, task_id: 1001, assign_to: 42, assigned_at: '2025-01-05 08:10:00' },
					{ id: 1012, task_id: 1001, assign_to: 43, assigned_at: '2025-01-05 08:10:00' },
				],
				files: [
					{
						id: 1021,
						task_id: 1001,
						file_name: 'brief.pdf',
						file_path: 'task_files/1001/1021_brief.pdf',
						file_type: 'document',
						file_size: 48213,
						uploaded_at: '2025-01-05 08:15:00',
						content_type: 'application/pdf',
						sha256: null,
					},
					{
						id: 1022,
						task_id: 1001,
						file_name: 'moodboard.png',
						file_path: 'task_files/1001/1022_moodboard.png',
						file_type: 'image',
						file_size: 183502,
						uploaded_at: '2025-01-05 08:16:00',
						content_type: 'image/png',
						sha256: null,
					},
				],
				time_tracking: [
					{
						id: 1031,
						task_id: 1001,
						assign_to: 42,
						started_at: '2025-01-06 09:00:00',
						ended_at: '2025-01-06 11:30:00',
						duration_minutes: 150,
					},
				],
			}),
			taskRecord(BUSINESS_IDS.acme, {
				id: 1002,
				name: 'Design landing page',
				group_name: 'Marketing',
				dependent_on: 1001,
				due_date: '2025-02-20',
				project_id: 11,
				board_id: 3,
				assignments: [
					{ id: 1013, task_id: 1002, assign_to: 44, assigned_at: '2025-01-05 08:20:00' },
				],
			}),
			taskRecord(BUSINESS_IDS.acme, {
				id: 1003,
				name: 'Launch paid ads',
				group_name: 'Marketing',
				dependent_on: 1001,
				due_date: '2025-02-25',
				budget: '4000.00',
				project_id: 11,
			}),
			taskRecord(BUSINESS_IDS.acme, {
				id: 1004,
				name: 'Quarterly stock review',
				group_name: 'Operations',
				status: 'in_progress',
				priority: 'high',
				due_date: '2025-03-31',
				note: 'Count both warehouses',
			}),
		],
	},
	globex: {
		tasks: [
			taskRecord(BUSINESS_IDS.globex, {
				id: 2001,
				name: 'Replace conveyor belt',
				group_name: 'Maintenance',
				status: 'In Progress',
				priority: 'High',
				owner_id: 77,
				reviewed_by: 78,
				assignments: [
					{ id: 2011, task_id: 2001, assign_to: 77, assigned_at: '2025-01-07 07:00:00' },
				],
				time_tracking: [
					{
						id: 2031,
						task_id: 2001,
						assign_to: 77,
						started_at: '2025-01-08 07:00:00',
						ended_at: '2025-01-08 09:00:00',
						duration_minutes: 120,
					},
				],
			}),
			taskRecord(BUSINESS_IDS.globex, {
				id: 2002,
				name: 'Safety audit',
				group_name: 'Compliance',
				dependent_on: 2001,
				owner_id: 78,
				reviewed_by: 77,
			}),
		],
	},
};

const TASK_FIELDS = /** @type {const} */ ([
	'id',
	'business_id',
	'group_name',
	'name',
	'task_code',
	'owner_id',
	'reviewed_by',
	'status',
	'priority',
	'due_date',
	'duration_days',
	'timeline_start',
	'timeline_end',
	'description',
	'note',
	'budget',
	'dependent_on',
	'project_id',
	'board_id',
	'created_at',
	'updated_at',
	'deleted_at',
]);
const FILE_FIELDS = /** @type {const} */ ([
	'id',
	'task_id',
	'file_name',
	'file_path',
	'file_type',
	'file_size',
	'uploaded_at',
]);

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
	view.dependent_tasks = tasks
		.filter((x) => x.dependent_on != null && Number(x.dependent_on) === task.id)
		.map((x) => pick(x, TASK_FIELDS));
	view.assignments = task.assignments.map((a) => ({ ...a }));
	view.files = task.files.map((file) => pick(file, FILE_FIELDS));
	view.time_tracking = task.time_tracking.map((entry) => ({ ...entry }));
	return view;
}

/** @param {string} from @param {string} to YYYY-MM-DD HH:MM:SS */
function minutesBetween(from, to) {
	return Math.round(
		(Date.parse(`${to.replace(' ', 'T')}Z`) - Date.parse(`${from.replace(' ', 'T')}Z`)) / 60000,
	);
}

/**
 * Checks a list of per-user entries (`name[i][user_id]`, …) in order: an entry that is no object
 * fails as Laravel words it; each other's user_id is checked, then `each` checks the rest.
 * Returns whether the list was sent.
 * @param {Validator} v @param {string} name @param {unknown} raw
 * @param {(base: string, entry: Record<string, any>, userId: number) => void} each
 */
function checkUserEntries(v, name, raw, each) {
	const list = v.list(name, raw);
	for (const [key, entry] of list ?? []) {
		const base = `${name}.${key}`;
		if (!isObject(entry)) {
			v.fail(base, `The ${base} field must be an array.`);
			continue;
		}
		const userId = v.check(`${base}.user_id`, entry.user_id, {
			required: true,
			type: 'integer',
			min: 1,
		});
		each(base, entry, userId);
	}
	return list !== undefined;
}

/** @type {import('../../../sandbox/operations/common').Handler} */
function updateTask(ctx) {
	const tasks = /** @type {Task[]} */ (ctx.biz.tasks);
	const task = byId(tasks, ctx.params.id);
	if (!task) return notFound(['Task', 'المهمة'], ctx.lang);
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
		v.fail(
			'timeline_end',
			'The timeline end field must be a date after or equal to timeline start.',
		);
	}

	// assignments[i][user_id], assignments[i][id]: the sent list replaces the task's list;
	// an entry with an id keeps that assignment (and its assigned_at).
	/** @type {Array<{ userId: number, existing?: Task['assignments'][number] }>} */
	const assignments = [];
	const assignmentsSent = checkUserEntries(
		v,
		'assignments',
		f.assignments,
		(base, entry, userId) => {
			const id = v.check(`${base}.id`, entry.id, { type: 'integer' });
			const existing = id == null ? undefined : task.assignments.find((a) => a.id === id);
			if (id != null && !existing) v.invalid(`${base}.id`);
			assignments.push({ userId, existing });
		},
	);

	/** @type {number[]} */
	const deleteIds = [];
	for (const [key, raw] of v.list('deleted_file_ids', f.deleted_file_ids) ?? []) {
		const id = v.check(`deleted_file_ids.${key}`, raw, { required: true, type: 'integer' });
		if (id == null) continue;
		if (task.files.some((file) => file.id === id)) deleteIds.push(id);
		else v.invalid(`deleted_file_ids.${key}`);
	}

	/** @type {import('../../../sandbox/multipart').UploadedFile[]} */
	const uploads = [];
	for (const [key, raw] of v.list('files', f.files) ?? []) {
		const file = v.check(`files.${key}`, raw, { required: true, type: 'file' });
		if (file) uploads.push(file);
	}

	/** @type {Array<{ userId: number, startedAt: string, endedAt: string | null, minutes: number | null }>} */
	const tracking = [];
	checkUserEntries(v, 'timeTracking', f.timeTracking, (base, entry, userId) => {
		const startedAt = v.check(`${base}.started_at`, entry.started_at, {
			required: true,
			type: 'datetime',
		});
		const endedAt = v.check(`${base}.ended_at`, entry.ended_at, { type: 'datetime' });
		if (startedAt && endedAt && endedAt < startedAt) {
			v.fail(
				`${base}.ended_at`,
				`The ${base}.ended at field must be a date after or equal to ${base}.started at.`,
			);
		}
		const minutes = v.check(`${base}.duration_minutes`, entry.duration_minutes, {
			type: 'integer',
			min: 0,
		});
		tracking.push({ userId, startedAt, endedAt: endedAt ?? null, minutes: minutes ?? null });
	});
	if (v.failed) return unprocessable(v);

	const now = sqlNow();
	Object.assign(task, changes);
	if (assignmentsSent) {
		const all = tasks.flatMap((x) => x.assignments);
		task.assignments = assignments.map(({ userId, existing }) => {
			if (existing) return { ...existing, assign_to: userId };
			const created = {
				id: nextId(ctx.biz, all),
				task_id: task.id,
				assign_to: userId,
				assigned_at: now,
			};
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
			duration_minutes:
				entry.minutes ?? (entry.endedAt ? minutesBetween(entry.startedAt, entry.endedAt) : 0),
		};
		allTracking.push(record);
		task.time_tracking.push(record);
	}
	task.updated_at = now;
	const message = say(['Task updated successfully.', 'تم تحديث المهمة بنجاح.'], ctx.lang);
	return processed(message, { task: taskView(task, tasks) });
}

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
		handler: updateTask,
	},
	seed,
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
