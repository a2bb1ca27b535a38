/**
 * The one request path of every operation: URL and headers from the operation table,
 * secrets through the credential's `authenticate`, a body rebuilt for every attempt,
 * retries by the operation's retry class with one backoff shared across a node run,
 * envelopes unwrapped and errors shown with the platform's own message.
 */
import {
	NodeApiError,
	sleep,
	type ICredentialDataDecryptedObject,
	type IDataObject,
	type IExecuteFunctions,
	type IHttpRequestOptions,
	type ILoadOptionsFunctions,
	type INode,
	type JsonObject,
} from 'n8n-workflow';

import {
	CREDENTIAL_FIELD_LABELS,
	CREDENTIAL_TYPE,
	SECRET_FIELDS,
	credentialPlaceholder,
	parseBusinessKeys,
} from './credentialFields';
import { errorMessageOf, fieldErrorsOf, mapLeaves, removeSecretFields, unwrapEnvelope } from './envelope';
import {
	MODULE_BASE_URL_FIELDS,
	OPERATIONS,
	PATH_PREFIX_FIELDS,
	describeOperation,
	type OperationId,
	type OperationSpec,
	type RetryClass,
} from './operations';
import {
	ParameterError,
	assertHeaderSafe,
	toBaseUrl,
	toPathPrefix,
	toPathSegment,
} from './validation';

type RequestContext = IExecuteFunctions | ILoadOptionsFunctions;

export interface FilePart {
	data: Buffer;
	fileName: string;
	mimeType: string;
}

/** Multipart fields in wire order; a name may repeat (`item_id[]`). */
export type MultipartField = [name: string, value: string | FilePart];

/** A path parameter's value and the parameter label that names it in errors. */
export interface PathParam {
	value: unknown;
	label: string;
}

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

export interface PlatformResponse {
	/** The payload inside the envelope, with secret-like fields removed. */
	data: unknown;
	message?: string;
	statusCode: number;
}

export interface RequestSettings {
	/** Attempts per request, the first included. */
	maxTries: number;
	timeoutMs: number;
	/** Base of the exponential backoff between attempts. */
	retryDelayMs: number;
	/** Upper bound for a Retry-After the platform asks for. */
	maxRetryAfterMs: number;
}

export const DEFAULT_REQUEST_SETTINGS: RequestSettings = {
	maxTries: 3,
	timeoutMs: 30_000,
	retryDelayMs: 1_000,
	maxRetryAfterMs: 60_000,
};

/** State of one node run, shared by all its items' requests. */
export interface PlatformRun {
	node: INode;
	credentials: ICredentialDataDecryptedObject;
	businessKeys: Map<string, string>;
	settings: RequestSettings;
	/** Secret values to blank out of anything shown to the user. */
	secrets: string[];
	/** No request of this run starts before this time (ms epoch): one pause for 429s. */
	pausedUntil: number;
	/** The business an item acts for (a name from Additional Business Keys; '' is the default). */
	businessFor: (itemIndex: number) => string;
}

export async function startRun(
	context: RequestContext,
	settings: Partial<RequestSettings> = {},
): Promise<PlatformRun> {
	return createRun(context.getNode(), await context.getCredentials(CREDENTIAL_TYPE), settings);
}

export function createRun(
	node: INode,
	credentials: ICredentialDataDecryptedObject,
	settings: Partial<RequestSettings> = {},
): PlatformRun {
	const businessKeys = parseBusinessKeys(credentials);
	const secrets = [
		...SECRET_FIELDS.map((field) => String(credentials[field] ?? '')),
		...businessKeys.values(),
	].filter((value) => value.length >= 4);
	return {
		node,
		credentials,
		businessKeys,
		settings: { ...DEFAULT_REQUEST_SETTINGS, ...settings },
		secrets,
		pausedUntil: 0,
		businessFor: () => '',
	};
}

function credentialField(run: PlatformRun, field: string, spec: OperationSpec): string {
	const value = run.credentials[field];
	if (value === undefined || value === null || String(value).trim() === '') {
		throw new ParameterError(
			`The credential field "${CREDENTIAL_FIELD_LABELS[field] ?? field}"`,
			`is empty; ${describeOperation(spec)} needs it`,
		);
	}
	return String(value);
}

function buildUrl(run: PlatformRun, spec: OperationSpec, pathParams: Record<string, PathParam>): string {
	const baseField = MODULE_BASE_URL_FIELDS[spec.module];
	const baseUrl = toBaseUrl(
		credentialField(run, baseField, spec),
		`The credential field "${CREDENTIAL_FIELD_LABELS[baseField]}"`,
	);
	const path = spec.path.replace(/\{(\w+)\}/g, (_, name: string) => {
		const prefixField = PATH_PREFIX_FIELDS[name as keyof typeof PATH_PREFIX_FIELDS];
		if (prefixField) {
			return toPathPrefix(
				credentialField(run, prefixField, spec),
				`The credential field "${CREDENTIAL_FIELD_LABELS[prefixField]}"`,
			);
		}
		const param = pathParams[name] ?? { value: undefined, label: name };
		return toPathSegment(param.value, spec.pathParams[name], param.label);
	});
	return baseUrl + path;
}

/**
 * The business an item acts for, checked on every operation (also those that send no
 * business key), so a misspelt name always fails its item. A key given where a name
 * belongs is refused without repeating it.
 */
function resolveBusiness(run: PlatformRun, spec: OperationSpec, input: RequestInput, itemIndex: number): string {
	const business = String(input.business ?? run.businessFor(itemIndex) ?? '').trim();
	if (run.businessKeys.has(business)) return business;
	if (business === '') {
		const needsKey = Object.values(spec.credentialHeaders).includes('businessKey');
		if (!needsKey) return business;
		throw new ParameterError('The credential field "Business Key"', `is empty; ${describeOperation(spec)} needs it`);
	}
	if ([...run.businessKeys.values()].includes(business)) {
		throw new ParameterError(
			'Business',
			"holds a business key; enter the business's name from the credential's Additional Business Keys instead",
		);
	}
	throw new ParameterError('Business', `"${business}" is not one of the credential's Additional Business Keys`);
}

function buildHeaders(run: PlatformRun, spec: OperationSpec, input: RequestInput, business: string): IDataObject {
	const headers: IDataObject = { ...(spec.fixedHeaders ?? {}) };
	for (const [name, source] of Object.entries(spec.credentialHeaders)) {
		if (source === 'businessKey') {
			assertHeaderSafe(run.businessKeys.get(business) ?? '', `The business key of "${business || 'default'}"`);
		} else {
			assertHeaderSafe(credentialField(run, source, spec), `The credential field "${CREDENTIAL_FIELD_LABELS[source]}"`);
		}
		headers[name] = credentialPlaceholder(source, source === 'businessKey' ? business : '');
	}
	if (spec.languageHeader) {
		if (input.language !== undefined && input.language !== 'en' && input.language !== 'ar') {
			throw new ParameterError('Language', `must be en or ar, got "${String(input.language)}"`);
		}
		headers[spec.languageHeader] = input.language ?? credentialPlaceholder('language');
	}
	return headers;
}

/** A fresh body for each attempt: a FormData stream cannot be sent twice. */
function buildBody(spec: OperationSpec, input: RequestInput, headers: IDataObject): IHttpRequestOptions['body'] {
	switch (spec.body) {
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
					// A Buffer is a Uint8Array view; the cast avoids copying the file's contents.
					const contents = value.data as Uint8Array<ArrayBuffer>;
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
 * that builds its options afresh for each attempt. Credential headers hold placeholders
 * that the credential's `authenticate` fills.
 */
export function prepareRequest(
	run: PlatformRun,
	operationId: OperationId,
	itemIndex: number,
	input: RequestInput,
): () => IHttpRequestOptions {
	const spec: OperationSpec = OPERATIONS[operationId];
	const url = buildUrl(run, spec, input.pathParams ?? {});
	const baseHeaders = buildHeaders(run, spec, input, resolveBusiness(run, spec, input, itemIndex));
	return () => {
		const headers = { ...baseHeaders };
		return {
			method: spec.method,
			url,
			headers,
			body: buildBody(spec, input, headers),
			qs: input.query,
			timeout: run.settings.timeoutMs,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			encoding: 'text',
			json: false,
		};
	};
}

type Attempt =
	| { kind: 'response'; statusCode: number; body: unknown; headers: IDataObject }
	| { kind: 'network'; code: string; message: string };

/** Network failures where the request never reached the platform. */
const NETWORK_CODES_NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);

function networkFailure(error: unknown): Attempt {
	const seen = new Set<unknown>();
	let current = error as { code?: unknown; cause?: unknown; message?: unknown } | undefined;
	let code = '';
	while (current && typeof current === 'object' && !seen.has(current)) {
		seen.add(current);
		if (!code && typeof current.code === 'string' && /^E[A-Z_]+$/.test(current.code)) code = current.code;
		current = current.cause as typeof current;
	}
	const message = error instanceof Error ? error.message : String(error);
	if (!code && /timeout/i.test(message)) code = 'ETIMEDOUT';
	return { kind: 'network', code: code || 'ENETWORK', message };
}

/** Retry-After (seconds or an HTTP date) in ms, not capped; undefined when absent or unreadable. */
function retryAfterMs(headers: IDataObject): number | undefined {
	const raw = headers['retry-after'];
	if (raw === undefined || raw === null || raw === '') return undefined;
	const seconds = Number(raw);
	const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(String(raw)) - Date.now();
	return Number.isFinite(ms) ? Math.max(ms, 0) : undefined;
}

/** Whether the platform surely did not act on the request that failed this way. */
function surelyNotActedOn(attempt: Attempt, retryAfter: number | undefined): boolean {
	if (attempt.kind === 'network') return NETWORK_CODES_NOT_SENT.has(attempt.code);
	return attempt.statusCode === 429 || (attempt.statusCode === 503 && retryAfter !== undefined);
}

function isRetryable(retry: RetryClass, attempt: Attempt, retryAfter: number | undefined): boolean {
	if (retry === 'create') return surelyNotActedOn(attempt, retryAfter);
	if (attempt.kind === 'network') return true;
	return attempt.statusCode === 429 || attempt.statusCode >= 500;
}

/**
 * Whether a failed create may still have been carried out: the request reached the
 * platform and the answer (a 5xx, a broken or missing body, no answer) does not say.
 */
function mayHaveActed(spec: OperationSpec, attempt: Attempt, retryAfter: number | undefined): boolean {
	if (spec.retry !== 'create' || surelyNotActedOn(attempt, retryAfter)) return false;
	return attempt.kind === 'network' || attempt.statusCode >= 500 || attempt.statusCode < 300;
}

const MAY_HAVE_ACTED_NOTE =
	'The platform may have carried out this request before it failed: check before running this item again, so that it is not done twice.';

function backoffDelay(settings: RequestSettings, attemptNumber: number): number {
	const ceiling = settings.retryDelayMs * 2 ** (attemptNumber - 1);
	return Math.round(ceiling / 2 + (Math.random() * ceiling) / 2);
}

function redact(run: PlatformRun, text: string): string {
	let clean = text;
	for (const secret of run.secrets) clean = clean.split(secret).join('[redacted]');
	return clean;
}

/** Shortest credential value blanked out of output data; shorter ones could be ordinary words. */
const MIN_SECRET_IN_DATA = 8;

/** Credential values a response echoes (at any depth) are blanked out of the output. */
function redactData<T>(run: PlatformRun, value: T): T {
	const secrets = run.secrets.filter((secret) => secret.length >= MIN_SECRET_IN_DATA);
	if (secrets.length === 0) return value;
	return mapLeaves(
		value,
		() => false,
		(text) =>
			secrets.reduce((clean, secret) => (clean.includes(secret) ? clean.split(secret).join('[redacted]') : clean), text),
	);
}

function parseBody(body: unknown): { value: unknown; malformed: boolean } {
	if (Buffer.isBuffer(body)) body = body.toString('utf8');
	if (typeof body !== 'string') return { value: body, malformed: false };
	const text = body.trim();
	if (text === '') return { value: undefined, malformed: false };
	try {
		return { value: JSON.parse(text), malformed: false };
	} catch {
		return { value: body, malformed: true };
	}
}

interface ErrorDetails {
	message: string;
	httpCode?: number;
	fieldErrors?: string[];
	tries?: number;
	/** Lines after the operation line: what else the user should know. */
	notes?: string[];
}

/** The item's error: the platform's message, field errors, HTTP code, operation and item, secrets blanked. */
function apiError(run: PlatformRun, spec: OperationSpec, itemIndex: number, details: ErrorDetails): NodeApiError {
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

const TIMEOUT_CODES = new Set(['ETIMEDOUT', 'ECONNABORTED', 'ESOCKETTIMEDOUT']);

function failureError(
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
		return apiError(run, spec, itemIndex, {
			message,
			tries,
			notes: [`Network error ${attempt.code}: ${attempt.message}`, ...notes],
		});
	}
	const { value } = parseBody(attempt.body);
	const fallback =
		STATUS_TEXT[attempt.statusCode] ??
		(attempt.statusCode >= 500 ? 'The platform failed to process the request' : 'The platform rejected the request');
	return apiError(run, spec, itemIndex, {
		message: errorMessageOf(value) ?? `${fallback} (HTTP ${attempt.statusCode}, no message in the response)`,
		httpCode: attempt.statusCode,
		fieldErrors: fieldErrorsOf(value),
		tries,
		notes,
	});
}

async function waitForSharedPause(run: PlatformRun): Promise<void> {
	for (let wait = run.pausedUntil - Date.now(); wait > 0; wait = run.pausedUntil - Date.now()) {
		await sleep(wait);
	}
}

/**
 * Sends one operation's request for one item and returns its unwrapped payload.
 * Throws ParameterError for bad input or credential fields (before anything is sent)
 * and NodeApiError for everything the platform or the network answered.
 */
export async function platformRequest(
	this: RequestContext,
	run: PlatformRun,
	operationId: OperationId,
	itemIndex: number,
	input: RequestInput = {},
): Promise<PlatformResponse> {
	const spec: OperationSpec = OPERATIONS[operationId];
	const prepare = prepareRequest(run, operationId, itemIndex, input);
	const { settings } = run;

	for (let tries = 1; ; tries++) {
		await waitForSharedPause(run);
		const options = prepare();

		let attempt: Attempt;
		try {
			const response = (await this.helpers.httpRequestWithAuthentication.call(
				this,
				CREDENTIAL_TYPE,
				options,
			)) as { statusCode: number; body: unknown; headers: IDataObject };
			attempt = { kind: 'response', statusCode: response.statusCode, body: response.body, headers: response.headers ?? {} };
		} catch (error) {
			attempt = networkFailure(error);
		}

		if (attempt.kind === 'response' && attempt.statusCode >= 200 && attempt.statusCode < 300) {
			return successOrFailure(run, spec, itemIndex, attempt);
		}

		const retryAfter = attempt.kind === 'response' ? retryAfterMs(attempt.headers) : undefined;
		const retryable = tries < settings.maxTries && isRetryable(spec.retry, attempt, retryAfter);
		// Waiting longer than the cap would stall the workflow; retrying sooner would be refused again.
		const waitTooLong = retryAfter !== undefined && retryAfter > settings.maxRetryAfterMs;
		if (!retryable || waitTooLong) {
			const notes: string[] = [];
			if (retryable && retryAfter !== undefined) {
				notes.push(
					`The platform asked to wait ${Math.ceil(retryAfter / 1000)} s before trying again (Retry-After), longer than the ${Math.round(settings.maxRetryAfterMs / 1000)} s the node waits: run this item again later.`,
				);
			}
			if (mayHaveActed(spec, attempt, retryAfter)) notes.push(MAY_HAVE_ACTED_NOTE);
			throw failureError(run, spec, itemIndex, attempt, tries, notes);
		}

		const delay = retryAfter ?? backoffDelay(settings, tries);
		if (attempt.kind === 'response' && (attempt.statusCode === 429 || retryAfter !== undefined)) {
			// The platform asked the whole client to slow down: every item of this run waits.
			run.pausedUntil = Math.max(run.pausedUntil, Date.now() + delay);
		} else {
			await sleep(delay);
		}
	}
}

function successOrFailure(
	run: PlatformRun,
	spec: OperationSpec,
	itemIndex: number,
	attempt: Extract<Attempt, { kind: 'response' }>,
): PlatformResponse {
	const { value, malformed } = parseBody(attempt.body);
	// Every operation answers with a JSON envelope: anything else is a failure, never an empty record.
	if (malformed || (value === undefined && attempt.statusCode !== 204)) {
		const what = malformed ? `a body that is not JSON: ${errorMessageOf(value) ?? ''}` : 'an empty body';
		throw apiError(run, spec, itemIndex, {
			message: `The platform answered HTTP ${attempt.statusCode} with ${what}`.trim(),
			httpCode: attempt.statusCode,
			notes: mayHaveActed(spec, attempt, undefined) ? [MAY_HAVE_ACTED_NOTE] : [],
		});
	}
	const unwrapped = unwrapEnvelope(value);
	if (!unwrapped.ok) {
		throw apiError(run, spec, itemIndex, {
			message: unwrapped.message ?? 'The platform reported a failure without a message',
			httpCode: attempt.statusCode,
			fieldErrors: fieldErrorsOf(value),
		});
	}
	return {
		data: redactData(run, removeSecretFields(unwrapped.data)),
		message: redactData(run, unwrapped.message),
		statusCode: attempt.statusCode,
	};
}
