/**
 * The execute() of every node: picks the operation, starts the run, runs every input item
 * through the item queue, and turns a failed item into an error that names it, or into an
 * error output item under Continue On Fail. Every output item is paired with its input item.
 */
import { NodeOperationError, type IExecuteFunctions, type INodeExecutionData } from 'n8n-workflow';

import { asNodeError, errorItemJson } from './errors';
import { createItemQueue } from './execution';
import type { NodeActions, PlatformOperation } from './operation';
import { toOutputItems } from './output';
import { startNodeRun } from './run';

function resolveOperation(context: IExecuteFunctions, actions: NodeActions): PlatformOperation {
	const resource = context.getNodeParameter('resource', 0) as string;
	const operation = context.getNodeParameter('operation', 0) as string;
	const implementation = actions.find(resource, operation);
	if (!implementation) {
		throw new NodeOperationError(
			context.getNode(),
			`The operation "${operation}" of resource "${resource}" is not supported by this node`,
		);
	}
	return implementation;
}

export async function routeItems(this: IExecuteFunctions, actions: NodeActions): Promise<INodeExecutionData[][]> {
	const operation = resolveOperation(this, actions);
	const { run, concurrency } = await startNodeRun(this);
	const results: INodeExecutionData[][] = [];
	const queue = createItemQueue(concurrency);
	this.getInputData().forEach((_item, i) => {
		queue.add(async () => {
			try {
				results[i] = toOutputItems(await operation.execute.call(this, i, run), i);
			} catch (error) {
				const nodeError = asNodeError(this.getNode(), error, i, operation.description);
				if (this.continueOnFail()) {
					results[i] = [{ json: errorItemJson(nodeError), pairedItem: { item: i } }];
					return;
				}
				throw nodeError;
			}
		});
	});
	await queue.done();
	return [results.flat()];
}
