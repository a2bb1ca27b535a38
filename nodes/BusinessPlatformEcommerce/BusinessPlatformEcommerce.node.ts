import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';

import { platformNodeBase } from '../shared/node/descriptions';
import { routeItems } from '../shared/node/router';
import { actions } from './actions';
import { searchCategories } from './methods/listSearch';

export class BusinessPlatformEcommerce implements INodeType {
	description: INodeTypeDescription = {
		...platformNodeBase,
		usableAsTool: true,
		displayName: 'Business Platform Ecommerce',
		name: 'businessPlatformEcommerce',
		icon: { light: 'file:../../icons/ecommerce.svg', dark: 'file:../../icons/ecommerce.dark.svg' },
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description:
			'Get an order or a district, list news items or categories, update a category, a catalog comment or an audit count, toggle a favorite, or record an inventory transfer in the Business Platform Ecommerce module; returns the records the platform sends back',
		defaults: { name: 'Business Platform Ecommerce' },
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

	methods = {
		listSearch: { searchCategories },
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await routeItems.call(this, actions);
	}
}
