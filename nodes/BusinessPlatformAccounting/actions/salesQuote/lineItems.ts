/**
 * Sales quote line items (E1): one table of the line fields drives the parameter UI, the
 * JSON keys, the validation and the repeated multipart fields (`item_id[]`, ...).
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { ParameterError } from '../../../shared/platform/errors';
import type { MultipartField } from '../../../shared/transport/multipart';
import {
	optionalInteger,
	parseJson,
	requireInteger,
	requireNumber,
	requireString,
} from '../../../shared/values/parameters';

type LineFieldKind = 'id' | 'number' | 'text' | 'optionalInteger';

interface LineField {
	/** Parameter name in Define Below and key in the JSON lines. */
	key: string;
	label: string;
	/** Repeated multipart field, once per line. */
	wire: string;
	kind: LineFieldKind;
	placeholder: string;
	description: string;
}

/** In the spec's wire order (E1 body table). */
const LINE_FIELDS: LineField[] = [
	{
		key: 'sort',
		label: 'Sort',
		wire: 'item_sort[]',
		kind: 'optionalInteger',
		placeholder: 'e.g. 1',
		description: 'Position of the line in the quote view; sent empty when not set',
	},
	{
		key: 'itemId',
		label: 'Item ID',
		wire: 'item_id[]',
		kind: 'id',
		placeholder: 'e.g. 1702',
		description: 'Product ID from the commerce catalog',
	},
	{
		key: 'quantity',
		label: 'Quantity',
		wire: 'item_qty[]',
		kind: 'number',
		placeholder: 'e.g. 2',
		description: 'Quantity of the line',
	},
	{
		key: 'price',
		label: 'Price',
		wire: 'item_price[]',
		kind: 'number',
		placeholder: 'e.g. 120.00',
		description: 'Unit price',
	},
	{
		key: 'amount',
		label: 'Amount',
		wire: 'amount[]',
		kind: 'number',
		placeholder: 'e.g. 240.00',
		description: 'Line amount before tax',
	},
	{
		key: 'tax',
		label: 'Tax',
		wire: 'item_tax[]',
		kind: 'number',
		placeholder: 'e.g. 15',
		description:
			'Tax of the line as the platform takes it (item_tax), usually the tax rate such as 15',
	},
	{
		key: 'taxAmount',
		label: 'Tax Amount',
		wire: 'tax_amount[]',
		kind: 'number',
		placeholder: 'e.g. 36.00',
		description: 'Tax amount of the line',
	},
	{
		key: 'totalWithTax',
		label: 'Total With Tax',
		wire: 'total_with_tax[]',
		kind: 'number',
		placeholder: 'e.g. 276.00',
		description: 'Line total including tax',
	},
	{
		key: 'discount',
		label: 'Discount',
		wire: 'item_discount[]',
		kind: 'number',
		placeholder: 'e.g. 0',
		description: 'Discount amount of the line',
	},
	{
		key: 'description',
		label: 'Description',
		wire: 'item_desc[]',
		kind: 'text',
		placeholder: 'e.g. USB-C Charger 30W',
		description: 'Description of the line',
	},
];

const LINE_KEYS = LINE_FIELDS.map((field) => field.key);

/** The order a user fills a line in: what, how many, money, then tax and position. */
const UI_ORDER = [
	'itemId',
	'description',
	'quantity',
	'price',
	'amount',
	'discount',
	'tax',
	'taxAmount',
	'totalWithTax',
	'sort',
];

export const lineItemProperties: INodeProperties[] = [
	{
		displayName: 'Line Items Source',
		name: 'lineItemsSource',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'Define Below',
				value: 'defineBelow',
				description: 'Enter each line in the fields below',
			},
			{
				name: 'JSON',
				value: 'json',
				description: 'Give the lines as a JSON array, for example from an expression',
			},
		],
		default: 'defineBelow',
		description: 'How the quote lines are given. The lines replace those of the quote.',
	},
	{
		displayName: 'Line Items',
		name: 'lineItems',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true, sortable: true },
		placeholder: 'Add Line Item',
		default: {},
		displayOptions: { show: { lineItemsSource: ['defineBelow'] } },
		description:
			'Lines of the quote, in the order they are sent. Every field of a line is required except Sort.',
		options: [
			{
				displayName: 'Line Item',
				name: 'item',
				values: UI_ORDER.map((key) => {
					const field = LINE_FIELDS.find((candidate) => candidate.key === key) as LineField;
					// Text even for numbers: a default 0 would hide a forgotten price or quantity.
					// Sort, a count that may stay empty, is a whole number starting empty.
					// Not `required`: n8n's own check of required fields here cannot say which line
					// is incomplete and stops the whole workflow; lineValues() names line and field.
					const common = {
						displayName: field.label,
						name: field.key,
						placeholder: field.placeholder,
						description: field.description,
					};
					return field.kind === 'optionalInteger'
						? ({
								...common,
								type: 'number',
								typeOptions: { minValue: 0, numberPrecision: 0 },
								default: null,
							} satisfies INodeProperties)
						: ({ ...common, type: 'string', default: '' } satisfies INodeProperties);
				}),
			},
		],
	},
	{
		displayName: 'Line Items (JSON)',
		name: 'lineItemsJson',
		type: 'json',
		required: true,
		// Empty, not a sample: a sample left in place would be sent as real lines.
		default: '[]',
		displayOptions: { show: { lineItemsSource: ['json'] } },
		description: `An array of lines such as [{"itemId": 1702, "description": "USB-C Charger", "quantity": 2, "price": 120, "amount": 240, "discount": 0, "tax": 15, "taxAmount": 36, "totalWithTax": 276}]. Keys: ${LINE_KEYS.join(', ')}; all are required except sort.`,
	},
];

function isObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One line's values as text, checked; the line number in messages is 1-based. */
function lineValues(line: unknown, lineNumber: number, fromJson: boolean): string[] {
	const where = `Line ${lineNumber}:`;
	if (!isObject(line)) {
		throw new ParameterError(
			where,
			`must be an object with the keys ${LINE_KEYS.join(', ')}, got ${JSON.stringify(line)}`,
		);
	}
	if (fromJson) {
		const unknown = Object.keys(line).filter((key) => !LINE_KEYS.includes(key));
		if (unknown.length) {
			throw new ParameterError(
				where,
				`unknown key ${unknown.map((key) => `"${key}"`).join(', ')}; the keys are ${LINE_KEYS.join(', ')}`,
			);
		}
	}
	return LINE_FIELDS.map((field) => {
		const value = line[field.key];
		const parameter = `${where} ${field.label}`;
		switch (field.kind) {
			case 'id':
				return requireInteger(value, parameter);
			case 'number':
				return requireNumber(value, parameter);
			case 'text':
				return requireString(value, parameter);
			case 'optionalInteger':
				return optionalInteger(value, parameter) ?? '';
		}
	});
}

/**
 * The repeated multipart fields of the lines: each field once per line, lines in the
 * given order, fields in the spec's order. Throws ParameterError naming the line and field.
 */
export function lineItemFields(
	source: string,
	defineBelow: unknown,
	json: unknown,
): MultipartField[] {
	let lines: unknown[];
	if (source === 'json') {
		const parsed = parseJson(json, 'Line Items (JSON)');
		if (!Array.isArray(parsed)) {
			throw new ParameterError(
				'Line Items (JSON)',
				`must be an array of line objects, got ${JSON.stringify(parsed)}`,
			);
		}
		lines = parsed;
	} else {
		const items = isObject(defineBelow) ? defineBelow.item : undefined;
		lines = Array.isArray(items) ? items : [];
	}
	if (lines.length === 0) throw new ParameterError('Line Items', 'needs at least one line');

	const values = lines.map((line, index) => lineValues(line, index + 1, source === 'json'));
	return LINE_FIELDS.flatMap((field, column) =>
		values.map((row): MultipartField => [field.wire, row[column]]),
	);
}
