import type { INodeProperties } from 'n8n-workflow';

import type { PlatformOperation } from '../../../shared/node/operation';
import { recordOrMessage } from '../../../shared/node/output';
import { platformRequest } from '../../../shared/transport/platformRequest';

const properties: INodeProperties[] = [
	{
		displayName: 'District ID',
		name: 'districtId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 3',
		description: 'ID of the district to get (its Arabic and English names)',
	},
];

export const operation: PlatformOperation = {
	operation: 'get',
	endpoints: ['getDistrict'],
	picker: {
		name: 'Get',
		action: 'Get district',
		description: 'Get a district with its Arabic and English names',
	},
	description: properties,

	async execute(itemIndex, run) {
		// Only apikey and apiconnection: the endpoint table lists no business key for E5.
		const response = await platformRequest.call(this, run, 'getDistrict', itemIndex, {
			pathParams: {
				district_id: {
					value: this.getNodeParameter('districtId', itemIndex),
					label: 'District ID',
				},
			},
		});
		return recordOrMessage(response);
	},
};
