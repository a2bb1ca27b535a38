import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { languageOptions, outputParameters } from '../../../shared/node/descriptions';
import type { PlatformOperation } from '../../../shared/node/operation';
import { pickFields, recordOrMessage, shapeRecord } from '../../../shared/node/output';
import type { MultipartField } from '../../../shared/transport/multipart';
import { platformRequest } from '../../../shared/transport/platformRequest';
import {
	optionalDate,
	requireCode,
	requireDate,
	requireFlag,
	requireInteger,
	requireNumber,
} from '../../../shared/values/parameters';
import { lineItemFields, lineItemProperties } from './lineItems';

/** The quote's top-level fields (platform-api.md, E1), for a tool's Selected Fields. */
const QUOTE_FIELDS = [
	'id',
	'uuid',
	'user_id',
	'business_id',
	'currency_id',
	'status_id',
	'reference',
	'due_date',
	'created_date',
	'description',
	'billing_address',
	'tax_inclusive',
	'rounding',
	'discount',
	'hide_total',
	'custom_title',
	'rounding_value',
	'total',
	'note',
	'created_at',
	'updated_at',
];

/** What a follow-up step needs to confirm the update: the quote, its dates, title and total. */
const SIMPLE_QUOTE_FIELDS = [
	'id',
	'reference',
	'status_id',
	'currency_id',
	'created_date',
	'due_date',
	'custom_title',
	'description',
	'total',
	'updated_at',
];

const properties: INodeProperties[] = [
	{
		displayName: 'Quote ID',
		name: 'quoteId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 1501',
		description: 'ID of the sales quote to update',
	},
	{
		displayName: 'Customer ID',
		name: 'customerId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 1401',
		description: "ID of the customer, from the business's customers",
	},
	{
		displayName: 'Currency ID',
		name: 'currencyId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 1',
		description: "ID of the customer's currency",
	},
	{
		displayName: 'Created Date',
		name: 'createdDate',
		type: 'dateTime',
		required: true,
		default: '',
		description: 'Date of the quote; only the date part is sent (YYYY-MM-DD)',
	},
	{
		displayName: 'Tax Inclusive',
		name: 'taxInclusive',
		type: 'boolean',
		default: false,
		description: 'Whether the prices include tax',
	},
	{
		displayName: 'Apply Discount',
		name: 'applyDiscount',
		type: 'boolean',
		default: false,
		description: 'Whether the quote has a discount',
	},
	{
		displayName: 'Discount Type',
		name: 'discountType',
		type: 'options',
		options: [
			{ name: 'Exact Amount', value: 'amount' },
			{ name: 'Percentage', value: 'percentage' },
		],
		default: 'percentage',
		description: 'How the discount is given; the platform requires it even without a discount',
	},
	{
		displayName: 'Total',
		name: 'total',
		type: 'number',
		required: true,
		default: 0,
		description: 'Total of the quote before the final adjustments',
	},
	{
		displayName: 'Final Total',
		name: 'finalTotal',
		type: 'number',
		required: true,
		default: 0,
		description: 'Final total of the quote',
	},
	...lineItemProperties,
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description:
			'Optional quote fields. A field left out is sent empty, as the platform expects, which may clear the value the quote has.',
		options: [
			{
				displayName: 'Custom Title',
				name: 'customTitle',
				type: 'string',
				default: '',
				placeholder: 'e.g. Quotation',
				description: 'Title shown on the quote instead of the default one',
			},
			{
				displayName: 'Description',
				name: 'description',
				type: 'string',
				typeOptions: { rows: 2 },
				default: '',
				description: 'Description of the quote shown on it; sent empty when left out',
			},
			{
				displayName: 'Due Date',
				name: 'dueDate',
				type: 'dateTime',
				default: '',
				description: 'Date the quote is valid until; only the date part is sent (YYYY-MM-DD)',
			},
			{
				displayName: 'Hide Total',
				name: 'hideTotal',
				type: 'boolean',
				default: false,
				description: 'Whether the total is hidden in the quote view',
			},
			{
				displayName: 'Note',
				name: 'note',
				type: 'string',
				typeOptions: { rows: 2 },
				default: '',
				description: 'Note on the quote; sent empty when left out',
			},
		],
	},
	...outputParameters(
		'ID, reference, status, currency, created and due dates, title, description, total and last update',
		QUOTE_FIELDS,
	),
	languageOptions,
];

/** The spec's `discount` value: 0 percentage, 1 exact amount (0/1 also accepted from expressions). */
const DISCOUNT_TYPES: Record<string, '0' | '1'> = {
	percentage: '0',
	amount: '1',
	'0': '0',
	'1': '1',
};

/** Text of an optional field; the platform expects an empty value for one left out. */
function optionalText(value: unknown): string {
	return value === undefined || value === null ? '' : String(value);
}

export const operation: PlatformOperation = {
	operation: 'update',
	endpoints: ['updateSalesQuote'],
	picker: {
		name: 'Update',
		action: 'Update sales quote',
		description: 'Replace the fields and line items of a sales quote',
	},
	description: properties,
	// In the panel's notice, not a tooltip: leaving a field out can clear what the quote has.
	notice:
		"The platform takes every quote field on each update: an Additional Field left out is sent empty and may clear the quote's value. Add the ones the quote has.",

	async execute(itemIndex, run) {
		const param = (name: string, fallback?: unknown) =>
			this.getNodeParameter(name, itemIndex, fallback);
		const extra = param('additionalFields', {}) as IDataObject;
		const options = param('options', {}) as IDataObject;
		const source = param('lineItemsSource') as string;

		// Fields in the spec's order (E1 body table); every one is sent, optional ones empty.
		const multipart: MultipartField[] = [
			['customer_id', requireInteger(param('customerId'), 'Customer ID')],
			['currency_id', requireInteger(param('currencyId'), 'Currency ID')],
			['created_date', requireDate(param('createdDate'), 'Created Date')],
			['due_date', optionalDate(extra.dueDate, 'Due Date') ?? ''],
			['description', optionalText(extra.description)],
			['tax_inclusive', requireFlag(param('taxInclusive'), 'Tax Inclusive')],
			[
				'hide_total',
				extra.hideTotal === undefined ? '' : requireFlag(extra.hideTotal, 'Hide Total'),
			],
			['discount_check', requireFlag(param('applyDiscount'), 'Apply Discount')],
			[
				'discount',
				requireCode(
					param('discountType'),
					DISCOUNT_TYPES,
					'Discount Type',
					'percentage or amount (or 0 or 1)',
				),
			],
			['custom_title', optionalText(extra.customTitle)],
			['total', requireNumber(param('total'), 'Total')],
			['final_total', requireNumber(param('finalTotal'), 'Final Total')],
			['note', optionalText(extra.note)],
			...lineItemFields(
				source,
				source === 'json' ? undefined : param('lineItems', {}),
				source === 'json' ? param('lineItemsJson') : undefined,
			),
		];

		const response = await platformRequest.call(this, run, 'updateSalesQuote', itemIndex, {
			pathParams: { quote_id: { value: param('quoteId'), label: 'Quote ID' } },
			multipart,
			language: options.language as string | undefined,
		});
		return shapeRecord(this, itemIndex, recordOrMessage(response) as IDataObject, (quote) =>
			pickFields(quote, SIMPLE_QUOTE_FIELDS),
		);
	},
};
