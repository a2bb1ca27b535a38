import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { languageOption, optionsCollectionOf } from '../../../shared/node/descriptions';
import type { PlatformOperation } from '../../../shared/node/operation';
import { recordOrMessage } from '../../../shared/node/output';
import { platformRequest } from '../../../shared/transport/platformRequest';

const properties: INodeProperties[] = [
	{
		displayName: 'Order ID',
		name: 'orderId',
		type: 'string',
		required: true,
		default: '',
		placeholder: '1301',
		description: 'ID of the order to get',
	},
	optionsCollectionOf([
		{
			displayName: 'Include Daily Items',
			name: 'includeDailyItems',
			type: 'boolean',
			default: true,
			description: "Whether to include the order's items grouped by day (sent as get_items_daily)",
		},
		{
			displayName: 'Include History',
			name: 'includeHistory',
			type: 'boolean',
			default: true,
			description: "Whether to include the order's status history (sent as get_history)",
		},
		{
			displayName: 'Include Order Total',
			name: 'includeOrderTotal',
			type: 'boolean',
			default: true,
			description: "Whether to include the order's totals (sent as get_order_total)",
		},
		languageOption,
	]),
];

/** Option -> the spec's query flag, sent with an empty value when the option is on. */
const FLAGS = [
	['includeHistory', 'get_history'],
	['includeOrderTotal', 'get_order_total'],
	['includeDailyItems', 'get_items_daily'],
] as const;

export const operation: PlatformOperation = {
	resource: 'order',
	operation: 'get',
	endpoints: ['getOrder'],
	picker: {
		name: 'Get',
		action: 'Get an order by order ID',
		description: 'Get the details of an order: items, totals and status history',
	},
	description: properties,

	async execute(itemIndex, run) {
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		const query: Record<string, string> = {};
		for (const [option, flag] of FLAGS) {
			if (options[option] === true) query[flag] = '';
		}
		const response = await platformRequest.call(this, run, 'getOrder', itemIndex, {
			pathParams: {
				order_id: { value: this.getNodeParameter('orderId', itemIndex), label: 'Order ID' },
			},
			query,
			language: options.language as string | undefined,
		});
		return recordOrMessage(response);
	},
};
