import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { DEFAULT_PAGE_SIZE } from '../../../shared/transport/settings';
import { returnAllOrLimit, simplifyParameter } from '../../../shared/node/descriptions';
import type { PlatformOperation } from '../../../shared/node/operation';
import { platformPaginate, requestedLimit } from '../../../shared/transport/pagination';
import { categoryTitle } from '../../categories';

const properties: INodeProperties[] = [
	...returnAllOrLimit,
	// Simplified: the ID, parent ID, title (in the credential's Default Language), alias, image, status, top flag and sort order.
	simplifyParameter,
];

function simplifyCategory(category: IDataObject, language: string): IDataObject {
	return {
		id: category.id,
		parent: category.parent,
		title: categoryTitle(category, language),
		alias: category.alias,
		image: category.image,
		status: category.status,
		top: category.top,
		sort: category.sort,
	};
}

export const operation: PlatformOperation = {
	resource: 'category',
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
		if (!this.getNodeParameter('simple', itemIndex, true)) return categories;
		const language = String(run.credentials.language || 'en');
		return categories.map((category) => simplifyCategory(category, language));
	},
};
