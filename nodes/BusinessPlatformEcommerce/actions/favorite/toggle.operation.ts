import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { languageOptions, updateDisplayOptions } from '../../../shared/descriptions';
import { recordOrMessage } from '../../../shared/execution';
import { platformRequest, type PlatformRun } from '../../../shared/transport';

const properties: INodeProperties[] = [
	{
		displayName: 'Catalog Item ID',
		name: 'catalogId',
		type: 'string',
		required: true,
		default: '',
		placeholder: '1702',
		description:
			"ID of the catalog item to add to the user's favorites, or to remove when it is already one (the user of the credential's User Token)",
	},
	languageOptions,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['favorite'], operation: ['toggle'] } },
	properties,
);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	run: PlatformRun,
): Promise<IDataObject | IDataObject[]> {
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	// PUT with an empty text/plain body, as the spec shows.
	const response = await platformRequest.call(this, run, 'E4', itemIndex, {
		pathParams: { catalog_id: { value: this.getNodeParameter('catalogId', itemIndex), label: 'Catalog Item ID' } },
		text: '',
		language: options.language as string | undefined,
	});
	return recordOrMessage(response);
}
