/**
 * Builds one operation's request from the endpoint table: URL (base URL and path
 * prefixes from the credential, path parameters checked and encoded), headers (credential
 * headers as placeholders the credential's `authenticate` fills, language) and a body
 * rebuilt for every attempt. Everything is checked before anything is sent.
 */
import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';

import { credentialPlaceholder, refuseUnreadableBusinessKeys } from '../credential/authenticate';
import { CREDENTIAL_FIELD_LABELS, credentialText } from '../credential/fields';
import { logsIn } from '../credential/login';
import { ParameterError } from '../errors/classes';
import { emptyCredentialFieldError } from '../errors/nodeErrors';
import {
	MODULE_BASE_URL_FIELDS,
	PATH_PREFIX_FIELDS,
	endpointOf,
	type EndpointRef,
	type PathParam,
	type Endpoint,
} from '../platform/endpoints';
import type { PlatformRun } from './run';
import { limitKey } from './rateLimit/sharedLimitTable';
import { checkLoginFields } from './userToken';
import { isBlank } from '../values/parameters';
import { assertHeaderSafe, toBaseUrl, toPathPrefix, toPathSegment } from '../values/wire';

/** A file to upload, read for each attempt once its request may be sent (see buildBody). */
export interface FilePart {
	read: () => Promise<Buffer>;
	fileName: string;
	mimeType: string;
}

/** Multipart fields in wire order; a name may repeat (`item_id[]`). */
export type MultipartField = [name: string, value: string | FilePart];

export interface RequestInput {
	pathParams?: Record<string, PathParam>;
	query?: Record<string, string>;
	json?: IDataObject;
	multipart?: MultipartField[];
	/** text/plain body; empty when omitted. */
	text?: string;
	/** en or ar; the credential's default language when omitted. */
	language?: string;
	/** Name of one of the credential's additional businesses; the default business when empty. */
	business?: string;
}

function credentialField(run: PlatformRun, field: string, endpoint: Endpoint): string {
	const value = credentialText(run.credentials, field);
	if (isBlank(value)) {
		throw emptyCredentialFieldError(CREDENTIAL_FIELD_LABELS[field] ?? field, endpoint);
	}
	return value;
}

/** A credential field checked once per run; a failed check is repeated (and fails) for every item that needs it. */
function checkedField(run: PlatformRun, field: string, check: () => string): string {
	let value = run.checkedFields.get(field);
	if (value === undefined) run.checkedFields.set(field, (value = check()));
	return value;
}

/** The endpoint's module base URL from the credential, checked. */
function baseUrlOf(run: PlatformRun, endpoint: Endpoint): string {
	const baseField = MODULE_BASE_URL_FIELDS[endpoint.module];
	return checkedField(run, baseField, () =>
		toBaseUrl(
			credentialField(run, baseField, endpoint),
			`The credential field "${CREDENTIAL_FIELD_LABELS[baseField]}"`,
		),
	);
}

function pathOf(
	run: PlatformRun,
	endpoint: Endpoint,
	pathParams: Record<string, PathParam>,
): string {
	return endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => {
		const prefixField = PATH_PREFIX_FIELDS[name as keyof typeof PATH_PREFIX_FIELDS];
		if (prefixField) {
			return checkedField(run, prefixField, () =>
				toPathPrefix(
					credentialField(run, prefixField, endpoint),
					`The credential field "${CREDENTIAL_FIELD_LABELS[prefixField]}"`,
				),
			);
		}
		const param = pathParams[name] ?? { value: undefined, label: name };
		return toPathSegment(param.value, endpoint.pathParams[name], param.label);
	});
}

/**
 * The business an item acts for, checked on every operation (also those that send no
 * business key), so a misspelt name always fails its item. A key given where a name
 * belongs is refused without repeating it.
 */
function resolveBusiness(
	run: PlatformRun,
	endpoint: Endpoint,
	input: RequestInput,
	itemIndex: number,
): string {
	refuseUnreadableBusinessKeys(run.credentials);
	const business = String(input.business ?? run.businessFor(itemIndex) ?? '').trim();
	if (run.businessKeys.has(business)) return business;
	if (business === '') {
		const needsKey = Object.values(endpoint.credentialHeaders).includes('businessKey');
		if (!needsKey) return business;
		throw emptyCredentialFieldError(CREDENTIAL_FIELD_LABELS.businessKey, endpoint);
	}
	if ([...run.businessKeys.values()].includes(business)) {
		throw new ParameterError(
			'Business',
			"holds a business key; enter the business's name from the credential's Additional Business Keys instead",
		);
	}
	throw new ParameterError(
		'Business',
		`"${business}" is not one of the credential's Additional Business Keys`,
	);
}

function buildHeaders(
	run: PlatformRun,
	endpoint: Endpoint,
	input: RequestInput,
	business: string,
): IDataObject {
	const headers: IDataObject = { ...(endpoint.fixedHeaders ?? {}) };
	for (const [name, source] of Object.entries(endpoint.credentialHeaders)) {
		if (source === 'businessKey') {
			assertHeaderSafe(
				run.businessKeys.get(business) ?? '',
				`The business key of "${business || 'default'}"`,
			);
		} else if (source === 'userToken' && logsIn(run.credentials)) {
			checkLoginFields(run, endpoint);
		} else {
			assertHeaderSafe(
				credentialField(run, source, endpoint),
				`The credential field "${CREDENTIAL_FIELD_LABELS[source]}"`,
			);
		}
		headers[name] = credentialPlaceholder(source, source === 'businessKey' ? business : '');
	}
	if (endpoint.languageHeader) {
		if (input.language !== undefined && input.language !== 'en' && input.language !== 'ar') {
			throw new ParameterError('Language', `must be en or ar, got "${String(input.language)}"`);
		}
		headers[endpoint.languageHeader] = input.language ?? credentialPlaceholder('language');
	}
	return headers;
}

/**
 * A fresh body for each attempt: a FormData stream cannot be sent twice. Files are read here,
 * when the attempt holds its limiter slot, so memory holds the files of the requests in
 * flight, not those of every item waiting.
 */
async function buildBody(
	endpoint: Endpoint,
	input: RequestInput,
	headers: IDataObject,
): Promise<IHttpRequestOptions['body']> {
	switch (endpoint.body) {
		case 'json':
			headers['Content-Type'] = 'application/json';
			return input.json ?? {};
		case 'text':
			headers['Content-Type'] = 'text/plain';
			return input.text ?? '';
		case 'multipart': {
			const form = new FormData();
			for (const [name, value] of input.multipart ?? []) {
				if (typeof value === 'string') {
					form.append(name, value);
				} else {
					// A Buffer is a Uint8Array view; the cast only narrows its type for Blob.
					const contents = (await value.read()) as Uint8Array<ArrayBuffer>;
					form.append(name, new Blob([contents], { type: value.mimeType }), value.fileName);
				}
			}
			return form;
		}
		case 'none':
			return undefined;
	}
}

/**
 * Validates everything about one request before anything is sent and returns a function
 * that builds its options (files read then) afresh for each attempt, carrying the business it
 * acts for and its limiter key. Credential headers hold placeholders that the credential's `authenticate`
 * fills.
 */
export function prepareRequest(
	run: PlatformRun,
	operation: EndpointRef,
	itemIndex: number,
	input: RequestInput,
): (() => Promise<IHttpRequestOptions>) & { business: string; limitKey: string } {
	const endpoint: Endpoint = endpointOf(operation);
	const baseUrl = baseUrlOf(run, endpoint);
	const url = baseUrl + pathOf(run, endpoint, input.pathParams ?? {});
	const business = resolveBusiness(run, endpoint, input, itemIndex);
	const baseHeaders = buildHeaders(run, endpoint, input, business);
	const prepare = async () => {
		const headers = { ...baseHeaders };
		return {
			method: endpoint.method,
			url,
			headers,
			body: await buildBody(endpoint, input, headers),
			qs: input.query,
			timeout: run.settings.timeoutMs,
			// n8n would follow a redirect to any host with the credential headers: the transport decides instead.
			disableFollowRedirect: true,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			encoding: 'text',
			json: false,
		} satisfies IHttpRequestOptions;
	};
	return Object.assign(prepare, { business, limitKey: limitKeyOf(run, baseUrl, business) });
}

/**
 * Rate limits follow the business key at one platform: its requests share one limit across
 * executions. The key is hashed once per run, base URL and business, not per request.
 */
function limitKeyOf(run: PlatformRun, baseUrl: string, business: string): string {
	const known = run.limitKeys.get(baseUrl)?.get(business);
	if (known !== undefined) return known;
	const key = limitKey(baseUrl, run.businessKeys.get(business) ?? '');
	const ofBaseUrl = run.limitKeys.get(baseUrl) ?? new Map<string, string>();
	run.limitKeys.set(baseUrl, ofBaseUrl.set(business, key));
	return key;
}
