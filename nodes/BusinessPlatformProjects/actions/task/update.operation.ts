import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { languageOptions, outputParameters } from '../../../shared/node/descriptions';
import type { PlatformOperation } from '../../../shared/node/operation';
import { pickFields, shapeRecord } from '../../../shared/node/output';
import { platformRequest } from '../../../shared/transport/platformRequest';
import { requireInteger } from '../../../shared/values/parameters';
import { buildTaskForm } from './taskForm';

/** The user of an assignment or a time entry (`role`: what the user does there). */
function userIdValue(role: string): INodeProperties {
	return {
		displayName: 'User ID',
		name: 'userId',
		type: 'string',
		required: true,
		default: '',
		description: `ID of the user ${role}`,
	};
}

/** The updated task's top-level fields (platform-api.md, E10), for a tool's Selected Fields. */
const TASK_FIELDS = [
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
	'dependent_task',
	'dependent_tasks',
	'assignments',
	'files',
	'time_tracking',
];

/** What a form or status workflow needs after the update: the task, who has it, its files. */
const SIMPLE_TASK_FIELDS = [
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
];

const properties: INodeProperties[] = [
	{
		displayName: 'Task ID',
		name: 'taskId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 1001',
		description: 'ID of the task to update',
	},
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{
				displayName: 'Board ID',
				name: 'boardId',
				type: 'string',
				default: '',
				description: 'ID of the board the task is on. Leave empty to clear it.',
			},
			{
				displayName: 'Budget',
				name: 'budget',
				type: 'string',
				default: '',
				placeholder: 'e.g. 1500.00',
				description: 'Budget of the task as a decimal number. Leave empty to clear it.',
			},
			{
				displayName: 'Dependent On Task ID',
				name: 'dependentOn',
				type: 'string',
				default: '',
				description: 'ID of the task this task depends on. Leave empty to clear it.',
			},
			{
				displayName: 'Description',
				name: 'description',
				type: 'string',
				typeOptions: { rows: 3 },
				default: '',
				description: 'Description of the task. Leave empty to clear it.',
			},
			{
				displayName: 'Due Date',
				name: 'dueDate',
				type: 'dateTime',
				default: '',
				description: 'Due date of the task; only the date part is sent (YYYY-MM-DD), as picked',
			},
			{
				displayName: 'Duration (Days)',
				name: 'durationDays',
				type: 'number',
				typeOptions: { minValue: 0, numberPrecision: 0 },
				default: 0,
				description: 'Planned duration of the task in days',
			},
			{
				displayName: 'File IDs to Delete',
				name: 'deletedFileIds',
				type: 'string',
				default: '',
				placeholder: 'e.g. 1021, 1022',
				description:
					"IDs of the task's files to delete, separated by commas, or an array from an expression (the IDs are in the task's files list)",
			},
			{
				displayName: 'Group Name',
				name: 'groupName',
				type: 'string',
				default: '',
				placeholder: 'e.g. Marketing',
				description: 'Name of the group the task is listed under',
			},
			{
				displayName: 'Input Binary Fields',
				name: 'binaryPropertyNames',
				type: 'string',
				default: 'data',
				placeholder: 'e.g. data, attachment',
				description:
					"Names of the input item's binary fields whose files to upload to the task, separated by commas. Each file keeps its file name and MIME type. Not available when the node is used as a tool: a tool's input has no files.",
			},
			{
				displayName: 'Name',
				name: 'name',
				type: 'string',
				default: '',
				placeholder: 'e.g. Prepare the quarterly report',
				description: 'New name of the task',
			},
			{
				displayName: 'Note',
				name: 'note',
				type: 'string',
				typeOptions: { rows: 2 },
				default: '',
				description: 'Internal notes on the task. Leave empty to clear it.',
			},
			{
				displayName: 'Owner ID',
				name: 'ownerId',
				type: 'string',
				default: '',
				description: 'User ID of the task owner',
			},
			{
				// The values the API has shown, sent exactly as shown; an expression may give another.
				displayName: 'Priority',
				name: 'priority',
				type: 'options',
				options: [
					{ name: 'High', value: 'High', description: 'Sent as High' },
					{
						name: 'High (Lowercase)',
						value: 'high',
						description: 'Sent as high, the other spelling the API has shown',
					},
				],
				default: 'High',
				description:
					'Priority of the task as the platform names it. The API shows High and high; other values can be given as text with an expression.',
			},
			{
				displayName: 'Project ID',
				name: 'projectId',
				type: 'string',
				default: '',
				description: 'ID of the project the task belongs to. Leave empty to clear it.',
			},
			{
				displayName: 'Reviewer ID',
				name: 'reviewedBy',
				type: 'string',
				default: '',
				description: 'User ID of the task reviewer',
			},
			{
				// The values the API has shown, sent exactly as shown; an expression may give another.
				displayName: 'Status',
				name: 'status',
				type: 'options',
				options: [
					{ name: 'In Progress', value: 'In Progress', description: 'Sent as In Progress' },
					{
						name: 'In_progress',
						value: 'in_progress',
						description: 'Sent as in_progress, the other spelling the API has shown',
					},
					{ name: 'Not Started', value: 'Not Started', description: 'Sent as Not Started' },
				],
				default: 'In Progress',
				description:
					'Status of the task as the platform names it. The API shows Not Started, In Progress and in_progress; other values can be given as text with an expression.',
			},
			{
				displayName: 'Timeline End',
				name: 'timelineEnd',
				type: 'dateTime',
				default: '',
				description:
					"Last day of the task's timeline; only the date part is sent (YYYY-MM-DD). Leave empty to clear it.",
			},
			{
				displayName: 'Timeline Start',
				name: 'timelineStart',
				type: 'dateTime',
				default: '',
				description:
					"First day of the task's timeline; only the date part is sent (YYYY-MM-DD). Leave empty to clear it.",
			},
		],
	},
	{
		displayName: 'Assignments',
		name: 'assignments',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Assignment',
		default: {},
		description: 'Users to assign to the task',
		options: [
			{
				displayName: 'Assignment',
				name: 'assignment',
				values: [
					userIdValue('to assign'),
					{
						displayName: 'Assignment ID',
						name: 'assignmentId',
						type: 'string',
						default: '',
						description:
							'ID of an existing assignment of the task to update; leave empty to add an assignment',
					},
				],
			},
		],
	},
	{
		displayName: 'Time Tracking',
		name: 'timeTracking',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Time Entry',
		default: {},
		description: 'Time entries to add to the task',
		options: [
			{
				displayName: 'Time Entry',
				name: 'timeEntry',
				values: [
					userIdValue('who worked on the task'),
					{
						displayName: 'Started At',
						name: 'startedAt',
						type: 'dateTime',
						required: true,
						default: '',
						description: 'When the work started; sent as YYYY-MM-DD HH:MM:SS, as picked',
					},
					{
						displayName: 'Ended At',
						name: 'endedAt',
						type: 'dateTime',
						default: '',
						description: 'When the work ended; sent as YYYY-MM-DD HH:MM:SS, as picked. Optional.',
					},
					{
						displayName: 'Duration (Minutes)',
						name: 'durationMinutes',
						type: 'number',
						typeOptions: { minValue: 0, numberPrecision: 0 },
						default: null,
						description: 'Minutes worked. Optional: leave empty to let the platform work it out.',
					},
				],
			},
		],
	},
	...outputParameters(
		'ID, code, name, status, priority, due date, owner ID, assignments, files and last update',
		TASK_FIELDS,
	),
	languageOptions,
];

export const operation: PlatformOperation = {
	operation: 'update',
	endpoints: ['updateTask'],
	picker: {
		name: 'Update',
		action: 'Update task',
		description: 'Update a task: its fields, assignments, files and time tracking',
	},
	description: properties,

	async execute(itemIndex, run) {
		// Checked before any file is read; the transport checks it again when building the URL.
		const taskId = requireInteger(this.getNodeParameter('taskId', itemIndex), 'Task ID', {
			min: 1,
		});
		const multipart = await buildTaskForm(this, itemIndex);
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		const response = await platformRequest.call(this, run, 'updateTask', itemIndex, {
			pathParams: { id: { value: taskId, label: 'Task ID' } },
			multipart,
			language: options.language as string | undefined,
		});
		// The transport refuses an answer without data.task (the spec marks it required).
		const task = (response.data as IDataObject).task as IDataObject;
		return shapeRecord(this, itemIndex, task, (record) => pickFields(record, SIMPLE_TASK_FIELDS));
	},
};
