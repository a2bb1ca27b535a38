/**
 * Parameters that several operations or every node share, as literal objects n8n's lint
 * can read.
 */
import {
	NodeConnectionTypes,
	type IExecuteFunctions,
	type INodeProperties,
	type INodeTypeDescription,
} from 'n8n-workflow';

import { AUTHENTICATION_OPTIONS, LANGUAGE_OPTIONS } from '../credential/fields';
import {
	DEFAULT_CONCURRENCY,
	DEFAULT_REQUEST_SETTINGS,
	REQUEST_SETTING_BOUNDS as BOUNDS,
} from '../values/settings';
import { startLimit } from '../transport/rateLimit/adaptiveLimit';
import { requireInteger } from '../values/parameters';

/** What every node's description shares (usableAsTool stays in each node: the lint reads it there). */
export const platformNodeBase = {
	group: ['transform'],
	version: 1,
	inputs: [NodeConnectionTypes.Main],
	outputs: [NodeConnectionTypes.Main],
} satisfies Partial<INodeTypeDescription>;

/**
 * How the node gets its User Token, n8n's Authentication parameter: each option shows its own
 * credential type (each node's `credentials`, displayOptions on this). Pasting is the default,
 * the credential every workflow saved before this parameter has.
 */
export const authenticationParameter: INodeProperties = {
	displayName: 'Authentication',
	name: 'authentication',
	type: 'options',
	noDataExpression: true,
	options: AUTHENTICATION_OPTIONS,
	default: 'paste',
	description:
		"How the calls get the platform user's User Token: one you paste into the credential, or by logging in with that user's login, which the credential repeats whenever the platform refuses an expired token",
};

/** Return All / Limit of a Get Many operation; read with requestedLimit. */
export const returnAllOrLimit: INodeProperties[] = [
	{
		displayName: 'Return All',
		name: 'returnAll',
		type: 'boolean',
		default: false,
		description: 'Whether to return all results or only up to a given limit',
	},
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 50,
		description: 'Max number of results to return',
		displayOptions: { show: { returnAll: [false] } },
	},
];

/** The Limit of a Get Many item (Return All / Limit parameters); undefined for Return All. */
export function requestedLimit(context: IExecuteFunctions, itemIndex: number): number | undefined {
	if (context.getNodeParameter('returnAll', itemIndex, false) as boolean) return undefined;
	// The panel's default, for an item whose saved parameters leave Limit out.
	const limit = context.getNodeParameter('limit', itemIndex, returnAllOrLimit[1].default);
	return Number(requireInteger(limit, 'Limit', { min: 1 }));
}

/** A language override for operations whose messages the platform localises. */
export const languageOption: INodeProperties = {
	displayName: 'Language',
	name: 'language',
	type: 'options',
	options: LANGUAGE_OPTIONS,
	default: 'en',
	description:
		"Language of the platform's messages; without this option the credential's Default Language is used",
};

/**
 * Simplify, for an operation whose record has more than ten fields (n8n's guideline): on by
 * default, it keeps at most ten (outputParameters() adds the hint naming them). Hidden on the
 * AI tool variant, which has Output instead; `hide` keeps it shown where n8n has no `@tool`.
 */
export const simplifyParameter: INodeProperties = {
	displayName: 'Simplify',
	name: 'simple',
	type: 'boolean',
	default: true,
	description: 'Whether to return a simplified version of the response instead of the raw data',
	displayOptions: { hide: { '@tool': [true] } },
};

/** Output of the AI tool variant (n8n's convention for tools): what the model receives. */
export const toolOutputParameter: INodeProperties = {
	displayName: 'Output',
	name: 'output',
	type: 'options',
	options: [
		{ name: 'Raw', value: 'raw', description: 'Send every field of the record' },
		{
			name: 'Selected Fields',
			value: 'fields',
			description: 'Send only the fields you pick; the ID is always included',
		},
		{
			name: 'Simplified',
			value: 'simple',
			description: 'Send the fields Simplify keeps, without personal data',
		},
	],
	default: 'simple',
	description: 'Which fields of the record the AI model receives',
	displayOptions: { show: { '@tool': [true] } },
};

/** The fields a tool's Output: Selected Fields sends (options: the record's top-level fields). */
export const toolFieldsParameter: INodeProperties = {
	displayName: 'Fields',
	name: 'fields',
	type: 'multiOptions',
	options: [],
	default: [],
	description: 'Fields of the record to send to the AI model; the ID is always included',
	displayOptions: { show: { '@tool': [true], output: ['fields'] } },
};

/** A platform field's name as a label: net_price → Net Price, employee_id → Employee ID. */
function fieldLabel(field: string): string {
	return field
		.split('_')
		.map((word) =>
			word === 'id' || word === 'uuid'
				? word.toUpperCase()
				: word.charAt(0).toUpperCase() + word.slice(1),
		)
		.join(' ');
}

/**
 * Simplify (regular node) and Output with its field picker (AI tool variant) of an operation:
 * `keeps` says in a few words what the simplified record holds, `fields` are the record's
 * top-level fields a tool may send.
 */
export function outputParameters(keeps: string, fields: readonly string[]): INodeProperties[] {
	const hint = `Keeps ${keeps}; no personal data`;
	return [
		{ ...simplifyParameter, hint },
		{ ...toolOutputParameter, hint: `Simplified ${hint.charAt(0).toLowerCase()}${hint.slice(1)}` },
		{
			...toolFieldsParameter,
			options: fields
				.map((field) => ({ name: fieldLabel(field), value: field }))
				.sort((a, b) => a.name.localeCompare(b.name)),
		},
	];
}

/**
 * Business ID of an operation whose body names the business (`record`: what belongs to it).
 * It must match the credential's Business Key, so a model should not choose it.
 */
export function businessIdParameter(record: string): INodeProperties {
	return {
		displayName: 'Business ID',
		name: 'businessId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 101',
		description: `ID of the business the ${record} belongs to: it must be the business of the credential's Business Key in use (or of the one Options → Business picks). Keep it fixed rather than letting a model choose it.`,
	};
}

const { maxTries, retryDelayMs, timeoutMs, rateLimitWaitMs } = DEFAULT_REQUEST_SETTINGS;
const rateLimitWaitSeconds = rateLimitWaitMs / 1000;

/**
 * The request settings, added to every operation's Options collection by nodeActions() (the
 * trigger takes them without Concurrency). Read once per run, except Business, which may
 * differ per item.
 */
export const requestSettingOptions: INodeProperties[] = [
	{
		displayName: 'Business',
		name: 'business',
		type: 'string',
		default: '',
		placeholder: 'e.g. riyadh-store',
		description:
			"Name of one of the credential's Additional Business Keys to act for; empty uses the credential's Business Key. May differ per item with an expression.",
	},
	{
		displayName: 'Concurrency',
		name: 'concurrency',
		type: 'number',
		typeOptions: {
			minValue: BOUNDS.concurrency.min,
			maxValue: BOUNDS.concurrency.max,
			numberPrecision: 0,
		},
		default: DEFAULT_CONCURRENCY,
		description: `Most requests this node has on their way to the platform at once (${BOUNDS.concurrency.min} to ${BOUNDS.concurrency.max}): items run side by side and Return All reads pages ahead, within this bound. Adaptive starts with half of it (${startLimit(DEFAULT_CONCURRENCY)} at the default) and grows while the platform answers promptly; Fixed sends this many from the start. 1 sends one request after another.`,
	},
	{
		displayName: 'Concurrency Mode',
		name: 'concurrencyMode',
		type: 'options',
		options: [
			{
				name: 'Adaptive',
				value: 'adaptive',
				description:
					'Start with a few requests at once, send more while the platform answers promptly, fewer on rate limits (429), 503s, timeouts or slow answers; never more than Concurrency',
			},
			{
				name: 'Fixed',
				value: 'fixed',
				description:
					'Always up to Concurrency requests at once, for a platform that wants exactly that number',
			},
		],
		default: 'adaptive',
		description: 'How the number of requests on their way at once is chosen',
	},
	{
		displayName: 'Max Tries',
		name: 'maxTries',
		type: 'number',
		typeOptions: {
			minValue: BOUNDS.maxTries.min,
			maxValue: BOUNDS.maxTries.max,
			numberPrecision: 0,
		},
		default: maxTries,
		description:
			'Attempts per request, the first included. Reads and set-to-value updates are retried on server errors, timeouts and connection errors; creates and toggles only when the platform surely did not act. Rate-limit refusals do not count: see Rate Limit Wait.',
	},
	{
		displayName: 'Rate Limit Wait (Seconds)',
		name: 'rateLimitWait',
		type: 'number',
		typeOptions: {
			minValue: BOUNDS.rateLimitWait.min,
			maxValue: BOUNDS.rateLimitWait.max,
			numberPrecision: 0,
		},
		default: rateLimitWaitSeconds,
		description: `Longest time one item keeps waiting and trying again while the platform refuses its request with 429 (Too Many Requests) or 503 with Retry-After, which it never acted on (${BOUNDS.rateLimitWait.min} to ${BOUNDS.rateLimitWait.max} s; at the default an item may wait up to ${rateLimitWaitSeconds / 60} minutes); then the item fails. These refusals don't count against Max Tries.`,
	},
	{
		displayName: 'Retry Delay (Ms)',
		name: 'retryDelay',
		type: 'number',
		typeOptions: {
			minValue: BOUNDS.retryDelay.min,
			maxValue: BOUNDS.retryDelay.max,
			numberPrecision: 0,
		},
		default: retryDelayMs,
		description: `Base of the exponential backoff between attempts after a server error, timeout or dropped connection (${BOUNDS.retryDelay.min} to ${BOUNDS.retryDelay.max} ms; no wait is longer than a minute). A Retry-After from the platform takes precedence; a rate-limit refusal (429) pauses by its Retry-After or the node's own backoff, never by this.`,
	},
	{
		displayName: 'Timeout (Ms)',
		name: 'timeout',
		type: 'number',
		typeOptions: {
			minValue: BOUNDS.timeout.min,
			maxValue: BOUNDS.timeout.max,
			numberPrecision: 0,
		},
		default: timeoutMs,
		description: `How long one request may take, redirects and an answer trickling in included (${BOUNDS.timeout.min} to ${BOUNDS.timeout.max} ms)`,
	},
];

/** An operation's Options collection without options of its own; nodeActions() adds the request settings. */
export const optionsCollection: INodeProperties = {
	displayName: 'Options',
	name: 'options',
	type: 'collection',
	placeholder: 'Add option',
	default: {},
	options: [],
};

/**
 * An Options collection with an operation's own options (each a literal object the lint
 * reads); withRequestSettings() adds the request settings and sorts them all by name.
 */
export function optionsCollectionOf(options: INodeProperties[]): INodeProperties {
	return { ...optionsCollection, options };
}

/** The Options collection of an operation whose only option is the language. */
export const languageOptions: INodeProperties = optionsCollectionOf([languageOption]);

/** Retry On Fail stays off in Settings: the node retries each request itself, knowing which ones are safe to repeat. */
export const RETRY_ON_FAIL_TEXT =
	"Retries are built in (Options → Max Tries): keep the node's Settings → Retry On Fail off, as it reruns the whole node and sends creates that already succeeded again.";
