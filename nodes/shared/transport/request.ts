/**
 * Builds one operation's request from the endpoint table: URL (base URL and path prefixes as
 * the run's checked credential gives them, path parameters checked and encoded), headers
 * (credential headers as placeholders the credential's `authenticate` fills, language) and a
 * body rebuilt for every attempt. Everything is checked before anything is sent.
 */
import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';

import { ParameterError } from '../platform/errors';
import {
	PATH_PREFIX_FIELDS,
	endpointOf,
	type EndpointRef,
	type PathParam,
	type Endpoint,
} from '../platform/endpoints';
import type { PathPrefixName } from './checkedCredential';
import type { PlatformRun } from './run';
import { toPathSegment } from '../values/wire';

/** A file to upload, read for each attempt by admission before its request asks for a slot (admission.ts). */
export interface FilePart {
	read: () => Promise<Buffer>;
	fileName: string;
	mimeType: string;
	/** The file's size where its binary data records it: taken from the run's upload budget before it is read (admission.ts). */
	bytes?: number;
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

function pathOf(
	run: PlatformRun,
	endpoint: Endpoint,
	pathParams: Record<string, PathParam>,
): string {
	return endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => {
		if (Object.hasOwn(PATH_PREFIX_FIELDS, name)) {
			return run.checkedCredential.pathPrefix(name as PathPrefixName, endpoint);
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
 * A fresh body for each attempt, from the files admission read for it (admission.ts: their
 * bytes taken from the run's upload budget, then the limiter slot), so memory holds the files
 * of the requests on their way, not those of every item waiting.
 */
function buildBody(
	endpoint: Endpoint,
	input: RequestInput,
	headers: IDataObject,
	files: Map<FilePart, Buffer>,
): IHttpRequestOptions['body'] {
	switch (endpoint.body) {
		case 'json':
			headers['Content-Type'] = 'application/json';
			return input.json ?? {};
		case 'text':
			headers['Content-Type'] = 'text/plain';
			return input.text ?? '';
		case 'multipart': {
			const boundary = multipartBoundary();
			headers['Content-Type'] = `multipart/form-data; boundary=${boundary}`;
			return multipartBody(input.multipart ?? [], boundary, files);
		}
		case 'none':
			return undefined;
	}
}

const CRLF = '\r\n';
const BOUNDARY_CHARACTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A boundary as the HTTP client makes one for a FormData body: `form-data-boundary-` and 25 letters or digits. */
function multipartBoundary(): string {
	let random = '';
	for (let i = 0; i < 25; i++) {
		random += BOUNDARY_CHARACTERS[Math.floor(Math.random() * BOUNDARY_CHARACTERS.length)];
	}
	return `form-data-boundary-${random}`;
}

/** A field or file name inside a quoted Content-Disposition parameter (the HTML form encoding). */
function escapeName(name: string): string {
	return name.replace(/[\r\n"]/g, (match) =>
		match === '\r' ? '%0D' : match === '\n' ? '%0A' : '%22',
	);
}

/** A Blob's type: lower case, empty when it holds a character outside printable ASCII. */
function blobType(mimeType: string): string {
	return /^[\x20-\x7e]*$/.test(mimeType) ? mimeType.toLowerCase() : '';
}

/**
 * The multipart/form-data body, byte for byte as n8n's HTTP client encodes a FormData of the
 * same fields (line breaks in values as CRLF, names escaped, a file's type defaulting to
 * application/octet-stream), built as one buffer: sent as it is, without FormData, Blob
 * copies of the files or a stream per part.
 */
function multipartBody(
	fields: MultipartField[],
	boundary: string,
	files: Map<FilePart, Buffer>,
): Buffer {
	const chunks: Buffer[] = [];
	let text = '';
	for (const [name, value] of fields) {
		text += `--${boundary}${CRLF}Content-Disposition: form-data; name="${escapeName(name)}"`;
		if (typeof value === 'string') {
			text += `${CRLF}${CRLF}${value.replace(/\r?\n|\r\n?/g, CRLF)}${CRLF}`;
			continue;
		}
		const contents = files.get(value);
		// Admission reads every file of the request before it may be sent.
		if (!contents) throw new Error(`The file "${value.fileName}" was not read before sending`);
		const type = blobType(value.mimeType) || 'application/octet-stream';
		if (value.fileName) text += `; filename="${escapeName(value.fileName)}"`;
		text += `${CRLF}Content-Type: ${type.replace(/[\r\n]/g, '')}${CRLF}${CRLF}`;
		chunks.push(Buffer.from(text, 'utf8'), contents);
		text = CRLF;
	}
	text += `--${boundary}--${CRLF}`;
	chunks.push(Buffer.from(text, 'utf8'));
	return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
}

/** One request, checked: builds its options afresh for each attempt from the files admission read. */
export type PreparedRequest = ((files: Map<FilePart, Buffer>) => IHttpRequestOptions) & {
	/** The business it acts for. */
	business: string;
	/** Its shared limit (rateLimit/sharedLimitTable.ts). */
	limitKey: string;
	/** The bytes of its files whose size is known before they are read. */
	knownUploadBytes: number;
	/** Its files, which admission reads before the request asks for a slot. */
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
	operation: EndpointRef,
	itemIndex: number,
	input: RequestInput,
): PreparedRequest {
	const endpoint: Endpoint = endpointOf(operation);
	const credential = run.checkedCredential;
	const baseUrl = credential.baseUrl(endpoint);
	const url = baseUrl + pathOf(run, endpoint, input.pathParams ?? {});
	const business = credential.business(
		String(input.business ?? run.businessFor(itemIndex) ?? '').trim(),
		endpoint,
	);
	const language = endpoint.languageHeader ? languageOf(input) : undefined;
	const baseHeaders = credential.headers(endpoint, business, language);
	const prepare = (files: Map<FilePart, Buffer>) => {
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
		knownUploadBytes: knownUploadBytes(input),
		fileParts: (input.multipart ?? [])
			.map(([, value]) => value)
			.filter((value): value is FilePart => typeof value !== 'string'),
	});
}

/** The bytes of the request's files whose size is known before they are read. */
function knownUploadBytes(input: RequestInput): number {
	let bytes = 0;
	for (const [, value] of input.multipart ?? []) {
		if (typeof value !== 'string') bytes += value.bytes ?? 0;
	}
	return bytes;
}
