import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';

import { platformNodeBase } from '../shared/node/descriptions';
import { routeItems } from '../shared/node/router';
import { actions } from './actions';

export class BusinessPlatformAccounting implements INodeType {
	description: INodeTypeDescription = {
		...platformNodeBase,
		usableAsTool: true,
		displayName: 'Business Platform Accounting',
		name: 'businessPlatformAccounting',
		icon: {
			light: 'file:../../icons/accounting.svg',
			dark: 'file:../../icons/accounting.dark.svg',
		},
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description:
			'Update a sales quote, get a customer or supplier branch, or create a cash or bank account in the Business Platform Accounting module; returns the record the platform sends back',
		defaults: { name: 'Business Platform Accounting' },
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
