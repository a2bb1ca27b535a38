/** Output records: what an operation returns for its item, and the items n8n gets. */
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { mapLeaves } from '../platform/envelope';

/**
 * What every delete outputs for its item, n8n's convention for deletes: the platform's answer
 * (a message) adds nothing, and one shape for all deletes lets a workflow check any of them.
 */
export function deletedOutput(): IDataObject {
	return { deleted: true };
}

/**
 * The output record of an operation: the platform's record when it returned one, otherwise
 * `{ success: true, message }` so the item still says what happened.
 */
export function recordOrMessage(response: {
	data: unknown;
	message?: string;
}): IDataObject | IDataObject[] {
	const { data, message } = response;
	if (Array.isArray(data)) return data as IDataObject[];
	if (typeof data === 'object' && data !== null) return data as IDataObject;
	const json: IDataObject = { success: true };
	if (message !== undefined) json.message = message;
	if (data !== undefined && data !== null) json.data = data as IDataObject[keyof IDataObject];
	return json;
}

export function toOutputItems(
	result: IDataObject | IDataObject[],
	itemIndex: number,
): INodeExecutionData[] {
	const records = Array.isArray(result) ? result : [result];
	return records.map((json) => ({ json, pairedItem: { item: itemIndex } }));
}

/**
 * Names of the platform's fields that identify a person (national ID, phones, e-mail
 * addresses and lists, emergency contacts, addresses and locations): a simplified output
 * holds none of them at any depth; Simplify off (or Output: Raw or Selected Fields on a
 * tool) gives the full record.
 */
export const PERSONAL_DATA_FIELDS: readonly string[] = [
	'address',
	'address1',
	'address2',
	'billing_address',
	'border_number',
	'customer_phone',
	'email',
	'emergency_name',
	'emergency_phone',
	'latitude',
	'longitude',
	'national_id',
	'phone',
	'phone_code',
	'postcode',
	'primary_email',
	'shipping_address',
];

const PERSONAL = new Set(PERSONAL_DATA_FIELDS);

const isPersonal = (key: string) => PERSONAL.has(key);
const unchanged = (text: string) => text;

/**
 * The value with every personal-data field removed, in nested records and lists too. Parts
 * without any are returned as they are (copy on write), as the transport's own walk does.
 */
export function withoutPersonalData<T>(value: T): T {
	return mapLeaves(value, isPersonal, unchanged);
}

/** The record's given fields, in that order; a field the record lacks is left out, not set empty. */
export function pickFields(record: IDataObject, fields: readonly string[]): IDataObject {
	const picked: IDataObject = {};
	for (const field of fields) {
		if (record[field] !== undefined) picked[field] = record[field];
	}
	return picked;
}

/**
 * How much of a record goes out: Simplified (the operation's few fields, no personal data),
 * Raw (all of it) or Selected Fields (the ID and the fields picked). A regular node has the
 * Simplify switch; the AI tool variant has Output instead (n8n's convention for tools).
 */
export type OutputMode = 'simple' | 'raw' | 'fields';

/**
 * The item's output mode. The tool variant's type ends with "Tool" (what n8n's `@tool`
 * display option checks); where the editor shows no Output (n8n before 1.87), Simplify decides.
 */
export function outputMode(context: IExecuteFunctions, itemIndex: number): OutputMode {
	if (context.getNode().type.endsWith('Tool')) {
		const output = context.getNodeParameter('output', itemIndex, '') as string;
		if (output === 'simple' || output === 'raw' || output === 'fields') return output;
	}
	return context.getNodeParameter('simple', itemIndex, true) ? 'simple' : 'raw';
}

/**
 * Shapes one output record by the item's output mode: `simplify` builds the simplified
 * record (at most ten fields), from which personal data is removed whatever it names.
 */
export function shapeRecord(
	context: IExecuteFunctions,
	itemIndex: number,
	record: IDataObject,
	simplify: (record: IDataObject) => IDataObject,
): IDataObject {
	const mode = outputMode(context, itemIndex);
	if (mode === 'raw') return record;
	// An answer without a record ({ success, message }) has nothing to trim.
	if (record.id === undefined) return withoutPersonalData(record);
	if (mode === 'simple') return withoutPersonalData(simplify(record));
	const selected = context.getNodeParameter('fields', itemIndex, []) as string[];
	return pickFields(record, ['id', ...selected.filter((field) => field !== 'id')]);
}

/** shapeRecord() over a list of records (Get Many). */
export function shapeRecords(
	context: IExecuteFunctions,
	itemIndex: number,
	records: IDataObject[],
	simplify: (record: IDataObject) => IDataObject,
): IDataObject[] {
	return records.map((record) => shapeRecord(context, itemIndex, record, simplify));
}
