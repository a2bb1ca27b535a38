// @ts-check
/**
 * The fault matrix: every failure the platform or the network can produce, as a sandbox
 * fault, with what the node must do about it per retry class. Shared by the fault and
 * secret tests.
 */
const net = require('node:net');
const { runNode } = require('./n8n');

/**
 * Request settings (Options) of the fault runs: fast retries, and a timeout no answer misses on a
 * busy machine. The timeout case sets a shorter one, still a wide margin for its healthy answers
 * (the retry that succeeds, the other items: a loopback answer takes milliseconds, but a loaded
 * machine's pauses can reach a few hundred; 100 ms failed there), and an answer far later.
 */
const MAX_TRIES = 2;
const TIMEOUT_MS = 1000;
const FAULT_REQUEST_OPTIONS = Object.freeze({
	retryDelay: 1,
	maxTries: MAX_TRIES,
	timeout: 10_000,
});

const ALL = ['read', 'setValue', 'create'];
const SERVER_ERROR = /^The platform failed with a server error when asked to \S/;
const READS_AND_SET_VALUES = ['read', 'setValue'];

/**
 * @typedef {object} FaultCase
 * @property {string} name
 * @property {Partial<import('../../sandbox/faults').Fault>} [inject]   the sandbox fault (without operation and times)
 * @property {import('n8n-workflow').INodeParameters} [settings]  request settings (Options) for this case, over FAULT_REQUEST_OPTIONS
 * @property {boolean} [refused]              no fault: the module's base URL points at a closed port
 * @property {number} [httpCode]              the HTTP code the error carries; none for network failures
 * @property {RegExp} message                 the error message: what failed, in the user's terms
 * @property {string} [platformMessage]       the platform's own message, shown in the message or description
 * @property {string[]} [fieldErrors]         field errors the description must list
 * @property {string[]} retriedFor            retry classes that retry this failure
 * @property {boolean} ambiguous              whether a create failing this way may have been carried out
 * @property {{ inject: Partial<import('../../sandbox/faults').Fault>, settings: import('n8n-workflow').INodeParameters }} [exhausted]
 *   a rate-limit refusal (never a try): the same refusal outlasting Rate Limit Wait, which fails the item
 */

/** A refusal asking for a longer wait than Rate Limit Wait leaves: the item fails at its first answer. */
const EXHAUSTED = Object.freeze({ inject: { retryAfter: 1.1 }, settings: { rateLimitWait: 1 } });

/** @type {FaultCase[]} */
const FAULT_CASES = [
	{
		name: '401 Unauthorized',
		inject: { status: 401, body: { status: false, message: 'Unauthenticated.' } },
		httpCode: 401,
		message: /^The platform did not accept the credential when asked to \S/,
		platformMessage: 'Unauthenticated.',
		retriedFor: [],
		ambiguous: false,
	},
	{
		name: '403 Forbidden',
		inject: { status: 403, body: { status: false, message: 'This action is unauthorized.' } },
		httpCode: 403,
		message: /^The platform does not allow this credential to \S/,
		platformMessage: 'This action is unauthorized.',
		retriedFor: [],
		ambiguous: false,
	},
	{
		name: '404 Not Found',
		inject: { status: 404, body: { status: false, message: 'No query results for the record.' } },
		httpCode: 404,
		message: /^The platform (has no \S|found nothing at the address used to \S)/,
		platformMessage: 'No query results for the record.',
		retriedFor: [],
		ambiguous: false,
	},
	{
		name: '422 with field errors',
		inject: {
			status: 422,
			body: {
				message: 'The given data was invalid. (and 1 more error)',
				errors: {
					name: ['The name field is required.'],
					'items.0.qty': ['The items.0.qty must be at least 1.', 'It must be a number.'],
				},
			},
		},
		httpCode: 422,
		message: /^The platform refused to .+: The given data was invalid\. \(and 1 more error\)$/,
		platformMessage: 'The given data was invalid. (and 1 more error)',
		fieldErrors: [
			'The name field is required.',
			'The items.0.qty must be at least 1. It must be a number.',
		],
		retriedFor: [],
		ambiguous: false,
	},
	...[
		{ name: '429 with Retry-After', inject: { status: 429, retryAfter: 0 } },
		{ name: '429 without Retry-After', inject: { status: 429 } },
	].map((refusal) => ({
		...refusal,
		httpCode: 429,
		message: /^The platform received too many requests and refused to \S/,
		platformMessage: 'Too Many Attempts.',
		retriedFor: ALL,
		ambiguous: false,
		exhausted: EXHAUSTED,
	})),
	{
		name: '500',
		inject: { status: 500 },
		httpCode: 500,
		message: SERVER_ERROR,
		platformMessage: 'Server Error',
		retriedFor: READS_AND_SET_VALUES,
		ambiguous: true,
	},
	{
		name: '502',
		inject: { status: 502 },
		httpCode: 502,
		message: SERVER_ERROR,
		platformMessage: 'Bad Gateway',
		retriedFor: READS_AND_SET_VALUES,
		ambiguous: true,
	},
	{
		name: '503 without Retry-After',
		inject: { status: 503 },
		httpCode: 503,
		message: /^The platform failed with a server error when asked to \S/,
		platformMessage: 'Service Unavailable',
		retriedFor: READS_AND_SET_VALUES,
		ambiguous: true,
	},
	{
		name: '503 with Retry-After',
		inject: { status: 503, retryAfter: 0 },
		httpCode: 503,
		message: /^The platform failed with a server error when asked to \S/,
		platformMessage: 'Service Unavailable',
		retriedFor: ALL,
		ambiguous: false,
		exhausted: EXHAUSTED,
	},
	{
		name: '504',
		inject: { status: 504 },
		httpCode: 504,
		message: SERVER_ERROR,
		platformMessage: 'Gateway Timeout',
		retriedFor: READS_AND_SET_VALUES,
		ambiguous: true,
	},
	{
		name: 'timeout',
		inject: { delayMs: 3 * TIMEOUT_MS },
		settings: { timeout: TIMEOUT_MS },
		message: new RegExp(
			`^The platform did not answer within ${TIMEOUT_MS / 1000} s when asked to \\S`,
		),
		retriedFor: READS_AND_SET_VALUES,
		ambiguous: true,
	},
	{
		name: 'connection refused',
		refused: true,
		message: /^Could not connect to the platform to .+: the connection was refused/,
		retriedFor: ALL,
		ambiguous: false,
	},
	{
		name: 'connection closed without an answer',
		inject: { destroy: true },
		message: /^The connection to the platform closed before it answered, when asked to \S/,
		retriedFor: READS_AND_SET_VALUES,
		ambiguous: true,
	},
	{
		name: 'malformed JSON',
		inject: { malformedJson: true },
		httpCode: 200,
		message: /^The platform's answer could not be read \(it is not JSON\) when asked to \S/,
		platformMessage: 'The answer began: {"status": true',
		retriedFor: [],
		ambiguous: true,
	},
	{
		name: 'HTML error page',
		inject: { html: true, status: 502 },
		httpCode: 502,
		message: /^The platform failed with a server error when asked to \S/,
		platformMessage: '502 Bad Gateway',
		retriedFor: READS_AND_SET_VALUES,
		ambiguous: true,
	},
	{
		name: 'empty body',
		inject: { emptyBody: true },
		httpCode: 200,
		message: /^The platform sent an empty answer when asked to \S/,
		retriedFor: [],
		ambiguous: true,
	},
	{
		name: 'HTTP 200 with status false / success false',
		inject: { statusFalse: true, message: 'The record is locked by another user.' },
		httpCode: 200,
		message: /^The platform refused to .+: The record is locked by another user\.$/,
		retriedFor: [],
		ambiguous: false,
	},
];

const MAY_HAVE_ACTED = 'The platform may have carried out this request before it failed';

/** Module base URL credential field per node type. */
const BASE_URL_FIELD = {
	businessPlatformAccounting: 'accountingBaseUrl',
	businessPlatformEcommerce: 'ecommerceBaseUrl',
	businessPlatformHr: 'hrBaseUrl',
	businessPlatformCalendar: 'calendarBaseUrl',
	businessPlatformProjects: 'managementBaseUrl',
};

/** A loopback port nothing listens on: connecting to it is refused. */
async function closedPort() {
	const server = net.createServer();
	await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
	const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
	await new Promise((resolve) => server.close(() => resolve(undefined)));
	return port;
}

/**
 * Credentials whose base URL for the node's module refuses connections.
 * @param {Record<string, string>} credentials
 * @param {string} nodeType
 * @param {number} port
 */
function refusingCredentials(credentials, nodeType, port) {
	const field = /** @type {Record<string, string>} */ (BASE_URL_FIELD)[nodeType];
	return { ...credentials, [field]: `http://127.0.0.1:${port}/module` };
}

/**
 * Runs an operation's case with the fault runs' request settings: `parameters` over the case's
 * (a business's or the items' own), `settings` over its Options and those.
 * @param {import('./operationCases').OperationCase} op
 * @param {{ parameters?: Record<string, any>, settings?: Record<string, any>, credentials: Record<string, any>, items?: any[], continueOnFail?: boolean }} run
 */
function runUnderFaults(
	op,
	{ parameters = {}, settings = {}, credentials, items, continueOnFail },
) {
	return runNode({
		type: op.type,
		parameters: {
			...op.parameters,
			...parameters,
			options: { ...op.parameters.options, ...FAULT_REQUEST_OPTIONS, ...settings },
		},
		credentials,
		items,
		continueOnFail,
	});
}

module.exports = {
	FAULT_CASES,
	FAULT_REQUEST_OPTIONS,
	runUnderFaults,
	MAX_TRIES,
	TIMEOUT_MS,
	MAY_HAVE_ACTED,
	closedPort,
	refusingCredentials,
};
