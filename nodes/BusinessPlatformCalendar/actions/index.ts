import type { INodeProperties } from 'n8n-workflow';

import { operationProperty, resourceProperty } from '../../shared/descriptions';
import type { ResourceMap } from '../../shared/execution';
import * as getAllCalendars from './calendar/getAll.operation';

export const resources: ResourceMap = {
	calendar: { getAll: getAllCalendars },
};

export const properties: INodeProperties[] = [
	resourceProperty([{ name: 'Calendar', value: 'calendar' }]),
	operationProperty('calendar', [
		{
			name: 'Get Many',
			value: 'getAll',
			action: 'Get many calendars',
			description: "List the business's calendars",
		},
	]),
	...getAllCalendars.description,
];
