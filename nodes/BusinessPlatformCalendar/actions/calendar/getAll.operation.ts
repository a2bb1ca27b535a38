import { NodeOperationError, type IDataObject, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

import { returnAllOrLimit, updateDisplayOptions } from '../../../shared/descriptions';
import { platformRequest, type PlatformRun } from '../../../shared/transport';
import { requireInteger, requireString } from '../../../shared/validation';

const properties: INodeProperties[] = [
	{
		displayName: 'User Type',
		name: 'userType',
		type: 'string',
		required: true,
		default: 'user',
		description: "The platform's user type the list is for (sent as user_type); the API's example sends user",
	},
	{
		displayName: 'Type',
		name: 'type',
		type: 'string',
		required: true,
		default: 'user',
		description: "The platform's calendar list type (sent as type); the API's example sends user",
	},
	...returnAllOrLimit,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['calendar'], operation: ['getAll'] } },
	properties,
);

/** The list sits in `data.data`; a bare array is accepted too. */
function calendarsOf(context: IExecuteFunctions, itemIndex: number, data: unknown): IDataObject[] {
	const list = Array.isArray(data) ? data : (data as IDataObject | null | undefined)?.data;
	if (!Array.isArray(list)) {
		throw new NodeOperationError(context.getNode(), 'The platform answered without a calendar list', {
			itemIndex,
			description: 'E11 List Calendars: expected the list in data.data of the response',
		});
	}
	return list as IDataObject[];
}

export async function execute(this: IExecuteFunctions, itemIndex: number, run: PlatformRun): Promise<IDataObject[]> {
	const userType = requireString(this.getNodeParameter('userType', itemIndex), 'User Type');
	const type = requireString(this.getNodeParameter('type', itemIndex), 'Type');
	const returnAll = this.getNodeParameter('returnAll', itemIndex, false) as boolean;
	const limit = returnAll
		? undefined
		: Number(requireInteger(this.getNodeParameter('limit', itemIndex, 50), 'Limit', { min: 1 }));
	const response = await platformRequest.call(this, run, 'E11', itemIndex, {
		multipart: [
			['user_type', userType],
			['type', type],
		],
	});
	// The platform sends the whole list in one response; Limit keeps its first entries.
	const calendars = calendarsOf(this, itemIndex, response.data);
	return limit === undefined ? calendars : calendars.slice(0, limit);
}
