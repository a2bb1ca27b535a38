/**
 * The execute() of every node: picks the operation, starts the run, runs every input item
 * through the item queue, and turns a failed item into an error that names it, or into an
 * error output item under Continue On Fail. Every output item is paired with its input item.
 */
import {
	NodeApiError,
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
} from 'n8n-workflow';

import { asNodeError, errorItemJson } from '../errors/itemErrors';
import { createItemQueue } from './itemQueue';
import type { NodeActions, PlatformOperation } from './operation';
import { ENDPOINTS } from '../platform/endpoints';
import { toOutputItems } from './output';
import { startNodeRun } from '../transport/run';
import { nodeRunSettingsOf, type NodeRunSettings } from '../values/settings';

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

/**
 * The run's settings from the operation's Options, read once, from the first item (they cannot
 * differ per item, except Business): an option out of bounds fails the run there, before any request.
 */
function runSettingsOf(context: IExecuteFunctions): NodeRunSettings {
	try {
		return nodeRunSettingsOf(context.getNodeParameter('options', 0, {}) as IDataObject);
	} catch (error) {
		throw asNodeError(context.getNode(), error, 0);
	}
}

/** Said at run time too: a notice in the panel is easy to miss once the setting is on. */
function warnAboutRetryOnFail(context: IExecuteFunctions, operation: PlatformOperation): void {
	if (!context.getNode().retryOnFail) return;
	const creates = operation.endpoints.some((id) => ENDPOINTS[id].retry === 'create');
	const effect = creates
		? 'what the earlier run already created or toggled is sent again: a record may be created twice, a favorite toggled back'
		: 'its reads and updates are sent again although the node already retried each of them';
	context.addExecutionHints({
		type: 'warning',
		location: 'outputPane',
		message: `Settings → Retry On Fail is on: when an item fails, n8n runs this whole node again for every item, so ${effect}. The node retries each request itself where that is safe (Options → Max Tries): turn Retry On Fail off.`,
	});
}

/**
 * A failed run's error, with what the run went through (RunActivity) at the end of its
 * description: n8n keeps a node's execution hints only when execute() returns (n8n-core 2.41
 * WorkflowExecute.executeNode), so a run that fails says them here instead. Under Continue On
 * Fail the run returns, and says them as hints.
 */
function withWhatTheRunWentThrough(error: unknown, sentences: string[]): unknown {
	if (!(error instanceof NodeApiError || error instanceof NodeOperationError)) return error;
	if (sentences.length === 0) return error;
	error.description = [
		error.description,
		`What the run went through before this error: ${sentences.join(' ')}`,
	]
		.filter(Boolean)
		.join('\n\n');
	return error;
}

export async function routeItems(
	this: IExecuteFunctions,
	actions: NodeActions,
): Promise<INodeExecutionData[][]> {
	const operation = resolveOperation(this, actions);
	warnAboutRetryOnFail(this, operation);
	const { run, concurrency } = await startNodeRun(this, runSettingsOf(this), (itemIndex) =>
		String(this.getNodeParameter('options.business', itemIndex, '') ?? ''),
	);
	const results: INodeExecutionData[][] = [];
	const items = this.getInputData();
	const toErrorOutput = this.getNode().onError === 'continueErrorOutput';
	const queue = createItemQueue(concurrency, run.cancelSignal);
	items.forEach((_item, i) => {
		queue.add(async () => {
			try {
				results[i] = toOutputItems(await operation.execute.call(this, i, run), i);
			} catch (error) {
				const nodeError = asNodeError(this.getNode(), error, i, operation.description);
				if (this.continueOnFail()) {
					results[i] = [{ json: errorItemJson(nodeError, toErrorOutput), pairedItem: { item: i } }];
					return;
				}
				throw nodeError;
			}
		});
	});
	const failed = await queue.done().then(
		() => undefined,
		(error: unknown) => ({ error }),
	);
	const sentences = run.activity.sentences(run.settings.timeoutMs);
	// Before a failure is thrown too, should a later n8n keep the hints of a failed node.
	for (const message of sentences) {
		this.addExecutionHints({ type: 'info', location: 'outputPane', message });
	}
	// Where a credential value was blanked out of the output (credential/dataSecrets.ts).
	for (const message of run.credential.dataSecrets.hints()) {
		this.addExecutionHints({ type: 'warning', location: 'outputPane', message });
	}
	if (failed) throw withWhatTheRunWentThrough(failed.error, sentences);
	return [results.flat()];
}
