import type { IDataObject, INodeProperties } from 'n8n-workflow';

import {
	languageOption,
	optionsCollectionOf,
	outputParameters,
} from '../../../shared/node/descriptions';
import type { PlatformOperation } from '../../../shared/node/operation';
import { pickFields, recordOrMessage, shapeRecord } from '../../../shared/node/output';
import { platformRequest } from '../../../shared/transport/platformRequest';

/**
 * The order's top-level fields, for a tool's Selected Fields. The spec shows none; these are
 * the platform's order details as the sandbox serves them, with the optional parts.
 */
const ORDER_FIELDS = [
	'id',
	'order_number',
	'business_id',
	'customer_name',
	'customer_phone',
	'status',
	'payment_method',
	'currency',
	'subtotal',
	'shipping',
	'tax',
	'total',
	'created_at',
	'items',
	'history',
	'order_total',
	'items_daily',
];

/** What fulfilment or a status update needs: the order, its items and (when included) history. */
const SIMPLE_ORDER_FIELDS = [
	'id',
	'order_number',
	'status',
	'created_at',
	'customer_name',
	'payment_method',
	'currency',
	'total',
	'items',
	'history',
];

const properties: INodeProperties[] = [
	{
		displayName: 'Order ID',
		name: 'orderId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 1301',
		description: 'ID of the order to get',
	},
	...outputParameters(
		'ID, number, status, date, customer name, payment method, currency, total, items and history',
		ORDER_FIELDS,
	),
	optionsCollectionOf([
		{
			displayName: 'Include Daily Items',
			name: 'includeDailyItems',
			type: 'boolean',
			default: true,
			description:
				"Whether to include the order's items grouped by day (sent as get_items_daily); Simplify leaves them out",
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
			description:
				"Whether to include the order's subtotal, shipping and tax (sent as get_order_total); Simplify leaves them out",
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
	operation: 'get',
	endpoints: ['getOrder'],
	picker: {
		name: 'Get',
		action: 'Get order',
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
		return shapeRecord(this, itemIndex, recordOrMessage(response) as IDataObject, (order) =>
			pickFields(order, SIMPLE_ORDER_FIELDS),
		);
	},
};
