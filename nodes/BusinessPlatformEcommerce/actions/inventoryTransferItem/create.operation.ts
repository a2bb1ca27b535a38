import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { updateDisplayOptions } from '../../../shared/descriptions';
import { recordOrMessage } from '../../../shared/execution';
import { platformRequest, type PlatformRun } from '../../../shared/transport';
import { ParameterError, optionalInteger, requireInteger, requireNumber } from '../../../shared/validation';

const properties: INodeProperties[] = [
	{
		displayName: 'From Inventory ID',
		name: 'fromInventoryId',
		type: 'string',
		required: true,
		default: '',
		placeholder: '1451',
		description: 'ID of the inventory the product leaves',
	},
	{
		displayName: 'To Inventory ID',
		name: 'toInventoryId',
		type: 'string',
		required: true,
		default: '',
		placeholder: '1452',
		description: 'ID of the inventory the product goes to',
	},
	{
		displayName: 'Product ID',
		name: 'productId',
		type: 'string',
		required: true,
		default: '',
		placeholder: '1701',
		description: 'ID of the product transferred',
	},
	{
		displayName: 'Quantity',
		name: 'quantity',
		type: 'number',
		required: true,
		default: 1,
		description: 'Quantity to transfer',
	},
	{
		displayName: 'Status',
		name: 'status',
		type: 'options',
		options: [
			{ name: 'Completed', value: 'completed', description: 'Sent as 1' },
			{ name: 'Pending', value: 'pending', description: 'Sent as 0' },
		],
		default: 'pending',
		description: 'State of the transfer',
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{
				displayName: 'Representative ID',
				name: 'representativeId',
				type: 'string',
				default: '',
				placeholder: '42',
				description: 'ID of the representative handling the transfer; sent empty when not given',
			},
		],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['inventoryTransferItem'], operation: ['create'] } },
	properties,
);

const STATUS_VALUES: Record<string, string> = { pending: '0', completed: '1' };

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	run: PlatformRun,
): Promise<IDataObject | IDataObject[]> {
	const status = String(this.getNodeParameter('status', itemIndex));
	if (!(status in STATUS_VALUES)) {
		throw new ParameterError('Status', `must be pending or completed, got "${status}"`);
	}
	const additionalFields = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const response = await platformRequest.call(this, run, 'E14', itemIndex, {
		multipart: [
			['from_inv_id', requireInteger(this.getNodeParameter('fromInventoryId', itemIndex), 'From Inventory ID')],
			['to_inv_id', requireInteger(this.getNodeParameter('toInventoryId', itemIndex), 'To Inventory ID')],
			['product_id', requireInteger(this.getNodeParameter('productId', itemIndex), 'Product ID')],
			['quantity', requireNumber(this.getNodeParameter('quantity', itemIndex), 'Quantity')],
			// Sent empty when not given, as the spec's sample does.
			['representative_id', optionalInteger(additionalFields.representativeId, 'Representative ID') ?? ''],
			['status', STATUS_VALUES[status]],
		],
	});
	return recordOrMessage(response);
}
