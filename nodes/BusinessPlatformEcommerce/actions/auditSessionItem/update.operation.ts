import type { INodeProperties } from 'n8n-workflow';

import type { PlatformOperation } from '../../../shared/node/operation';
import { recordOrMessage } from '../../../shared/node/output';
import { platformRequest } from '../../../shared/transport/platformRequest';
import { requireNumber } from '../../../shared/values/parameters';

const properties: INodeProperties[] = [
	{
		displayName: 'Audit Item ID',
		name: 'auditItemId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 1351',
		description: 'ID of the audit session item to update',
	},
	{
		displayName: 'Physical Quantity',
		name: 'physicalQty',
		type: 'number',
		required: true,
		typeOptions: { minValue: 0, numberPrecision: 0 },
		default: 0,
		description: 'The quantity counted on the shelf (sent as physical_qty)',
	},
];

export const operation: PlatformOperation = {
	operation: 'update',
	endpoints: ['updateAuditSessionItem'],
	picker: {
		name: 'Update',
		action: 'Update audit session item quantity',
		description: 'Set the physical quantity counted for an audit session item',
	},
	description: properties,

	async execute(itemIndex, run) {
		const physicalQty = Number(
			requireNumber(this.getNodeParameter('physicalQty', itemIndex), 'Physical Quantity'),
		);
		// The spec sends the JSON object as a text/plain body.
		const response = await platformRequest.call(this, run, 'updateAuditSessionItem', itemIndex, {
			pathParams: {
				audit_item_id: {
					value: this.getNodeParameter('auditItemId', itemIndex),
					label: 'Audit Item ID',
				},
			},
			text: JSON.stringify({ physical_qty: physicalQty }),
		});
		return recordOrMessage(response);
	},
};
