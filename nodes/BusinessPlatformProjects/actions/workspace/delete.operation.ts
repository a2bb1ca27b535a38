import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { businessIdParameter, languageOptions } from '../../../shared/node/descriptions';
import type { PlatformOperation } from '../../../shared/node/operation';
import { deletedOutput } from '../../../shared/node/output';
import { platformRequest } from '../../../shared/transport/platformRequest';
import { requireInteger } from '../../../shared/values/parameters';

const properties: INodeProperties[] = [
	{
		displayName: 'Workspace ID',
		name: 'workspaceId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 1801',
		description: 'ID of the workspace to delete',
	},
	businessIdParameter('workspace'),
	languageOptions,
];

export const operation: PlatformOperation = {
	operation: 'delete',
	endpoints: ['deleteWorkspace'],
	picker: {
		name: 'Delete',
		action: 'Delete workspace',
		description: 'Delete a workspace for good, given its workspace ID',
	},
	description: properties,

	async execute(itemIndex, run) {
		const businessId = requireInteger(
			this.getNodeParameter('businessId', itemIndex),
			'Business ID',
			{ min: 1 },
		);
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		await platformRequest.call(this, run, 'deleteWorkspace', itemIndex, {
			pathParams: {
				id: { value: this.getNodeParameter('workspaceId', itemIndex), label: 'Workspace ID' },
			},
			json: { business_id: Number(businessId) },
			language: options.language as string | undefined,
		});
		return deletedOutput();
	},
};
