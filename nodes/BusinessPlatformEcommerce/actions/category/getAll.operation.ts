import type { INodeProperties } from 'n8n-workflow';

import { DEFAULT_PAGE_SIZE } from '../../../shared/values/settings';
import { outputParameters, returnAllOrLimit } from '../../../shared/node/descriptions';
import { getManyRecords } from '../../../shared/node/getMany';
import type { PlatformOperation } from '../../../shared/node/operation';
import { CATEGORY_FIELDS, SIMPLE_CATEGORY_KEEPS, simplifyCategory } from '../../categories';

const properties: INodeProperties[] = [
	...returnAllOrLimit,
	...outputParameters(SIMPLE_CATEGORY_KEEPS, CATEGORY_FIELDS),
];

export const operation: PlatformOperation = {
	operation: 'getAll',
	endpoints: ['listCategories'],
	picker: {
		name: 'Get Many',
		action: 'Get many categories',
		description: "List the business's categories",
	},
	description: properties,

	async execute(itemIndex, run) {
		const language = run.credential.language;
		// The spec shows no answer for this list: a paginator is walked, a plain array is the whole list.
		return await getManyRecords(
			this,
			run,
			itemIndex,
			{
				endpoint: 'listCategories',
				input: {},
				pages: { pageSize: DEFAULT_PAGE_SIZE, plainListIsWhole: true },
			},
			(category) => simplifyCategory(category, language),
		);
	},
};
