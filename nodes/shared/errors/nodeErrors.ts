/**
 * Every error the package shows is built here: bad input (ParameterError, before anything
 * is sent), the platform's or the network's answer (NodeApiError), an answer of an
 * unexpected shape, and the conversion of any failure into the n8n error of one item.
 *
 * What a user reads is written in their terms: the message says what failed ("The platform
 * has no payslip 1752"), the description what to check, with the platform's own message
 * and its field errors under the node's parameter labels. The technical facts (operation
 * with its spec code, method, path, HTTP code, item, tries, network error code) go into
 * `error.context.data`, which n8n's error panel shows under "Error details → From <node>
 * → Error data", and into `details` of a Continue On Fail error item. Secrets are blanked
 * out of every text. Longer than ~350 lines because it is the one place every error text is
 * written (one function per kind of failure); parameter labels of field errors are in
 * fieldLabels.ts.
 */
import {
	NodeApiError,
	NodeOperationError,
	type IDataObject,
	type INode,
	type INodeProperties,
	type JsonObject,
} from 'n8n-workflow';

import { CREDENTIAL_FIELD_LABELS } from '../credential/fields';
import { MAX_REDIRECTS } from '../transport/settings';
import { errorMessageOf, fieldErrorEntriesOf, parseBody, type FieldError } from '../platform/envelope';
import { fieldLabeler, type FieldLabeler } from './fieldLabels';
import { MODULE_BASE_URL_FIELDS, PATH_PREFIX_FIELDS, describeEndpoint, type Endpoint } from '../platform/endpoints';
import { redact } from '../credential/redaction';
import type { PathParam } from '../transport/request';
import { TIMEOUT_CODES, type Attempt } from '../transport/retries';
import type { PlatformRun } from '../transport/run';

/** Bad input or credential field, named; the item goes into the n8n error's details. */
export class ParameterError extends Error {
	constructor(
		readonly parameter: string,
		readonly reason: string,
	) {
		super(`${parameter} ${reason}`);
		this.name = 'ParameterError';
	}
}

/** What the item asked for: the path parameters as the user gave them, and its business. */
export interface ErrorSubject {
	pathParams?: Record<string, PathParam>;
	business?: string;
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


function renderDescription(parts: DescriptionParts, labelOf: FieldLabeler = () => undefined): string {
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
	run: PlatformRun,
	endpoint: Endpoint,
	itemIndex: number,
	details: ErrorDetails,
): NodeApiError {
	const message = redact(run, details.message);
	const platformMessage = details.platformMessage ? redact(run, details.platformMessage) : undefined;
	const fieldErrors = (details.fieldErrors ?? []).map(({ field, message: text }) => ({
		field: redact(run, field),
		message: redact(run, text),
	}));
	const parts: DescriptionParts = {
		check: details.check && redact(run, details.check),
		fieldErrors,
		// Shown once: not repeated when the message already quotes it.
		platformMessage: platformMessage && !message.includes(platformMessage) ? platformMessage : undefined,
		notes: (details.notes ?? []).map((note) => redact(run, note)),
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
		operation: describeEndpoint(endpoint),
		method: endpoint.method,
		path: endpoint.path,
		item: itemIndex,
	};
	if (details.httpCode) data.httpCode = details.httpCode;
	if (details.tries) data.tries = details.tries;
	if (details.networkError) data.networkError = redact(run, details.networkError);
	if (platformMessage) data.platformMessage = platformMessage;
	if (fieldErrors.length) data.fieldErrors = fieldErrors.map(({ field, message: text }) => (field ? `${field}: ${text}` : text));
	error.context.data = data;
	descriptionParts.set(error, parts);
	return error;
}

/** A template of the endpoint table ("get payslip {payslip_id}") with the values the user gave. */
function fill(template: string, subject: ErrorSubject): string {
	return template.replace(/\{(\w+)\}/g, (_, name: string) => String(subject.pathParams?.[name]?.value ?? '').trim());
}

/** The parameter labels of the path parameters a template names ("Payslip ID"). */
function labelsIn(template: string, subject: ErrorSubject): string[] {
	return [...template.matchAll(/\{(\w+)\}/g)].map(([, name]) => subject.pathParams?.[name]?.label ?? name);
}

const quoted = (labels: string[]) => labels.map((label) => `"${label}"`);

/** "A, B and C". */
function list(items: string[]): string {
	return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function baseUrlLabel(endpoint: Endpoint): string {
	return CREDENTIAL_FIELD_LABELS[MODULE_BASE_URL_FIELDS[endpoint.module]];
}

/** The credential's path prefix fields this operation's address uses. */
function prefixLabels(endpoint: Endpoint): string[] {
	return Object.entries(PATH_PREFIX_FIELDS)
		.filter(([name]) => endpoint.path.includes(`{${name}}`))
		.map(([, field]) => CREDENTIAL_FIELD_LABELS[field]);
}

const isWordCharacter = (character: string | undefined) => character !== undefined && /[\w-]/.test(character);

/**
 * Whether `text` holds `word` on its own (not inside a longer name), ignoring case. Plain text
 * search: a header name is the user's text (Custom API Call), never a pattern.
 */
function namesWord(text: string, word: string): boolean {
	const haystack = text.toLowerCase();
	const needle = word.toLowerCase();
	for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) {
		if (!isWordCharacter(haystack[at - 1]) && !isWordCharacter(haystack[at + needle.length])) return true;
	}
	return false;
}

/**
 * The credential fields this operation sends, as the credential dialog labels them; only
 * those whose header the platform's message names ("Invalid apikey header.") when it names any.
 */
function credentialFieldLabels(endpoint: Endpoint, subject: ErrorSubject, platformMessage = ''): string[] {
	const headers = Object.entries(endpoint.credentialHeaders);
	const named = headers.filter(([header]) => namesWord(platformMessage, header));
	const labels = new Set<string>();
	for (const [, source] of named.length ? named : headers) {
		labels.add(
			source === 'businessKey' && subject.business
				? `Additional Business Keys (the key of "${subject.business}")`
				: CREDENTIAL_FIELD_LABELS[source],
		);
	}
	return quoted([...labels]);
}

const tried = (tries: number) => (tries > 1 ? ` (tried ${tries} times)` : '');

function duration(ms: number): string {
	return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 100) / 10} s`;
}

/** Message and what to check for a refusal or failure the platform answered with an HTTP code. */
function httpFailureText(
	endpoint: Endpoint,
	subject: ErrorSubject,
	statusCode: number,
	platformMessage: string | undefined,
	tries: number,
): { message: string; check?: string } {
	const does = fill(endpoint.does, subject);
	if (statusCode === 401 || statusCode === 403) {
		const fields = credentialFieldLabels(endpoint, subject, platformMessage);
		if (statusCode === 403) {
			return {
				message: `The platform does not allow this credential to ${does}`,
				check: `Check that the credential's ${list(fields)} belong to a user and business allowed to do this.`,
			};
		}
		const which = fields.length === 1 ? `the credential's ${fields[0]}` : 'the credential';
		return {
			message: `The platform did not accept ${which} when asked to ${does}`,
			check: `Check the credential's ${list(fields)} (Business Platform API credential).`,
		};
	}
	if (statusCode === 404) {
		const prefixes = quoted(prefixLabels(endpoint));
		if (endpoint.record) {
			const extra = prefixes.length ? ` and the credential's ${list(prefixes)}` : '';
			return {
				message: `The platform has no ${fill(endpoint.record, subject)}`,
				check: `Check ${list(quoted(labelsIn(endpoint.record, subject)))}${extra}, and that the record belongs to the business this item acts for.`,
			};
		}
		return {
			message: `The platform found nothing at the address used to ${does}`,
			check: `Check the credential's ${list([`"${baseUrlLabel(endpoint)}"`, ...prefixes])}.`,
		};
	}
	if (statusCode === 429) {
		return {
			message: `The platform received too many requests and refused to ${does}${tried(tries)}`,
			check: 'Run this item again later, or lower the Concurrency option.',
		};
	}
	if (statusCode >= 500) {
		return {
			message: `The platform failed with a server error when asked to ${does}${tried(tries)}`,
			check: "This is usually temporary: run this item again later. If it keeps failing, contact the platform's support.",
		};
	}
	return {
		message: `The platform refused to ${does}${platformMessage ? `: ${platformMessage}` : ''}`,
		check: 'Check the values this item sends.',
	};
}

/** Why an item failed after its request was refused for rate limits for longer than Rate Limit Wait. */
export function rateLimitWaitNote(settings: PlatformRun['settings']): string {
	return `The platform kept refusing this request for its rate limit for longer than Rate Limit Wait (${Math.round(settings.rateLimitWaitMs / 1000)} s); it carried none of these requests out. Run this item again later, or raise Rate Limit Wait.`;
}

/** The error of a request that failed for good: a network failure or an HTTP error answer. */
export function failureError(
	run: PlatformRun,
	endpoint: Endpoint,
	itemIndex: number,
	attempt: Attempt,
	tries: number,
	notes: string[],
	subject: ErrorSubject = {},
): NodeApiError {
	const does = fill(endpoint.does, subject);
	if (attempt.kind === 'network') {
		/*
		 * The messages must not contain error codes such as ECONNREFUSED: n8n replaces a
		 * message that does with its own generic text. The code goes into the details.
		 */
		const baseUrl = `"${baseUrlLabel(endpoint)}"`;
		let message = `The connection to the platform closed before it answered, when asked to ${does}`;
		let check = 'This is usually temporary: run this item again later.';
		if (TIMEOUT_CODES.has(attempt.code)) {
			message = `The platform did not answer within ${duration(run.settings.timeoutMs)} when asked to ${does}`;
			check = 'Run this item again later, or raise the Timeout option if the platform is slow.';
		} else if (attempt.code === 'ECONNREFUSED') {
			message = `Could not connect to the platform to ${does}: the connection was refused`;
			check = `Check the credential's ${baseUrl}, and that the platform is running and reachable from n8n.`;
		} else if (attempt.code === 'ENOTFOUND' || attempt.code === 'EAI_AGAIN') {
			message = `The host name in the credential's ${baseUrl} could not be found`;
			check = `Check the spelling of the credential's ${baseUrl}, and that n8n can reach that host.`;
		} else if (attempt.code !== 'ECONNRESET') {
			message = `The request to the platform failed when asked to ${does}`;
		}
		return platformError(run, endpoint, itemIndex, {
			message: `${message}${tried(tries)}`,
			check,
			tries,
			notes,
			networkError: `${attempt.code}: ${attempt.message}`,
		});
	}
	const { value } = parseBody(attempt.body);
	const platformMessage = errorMessageOf(value);
	const actsFor = { ...subject, business: subject.business ?? run.businessFor(itemIndex) };
	const text = httpFailureText(endpoint, actsFor, attempt.statusCode, platformMessage, tries);
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

/**
 * A redirect the node does not follow. The target is named by its origin only: its path and
 * query may carry what the platform meant for the browser alone.
 */
export function redirectError(
	run: PlatformRun,
	endpoint: Endpoint,
	itemIndex: number,
	redirect: { statusCode: number; target?: URL; refusal: RedirectRefusal },
	subject: ErrorSubject = {},
): NodeApiError {
	const does = fill(endpoint.does, subject);
	const { statusCode, target, refusal } = redirect;
	const baseUrl = `"${baseUrlLabel(endpoint)}"`;
	const messages: Record<RedirectRefusal, string> = {
		'no target': `The platform answered with a redirect (HTTP ${statusCode}) without a valid address to go to, when asked to ${does}`,
		'other origin': `The platform answered with a redirect (HTTP ${statusCode}) to another host, ${target?.origin ?? ''}, when asked to ${does}: the node does not follow it, so nothing of the credential is sent there`,
		'changes data': `The platform answered with a redirect (HTTP ${statusCode}) when asked to ${does}: the node does not send a request that changes data a second time`,
		'too many': `The platform redirected more than ${MAX_REDIRECTS} times when asked to ${does}`,
	};
	const moved = refusal === 'changes data' && target ? ` (the platform pointed to ${target.origin}, path ${target.pathname})` : '';
	return platformError(run, endpoint, itemIndex, {
		message: messages[refusal],
		check: `If the platform has moved, put its new address in the credential's ${baseUrl}${moved}.`,
		httpCode: statusCode,
		notes: endpoint.retry === 'create' ? [MAY_HAVE_ACTED_NOTE] : [],
	});
}

/** A success code with a body that is not JSON, or none: the answer cannot be read. */
export function unreadableAnswerError(
	run: PlatformRun,
	endpoint: Endpoint,
	itemIndex: number,
	statusCode: number,
	body: unknown,
	malformed: boolean,
	notes: string[],
	subject: ErrorSubject = {},
): NodeApiError {
	const does = fill(endpoint.does, subject);
	const excerpt = malformed ? errorMessageOf(body) : undefined;
	return platformError(run, endpoint, itemIndex, {
		message: malformed
			? `The platform's answer could not be read (it is not JSON) when asked to ${does}`
			: `The platform sent an empty answer when asked to ${does}`,
		check: `Check that the credential's "${baseUrlLabel(endpoint)}" is the address of the platform's API.`,
		httpCode: statusCode,
		notes: [...(excerpt ? [`The answer began: ${excerpt.slice(0, 120)}`] : []), ...notes],
	});
}

/** The error of a success code whose body (`body`, parsed) says the operation did not do its work. */
type AnswerError = (
	run: PlatformRun,
	endpoint: Endpoint,
	itemIndex: number,
	statusCode: number,
	body: unknown,
	subject?: ErrorSubject,
) => NodeApiError;

/** HTTP 200 with `status: false` / `success: false`: the platform refused, in its own words. */
export const refusedAnswerError: AnswerError = (run, endpoint, itemIndex, statusCode, body, subject = {}) => {
	const platformMessage = errorMessageOf(body);
	const fieldErrors = fieldErrorEntriesOf(body);
	return platformError(run, endpoint, itemIndex, {
		message: `The platform refused to ${fill(endpoint.does, subject)}${platformMessage ? `: ${platformMessage}` : ''}`,
		check: fieldErrors.length ? undefined : 'Check the values this item sends.',
		platformMessage,
		httpCode: statusCode,
		fieldErrors,
	});
};

/** A success answer without the payload the spec marks required (`endpoint.requiredPayload`). */
export const missingPayloadError: AnswerError = (run, endpoint, itemIndex, statusCode, body, subject = {}) => {
	const acts = endpoint.retry !== 'read';
	return platformError(run, endpoint, itemIndex, {
		message: `The platform answered without the record it should send back, when asked to ${fill(endpoint.does, subject)}`,
		check: `Its answer has no "${endpoint.requiredPayload ?? ''}", where the platform's API specification puts the record. Contact the platform's support if this keeps happening.`,
		platformMessage: errorMessageOf(body),
		httpCode: statusCode,
		notes: acts ? ['The platform reported success: the change was probably made. Check before running this item again.'] : [],
	});
};

/** A successful answer that lacks what the operation needs (`expected` says what and where). */
export function unexpectedAnswerError(
	run: PlatformRun,
	endpoint: Endpoint,
	itemIndex: number,
	message: string,
	expected: string,
): NodeOperationError {
	const error = new NodeOperationError(run.node, message, {
		itemIndex,
		description: `The platform's answer was not as expected: ${expected}.`,
	});
	error.context.data = { operation: describeEndpoint(endpoint), method: endpoint.method, path: endpoint.path, item: itemIndex };
	return error;
}

/** The credential field an operation needs is empty: name the field as the credential dialog shows it. */
export function emptyCredentialFieldError(label: string, endpoint: Endpoint): ParameterError {
	return new ParameterError(`The credential field "${label}"`, `is empty; ${endpoint.title} needs it. Fill it in the Business Platform API credential.`);
}

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
		const parts = error instanceof NodeApiError ? descriptionParts.get(error) : undefined;
		if (parts && parameters && parts.fieldErrors.length) {
			(error as { description: string | null | undefined }).description = renderDescription(parts, fieldLabeler(parameters));
		}
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

/** The output of a failed item under "Continue (using error output)" / continueOnFail. */
export function errorItemJson(error: NodeApiError | NodeOperationError): IDataObject {
	const json: IDataObject = { error: error.message };
	if (error.description) json.description = error.description;
	if (error instanceof NodeApiError && error.httpCode) json.httpCode = error.httpCode;
	if (error.context.data) json.details = error.context.data as IDataObject;
	return json;
}
