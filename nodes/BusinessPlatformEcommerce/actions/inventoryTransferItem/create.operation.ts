import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { PlatformOperation } from '../../../shared/node/operation';
import { recordOrMessage } from '../../../shared/node/output';
import { platformRequest } from '../../../shared/transport/platformRequest';
import {
	optionalInteger,
	requireCode,
	requireInteger,
	requireNumber,
} from '../../../shared/values/parameters';

const properties: INodeProperties[] = [
	{
		displayName: 'From Inventory ID',
		name: 'fromInventoryId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 1451',
		description: 'ID of the inventory the product leaves',
	},
	{
		displayName: 'To Inventory ID',
		name: 'toInventoryId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 1452',
		description: 'ID of the inventory the product goes to',
	},
	{
		displayName: 'Product ID',
		name: 'productId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 1701',
		description: 'ID of the product transferred',
	},
	{
		displayName: 'Quantity',
		name: 'quantity',
		type: 'number',
		required: true,
		typeOptions: { minValue: 1, numberPrecision: 0 },
		default: 1,
		description: 'How many units of the product to transfer',
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
		description:
			'State of the transfer: Pending (0) or Completed (1); an expression may give pending or completed',
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
				placeholder: 'e.g. 42',
				description: 'ID of the representative handling the transfer; sent empty when not given',
			},
		],
	},
];

const STATUS_CODES: Record<string, string> = { pending: '0', completed: '1' };

export const operation: PlatformOperation = {
	operation: 'create',
	endpoints: ['createInventoryTransferItem'],
	picker: {
		name: 'Create',
		action: 'Create inventory transfer item',
		description: 'Transfer a quantity of a product from one inventory to another',
	},
	description: properties,

	async execute(itemIndex, run) {
		const status = requireCode(
			this.getNodeParameter('status', itemIndex),
			STATUS_CODES,
			'Status',
			'pending or completed',
		);
		const additionalFields = this.getNodeParameter(
			'additionalFields',
			itemIndex,
			{},
		) as IDataObject;
		const response = await platformRequest.call(
			this,
			run,
			'createInventoryTransferItem',
			itemIndex,
			{
				multipart: [
					[
						'from_inv_id',
						requireInteger(
							this.getNodeParameter('fromInventoryId', itemIndex),
							'From Inventory ID',
						),
					],
					[
						'to_inv_id',
						requireInteger(this.getNodeParameter('toInventoryId', itemIndex), 'To Inventory ID'),
					],
					[
						'product_id',
						requireInteger(this.getNodeParameter('productId', itemIndex), 'Product ID'),
					],
					['quantity', requireNumber(this.getNodeParameter('quantity', itemIndex), 'Quantity')],
					// Sent empty when not given, as the spec's sample does.
					[
						'representative_id',
						optionalInteger(additionalFields.representativeId, 'Representative ID') ?? '',
					],
					['status', status],
				],
			},
		);
		return recordOrMessage(response);
	},
};
