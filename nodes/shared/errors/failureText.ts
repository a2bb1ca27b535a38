/**
 * What the user reads when a request failed: the message (what failed, in their terms) and what
 * to check, per HTTP code or network failure. nodeErrors.ts builds the errors around them.
 */
import { CREDENTIAL_DISPLAY_NAMES } from '../credential/fields';
import { TIMEOUT_CODES } from '../platform/attempt';
import { MODULE_BASE_URL_FIELDS, PATH_PREFIX_FIELDS, labelOf } from '../platform/credentialFields';
import type { Endpoint } from '../platform/endpoints';
import { duration, fill, labelsIn, namesWord, quoted, tried, type ErrorSubject } from './text';
import { list } from '../values/text';

export interface FailureText {
	message: string;
	check?: string;
}

export function baseUrlLabel(endpoint: Endpoint): string {
	return labelOf(MODULE_BASE_URL_FIELDS[endpoint.module]);
}

/** The credential's path prefix fields this operation's address uses. */
function prefixLabels(endpoint: Endpoint): string[] {
	return Object.entries(PATH_PREFIX_FIELDS)
		.filter(([name]) => endpoint.path.includes(`{${name}}`))
		.map(([, field]) => labelOf(field));
}

/**
 * The credential fields this operation sends, as the credential dialog labels them; only
 * those whose header the platform's message names ("Invalid apikey header.") when it names any.
 * With Log In, the user token comes from the login: its fields stand for it.
 */
function credentialFieldLabels(
	endpoint: Endpoint,
	subject: ErrorSubject,
	platformMessage: string,
	logsIn: boolean,
): string[] {
	const headers = Object.entries(endpoint.credentialHeaders);
	const named = headers.filter(([header]) => namesWord(platformMessage, header));
	const labels = new Set<string>();
	for (const [, source] of named.length ? named : headers) {
		if (source === 'userToken' && logsIn) {
			labels.add(labelOf('loginIdentifier'));
			labels.add(labelOf('loginPassword'));
		} else {
			labels.add(
				source === 'businessKey' && subject.business
					? `Additional Business Keys (the key of "${subject.business}")`
					: labelOf(source),
			);
		}
	}
	return quoted([...labels]);
}

/** An answer with an HTTP error code, as the failure text needs it. */
export interface HttpFailure {
	endpoint: Endpoint;
	/** What the item asked for, its business included. */
	subject: ErrorSubject;
	statusCode: number;
	platformMessage: string | undefined;
	tries: number;
	/** Whether the user token comes from a login (the Log In credential type). */
	logsIn: boolean;
}

/** Message and what to check for a refusal or failure the platform answered with an HTTP code. */
export function httpFailureText(failure: HttpFailure): FailureText {
	const { endpoint, subject, statusCode, platformMessage, tries, logsIn } = failure;
	const does = fill(endpoint.does, subject);
	if (statusCode === 401 || statusCode === 403) {
		const fields = credentialFieldLabels(endpoint, subject, platformMessage ?? '', logsIn);
		const credential = CREDENTIAL_DISPLAY_NAMES[logsIn ? 'login' : 'paste'];
		if (statusCode === 403) {
			return {
				message: `The platform does not allow this credential to ${does}`,
				check: `Check that the credential's ${list(fields)} belong to a user and business allowed to do this.`,
			};
		}
		const which = fields.length === 1 ? `the credential's ${fields[0]}` : 'the credential';
		return {
			message: `The platform did not accept ${which} when asked to ${does}`,
			check: `Check the credential's ${list(fields)} (${credential} credential).`,
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
			check:
				"This is usually temporary: run this item again later. If it keeps failing, contact the platform's support.",
		};
	}
	return {
		message: `The platform refused to ${does}${platformMessage ? `: ${platformMessage}` : ''}`,
		check: 'Check the values this item sends.',
	};
}

/** Message and what to check for a request that got no answer (a network failure or a timeout). */
export function networkFailureText(
	endpoint: Endpoint,
	code: string,
	does: string,
	timeoutMs: number,
): FailureText {
	/*
	 * The messages must not contain error codes such as ECONNREFUSED: n8n replaces a
	 * message that does with its own generic text. The code goes into the details.
	 */
	const baseUrl = `"${baseUrlLabel(endpoint)}"`;
	let message = `The connection to the platform closed before it answered, when asked to ${does}`;
	let check = 'This is usually temporary: run this item again later.';
	if (TIMEOUT_CODES.has(code)) {
		message = `The platform did not answer within ${duration(timeoutMs)} when asked to ${does}`;
		check = 'Run this item again later, or raise the Timeout option if the platform is slow.';
	} else if (code === 'ECONNREFUSED') {
		message = `Could not connect to the platform to ${does}: the connection was refused`;
		check = `Check the credential's ${baseUrl}, and that the platform is running and reachable from n8n.`;
	} else if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
		message = `The host name in the credential's ${baseUrl} could not be found`;
		check = `Check the spelling of the credential's ${baseUrl}, and that n8n can reach that host.`;
	} else if (code !== 'ECONNRESET') {
		message = `The request to the platform failed when asked to ${does}`;
	}
	return { message, check };
}
