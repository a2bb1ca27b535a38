/**
 * The errors of a request are built here: the platform's or the network's answer
 * (NodeApiError), a redirect not followed, an empty credential field; answerErrors.ts builds
 * those of a success answer the operation cannot use. Bad input is a ParameterError (platform/errors.ts) thrown where it is
 * found, before anything is sent; a failed login says why in credential/login.ts;
 * itemErrors.ts turns any failure into the n8n error of one item or of a picker.
 *
 * What a user reads is written in their terms: the message says what failed ("The platform
 * has no payslip 1752"), the description what to check, with the platform's own message
 * and its field errors under the node's parameter labels. The technical facts (operation
 * with its code, method, path, HTTP code, item, tries, network error code) go into
 * `error.context.data`, which n8n's error panel shows under "Error details → From <node>
 * → Error data", and into `details` of a Continue On Fail error item. Secrets are blanked
 * out of every text. The texts of failed requests are in failureText.ts, the small text
 * builders in text.ts, parameter labels of field errors in fieldLabels.ts.
 */
import {
	NodeApiError,
	type IDataObject,
	type INode,
	type INodeProperties,
	type JsonObject,
} from 'n8n-workflow';

import { MAX_REDIRECTS } from '../values/settings';
import {
	errorMessageOf,
	fieldErrorEntriesOf,
	parseBody,
	type FieldError,
} from '../platform/envelope';
import { fieldLabeler, type FieldLabeler } from './fieldLabels';
import type { Endpoint } from '../platform/endpoints';
import { redact, redactBody } from '../credential/redaction';
import type { Attempt } from '../platform/attempt';
import { ParameterError } from '../platform/errors';
import { baseUrlLabel, httpFailureText, networkFailureText } from './failureText';
import { fill, tried, type ErrorSubject } from './text';
import type { RequestSettings } from '../values/settings';

export type { ErrorSubject } from './text';

/** What an error needs of its node run: the node, its credential, the settings, an item's business. */
export interface ErrorContext {
	node: INode;
	/** Whether the user token comes from a login, and the secrets to blank out (transport/runCredential.ts). */
	credential: { logsIn: boolean; secrets: string[] };
	settings: RequestSettings;
	businessFor: (itemIndex: number) => string;
}

export interface ErrorDetails {
	/** What failed, in the user's terms. */
	message: string;
	/** What to check: the first line of the description. */
	check?: string;
	/** The platform's own message, shown in the description unless the message holds it. */
	platformMessage?: string;
	httpCode?: number;
	fieldErrors?: FieldError[];
	tries?: number;
	/** Lines after the field errors: what else the user should know. */
	notes?: string[];
	/** A network failure's code and text, for the details. */
	networkError?: string;
}

export const MAY_HAVE_ACTED_NOTE =
	'The platform may have carried out this request before it failed: check before running this item again, so that it is not done twice.';

/** The parts of a platform error's description, kept to relabel its field errors (asNodeError). */
interface DescriptionParts {
	check?: string;
	fieldErrors: FieldError[];
	platformMessage?: string;
	notes: string[];
}
const descriptionParts = new WeakMap<NodeApiError, DescriptionParts>();

function renderDescription(
	parts: DescriptionParts,
	labelOf: FieldLabeler = () => undefined,
): string {
	const fieldLines = parts.fieldErrors.map(({ field, message }) => {
		if (!field) return `- ${message}`;
		return `- ${labelOf(field) ?? field}: ${message}`;
	});
	return [
		parts.check,
		...(fieldLines.length ? ['Correct these fields:', ...fieldLines] : []),
		parts.platformMessage ? `The platform said: "${parts.platformMessage}"` : undefined,
		...parts.notes,
	]
		.filter((line): line is string => Boolean(line))
		.join('\n');
}

/** The item's error: a plain message, what to check, and the technical facts in its details. */
export function platformError(
	run: ErrorContext,
	endpoint: Endpoint,
	itemIndex: number,
	details: ErrorDetails,
): NodeApiError {
	const message = redact(run.credential, details.message);
	const platformMessage = details.platformMessage
		? redact(run.credential, details.platformMessage)
		: undefined;
	const fieldErrors = (details.fieldErrors ?? []).map(({ field, message: text }) => ({
		field: redact(run.credential, field),
		message: redact(run.credential, text),
	}));
	const parts: DescriptionParts = {
		check: details.check && redact(run.credential, details.check),
		fieldErrors,
		// Shown once: not repeated when the message already quotes it.
		platformMessage:
			platformMessage && !message.includes(platformMessage) ? platformMessage : undefined,
		notes: (details.notes ?? []).map((note) => redact(run.credential, note)),
	};
	const error = new NodeApiError(
		run.node,
		{ message, httpCode: details.httpCode ?? null } as JsonObject,
		{
			message,
			description: renderDescription(parts),
			httpCode: details.httpCode ? String(details.httpCode) : undefined,
			itemIndex,
		},
	);
	const data: IDataObject = {
		operation: endpoint.title,
		method: endpoint.method,
		path: endpoint.path,
		item: itemIndex,
	};
	if (details.httpCode) data.httpCode = details.httpCode;
	if (details.tries) data.tries = details.tries;
	if (details.networkError) data.networkError = redact(run.credential, details.networkError);
	if (platformMessage) data.platformMessage = platformMessage;
	if (fieldErrors.length)
		data.fieldErrors = fieldErrors.map(({ field, message: text }) =>
			field ? `${field}: ${text}` : text,
		);
	error.context.data = data;
	descriptionParts.set(error, parts);
	return error;
}

/** Why an item failed after its request was refused for rate limits for longer than Rate Limit Wait. */
export function rateLimitWaitNote(settings: RequestSettings): string {
	return `The platform kept refusing this request for its rate limit for longer than Rate Limit Wait (${Math.round(settings.rateLimitWaitMs / 1000)} s); it carried none of these requests out. Run this item again later, or raise Rate Limit Wait.`;
}

/** The request an error is about: its run, its endpoint, its item and what the item asked for. */
export interface FailedRequest {
	run: ErrorContext;
	endpoint: Endpoint;
	itemIndex: number;
	subject?: ErrorSubject;
}

/** A request that failed for good, after `tries` attempts, the last being `attempt`. */
export interface FailedAttempt extends FailedRequest {
	attempt: Attempt;
	tries: number;
	notes: string[];
}

/** The error of a request that failed for good: a network failure or an HTTP error answer. */
export function failureError(failed: FailedAttempt): NodeApiError {
	const { run, endpoint, itemIndex, attempt, tries, notes, subject = {} } = failed;
	const does = fill(endpoint.does, subject);
	if (attempt.kind === 'network') {
		const { message, check } = networkFailureText(
			endpoint,
			attempt.code,
			does,
			run.settings.timeoutMs,
		);
		return platformError(run, endpoint, itemIndex, {
			message: `${message}${tried(tries)}`,
			check,
			tries,
			notes,
			networkError: `${attempt.code}: ${attempt.message}`,
		});
	}
	// Secrets out first: the platform's message is quoted cut to length, which could keep half a secret.
	const value = redactBody(run.credential, parseBody(attempt.body).value);
	const platformMessage = errorMessageOf(value);
	const actsFor = { ...subject, business: subject.business ?? run.businessFor(itemIndex) };
	const text = httpFailureText({
		endpoint,
		subject: actsFor,
		statusCode: attempt.statusCode,
		platformMessage,
		tries,
		logsIn: run.credential.logsIn,
	});
	const fieldErrors = fieldErrorEntriesOf(value);
	return platformError(run, endpoint, itemIndex, {
		...text,
		check: fieldErrors.length && attempt.statusCode < 500 ? undefined : text.check,
		platformMessage,
		httpCode: attempt.statusCode,
		fieldErrors,
		tries,
		notes,
	});
}

/** Why a redirect is not followed (platformRequest.ts: sendFollowingRedirects). */
export type RedirectRefusal = 'no target' | 'other origin' | 'changes data' | 'too many';

/** A redirect answer (HTTP `statusCode`) the node does not follow, and why. */
export interface RefusedRedirect extends FailedRequest {
	statusCode: number;
	target?: URL;
	refusal: RedirectRefusal;
}

/**
 * A redirect the node does not follow. The target is named by its origin only: its path and
 * query may carry what the platform meant for the browser alone.
 */
export function redirectError(redirect: RefusedRedirect): NodeApiError {
	const { run, endpoint, itemIndex, statusCode, target, refusal, subject = {} } = redirect;
	const does = fill(endpoint.does, subject);
	const baseUrl = `"${baseUrlLabel(endpoint)}"`;
	const messages: Record<RedirectRefusal, string> = {
		'no target': `The platform answered with a redirect (HTTP ${statusCode}) without a valid address to go to, when asked to ${does}`,
		'other origin': `The platform answered with a redirect (HTTP ${statusCode}) to another host, ${target?.origin ?? ''}, when asked to ${does}: the node does not follow it, so nothing of the credential is sent there`,
		'changes data': `The platform answered with a redirect (HTTP ${statusCode}) when asked to ${does}: the node does not send a request that changes data a second time`,
		'too many': `The platform redirected more than ${MAX_REDIRECTS} times when asked to ${does}`,
	};
	const moved =
		refusal === 'changes data' && target
			? ` (the platform pointed to ${target.origin}, path ${target.pathname})`
			: '';
	return platformError(run, endpoint, itemIndex, {
		message: messages[refusal],
		check: `If the platform has moved, put its new address in the credential's ${baseUrl}${moved}.`,
		httpCode: statusCode,
		notes: endpoint.retry === 'create' ? [MAY_HAVE_ACTED_NOTE] : [],
	});
}

/**
 * The credential field an operation needs is empty: the field as the credential dialog shows
 * it, and the credential type in use (`credentialName`, its display name), where to fill it.
 */
export function emptyCredentialFieldError(
	label: string,
	endpoint: Endpoint,
	credentialName: string,
): ParameterError {
	return new ParameterError(
		`The credential field "${label}"`,
		`is empty; ${endpoint.title} needs it. Fill it in the node's ${credentialName} credential.`,
	);
}

/** Names a platform error's field errors by the operation's parameter labels ("Skills", not "skills"). */
export function relabelFieldErrors(error: NodeApiError, parameters: INodeProperties[]): void {
	const parts = descriptionParts.get(error);
	if (!parts || !parts.fieldErrors.length) return;
	(error as { description: string | null | undefined }).description = renderDescription(
		parts,
		fieldLabeler(parameters),
	);
}
