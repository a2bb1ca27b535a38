import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';

import { platformNodeBase } from '../shared/descriptions';
import { routeItems } from '../shared/router';
import { actions } from './actions';

export class BusinessPlatformAccounting implements INodeType {
	description: INodeTypeDescription = {
		...platformNodeBase,
		usableAsTool: true,
		displayName: 'Business Platform Accounting',
		name: 'businessPlatformAccounting',
		icon: { light: 'file:../../icons/accounting.svg', dark: 'file:../../icons/accounting.dark.svg' },
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description:
			'Update sales quotes, get customer and supplier branches and add cash or bank accounts in the Business Platform Accounting module',
		defaults: { name: 'Business Platform Accounting' },
		// A literal, not CREDENTIAL_TYPE: three lint security rules read only literals here.
		credentials: [{ name: 'businessPlatformApi', required: true }],
		properties: actions.properties,
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await routeItems.call(this, actions);
	}
}
