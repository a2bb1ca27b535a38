/** Output records: what an operation returns for its item, and the items n8n gets. */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

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
