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

export class BusinessPlatformCalendar implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Business Platform Calendar',
		name: 'businessPlatformCalendar',
		icon: { light: 'file:../../icons/calendar.svg', dark: 'file:../../icons/calendar.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: 'List business calendars in the Business Platform Calendar module',
		defaults: { name: 'Business Platform Calendar' },
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
