import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { businessIdParameter } from '../../../shared/node/descriptions';
import type { PlatformOperation } from '../../../shared/node/operation';
import { recordOrMessage } from '../../../shared/node/output';
import { platformRequest } from '../../../shared/transport/platformRequest';
import { requireInteger, requireString } from '../../../shared/values/parameters';

const properties: INodeProperties[] = [
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. Main Cash',
		description: 'Name of the new account',
	},
	{
		// The API documents only "cash"; other types are platform-specific, so an expression may give any text.
		displayName: 'Account Type',
		name: 'accountType',
		type: 'options',
		required: true,
		options: [
			{ name: 'Cash', value: 'cash', description: 'Sent as cash, the type the API documents' },
		],
		default: 'cash',
		description:
			'Type of the new account. Cash is the only type the API documents; other types (such as bank) are platform-specific: give them as text with an expression.',
	},
	{
		displayName: 'Representative ID',
		name: 'representativeId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 42',
		description: 'ID of the user responsible for the account',
	},
	businessIdParameter('account'),
];

export const operation: PlatformOperation = {
	operation: 'create',
	endpoints: ['createCashBankAccount'],
	picker: {
		name: 'Create',
		action: 'Create cash or bank account',
		description: 'Add a cash or bank account to the business; returns the created account',
	},
	description: properties,

	async execute(itemIndex, run) {
		// The spec types every body field as a string, ids included.
		const json: IDataObject = {
			name: requireString(this.getNodeParameter('name', itemIndex), 'Name'),
			type: requireString(this.getNodeParameter('accountType', itemIndex), 'Account Type'),
			representative_id: requireInteger(
				this.getNodeParameter('representativeId', itemIndex),
				'Representative ID',
				{
					min: 1,
				},
			),
			business_id: requireInteger(this.getNodeParameter('businessId', itemIndex), 'Business ID', {
				min: 1,
			}),
		};
		return recordOrMessage(
			await platformRequest.call(this, run, 'createCashBankAccount', itemIndex, { json }),
		);
	},
};
