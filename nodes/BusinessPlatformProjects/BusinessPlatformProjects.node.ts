import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';

import { platformNodeBase } from '../shared/node/descriptions';
import { routeItems } from '../shared/node/router';
import { actions } from './actions';

export class BusinessPlatformProjects implements INodeType {
	description: INodeTypeDescription = {
		...platformNodeBase,
		usableAsTool: true,
		displayName: 'Business Platform Projects',
		name: 'businessPlatformProjects',
		icon: { light: 'file:../../icons/projects.svg', dark: 'file:../../icons/projects.dark.svg' },
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description:
			'Update a task (fields, assignments, files, time tracking) or delete a workspace in the Business Platform Management module; returns the updated task',
		defaults: { name: 'Business Platform Projects' },
		// Literals, not CREDENTIAL_TYPES: three lint security rules read only literals here.
		credentials: [
			{
				name: 'businessPlatformApi',
				required: true,
				displayOptions: { show: { authentication: ['paste'] } },
			},
			{
				name: 'businessPlatformLogInApi',
				required: true,
				displayOptions: { show: { authentication: ['login'] } },
			},
		],
		properties: actions.properties,
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await routeItems.call(this, actions);
	}
}
