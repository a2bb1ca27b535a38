import type { INodeProperties } from 'n8n-workflow';

import type { PlatformOperation } from '../../../shared/node/operation';
import { recordOrMessage } from '../../../shared/node/output';
import { platformRequest } from '../../../shared/transport/platformRequest';
import { requireFlag } from '../../../shared/values/parameters';

const properties: INodeProperties[] = [
	{
		displayName: 'Comment ID',
		name: 'commentId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 1251',
		description: 'ID of the catalog comment to update',
	},
	{
		displayName: 'Status',
		name: 'status',
		type: 'boolean',
		default: true,
		description:
			'Whether the comment is active, e.g. approved for display (sent as 1, or 0 when off)',
	},
];

export const operation: PlatformOperation = {
	operation: 'update',
	endpoints: ['updateCatalogComment'],
	picker: {
		name: 'Update',
		action: 'Update catalog comment status',
		description: "Set a catalog comment's status",
	},
	description: properties,

	async execute(itemIndex, run) {
		const status = requireFlag(this.getNodeParameter('status', itemIndex), 'Status');
		const response = await platformRequest.call(this, run, 'updateCatalogComment', itemIndex, {
			pathParams: {
				comment_id: { value: this.getNodeParameter('commentId', itemIndex), label: 'Comment ID' },
			},
			multipart: [
				['_method', 'PUT'],
				['status', status],
			],
		});
		return recordOrMessage(response);
	},
};
