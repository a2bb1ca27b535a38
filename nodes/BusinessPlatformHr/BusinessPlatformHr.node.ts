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

export class BusinessPlatformHr implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Business Platform HR',
		name: 'businessPlatformHr',
		icon: { light: 'file:../../icons/hr.svg', dark: 'file:../../icons/hr.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: 'Add skills and get payslips in the Business Platform HR module',
		defaults: { name: 'Business Platform HR' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'businessPlatformApi', required: true }],
		properties: [...properties, requestOptionsProperty],
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
