/**
 * Answers with a success code that the operation cannot use: a body that is not JSON or none,
 * the platform's refusal on HTTP 200 (`status: false`), a success without the record the spec
 * marks required, an answer of an unexpected shape. Built on nodeErrors.ts's platformError.
 */
import { NodeOperationError, type NodeApiError } from 'n8n-workflow';

import { platformError, type FailedRequest } from './nodeErrors';
import { baseUrlLabel } from './failureText';
import { fill } from './text';
import { redactBody } from '../credential/redaction';
import { errorMessageOf, fieldErrorEntriesOf } from '../platform/envelope';

/** A success code with a body (`body`, parsed) that is not JSON (`malformed`), or none. */
export interface UnreadableAnswer extends FailedRequest {
	statusCode: number;
	body: unknown;
	malformed: boolean;
	notes: string[];
}

/** A success code with a body that is not JSON, or none: the answer cannot be read. */
export function unreadableAnswerError(answer: UnreadableAnswer): NodeApiError {
	const { run, endpoint, itemIndex, statusCode, body, malformed, notes, subject = {} } = answer;
	const does = fill(endpoint.does, subject);
	const excerpt = malformed ? errorMessageOf(redactBody(run.credential, body)) : undefined;
	return platformError(run, endpoint, itemIndex, {
		message: malformed
			? `The platform's answer could not be read (it is not JSON) when asked to ${does}`
			: `The platform sent an empty answer when asked to ${does}`,
		check: `Check that the credential's "${baseUrlLabel(endpoint)}" is the address of the platform's API.`,
		httpCode: statusCode,
		notes: [...(excerpt ? [`The answer began: ${excerpt.slice(0, 120)}`] : []), ...notes],
	});
}

/** A success code whose body (`body`, parsed) says the operation did not do its work. */
export interface UnsuccessfulAnswer extends FailedRequest {
	statusCode: number;
	body: unknown;
}

/** HTTP 200 with `status: false` / `success: false`: the platform refused, in its own words. */
export function refusedAnswerError(answer: UnsuccessfulAnswer): NodeApiError {
	const { run, endpoint, itemIndex, statusCode, subject = {} } = answer;
	const body = redactBody(run.credential, answer.body);
	const platformMessage = errorMessageOf(body);
	const fieldErrors = fieldErrorEntriesOf(body);
	return platformError(run, endpoint, itemIndex, {
		message: `The platform refused to ${fill(endpoint.does, subject)}${platformMessage ? `: ${platformMessage}` : ''}`,
		check: fieldErrors.length ? undefined : 'Check the values this item sends.',
		platformMessage,
		httpCode: statusCode,
		fieldErrors,
	});
}

/** A success answer without the payload the spec marks required (`endpoint.requiredPayload`). */
export function missingPayloadError(answer: UnsuccessfulAnswer): NodeApiError {
	const { run, endpoint, itemIndex, statusCode, subject = {} } = answer;
	const body = redactBody(run.credential, answer.body);
	const acts = endpoint.retry !== 'read';
	return platformError(run, endpoint, itemIndex, {
		message: `The platform answered without the record it should send back, when asked to ${fill(endpoint.does, subject)}`,
		check: `Its answer has no "${endpoint.requiredPayload ?? ''}", where the platform's API specification puts the record. Contact the platform's support if this keeps happening.`,
		platformMessage: errorMessageOf(body),
		httpCode: statusCode,
		notes: acts
			? [
					'The platform reported success: the change was probably made. Check before running this item again.',
				]
			: [],
	});
}

/** A successful answer that lacks what the operation needs: `message`, and `expected` what and where. */
export interface UnexpectedAnswer extends FailedRequest {
	message: string;
	expected: string;
}

/** A successful answer that lacks what the operation needs. */
export function unexpectedAnswerError(answer: UnexpectedAnswer): NodeOperationError {
	const { run, endpoint, itemIndex, message, expected } = answer;
	const error = new NodeOperationError(run.node, message, {
		itemIndex,
		description: `The platform's answer was not as expected: ${expected}.`,
	});
	error.context.data = {
		operation: endpoint.title,
		method: endpoint.method,
		path: endpoint.path,
		item: itemIndex,
	};
	return error;
}
