import {
	NodeConnectionTypes,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
} from 'n8n-workflow';

import { requestOptionsProperty } from '../shared/descriptions';
import {
	asNodeError,
	createItemQueue,
	errorItemJson,
	resolveOperation,
	startNodeRun,
	toOutputItems,
} from '../shared/execution';
import { properties, resources } from './actions';
import { searchCategories } from './methods/listSearch';

export class BusinessPlatformEcommerce implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Business Platform Ecommerce',
		name: 'businessPlatformEcommerce',
		icon: { light: 'file:../../icons/ecommerce.svg', dark: 'file:../../icons/ecommerce.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description:
			'Update categories and catalog comments, get orders and districts, toggle favorites, record audits and inventory transfers, and list news in the Business Platform Ecommerce module',
		defaults: { name: 'Business Platform Ecommerce' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'businessPlatformApi', required: true }],
		properties: [...properties, requestOptionsProperty],
	};

	methods = {
		listSearch: { searchCategories },
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const operation = resolveOperation(this, resources);
		const { run, concurrency } = await startNodeRun(this);
		const items = this.getInputData();
		const results: INodeExecutionData[][] = [];
		const queue = createItemQueue(concurrency);
		for (let i = 0; i < items.length; i++) {
			queue.add(async () => {
				try {
					results[i] = toOutputItems(await operation.execute.call(this, i, run), i);
				} catch (error) {
					const nodeError = asNodeError(this.getNode(), error, i);
					if (this.continueOnFail()) {
						results[i] = [{ json: errorItemJson(nodeError), pairedItem: { item: i } }];
						return;
					}
					throw nodeError;
				}
			});
		}
		await queue.done();
		return [results.flat()];
	}
}
