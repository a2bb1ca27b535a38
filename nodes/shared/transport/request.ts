/**
 * Builds one operation's request from the endpoint table: URL (base URL and path prefixes as
 * the run's checked credential gives them, path parameters checked and encoded), headers
 * (credential headers as placeholders the credential's `authenticate` fills, language) and a
 * body rebuilt for every attempt. Everything is checked before anything is sent.
 */
import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';

import { ParameterError } from '../platform/errors';
import { PATH_PREFIX_FIELDS, type PathPrefixName } from '../platform/credentialFields';
import type { PathParam, Endpoint } from '../platform/endpoints';
import { encodeMultipart, type FilePart, type MultipartField, type OpenFile } from './multipart';
import type { PlatformRun } from './run';
import { toPathSegment } from '../values/wire';

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

function pathOf(
	run: PlatformRun,
	endpoint: Endpoint,
	pathParams: Record<string, PathParam>,
): string {
	return endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => {
		if (Object.hasOwn(PATH_PREFIX_FIELDS, name)) {
			return run.credential.pathPrefix(name as PathPrefixName, endpoint);
		}
		const param = pathParams[name] ?? { value: undefined, label: name };
		return toPathSegment(param.value, endpoint.pathParams[name], param.label);
	});
}

/** The item's language, en or ar; undefined for the credential's default. */
function languageOf(input: RequestInput): 'en' | 'ar' | undefined {
	const { language } = input;
	if (language === undefined || language === 'en' || language === 'ar') return language;
	throw new ParameterError('Language', `must be en or ar, got "${String(language)}"`);
}

/**
 * A fresh body for each attempt, from the files admission opened for it (admission.ts: the
 * memory they hold taken from the run's upload budget, then the limiter slot), so memory holds
 * the files of the requests on their way, not those of every item waiting.
 */
function buildBody(
	endpoint: Endpoint,
	input: RequestInput,
	headers: IDataObject,
	files: Map<FilePart, OpenFile>,
): IHttpRequestOptions['body'] {
	switch (endpoint.body) {
		case 'json':
			headers['Content-Type'] = 'application/json';
			return input.json ?? {};
		case 'text':
			headers['Content-Type'] = 'text/plain';
			return input.text ?? '';
		case 'multipart': {
			const { contentType, body } = encodeMultipart(input.multipart ?? [], files);
			headers['Content-Type'] = contentType;
			// With a file, a Blob (multipart.ts MultipartBody), which IHttpRequestOptions does not name.
			return body as unknown as IHttpRequestOptions['body'];
		}
		case 'none':
			return undefined;
	}
}

/** One request, checked: builds its options afresh for each attempt from the files admission opened. */
export type PreparedRequest = ((files: Map<FilePart, OpenFile>) => IHttpRequestOptions) & {
	/** The business it acts for. */
	business: string;
	/** Its shared limit (rateLimit/sharedLimitTable.ts). */
	limitKey: string;
	/** The memory its files hold while sent, as far as known before they are opened. */
	knownHeldBytes: number;
	/** Its files, which admission opens before the request asks for a slot. */
	fileParts: FilePart[];
};

/**
 * Validates everything about one request before anything is sent and returns a function
 * that builds its options afresh for each attempt, carrying the business it acts for, its
 * limiter key and its files. Credential headers hold placeholders that the credential's
 * `authenticate` fills.
 */
export function prepareRequest(
	run: PlatformRun,
	endpoint: Endpoint,
	itemIndex: number,
	input: RequestInput,
): PreparedRequest {
	const { credential } = run;
	const baseUrl = credential.baseUrl(endpoint);
	const url = baseUrl + pathOf(run, endpoint, input.pathParams ?? {});
	const business = credential.business(
		String(input.business ?? run.businessFor(itemIndex) ?? '').trim(),
		endpoint,
	);
	const language = endpoint.languageHeader ? languageOf(input) : undefined;
	const baseHeaders = credential.headers(endpoint, business, language);
	const fileParts = (input.multipart ?? [])
		.map(([, value]) => value)
		.filter((value): value is FilePart => typeof value !== 'string');
	const prepare = (files: Map<FilePart, OpenFile>) => {
		const headers = { ...baseHeaders };
		return {
			method: endpoint.method,
			url,
			headers,
			body: buildBody(endpoint, input, headers, files),
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
	return Object.assign(prepare, {
		business,
		limitKey: credential.limitKey(baseUrl, business),
		knownHeldBytes: fileParts.reduce((bytes, part) => bytes + part.heldBytes, 0),
		fileParts,
	});
}
