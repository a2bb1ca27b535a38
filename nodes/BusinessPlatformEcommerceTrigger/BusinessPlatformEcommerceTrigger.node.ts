import {
	NodeConnectionTypes,
	type INodeExecutionData,
	type INodeProperties,
	type INodeType,
	type INodeTypeDescription,
	type IPollFunctions,
} from 'n8n-workflow';

import {
	authenticationParameter,
	optionsCollectionOf,
	requestSettingOptions,
	simplifyParameter,
} from '../shared/node/descriptions';
import { withRequestSettings } from '../shared/node/operation';
import { SIMPLE_NEWS_KEEPS, newsPageSize } from '../shared/node/news';
import { pollNews } from './newsPoll';

/** The action nodes' request settings without Concurrency and its mode: the trigger reads one page at a time. */
const triggerRequestSettings = requestSettingOptions.filter(
	(option) => option.name !== 'concurrency' && option.name !== 'concurrencyMode',
);

const properties: INodeProperties[] = [
	authenticationParameter,
	{
		displayName: 'Event',
		name: 'event',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'New News Item',
				value: 'newNewsItem',
				description:
					'A news item first seen under the filters below: a draft published later counts when it is published',
			},
		],
		default: 'newNewsItem',
	},
	{
		displayName: 'Status',
		name: 'status',
		type: 'options',
		options: [
			{ name: 'Active', value: 'active', description: 'Published items (status 1)' },
			{
				name: 'Any Status',
				value: 'any',
				description: 'Items of every status, as soon as they are created',
			},
			{ name: 'Inactive', value: 'inactive', description: 'Draft or unpublished items (status 0)' },
		],
		default: 'active',
		description:
			'Which news items count. With Active a draft triggers when it is published; with Any Status it triggers once, when it is created.',
	},
	{
		displayName: 'Keyword',
		name: 'keyword',
		type: 'string',
		default: '',
		description: "Only items the platform's news search finds for this text; empty for all",
	},
	// The simplified item keeps the fields News → Get Many's Simplify keeps.
	{ ...simplifyParameter, hint: `Keeps ${SIMPLE_NEWS_KEEPS}` },
	optionsCollectionOf([newsPageSize('News items asked for per request while the list is read')]),
];

export class BusinessPlatformEcommerceTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Business Platform Ecommerce Trigger',
		name: 'businessPlatformEcommerceTrigger',
		icon: { light: 'file:../../icons/ecommerce.svg', dark: 'file:../../icons/ecommerce.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{"New news item"}}',
		description:
			'Starts the workflow when a news item is published in the Business Platform Ecommerce module',
		defaults: { name: 'Business Platform Ecommerce Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
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
		properties: withRequestSettings(properties, triggerRequestSettings),
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return await pollNews.call(this);
	}
}
