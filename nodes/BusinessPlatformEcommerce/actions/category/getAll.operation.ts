import type { INodeProperties } from 'n8n-workflow';

import { DEFAULT_PAGE_SIZE } from '../../../shared/values/settings';
import {
	outputParameters,
	requestedLimit,
	returnAllOrLimit,
} from '../../../shared/node/descriptions';
import type { PlatformOperation } from '../../../shared/node/operation';
import { shapeRecords } from '../../../shared/node/output';
import { platformPaginate } from '../../../shared/transport/pagination';
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
		const limit = requestedLimit(this, itemIndex);
		// The spec shows no answer for this list: a paginator is walked, a plain array is the whole list.
		const categories = await platformPaginate.call(
			this,
			run,
			'listCategories',
			itemIndex,
			{},
			{ pageSize: DEFAULT_PAGE_SIZE, limit, plainListIsWhole: true },
		);
		const language = run.credential.language;
		return shapeRecords(this, itemIndex, categories, (category) =>
			simplifyCategory(category, language),
		);
	},
};
