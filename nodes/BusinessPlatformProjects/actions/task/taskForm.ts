/**
 * Builds the E10 multipart form from the node's parameters, in the spec's field order.
 * Everything is validated before the first file is read, and nothing is sent on a bad value.
 */
import { DateTime } from 'luxon';
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { ParameterError } from '../../../shared/platform/errors';
import { binaryFile, type MultipartField } from '../../../shared/transport/multipart';
import {
	isBlank,
	requireDate,
	requireInteger,
	requireNumber,
	requireString,
	requireTimestamp,
} from '../../../shared/values/parameters';

type Kind = 'text' | 'id' | 'count' | 'date' | 'decimal';

/**
 * Update Fields in wire order: parameter name, form field, label, kind, and whether an
 * empty value is sent to clear the field (the nullable fields of the task record).
 */
const SCALAR_FIELDS: Array<
	[param: string, field: string, label: string, kind: Kind, clearable: boolean]
> = [
	['name', 'name', 'Name', 'text', false],
	['groupName', 'group_name', 'Group Name', 'text', false],
	['ownerId', 'owner_id', 'Owner ID', 'id', false],
	['reviewedBy', 'reviewed_by', 'Reviewer ID', 'id', false],
	['status', 'status', 'Status', 'text', false],
	['dueDate', 'due_date', 'Due Date', 'date', false],
	['priority', 'priority', 'Priority', 'text', false],
	['durationDays', 'duration_days', 'Duration (Days)', 'count', false],
	['description', 'description', 'Description', 'text', true],
	['note', 'note', 'Note', 'text', true],
	['budget', 'budget', 'Budget', 'decimal', true],
	['dependentOn', 'dependent_on', 'Dependent On Task ID', 'id', true],
	['timelineStart', 'timeline_start', 'Timeline Start', 'date', true],
	['timelineEnd', 'timeline_end', 'Timeline End', 'date', true],
	['projectId', 'project_id', 'Project ID', 'id', true],
	['boardId', 'board_id', 'Board ID', 'id', true],
];

/**
 * Date pickers give `2024-05-01T00:00:00` and the validators take Luxon DateTimes as they are;
 * a JS Date from an expression is an instant, shown here in the workflow's time zone so the
 * validators get the wall-clock date and time the user sees, not the UTC one.
 */
function dateText(value: unknown, timezone: string): unknown {
	if (value instanceof Date) return DateTime.fromJSDate(value, { zone: timezone }).toISO() ?? value;
	return value;
}

function scalarValue(value: unknown, label: string, kind: Kind, timezone: string): string {
	switch (kind) {
		case 'id':
			return requireInteger(value, label, { min: 1 });
		case 'count':
			return requireInteger(value, label);
		case 'decimal':
			return requireNumber(value, label);
		case 'date':
			return requireDate(dateText(value, timezone), label);
		case 'text':
			return requireString(value, label);
	}
}

/** A list from comma-separated text, a single number or an array from an expression. */
function listOf(value: unknown): unknown[] {
	if (Array.isArray(value)) return value;
	if (isBlank(value)) return [];
	if (typeof value === 'number') return [value];
	return String(value)
		.split(',')
		.map((entry) => entry.trim())
		.filter((entry) => entry !== '');
}

function entriesOf(collection: unknown, key: string): IDataObject[] {
	const entries = (collection as IDataObject | undefined)?.[key];
	return Array.isArray(entries) ? (entries as IDataObject[]) : [];
}

export async function buildTaskForm(
	context: IExecuteFunctions,
	itemIndex: number,
): Promise<MultipartField[]> {
	const timezone = context.getTimezone();
	const updateFields = context.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
	const form: MultipartField[] = [];

	for (const [param, field, label, kind, clearable] of SCALAR_FIELDS) {
		if (!(param in updateFields)) continue;
		const value = updateFields[param];
		if (isBlank(value)) {
			if (!clearable) {
				throw new ParameterError(
					label,
					'is empty; remove it from Update Fields to leave it unchanged',
				);
			}
			form.push([field, '']);
			continue;
		}
		form.push([field, scalarValue(value, label, kind, timezone)]);
	}

	entriesOf(context.getNodeParameter('assignments', itemIndex, {}), 'assignment').forEach(
		(entry, i) => {
			const name = `Assignment ${i + 1}`;
			form.push([
				`assignments[${i}][user_id]`,
				requireInteger(entry.userId, `User ID of ${name}`, { min: 1 }),
			]);
			if (!isBlank(entry.assignmentId)) {
				form.push([
					`assignments[${i}][id]`,
					requireInteger(entry.assignmentId, `Assignment ID of ${name}`, { min: 1 }),
				]);
			}
		},
	);

	const binaryNames = listOf(updateFields.binaryPropertyNames).map((name, i) =>
		requireString(name, `Input Binary Fields entry ${i + 1}`),
	);
	const deletedFileIds = listOf(updateFields.deletedFileIds).map((id, i) =>
		requireInteger(id, `File IDs to Delete entry ${i + 1}`, { min: 1 }),
	);

	const tracking: MultipartField[] = [];
	entriesOf(context.getNodeParameter('timeTracking', itemIndex, {}), 'timeEntry').forEach(
		(entry, i) => {
			const name = `Time Entry ${i + 1}`;
			const prefix = `timeTracking[${i}]`;
			tracking.push([
				`${prefix}[user_id]`,
				requireInteger(entry.userId, `User ID of ${name}`, { min: 1 }),
			]);
			tracking.push([
				`${prefix}[started_at]`,
				requireTimestamp(dateText(entry.startedAt, timezone), `Started At of ${name}`),
			]);
			if (!isBlank(entry.endedAt)) {
				tracking.push([
					`${prefix}[ended_at]`,
					requireTimestamp(dateText(entry.endedAt, timezone), `Ended At of ${name}`),
				]);
			}
			if (!isBlank(entry.durationMinutes)) {
				tracking.push([
					`${prefix}[duration_minutes]`,
					requireInteger(entry.durationMinutes, `Duration (Minutes) of ${name}`),
				]);
			}
		},
	);

	// An empty form would change nothing (or, on a platform that requires a name, fail): refuse it here.
	if (
		form.length === 0 &&
		binaryNames.length === 0 &&
		deletedFileIds.length === 0 &&
		tracking.length === 0
	) {
		throw new ParameterError(
			'Nothing to update:',
			'add a field under Update Fields (for example Name, Status, Priority, Due Date, Note or Input Binary Fields), an Assignment or a Time Tracking entry',
		);
	}

	// Files are checked last, after every other value passed its checks, and read when sent.
	for (const [i, name] of binaryNames.entries()) {
		form.push([`files[${i}]`, binaryFile(context, itemIndex, name)]);
	}
	deletedFileIds.forEach((id, i) => form.push([`deleted_file_ids[${i}]`, id]));
	form.push(...tracking);
	return form;
}
