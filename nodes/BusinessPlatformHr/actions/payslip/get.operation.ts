import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { outputParameters } from '../../../shared/node/descriptions';
import type { PlatformOperation } from '../../../shared/node/operation';
import { pickFields, recordOrMessage, shapeRecord } from '../../../shared/node/output';
import { platformRequest } from '../../../shared/transport/platformRequest';

/** The payslip's top-level fields (platform-api.md, E15), for a tool's Selected Fields. */
const PAYSLIP_FIELDS = [
	'id',
	'employee_id',
	'reference',
	'currency',
	'business_id',
	'status_id',
	'earnings_items_total',
	'deductions_item_total',
	'contributions_items_total',
	'net_price',
	'description',
	'created_date',
	'automation',
	'paid',
	'type',
	'loan_id',
	'deleted_at',
	'created_at',
	'updated_at',
	'items',
	'employee',
];

/** What a payslip e-mail or a payroll sync needs; the employee only by ID and name. */
function simplifyPayslip(payslip: IDataObject): IDataObject {
	const employee = (payslip.employee ?? {}) as IDataObject;
	return {
		...pickFields(payslip, ['id', 'reference', 'employee_id']),
		...pickFields({ employee_name: employee.name }, ['employee_name']),
		...pickFields(payslip, [
			'description',
			'created_date',
			'currency',
			'earnings_items_total',
			'deductions_item_total',
			'net_price',
		]),
	};
}

const properties: INodeProperties[] = [
	{
		displayName: 'Payslip ID',
		name: 'payslipId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 1024',
		description: 'ID of the payslip to get, with its items and employee',
	},
	...outputParameters(
		'ID, reference, employee ID and name, description, date, currency, earnings, deductions and net pay',
		PAYSLIP_FIELDS,
	),
];

export const operation: PlatformOperation = {
	operation: 'get',
	endpoints: ['getPayslip'],
	picker: {
		name: 'Get',
		action: 'Get payslip',
		description: 'Get a payslip with its items and employee',
	},
	description: properties,

	async execute(itemIndex, run) {
		const response = await platformRequest.call(this, run, 'getPayslip', itemIndex, {
			pathParams: {
				payslip_id: { value: this.getNodeParameter('payslipId', itemIndex), label: 'Payslip ID' },
			},
		});
		return shapeRecord(this, itemIndex, recordOrMessage(response) as IDataObject, simplifyPayslip);
	},
};
