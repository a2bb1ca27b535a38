import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { languageOptions } from '../../../shared/node/descriptions';
import type { PlatformOperation } from '../../../shared/node/operation';
import { recordOrMessage } from '../../../shared/node/output';
import { platformRequest } from '../../../shared/transport/platformRequest';

const properties: INodeProperties[] = [
	{
		displayName: 'Catalog Item ID',
		name: 'catalogId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 1702',
		description:
			"ID of the catalog item to add to the user's favorites, or to remove when it is already one (the user of the credential's User Token)",
	},
	languageOptions,
];

export const operation: PlatformOperation = {
	operation: 'toggle',
	endpoints: ['toggleFavorite'],
	picker: {
		name: 'Toggle',
		action: 'Toggle catalog item in favorites',
		description:
			"Add a catalog item to the user's favorites, or remove it when it is already one (a toggle: calling it twice undoes it)",
	},
	description: properties,

	async execute(itemIndex, run) {
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		// PUT with an empty text/plain body, as the spec shows.
		const response = await platformRequest.call(this, run, 'toggleFavorite', itemIndex, {
			pathParams: {
				catalog_id: {
					value: this.getNodeParameter('catalogId', itemIndex),
					label: 'Catalog Item ID',
				},
			},
			text: '',
			language: options.language as string | undefined,
		});
		return recordOrMessage(response);
	},
};
