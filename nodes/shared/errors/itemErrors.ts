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
 * needs json with no keys but error, message and details: that is how n8n-core
 * (WorkflowExecute.handleNodeErrorOutput, 2.41) tells a failed item to send to the error output.
 * An `error` object beside the json would do too, but n8n then replaces the json with the bare
 * message (normalizeNodeErrors), and the description, HTTP code and details would be lost.
 */
export function errorItemJson(
	error: NodeApiError | NodeOperationError,
	toErrorOutput: boolean,
): IDataObject {
	const httpCode = error instanceof NodeApiError ? error.httpCode : null;
	const details = (error.context.data ?? {}) as IDataObject;
	if (toErrorOutput) {
		const json: IDataObject = { error: error.message };
		if (error.description) json.message = error.description;
		json.details = httpCode && details.httpCode === undefined ? { ...details, httpCode } : details;
		return json;
	}
	const json: IDataObject = { error: error.message };
	if (error.description) json.description = error.description;
	if (httpCode) json.httpCode = httpCode;
	if (error.context.data) json.details = details;
	return json;
}
