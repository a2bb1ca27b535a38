import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { PlatformOperation } from '../../../shared/operation';
import { recordOrMessage } from '../../../shared/output';
import { platformRequest } from '../../../shared/transport';
import { requireInteger, requireString } from '../../../shared/validation';

const properties: INodeProperties[] = [
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'Main Cash',
		description: 'Name of the new account',
	},
	{
		// A string, not options: the API documents only "cash", and the platform may accept others.
		displayName: 'Account Type',
		name: 'accountType',
		type: 'string',
		required: true,
		default: 'cash',
		placeholder: 'cash',
		description:
			'Type of the account as the platform names it: "cash" (the value the API documents) or, for a bank account, "bank"',
	},
	{
		displayName: 'Representative ID',
		name: 'representativeId',
		type: 'string',
		required: true,
		default: '',
		placeholder: '42',
		description: 'ID of the user responsible for the account',
	},
	{
		displayName: 'Business ID',
		name: 'businessId',
		type: 'string',
		required: true,
		default: '',
		placeholder: '101',
		description: 'ID of the business the account belongs to; it must be the business of the Business Key in use',
	},
];

export const operation: PlatformOperation = {
	resource: 'cashBankAccount',
	operation: 'create',
	requests: ['createCashBankAccount'],
	picker: {
		name: 'Create',
		action: 'Create a cash or bank account',
		description: 'Add a cash or bank account to the business',
	},
	description: properties,

	async execute(itemIndex, run) {
		// The spec types every body field as a string, ids included.
		const json: IDataObject = {
			name: requireString(this.getNodeParameter('name', itemIndex), 'Name'),
			type: requireString(this.getNodeParameter('accountType', itemIndex), 'Account Type'),
			representative_id: requireInteger(this.getNodeParameter('representativeId', itemIndex), 'Representative ID', {
				min: 1,
			}),
			business_id: requireInteger(this.getNodeParameter('businessId', itemIndex), 'Business ID', { min: 1 }),
		};
		return recordOrMessage(await platformRequest.call(this, run, 'createCashBankAccount', itemIndex, { json }));
	},
};
