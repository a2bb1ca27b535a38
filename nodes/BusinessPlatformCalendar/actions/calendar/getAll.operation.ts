import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { requestedLimit, returnAllOrLimit } from '../../../shared/node/descriptions';
import { unexpectedAnswerError } from '../../../shared/errors/answerErrors';
import type { PlatformOperation } from '../../../shared/node/operation';
import { ENDPOINTS } from '../../../shared/platform/endpoints';
import type { PlatformRun } from '../../../shared/transport/run';
import { platformRequest } from '../../../shared/transport/platformRequest';
import { requireString } from '../../../shared/values/parameters';

/** The one value the API shows for both list types; an expression may give another. */
const USER_ONLY = [
	{ name: 'User', value: 'user', description: "Sent as user, the API example's value" },
];

const properties: INodeProperties[] = [
	{
		displayName: 'User Type',
		name: 'userType',
		type: 'options',
		required: true,
		options: USER_ONLY,
		default: 'user',
		description:
			"The platform's user type the list is for (sent as user_type). User is the only value the API shows; another can be given with an expression.",
	},
	{
		displayName: 'Type',
		name: 'type',
		type: 'options',
		required: true,
		options: USER_ONLY,
		default: 'user',
		description:
			"The platform's calendar list type (sent as type). User is the only value the API shows; another can be given with an expression.",
	},
	...returnAllOrLimit,
];

/** The list sits in `data.data`; a bare array is accepted too. */
function calendarsOf(run: PlatformRun, itemIndex: number, data: unknown): IDataObject[] {
	const list = Array.isArray(data) ? data : (data as IDataObject | null | undefined)?.data;
	if (!Array.isArray(list)) {
		throw unexpectedAnswerError({
			run,
			endpoint: ENDPOINTS.listCalendars,
			itemIndex,
			message: 'The platform answered without a calendar list',
			expected: 'expected the list in data.data of the response',
		});
	}
	return list as IDataObject[];
}

export const operation: PlatformOperation = {
	operation: 'getAll',
	endpoints: ['listCalendars'],
	picker: {
		name: 'Get Many',
		action: 'Get many calendars',
		description: "List the business's calendars (ID and name of each)",
	},
	description: properties,

	async execute(itemIndex, run) {
		const userType = requireString(this.getNodeParameter('userType', itemIndex), 'User Type');
		const type = requireString(this.getNodeParameter('type', itemIndex), 'Type');
		const limit = requestedLimit(this, itemIndex);
		const response = await platformRequest.call(this, run, 'listCalendars', itemIndex, {
			multipart: [
				['user_type', userType],
				['type', type],
			],
		});
		// The platform sends the whole list in one response; Limit keeps its first entries.
		const calendars = calendarsOf(run, itemIndex, response.data);
		return limit === undefined ? calendars : calendars.slice(0, limit);
	},
};
