// @ts-check
'use strict';

/** The Management (projects) module: E6 workspace delete, E10 task update. */

const { Validator } = require('../validation');
const { say, ok, notFound, unprocessable, byId, nextId, isObject, pick } = require('./common');
const { sqlNow } = require('../data');

/**
 * @typedef {import('./common').Ctx} Ctx
 * @typedef {import('./common').Result} Result
 * @typedef {import('../data').BusinessState} BusinessState
 */

/** Success texts, English and Arabic. */
const MESSAGES = {
	workspaceDeleted: ['Workspace deleted successfully.', 'تم حذف مساحة العمل بنجاح.'],
	taskUpdated: ['Task updated successfully.', 'تم تحديث المهمة بنجاح.'],
};

/** Names for not-found messages, English and Arabic. */
const THINGS = {
	workspace: ['Workspace', 'مساحة العمل'],
	task: ['Task', 'المهمة'],
};

// ---------------------------------------------------------------------------------------
// E6 Delete workspace

/** @param {string} message */
function processed(message, extra = {}) {
	return ok({
		status_code: 200,
		code: 1020,
		hint: 'Processed Successfully',
		success: true,
		data: { ...extra, message },
	});
}

/** @param {Ctx} ctx @returns {Result} */
function deleteWorkspace(ctx) {
	const workspaces = ctx.biz.workspaces;
	const workspace = byId(workspaces, ctx.params.id);
	if (!workspace) return notFound(THINGS.workspace, ctx.lang);
	const v = new Validator();
	const businessId = v.check('business_id', ctx.input.business_id, {
		required: true,
		type: 'integer',
	});
	if (businessId != null && businessId !== ctx.biz.id) v.invalid('business_id');
	if (v.failed) return unprocessable(v);
	workspaces.splice(workspaces.indexOf(workspace), 1);
	return processed(say(MESSAGES.workspaceDeleted, ctx.lang));
}

// ---------------------------------------------------------------------------------------
// E10 Update task

/** @typedef {BusinessState['tasks'][number]} Task */

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

/** @param {Ctx} ctx @returns {Result} */
function updateTask(ctx) {
	const tasks = ctx.biz.tasks;
	const task = byId(tasks, ctx.params.id);
	if (!task) return notFound(THINGS.task, ctx.lang);
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
	/** @type {Array<{ userId: number, existing?: Task['assignments'][number] }> | undefined} */
	let assignments;
	const assignmentEntries = v.list('assignments', f.assignments);
	if (assignmentEntries) {
		assignments = [];
		for (const [key, entry] of assignmentEntries) {
			const base = `assignments.${key}`;
			if (!isObject(entry)) {
				v.fail(base, `The ${base} field must be an array.`);
				continue;
			}
			const userId = v.check(`${base}.user_id`, entry.user_id, {
				required: true,
				type: 'integer',
				min: 1,
			});
			const id = v.check(`${base}.id`, entry.id, { type: 'integer' });
			const existing = id == null ? undefined : task.assignments.find((a) => a.id === id);
			if (id != null && !existing) v.invalid(`${base}.id`);
			assignments.push({ userId, existing });
		}
	}

	/** @type {number[]} */
	const deleteIds = [];
	for (const [key, raw] of v.list('deleted_file_ids', f.deleted_file_ids) ?? []) {
		const id = v.check(`deleted_file_ids.${key}`, raw, { required: true, type: 'integer' });
		if (id == null) continue;
		if (task.files.some((file) => file.id === id)) deleteIds.push(id);
		else v.invalid(`deleted_file_ids.${key}`);
	}

	/** @type {import('../multipart').UploadedFile[]} */
	const uploads = [];
	for (const [key, raw] of v.list('files', f.files) ?? []) {
		const file = v.check(`files.${key}`, raw, { required: true, type: 'file' });
		if (file) uploads.push(file);
	}

	/** @type {Array<{ userId: number, startedAt: string, endedAt: string | null, minutes: number | null }>} */
	const tracking = [];
	for (const [key, entry] of v.list('timeTracking', f.timeTracking) ?? []) {
		const base = `timeTracking.${key}`;
		if (!isObject(entry)) {
			v.fail(base, `The ${base} field must be an array.`);
			continue;
		}
		const userId = v.check(`${base}.user_id`, entry.user_id, {
			required: true,
			type: 'integer',
			min: 1,
		});
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
	}
	if (v.failed) return unprocessable(v);

	const now = sqlNow();
	Object.assign(task, changes);
	if (assignments) {
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
	const message = say(MESSAGES.taskUpdated, ctx.lang);
	return processed(message, { task: taskView(task, tasks) });
}

module.exports = { deleteWorkspace, updateTask, taskView };
