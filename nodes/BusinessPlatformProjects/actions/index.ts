import type { INodeProperties } from 'n8n-workflow';

import { operationProperty, resourceProperty } from '../../shared/descriptions';
import type { ResourceMap } from '../../shared/execution';
import * as updateTask from './task/update.operation';
import * as deleteWorkspace from './workspace/delete.operation';

export const resources: ResourceMap = {
	task: { update: updateTask },
	workspace: { delete: deleteWorkspace },
};

export const properties: INodeProperties[] = [
	resourceProperty([
		{ name: 'Task', value: 'task' },
		{ name: 'Workspace', value: 'workspace' },
	]),
	operationProperty('task', [
		{
			name: 'Update',
			value: 'update',
			action: 'Update a task',
			description: 'Update a task: its fields, assignments, files and time tracking',
		},
	]),
	operationProperty('workspace', [
		{ name: 'Delete', value: 'delete', action: 'Delete a workspace', description: 'Delete a workspace' },
	]),
	...updateTask.description,
	...deleteWorkspace.description,
];
