import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { updateDisplayOptions } from '../../../shared/descriptions';
import { platformRequest, type PlatformRun } from '../../../shared/transport';

const properties: INodeProperties[] = [
	{
		displayName: 'Payslip ID',
		name: 'payslipId',
		type: 'string',
		required: true,
		default: '',
		placeholder: '1024',
		description: 'ID of the payslip to get, with its items and employee',
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['payslip'], operation: ['get'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number, run: PlatformRun): Promise<IDataObject> {
	const response = await platformRequest.call(this, run, 'E15', itemIndex, {
		pathParams: { payslip_id: { value: this.getNodeParameter('payslipId', itemIndex), label: 'Payslip ID' } },
	});
	return response.data as IDataObject;
}
