import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { updateDisplayOptions } from '../../../shared/descriptions';
import { recordOrMessage } from '../../../shared/execution';
import { platformRequest, type PlatformRun } from '../../../shared/transport';

const properties: INodeProperties[] = [
	{
		displayName: 'District ID',
		name: 'districtId',
		type: 'string',
		required: true,
		default: '',
		placeholder: '3',
		description: 'ID of the district to get (its Arabic and English names)',
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['district'], operation: ['get'] } },
	properties,
);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	run: PlatformRun,
): Promise<IDataObject | IDataObject[]> {
	// Only apikey and apiconnection: the operation table lists no business key for E5.
	const response = await platformRequest.call(this, run, 'E5', itemIndex, {
		pathParams: { district_id: { value: this.getNodeParameter('districtId', itemIndex), label: 'District ID' } },
	});
	return recordOrMessage(response);
}
