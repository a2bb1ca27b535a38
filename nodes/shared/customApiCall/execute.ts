/**
 * Runs one item's Custom API Call: builds an endpoint at run time (module, method,
 * checked path, profile headers) and sends it through the shared request path, so it gets
 * the same secrets handling, retries, error mapping, redaction and pagination as the table's
 * operations.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { pageSizeOf } from '../values/settings';
import { ParameterError } from '../platform/errors';
import type { CredentialHeaderSource, PlatformModule } from '../platform/credentialFields';
import type { BodyKind, Endpoint } from '../platform/endpoints';
import { recordOrMessage } from '../node/output';
import { platformPaginate } from '../transport/pagination';
import { binaryFile, type MultipartField } from '../transport/multipart';
import type { RequestInput } from '../transport/request';
import type { PlatformRun } from '../transport/run';
import { platformRequest } from '../transport/platformRequest';
import { parseJson } from '../values/parameters';
import { ALLOW_IN_TOOL } from './description';
import {
	CREDENTIAL_HEADER_NAMES,
	CREDENTIAL_HEADER_SOURCES,
	NO_PROFILE,
	headerProfile,
} from './headerProfiles';
import {
	foldHeaderName,
	refuseConnectionHeader,
	requireHeaderName,
	toPlainHeaders,
	toQuery,
	toRelativePath,
} from './input';

type Method = Endpoint['method'];
const METHODS: Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const BODY_KINDS: BodyKind[] = ['none', 'json', 'multipart', 'text'];
const SOURCES = new Set<string>(CREDENTIAL_HEADER_SOURCES.map((source) => source.value));

const NOT_A_PAGINATOR =
	"Return All needs a paginated list (data with current_page, data[], last_page or next_page_url), but the platform's answer to this path is not one: turn Return All off to get the answer as it is";

interface Entry {
	name?: unknown;
	value?: unknown;
	field?: unknown;
	type?: unknown;
	binaryPropertyName?: unknown;
}

function entriesOf(
	context: IExecuteFunctions,
	parameter: string,
	key: string,
	itemIndex: number,
): Entry[] {
	const collection = context.getNodeParameter(parameter, itemIndex, {}) as Record<
		string,
		Entry[] | undefined
	>;
	return collection?.[key] ?? [];
}

/** A tool node is n8n's tool variant of this node (its type name ends in Tool). */
function assertAllowedHere(context: IExecuteFunctions, itemIndex: number) {
	if (!context.getNode().type.endsWith('Tool')) return;
	if (context.getNodeParameter(ALLOW_IN_TOOL, itemIndex, false) === true) return;
	throw new ParameterError(
		'Custom API Call',
		'is not offered to AI tools unless the tool\'s "Allow Custom API Call" parameter is on',
	);
}

/** The credential headers an item of Custom API Call chose: its Header Profile, then its Credential Headers list. */
function chosenCredentialHeaders(context: IExecuteFunctions, itemIndex: number) {
	const profileValue = String(context.getNodeParameter('headerProfile', itemIndex));
	const profile = profileValue === NO_PROFILE ? undefined : headerProfile(profileValue);
	if (profileValue !== NO_PROFILE && !profile) {
		throw new ParameterError('Header Profile', `"${profileValue}" is not one of the profiles`);
	}
	const headers: Record<string, CredentialHeaderSource> = { ...(profile?.credentialHeaders ?? {}) };
	const taken = new Set(Object.keys(headers).map(foldHeaderName));
	for (const entry of entriesOf(context, 'credentialHeaders', 'header', itemIndex)) {
		const name = requireHeaderName(entry.name, 'Credential Headers → Name');
		// A key under Host or a hop-by-hop name would reach proxies and their logs.
		refuseConnectionHeader(name, `Credential Headers → "${name}"`);
		if (taken.has(foldHeaderName(name)))
			throw new ParameterError(
				`Credential Headers → "${name}"`,
				'is already sent (platforms read - and _ in a header name alike, in any case)',
			);
		if (!SOURCES.has(String(entry.field))) {
			throw new ParameterError(
				`Credential Headers → "${name}"`,
				`has an unknown credential field "${String(entry.field)}"`,
			);
		}
		taken.add(foldHeaderName(name));
		headers[name] = entry.field as CredentialHeaderSource;
	}
	return { headers, profileLanguageHeader: profile?.languageHeader };
}

function languageHeaderOf(
	options: IDataObject,
	profileHeader: 'Accept-Language' | 'lang' | undefined,
) {
	const chosen = options.languageHeader;
	if (chosen === 'none') return undefined;
	if (chosen === 'Accept-Language' || chosen === 'lang') return chosen;
	if (chosen !== undefined) {
		throw new ParameterError(
			'Options → Language Header',
			`must be Accept-Language, lang or none, got "${String(chosen)}"`,
		);
	}
	// A language alone goes in the profile's header, or Accept-Language when it has none.
	return profileHeader ?? (options.language !== undefined ? 'Accept-Language' : undefined);
}

async function multipartOf(
	context: IExecuteFunctions,
	itemIndex: number,
): Promise<MultipartField[]> {
	const fields: MultipartField[] = [];
	const binary = context.getInputData()[itemIndex]?.binary ?? {};
	for (const entry of entriesOf(context, 'formFields', 'field', itemIndex)) {
		const name = typeof entry.name === 'string' ? entry.name.trim() : '';
		if (name === '') throw new ParameterError('Form Fields → Name', 'is required');
		if (entry.type !== 'file') {
			fields.push([name, String(entry.value ?? '')]);
			continue;
		}
		const property = String(entry.binaryPropertyName ?? '').trim();
		if (!property || !binary[property]) {
			throw new ParameterError(
				`Form Fields → "${name}"`,
				`needs the input item's binary property "${property}", which it does not have`,
			);
		}
		// Read when the request is sent, as the operations' files are (multipart.ts binaryFile).
		fields.push([name, binaryFile(context, itemIndex, property)]);
	}
	return fields;
}

async function bodyOf(
	context: IExecuteFunctions,
	itemIndex: number,
	method: Method,
): Promise<{ kind: BodyKind; input: RequestInput }> {
	if (method === 'GET') return { kind: 'none', input: {} };
	const kind = context.getNodeParameter('bodyType', itemIndex, 'none') as BodyKind;
	if (!BODY_KINDS.includes(kind))
		throw new ParameterError(
			'Body',
			`must be none, json, multipart or text, got "${String(kind)}"`,
		);
	if (kind === 'json') {
		const value = parseJson(context.getNodeParameter('jsonBody', itemIndex, '{}'), 'JSON');
		if (typeof value !== 'object' || value === null)
			throw new ParameterError('JSON', 'must be a JSON object or array');
		return { kind, input: { json: value as IDataObject } };
	}
	if (kind === 'text')
		return { kind, input: { text: String(context.getNodeParameter('textBody', itemIndex, '')) } };
	if (kind === 'multipart')
		return { kind, input: { multipart: await multipartOf(context, itemIndex) } };
	return { kind, input: {} };
}

/** The output records of an unwrapped payload: a list gives one item per entry. */
function outputOf(response: { data: unknown; message?: string }): IDataObject | IDataObject[] {
	const records = recordOrMessage(response);
	if (!Array.isArray(records)) return records;
	return records.map((entry: unknown) =>
		typeof entry === 'object' && entry !== null
			? (entry as IDataObject)
			: { value: entry as string },
	);
}

/** Runs one item's Custom API Call against `module`'s base URL. */
export async function executeCustomApiCall(
	this: IExecuteFunctions,
	module: PlatformModule,
	itemIndex: number,
	run: PlatformRun,
): Promise<IDataObject | IDataObject[]> {
	assertAllowedHere(this, itemIndex);
	const method = this.getNodeParameter('method', itemIndex) as Method;
	if (!METHODS.includes(method))
		throw new ParameterError(
			'Method',
			`must be one of ${METHODS.join(', ')}, got "${String(method)}"`,
		);
	const path = toRelativePath(this.getNodeParameter('path', itemIndex));
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const { headers: credentialHeaders, profileLanguageHeader } = chosenCredentialHeaders(
		this,
		itemIndex,
	);
	const languageHeader = languageHeaderOf(options, profileLanguageHeader);
	const { kind, input } = await bodyOf(this, itemIndex, method);

	const credentialNames = new Set(
		[...CREDENTIAL_HEADER_NAMES, ...Object.keys(credentialHeaders)].map(foldHeaderName),
	);
	const reserved = new Set<string>(kind === 'none' ? [] : ['content-type']);
	if (languageHeader) reserved.add(foldHeaderName(languageHeader));
	const plainHeaders = toPlainHeaders(
		entriesOf(this, 'headers', 'header', itemIndex),
		credentialNames,
		reserved,
	);
	const acceptGiven = Object.keys(plainHeaders).some((name) => name.toLowerCase() === 'accept');

	const endpoint: Endpoint = {
		title: 'Custom API Call',
		does: `call ${method} ${path}`,
		module,
		method,
		path,
		pathParams: {},
		credentialHeaders,
		languageHeader,
		fixedHeaders: { ...(acceptGiven ? {} : { Accept: 'application/json' }), ...plainHeaders },
		body: kind,
		// A GET is a read; anything else may act, unless the user says repeating is harmless.
		retry: method === 'GET' ? 'read' : options.safeToRepeat === true ? 'setValue' : 'create',
	};
	const request: RequestInput = {
		...input,
		query: toQuery(entriesOf(this, 'queryParameters', 'parameter', itemIndex)),
		language: options.language as string | undefined,
	};

	const fullResponse = options.responseFormat === 'full';
	if (method === 'GET' && this.getNodeParameter('returnAll', itemIndex, false) === true) {
		if (fullResponse) {
			throw new ParameterError(
				'Return All',
				'returns the items of every page: set Options → Response to Data, or turn Return All off',
			);
		}
		const pageSize = pageSizeOf(options, 'Options → Page Size');
		return await platformPaginate.call(this, run, endpoint, itemIndex, request, {
			pageSize,
			notPaginatorMessage: NOT_A_PAGINATOR,
		});
	}
	const response = await platformRequest.call(this, run, endpoint, itemIndex, request, {
		fullResponse,
	});
	if (fullResponse) return { statusCode: response.statusCode, body: response.data as IDataObject };
	return outputOf(response);
}
