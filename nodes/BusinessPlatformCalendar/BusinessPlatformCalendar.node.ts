import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';

import { platformNodeBase } from '../shared/node/descriptions';
import { routeItems } from '../shared/node/router';
import { actions } from './actions';

export class BusinessPlatformCalendar implements INodeType {
	description: INodeTypeDescription = {
		...platformNodeBase,
		usableAsTool: true,
		displayName: 'Business Platform Calendar',
		name: 'businessPlatformCalendar',
		icon: { light: 'file:../../icons/calendar.svg', dark: 'file:../../icons/calendar.dark.svg' },
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description:
			"List the business's calendars (ID and name of each) in the Business Platform Calendar module",
		defaults: { name: 'Business Platform Calendar' },
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
