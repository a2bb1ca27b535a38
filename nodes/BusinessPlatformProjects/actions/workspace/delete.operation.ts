import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { languageOptions, updateDisplayOptions } from '../../../shared/descriptions';
import { platformRequest, type PlatformRun } from '../../../shared/transport';
import { requireInteger } from '../../../shared/validation';

const properties: INodeProperties[] = [
	{
		displayName: 'Workspace ID',
		name: 'workspaceId',
		type: 'string',
		required: true,
		default: '',
		placeholder: '1801',
		description: 'ID of the workspace to delete',
	},
	{
		displayName: 'Business ID',
		name: 'businessId',
		type: 'string',
		required: true,
		default: '',
		placeholder: '101',
		description: 'ID of the business the workspace belongs to (the business the credential acts for)',
	},
	languageOptions,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['workspace'], operation: ['delete'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number, run: PlatformRun): Promise<IDataObject> {
	const businessId = requireInteger(this.getNodeParameter('businessId', itemIndex), 'Business ID', { min: 1 });
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const response = await platformRequest.call(this, run, 'E6', itemIndex, {
		pathParams: { id: { value: this.getNodeParameter('workspaceId', itemIndex), label: 'Workspace ID' } },
		json: { business_id: Number(businessId) },
		language: options.language as string | undefined,
	});
	return { deleted: true, message: response.message ?? null };
}
