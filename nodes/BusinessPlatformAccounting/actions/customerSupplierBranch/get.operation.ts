import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { languageOptions, outputParameters } from '../../../shared/node/descriptions';
import type { PlatformOperation } from '../../../shared/node/operation';
import { pickFields, recordOrMessage, shapeRecord } from '../../../shared/node/output';
import { platformRequest } from '../../../shared/transport/platformRequest';
import { requireCode } from '../../../shared/values/parameters';

/** The branch's top-level fields (platform-api.md, E8; the password is never output), for a tool's Selected Fields. */
const BRANCH_FIELDS = [
	'id',
	'uuid',
	'business_id',
	'company_id',
	'user_type',
	'name',
	'first_name',
	'last_name',
	'vat_number',
	'vat_number_check',
	'phone_code',
	'phone',
	'email',
	'address',
	'longitude',
	'latitude',
	'country_id',
	'city',
	'state',
	'district',
	'status',
	'user_cat_id',
	'company_name',
	'postcode',
	'business_identifier',
	'credit_limit',
	'address1',
	'address2',
	'created_at',
	'updated_at',
];

/** What invoicing or a CRM sync needs: the branch, its company, tax number and region. */
const SIMPLE_BRANCH_FIELDS = [
	'id',
	'uuid',
	'name',
	'company_id',
	'vat_number',
	'city',
	'state',
	'country_id',
	'status',
	'updated_at',
];

const properties: INodeProperties[] = [
	{
		displayName: 'Customer or Supplier',
		name: 'contactType',
		type: 'options',
		required: true,
		options: [
			{ name: 'Customer', value: 'customer' },
			{ name: 'Supplier', value: 'supplier' },
		],
		default: 'customer',
		description:
			'Whether the branch belongs to a customer or a supplier; an expression may give customer or supplier (or 1 or 2)',
	},
	{
		displayName: 'Customer/Supplier UUID',
		name: 'customerSupplierUuid',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 3f2b8c1e-6a4d-4e0f-9b7a-1c2d3e4f5a6b',
		description: 'UUID of the customer or supplier that owns the branch',
	},
	{
		displayName: 'Branch UUID',
		name: 'branchUuid',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 7a1c9e2f-4b3d-4c8e-a5f6-0d9e8c7b6a54',
		description: 'UUID of the branch to get',
	},
	...outputParameters(
		'ID, UUID, name, company ID, VAT number, city, state, country ID, status and last update',
		BRANCH_FIELDS,
	),
	languageOptions,
];

/** The spec's path value: 1 for a customer, 2 for a supplier. */
const CONTACT_TYPES: Record<string, string> = { customer: '1', supplier: '2', '1': '1', '2': '2' };

export const operation: PlatformOperation = {
	operation: 'get',
	endpoints: ['getCustomerSupplierBranch'],
	picker: {
		name: 'Get',
		action: 'Get customer or supplier branch',
		description: 'Get one branch of a customer or supplier',
	},
	description: properties,

	async execute(itemIndex, run) {
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		const contactType = requireCode(
			this.getNodeParameter('contactType', itemIndex),
			CONTACT_TYPES,
			'Customer or Supplier',
			'customer or supplier (or 1 or 2)',
		);
		const response = await platformRequest.call(this, run, 'getCustomerSupplierBranch', itemIndex, {
			pathParams: {
				type: { value: contactType, label: 'Customer or Supplier' },
				uuid: {
					value: this.getNodeParameter('customerSupplierUuid', itemIndex),
					label: 'Customer/Supplier UUID',
				},
				branch_uuid: {
					value: this.getNodeParameter('branchUuid', itemIndex),
					label: 'Branch UUID',
				},
			},
			language: options.language as string | undefined,
		});
		// The branch record's password is removed for every response by the transport (redaction.ts: cleanData).
		return shapeRecord(this, itemIndex, recordOrMessage(response) as IDataObject, (branch) =>
			pickFields(branch, SIMPLE_BRANCH_FIELDS),
		);
	},
};
