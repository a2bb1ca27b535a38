import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { PlatformOperation } from '../../../shared/node/operation';
import { platformRequest } from '../../../shared/transport/platformRequest';

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

export const operation: PlatformOperation = {
	resource: 'payslip',
	operation: 'get',
	endpoints: ['getPayslip'],
	picker: {
		name: 'Get',
		action: 'Get a payslip by payslip ID',
		description: 'Get a payslip with its items and employee',
	},
	description: properties,

	async execute(itemIndex, run) {
		const response = await platformRequest.call(this, run, 'getPayslip', itemIndex, {
			pathParams: {
				payslip_id: { value: this.getNodeParameter('payslipId', itemIndex), label: 'Payslip ID' },
			},
		});
		return response.data as IDataObject;
	},
};
