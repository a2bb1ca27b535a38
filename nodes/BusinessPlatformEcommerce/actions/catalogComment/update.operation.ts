import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { updateDisplayOptions } from '../../../shared/descriptions';
import { recordOrMessage } from '../../../shared/execution';
import { platformRequest, type PlatformRun } from '../../../shared/transport';
import { requireFlag } from '../../../shared/validation';

const properties: INodeProperties[] = [
	{
		displayName: 'Comment ID',
		name: 'commentId',
		type: 'string',
		required: true,
		default: '',
		placeholder: '1251',
		description: 'ID of the catalog comment to update',
	},
	{
		displayName: 'Status',
		name: 'status',
		type: 'boolean',
		default: true,
		description: 'Whether the comment is active, e.g. approved for display (sent as 1, or 0 when off)',
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['catalogComment'], operation: ['update'] } },
	properties,
);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	run: PlatformRun,
): Promise<IDataObject | IDataObject[]> {
	const status = requireFlag(this.getNodeParameter('status', itemIndex), 'Status');
	const response = await platformRequest.call(this, run, 'E12', itemIndex, {
		pathParams: { comment_id: { value: this.getNodeParameter('commentId', itemIndex), label: 'Comment ID' } },
		multipart: [
			['_method', 'PUT'],
			['status', status],
		],
	});
	return recordOrMessage(response);
}
