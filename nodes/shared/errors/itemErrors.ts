/**
 * Any failure of one item (or of a picker) as the n8n error that carries it, and the output
 * item of a failed item under Continue On Fail.
 */
import {
	NodeApiError,
	NodeOperationError,
	type IDataObject,
	type INode,
	type INodeProperties,
} from 'n8n-workflow';

import { ParameterError } from '../platform/errors';
import { relabelFieldErrors } from './nodeErrors';

/** The technical facts of an item's error, for n8n's error panel and Continue On Fail items. */
function itemDetails(error: NodeApiError | NodeOperationError, itemIndex: number): IDataObject {
	const data = (error.context.data ?? {}) as IDataObject;
	if (data.item === undefined) data.item = itemIndex;
	error.context.data = data;
	return data;
}

/**
 * Any failure of one item as an n8n error carrying the item index in its details; with the
 * operation's parameters, platform field errors are named by their labels.
 */
export function asNodeError(
	node: INode,
	error: unknown,
	itemIndex: number,
	parameters?: INodeProperties[],
): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		error.context.itemIndex ??= itemIndex;
		itemDetails(error, itemIndex);
		if (error instanceof NodeApiError && parameters) relabelFieldErrors(error, parameters);
		return error;
	}
	if (error instanceof ParameterError) {
		const nodeError = new NodeOperationError(node, error.message, {
			itemIndex,
			description: 'Nothing was sent to the platform for this item.',
		});
		itemDetails(nodeError, itemIndex);
		return nodeError;
	}
	const nodeError = new NodeOperationError(node, error as Error, { itemIndex });
	itemDetails(nodeError, itemIndex);
	return nodeError;
}

/** A failure while filling a picker (no item): platform errors as they are, bad fields named. */
export function asPickerError(node: INode, error: unknown): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	if (error instanceof ParameterError) return new NodeOperationError(node, error.message);
	return new NodeOperationError(node, error as Error);
}

/**
 * The json of a failed item under Continue On Fail. "Continue (using regular output)" keeps it on
 * the main output as { error, description, httpCode, details }. "Continue (using error output)"
 * needs { error, message } and no other key: that is how n8n-core tells a failed item to send to
 * the error output in both lines it supports (WorkflowExecute.handleNodeErrorOutput: 1.x takes
 * error, or error and message; 2.x any of error, message and details). An `error` object beside
 * the json would do too, but n8n 2.x then replaces the json with the bare message
 * (normalizeNodeErrors), the description with the platform's own message lost.
 */
export function errorItemJson(
	error: NodeApiError | NodeOperationError,
	toErrorOutput: boolean,
): IDataObject {
	const json: IDataObject = { error: error.message };
	if (toErrorOutput) {
		if (error.description) json.message = error.description;
		return json;
	}
	if (error.description) json.description = error.description;
	if (error instanceof NodeApiError && error.httpCode) json.httpCode = error.httpCode;
	if (error.context.data) json.details = error.context.data as IDataObject;
	return json;
}
