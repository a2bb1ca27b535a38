// @ts-check
/**
 * The engine tests' fixture: one sandbox platform per test file (loopback, a free port),
 * reseeded with an empty request log and no faults before each test, once the last test's
 * traffic has ended (harness/waits.js untilIdle; the process-wide request
 * limits forgotten with it; the logins a process shares are per n8n credential, and each
 * credential values object a test makes is a credential of its own: harness/n8n.js), the
 * credential values pointed at it, and runners for this package's nodes through n8n-core's real
 * engine.
 *
 *   const fixture = useSandbox();
 *   const runHr = fixture.runner('businessPlatformHr');
 *   test('...', async () => {
 *     const { json, error } = await runHr({ resource: 'payslip', operation: 'get', payslipId: '1751' });
 *     const [request] = fixture.requestsFor('getPayslip');
 *   });
 */
const { startSandbox } = require('../../sandbox/server');
const { sandboxCredentials } = require('../../sandbox/credentials');
const { runNode } = require('./n8n');
const { requestsFor } = require('./requests');
const { sharedLimits } = require('../../nodes/shared/transport/rateLimit/sharedLimitTable');
const { caseFor } = require('./operationCases');
const { untilIdle } = require('./waits');

/**
 * @typedef {import('../../sandbox/request').RecordedRequest} RecordedRequest
 * @typedef {import('n8n-workflow').INodeParameters} NodeParameters
 * @typedef {Record<string, string>} CredentialValues
 * @typedef {{ items?: Parameters<typeof runNode>[0]['items'], continueOnFail?: boolean, credentials?: CredentialValues, settings?: Partial<import('n8n-workflow').INode>, stop?: Promise<unknown>, credentialsRead?: () => void, inlineBinary?: boolean }} RunOptions
 * @typedef {(parameters: NodeParameters, options?: RunOptions) => ReturnType<typeof runNode>} NodeRunner
 */

/**
 * Registers the file's beforeAll / afterAll / beforeEach hooks and returns the fixture; its
 * `sandbox` and `credentials` are there from beforeAll on.
 * @param {import('../../sandbox/server').SandboxOptions} [options] startSandbox options
 */
function useSandbox(options = {}) {
	/** @type {import('../../sandbox/server').Sandbox | undefined} */
	let sandbox;
	/** @type {CredentialValues | undefined} */
	let credentials;

	beforeAll(async () => {
		sandbox = await startSandbox(options);
		credentials = sandboxCredentials(sandbox);
	});
	afterAll(() => sandbox?.close());
	beforeEach(async () => {
		if (sandbox) {
			// The last test's faults cleared first, so its late requests get plain answers; then
			// its traffic waited out, and a fresh start: a stopped run's last requests reach the
			// sandbox after the run returned, and were logged, and took faults, in the next test.
			sandbox.reset();
			await untilIdle(sandbox);
		}
		fixture.resetPlatform();
	});

	const fixture = {
		/** A fresh platform: the sandbox reseeded, and what the nodes' process learned of the last one's rate limits forgotten. */
		resetPlatform() {
			sandbox?.reset();
			sharedLimits.clear();
		},

		/** The running sandbox (startSandbox's object). @returns {import('../../sandbox/server').Sandbox} */
		get sandbox() {
			if (!sandbox)
				throw new Error('The sandbox starts in beforeAll: use it inside a hook or a test');
			return sandbox;
		},

		/** The credential values pointed at the sandbox, as the node's credential holds them. @returns {CredentialValues} */
		get credentials() {
			if (!credentials)
				throw new Error('The sandbox starts in beforeAll: use it inside a hook or a test');
			return credentials;
		},

		/**
		 * Runs a node once through the real engine, its input files stored in n8n's binary data
		 * store first (filesystem mode) unless `inlineBinary`. Options get a 1 ms Retry Delay
		 * unless the parameters set one: retries stay quick.
		 * @param {string} type node type (description name), e.g. 'businessPlatformHr'
		 * @param {NodeParameters} parameters
		 * @param {RunOptions} [runOptions]
		 */
		run(type, parameters, runOptions = {}) {
			return runNode({
				type,
				parameters: {
					...parameters,
					options: { retryDelay: 1, .../** @type {NodeParameters} */ (parameters.options) },
				},
				credentials: runOptions.credentials ?? fixture.credentials,
				items: runOptions.items,
				continueOnFail: runOptions.continueOnFail,
				settings: runOptions.settings,
				stop: runOptions.stop,
				credentialsRead: runOptions.credentialsRead,
				inlineBinary: runOptions.inlineBinary,
			});
		},

		/**
		 * A runner for one node type, with parameters every run of it shares.
		 * @param {string} type
		 * @param {NodeParameters} [defaults] parameters the run's own parameters override
		 * @returns {NodeRunner}
		 */
		runner(type, defaults = {}) {
			return (parameters, runOptions) =>
				fixture.run(type, { ...defaults, ...parameters }, runOptions);
		},

		/**
		 * The request log: every request the sandbox answered since the test began (or since
		 * clearRequests), optionally only those of one operation ('createCashBankAccount', 'listCategories', ...).
		 * @param {string} [operation]
		 * @returns {RecordedRequest[]}
		 */
		requestsFor(operation) {
			return operation === undefined
				? fixture.sandbox.requests
				: requestsFor(fixture.sandbox, operation);
		},

		/**
		 * What each request of an operation sent, sorted: concurrent items' requests arrive in
		 * no set order.
		 * @param {string} operation @param {(request: RecordedRequest) => unknown} pick
		 */
		sortedFor(operation, pick) {
			return requestsFor(fixture.sandbox, operation).map(pick).sort();
		},

		/** Empties the request log (state and faults stay as they are). */
		clearRequests() {
			fixture.sandbox.requests.length = 0;
		},
	};
	return fixture;
}

/**
 * The fixture of one operation's own test file, and a runner of that operation: its node
 * type, resource and operation read from its case (test/operations/<node>/<endpoint>.js).
 * @param {string} endpoint the ENDPOINTS key, e.g. 'getPayslip'
 * @param {NodeParameters} [defaults] more parameters every run shares, e.g. `{ simple: false }`
 */
function useOperation(endpoint, defaults = {}) {
	const fixture = useSandbox();
	const { type, parameters } = caseFor(endpoint);
	const { resource, operation } = parameters;
	return { fixture, run: fixture.runner(type, { resource, operation, ...defaults }) };
}

module.exports = { useSandbox, useOperation };
