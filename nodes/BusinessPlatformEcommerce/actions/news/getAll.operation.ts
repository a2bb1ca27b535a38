import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { pageSizeOf } from '../../../shared/values/settings';
import {
	optionsCollectionOf,
	outputParameters,
	returnAllOrLimit,
} from '../../../shared/node/descriptions';
import { getManyRecords } from '../../../shared/node/getMany';
import type { PlatformOperation } from '../../../shared/node/operation';
import {
	NEWS_FIELDS,
	SIMPLE_NEWS_KEEPS,
	newsPageSize,
	queryOf,
	simplifyNews,
} from '../../../shared/node/news';

const properties: INodeProperties[] = [
	...returnAllOrLimit,
	...outputParameters(SIMPLE_NEWS_KEEPS, NEWS_FIELDS),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{
				displayName: 'Keyword',
				name: 'keyword',
				type: 'string',
				default: '',
				placeholder: 'e.g. opening',
				description:
					"Only news items the platform's news search finds for this text (sent as keyword); empty for all",
			},
			{
				displayName: 'Status',
				name: 'status',
				type: 'options',
				options: [
					{ name: 'Active', value: 'active', description: 'Published items (status 1)' },
					{
						name: 'Inactive',
						value: 'inactive',
						description: 'Draft or unpublished items (status 0)',
					},
				],
				default: 'active',
				description:
					'Only published (Active) or only unpublished (Inactive) news items; without this filter, both',
			},
		],
	},
	optionsCollectionOf([
		newsPageSize(
			'News items asked for per request while walking the pages (the platform states no maximum)',
		),
		{
			displayName: 'Sort Order',
			name: 'sortOrder',
			type: 'options',
			options: [
				{ name: 'ID Ascending', value: 'id_asc' },
				{ name: 'Status Ascending', value: 'status_asc' },
				{ name: 'Status Descending', value: 'status_desc' },
				{ name: 'Title Ascending', value: 'title_asc' },
				{ name: 'Title Descending', value: 'title_desc' },
			],
			default: 'id_asc',
			description:
				"Order of the news items; without this option the platform's default order applies",
		},
	]),
];

export const operation: PlatformOperation = {
	operation: 'getAll',
	endpoints: ['listNews'],
	picker: {
		name: 'Get Many',
		action: 'Get many news items',
		description: 'List news items (title, summary, content, dates), page by page',
	},
	description: properties,

	async execute(itemIndex, run) {
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		const pageSize = pageSizeOf(options, 'Page Size');
		const query = queryOf(this.getNodeParameter('filters', itemIndex, {}) as IDataObject, options);
		return await getManyRecords(
			this,
			run,
			itemIndex,
			{ endpoint: 'listNews', input: { query }, pages: { pageSize } },
			simplifyNews,
		);
	},
};
