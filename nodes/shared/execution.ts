/**
 * What every node's execute() shares: picking the operation, reading the node-wide
 * request options once per run, running items with bounded concurrency, and turning
 * any failure into an n8n error that names the item.
 */
import {
	NodeApiError,
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type INode,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';

import type { PageBudget } from './pagination';
import { startRun, type PlatformRun } from './transport';
import { ParameterError } from './validation';

export interface OperationModule {
	description: INodeProperties[];
	/** Runs one input item; returns its output record(s). */
	execute(this: IExecuteFunctions, itemIndex: number, run: PlatformRun): Promise<IDataObject | IDataObject[]>;
}

/** resource value -> operation value -> implementation */
export type ResourceMap = Record<string, Record<string, OperationModule>>;

export function resolveOperation(context: IExecuteFunctions, resources: ResourceMap): OperationModule {
	const resource = context.getNodeParameter('resource', 0) as string;
	const operation = context.getNodeParameter('operation', 0) as string;
	const implementation = resources[resource]?.[operation];
	if (!implementation) {
		throw new NodeOperationError(
			context.getNode(),
			`The operation "${operation}" of resource "${resource}" is not supported by this node`,
		);
	}
	return implementation;
}

export interface NodeRun {
	run: PlatformRun & PageBudget;
	concurrency: number;
}

/**
 * Reads the node-wide Request Options once per run (they cannot differ per item).
 * Concurrency bounds the requests of the whole run: at most that many items run at once,
 * and a Get Many item may request pages ahead while the items running leave room, so the
 * platform never sees more than Concurrency requests from one node run.
 */
export async function startNodeRun(context: IExecuteFunctions): Promise<NodeRun> {
	const options = context.getNodeParameter('requestOptions', 0, {}) as IDataObject;
	const positive = (value: unknown, fallback: number) =>
		typeof value === 'number' && Number.isFinite(value) && value >= 1 ? Math.floor(value) : fallback;
	const run = await startRun(context, {
		maxTries: positive(options.maxTries, 3),
		timeoutMs: positive(options.timeout, 30_000),
		retryDelayMs: typeof options.retryDelay === 'number' && options.retryDelay >= 0 ? options.retryDelay : 1_000,
	});
	run.businessFor = (itemIndex) =>
		String(context.getNodeParameter('requestOptions.business', itemIndex, '') ?? '');
	const concurrency = positive(options.concurrency, DEFAULT_CONCURRENCY);
	const itemsAtOnce = Math.max(1, Math.min(concurrency, context.getInputData().length));
	return { run: Object.assign(run, { pagesInFlight: Math.floor(concurrency / itemsAtOnce) }), concurrency };
}

export const DEFAULT_CONCURRENCY = 10;

/**
 * Runs added tasks with at most `limit` in flight. After a task fails no further task
 * starts; `done()` waits for those in flight and rejects with the first failure.
 */
export function createItemQueue(limit: number) {
	const waiting: Array<() => Promise<void>> = [];
	let running = 0;
	let failure: { error: unknown } | undefined;
	let settle: { resolve: () => void; reject: (error: unknown) => void } | undefined;

	const finishIfIdle = () => {
		if (!settle || running > 0 || (waiting.length > 0 && !failure)) return;
		if (failure) settle.reject(failure.error);
		else settle.resolve();
	};
	const startNext = () => {
		while (running < limit && waiting.length > 0 && !failure) {
			const task = waiting.shift() as () => Promise<void>;
			running++;
			task()
				.catch((error: unknown) => {
					failure ??= { error };
				})
				.finally(() => {
					running--;
					startNext();
					finishIfIdle();
				});
		}
	};

	return {
		add(task: () => Promise<void>) {
			waiting.push(task);
			startNext();
		},
		done(): Promise<void> {
			return new Promise<void>((resolve, reject) => {
				settle = { resolve, reject };
				finishIfIdle();
			});
		},
	};
}

/** Any failure of one item as an n8n error carrying the item index. */
export function asNodeError(node: INode, error: unknown, itemIndex: number): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		error.context.itemIndex ??= itemIndex;
		return error;
	}
	if (error instanceof ParameterError) {
		return new NodeOperationError(node, `${error.message} (item ${itemIndex})`, {
			itemIndex,
			description: 'Nothing was sent to the platform for this item.',
		});
	}
	return new NodeOperationError(node, error as Error, { itemIndex });
}

/** The output of a failed item under "Continue (using error output)" / continueOnFail. */
export function errorItemJson(error: NodeApiError | NodeOperationError): IDataObject {
	const json: IDataObject = { error: error.message };
	if (error.description) json.description = error.description;
	if (error instanceof NodeApiError && error.httpCode) json.httpCode = error.httpCode;
	return json;
}

export function toOutputItems(result: IDataObject | IDataObject[], itemIndex: number): INodeExecutionData[] {
	const records = Array.isArray(result) ? result : [result];
	return records.map((json) => ({ json, pairedItem: { item: itemIndex } }));
}

/**
 * The output record of an operation: the platform's record when it returned one, otherwise
 * `{ success: true, message }` so the item still says what happened.
 */
export function recordOrMessage(response: { data: unknown; message?: string }): IDataObject | IDataObject[] {
	const { data, message } = response;
	if (Array.isArray(data)) return data as IDataObject[];
	if (typeof data === 'object' && data !== null) return data as IDataObject;
	const json: IDataObject = { success: true };
	if (message !== undefined) json.message = message;
	if (data !== undefined && data !== null) json.data = data as IDataObject[keyof IDataObject];
	return json;
}
