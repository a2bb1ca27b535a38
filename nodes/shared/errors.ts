/**
 * Every error the package shows is built here: bad input (ParameterError, before anything
 * is sent), the platform's or the network's answer (NodeApiError with the platform's own
 * message, field errors, HTTP code, operation and item), an answer of an unexpected shape,
 * and the conversion of any failure into the n8n error of one item. Secrets are blanked
 * out of every text a user sees.
 */
import {
	NodeApiError,
	NodeOperationError,
	type IDataObject,
	type INode,
	type JsonObject,
} from 'n8n-workflow';

import { errorMessageOf, fieldErrorsOf, parseBody } from './envelope';
import { describeOperation, type OperationSpec } from './operations';
import { redact } from './redaction';
import { TIMEOUT_CODES, type Attempt } from './retries';
import type { PlatformRun } from './run';

/** Bad input or credential field, named; the item is added when it becomes an n8n error. */
export class ParameterError extends Error {
	constructor(
		readonly parameter: string,
		readonly reason: string,
	) {
		super(`${parameter} ${reason}`);
		this.name = 'ParameterError';
	}
}

export interface ErrorDetails {
	message: string;
	httpCode?: number;
	fieldErrors?: string[];
	tries?: number;
	/** Lines after the operation line: what else the user should know. */
	notes?: string[];
}

export const MAY_HAVE_ACTED_NOTE =
	'The platform may have carried out this request before it failed: check before running this item again, so that it is not done twice.';

/** The item's error: the platform's message, field errors, HTTP code, operation and item, secrets blanked. */
export function platformError(
	run: PlatformRun,
	spec: OperationSpec,
	itemIndex: number,
	details: ErrorDetails,
): NodeApiError {
	const where = [
		`${describeOperation(spec)} (${spec.method} ${spec.path})`,
		details.httpCode ? `HTTP ${details.httpCode}` : undefined,
		`item ${itemIndex}`,
		details.tries && details.tries > 1 ? `after ${details.tries} tries` : undefined,
	]
		.filter(Boolean)
		.join(', ');
	const fieldErrors = (details.fieldErrors ?? []).map((line) => redact(run, line));
	const description = [
		...(fieldErrors.length ? ['Field errors:', ...fieldErrors.map((line) => `- ${line}`)] : []),
		where,
		...(details.notes ?? []),
	].join('\n');
	const message = redact(run, details.message);
	return new NodeApiError(
		run.node,
		{ message, httpCode: details.httpCode ?? null, fieldErrors } as JsonObject,
		{
			message,
			description: redact(run, description),
			httpCode: details.httpCode ? String(details.httpCode) : undefined,
			itemIndex,
		},
	);
}

/** A successful answer that lacks what the operation needs (`expected` says what and where). */
export function unexpectedAnswerError(
	run: PlatformRun,
	spec: OperationSpec,
	itemIndex: number,
	message: string,
	expected: string,
): NodeOperationError {
	return new NodeOperationError(run.node, message, {
		itemIndex,
		description: `${describeOperation(spec)}: ${expected}`,
	});
}

const STATUS_TEXT: Record<number, string> = {
	401: 'The platform refused the credentials',
	403: 'The platform refused access to this resource',
	404: 'The platform found nothing at this address',
	429: 'The platform is receiving too many requests',
};

/*
 * The messages below must not contain error codes such as ECONNREFUSED: n8n replaces a
 * message that does with its own generic text. The code goes into the description.
 */
const NETWORK_TEXT: Record<string, string> = {
	ECONNREFUSED: 'Could not connect to the platform: the connection was refused',
	ECONNRESET: 'The connection to the platform was closed before it answered',
	ENOTFOUND: 'The platform host name could not be resolved',
	EAI_AGAIN: 'The platform host name could not be resolved',
};

/** The error of a request that failed for good: a network failure or an HTTP error answer. */
export function failureError(
	run: PlatformRun,
	spec: OperationSpec,
	itemIndex: number,
	attempt: Attempt,
	tries: number,
	notes: string[],
): NodeApiError {
	if (attempt.kind === 'network') {
		const message = TIMEOUT_CODES.has(attempt.code)
			? `The platform did not answer within ${run.settings.timeoutMs} ms (Request Options → Timeout)`
			: (NETWORK_TEXT[attempt.code] ?? 'The request to the platform failed');
		return platformError(run, spec, itemIndex, {
			message,
			tries,
			notes: [`Network error ${attempt.code}: ${attempt.message}`, ...notes],
		});
	}
	const { value } = parseBody(attempt.body);
	const fallback =
		STATUS_TEXT[attempt.statusCode] ??
		(attempt.statusCode >= 500 ? 'The platform failed to process the request' : 'The platform rejected the request');
	return platformError(run, spec, itemIndex, {
		message: errorMessageOf(value) ?? `${fallback} (HTTP ${attempt.statusCode}, no message in the response)`,
		httpCode: attempt.statusCode,
		fieldErrors: fieldErrorsOf(value),
		tries,
		notes,
	});
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

/** A failure while filling a picker (no item): platform errors as they are, bad fields named. */
export function asPickerError(node: INode, error: unknown): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	if (error instanceof ParameterError) return new NodeOperationError(node, error.message);
	return new NodeOperationError(node, error as Error);
}

/** The output of a failed item under "Continue (using error output)" / continueOnFail. */
export function errorItemJson(error: NodeApiError | NodeOperationError): IDataObject {
	const json: IDataObject = { error: error.message };
	if (error.description) json.description = error.description;
	if (error instanceof NodeApiError && error.httpCode) json.httpCode = error.httpCode;
	return json;
}
