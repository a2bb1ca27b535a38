// @ts-check
/** Checks of how a node run ended, shared by the per-resource tests. */

/**
 * @typedef {import('./n8n').NodeRunError} NodeRunError
 * @typedef {Awaited<ReturnType<typeof import('./n8n').runNode>>} RunResult
 */

/**
 * Awaits a node run and checks it ended without an error.
 * @param {Promise<RunResult>} run
 * @returns {Promise<RunResult>}
 */
async function succeeded(run) {
	const result = await run;
	expect(result.error).toBeUndefined();
	return result;
}

/**
 * @typedef {object} ExpectedError  what the run's error must show; absent keys are not checked
 * @property {string} [message]
 * @property {string} [httpCode]                 as n8n gives it: '404'
 * @property {string | string[]} [description]   the whole description, or parts it contains
 * @property {Record<string, unknown>} [data]    matched against its details (context.data)
 */

/**
 * Checks the error a run ended with.
 * @param {NodeRunError | undefined} error
 * @param {ExpectedError} expected
 */
function expectRunError(error, { message, httpCode, description, data }) {
	expect(error).toBeDefined();
	if (message !== undefined) expect(error?.message).toBe(message);
	if (httpCode !== undefined) expect(error?.httpCode).toBe(httpCode);
	if (typeof description === 'string') expect(error?.description).toBe(description);
	for (const part of Array.isArray(description) ? description : [])
		expect(error?.description).toContain(part);
	if (data) expect(error?.context.data).toMatchObject(data);
}

/**
 * Runs an operation with one field of the pasted credential emptied and checks that the run
 * fails naming the field and the operation.
 * @param {{ credentials: Record<string, string> }} fixture
 * @param {import('./fixture').NodeRunner} run
 * @param {import('n8n-workflow').INodeParameters} parameters
 * @param {{ field: string, label: string, operation: string }} empty the credential field, its label, the operation's name
 */
async function expectEmptyCredentialField(fixture, run, parameters, { field, label, operation }) {
	const { error } = await run(parameters, { credentials: { ...fixture.credentials, [field]: '' } });
	expect(error?.message).toBe(
		`The credential field "${label}" is empty; ${operation} needs it. Fill it in the node's Business Platform API credential.`,
	);
}

/**
 * The platform carries a write out, then answers 500: the run fails with it and the request is
 * not sent again (the platform may have acted), whatever Max Tries allows.
 * @param {ReturnType<typeof import('./fixture').useSandbox>} fixture
 * @param {string} endpoint the ENDPOINTS key
 * @param {() => Promise<RunResult>} run one run of the operation
 */
async function expectNotRepeatedAfter500(fixture, endpoint, run) {
	fixture.sandbox.inject({ operation: endpoint, status: 500, actFirst: true });
	const { error } = await run();
	expect(error?.httpCode).toBe('500');
	expect(fixture.requestsFor(endpoint)).toHaveLength(1);
}

module.exports = {
	succeeded,
	expectRunError,
	expectEmptyCredentialField,
	expectNotRepeatedAfter500,
};
