import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';

import { platformNodeBase } from '../shared/node/descriptions';
import { routeItems } from '../shared/node/router';
import { actions } from './actions';

export class BusinessPlatformHr implements INodeType {
	description: INodeTypeDescription = {
		...platformNodeBase,
		usableAsTool: true,
		displayName: 'Business Platform HR',
		name: 'businessPlatformHr',
		icon: { light: 'file:../../icons/hr.svg', dark: 'file:../../icons/hr.dark.svg' },
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description:
			"Get an employee's payslip (employee, period, earnings, deductions, net pay) or add skills in the Business Platform HR module",
		defaults: { name: 'Business Platform HR' },
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
