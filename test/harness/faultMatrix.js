// @ts-check
/**
 * The fault matrix through n8n-core's real engine: every operation E1..E16 against every
 * fault of test/harness/faultCases.js, injected by the sandbox platform. It runs in three
 * files under test/faults/, one per group of faults (FAULT_GROUPS), so that jest's workers share
 * it: most of its time is waiting out Timeouts and refusal pauses, so the groups that wait run
 * their tests at once (WAITING_GROUPS).
 * - once: a fault the operation's retry class retries is survived by one retry;
 * - always: the item fails with a NodeApiError (the engine keeps it as a plain object named so) carrying the platform's message, its field
 *   errors, the HTTP code, the operation and the item, after Max Tries attempts when retried
 *   and after one otherwise; a create that may have been carried out says so;
 * - with continueOnFail, the fault on the second of three items fails that item only,
 *   paired with it, and the others go through.
 */
const { startSandbox } = require('../../sandbox/server');
const { sandboxCredentials } = require('../../sandbox/credentials');
const { useSandbox } = require('./fixture');
const { OPERATION_CASES } = require('./operationCases');
const { injectFromRequest, inputItemOf, requestsFor } = require('./requests');
const { ENDPOINTS } = require('../../nodes/shared/platform/endpoints');
const {
	FAULT_CASES,
	MAX_TRIES,
	runUnderFaults,
	MAY_HAVE_ACTED,
	closedPort,
	refusingCredentials,
} = require('./faultCases');

/**
 * The faults each file of test/faults/ runs, by name; `answers` runs every other one, so a new
 * fault case is never left out.
 */
const FAULT_GROUPS = {
	timeout: ['timeout'],
	refusals: ['429 with Retry-After', '429 without Retry-After', '503 with Retry-After'],
};

/**
 * The groups whose runs mostly wait (a refusal's pause of up to about a second): their tests
 * run at once, `maxConcurrency` of jest.config.js at a time, each run on a platform of its own.
 * The answers group is mostly the engine's own work, so its runs take turns on one. So do the
 * timeout group's: a healthy answer in their runs must come within the 1 s Timeout, and ten
 * runs at once on a loaded machine missed it (every operation's timeout test failed at a load
 * of 12).
 */
const WAITING_GROUPS = ['refusals'];

/**
 * One run's platform: a sandbox with no faults and an empty request log, and nothing learned of
 * it yet (its shared limit is new: no pause, pace or cut limit of an earlier run holds it).
 * @typedef {{ sandbox: import('../../sandbox/server').Sandbox, credentials: Record<string, string> }} Platform
 */

/**
 * Platforms for runs that take turns: the file's one sandbox, reset with the process's shared
 * limits forgotten (test/harness/fixture.js).
 * @returns {() => Promise<Platform>}
 */
function platformsInTurn() {
	const fixture = useSandbox();
	return async () => {
		fixture.resetPlatform();
		return { sandbox: fixture.sandbox, credentials: fixture.credentials };
	};
}

/**
 * Platforms for runs at once: a new sandbox per run. The shared limits are per base URL, and
 * each sandbox has its own port, so no run's refusal or Timeout holds another's requests;
 * forgetting every limit, as a reset does, would drop the limits of runs under way. All stay
 * open until the file's tests end, so that no later sandbox gets a port, and with it a limit,
 * that an earlier run used.
 * @returns {() => Promise<Platform>}
 */
function platformsAtOnce() {
	/** @type {Array<import('../../sandbox/server').Sandbox>} */
	const started = [];
	afterAll(() => Promise.all(started.map((sandbox) => sandbox.close())));
	return async () => {
		const sandbox = await startSandbox();
		started.push(sandbox);
		return { sandbox, credentials: sandboxCredentials(sandbox) };
	};
}

/** @type {number} */
let refusedPort;

/** @type {Record<string, import('../../nodes/shared/platform/endpoints').Endpoint>} */
const ENDPOINT_BY_KEY = ENDPOINTS;

/**
 * Where a three-item run fails items 0 or 2 for acting on the record item 1 or 0 acted on.
 * @param {import('./operationCases').OperationCase} op
 */
const itemParametersFix = (op) =>
	`${op.caseFile}: \`itemParameters\`, giving each item its own record (e.g. { workspaceId: '={{ 1801 + $itemIndex }}' })`;

/**
 * @param {Platform} platform
 * @param {import('./operationCases').OperationCase} op
 * @param {import('./faultCases').FaultCase} fault
 * @param {{ items?: any[], continueOnFail?: boolean, credentials?: Record<string, any> }} [options]
 */
function runOperation(platform, op, fault, options = {}) {
	return runUnderFaults(op, {
		parameters: options.items ? op.itemParameters : {},
		settings: { ...fault.settings, concurrency: 1 },
		credentials: options.credentials ?? platform.credentials,
		items: options.items,
		continueOnFail: options.continueOnFail,
	});
}

/**
 * An item's error, as an error object or as a continueOnFail output item: the message says
 * what failed in the user's terms, the description what to check with the platform's own
 * message; operation (spec code), method, path, HTTP code, item and tries are in the
 * details (`context.data` of the error, `details` of the output item), not in the texts.
 * @param {{ message: string, description?: string | null, httpCode?: string | null, details?: any, context?: any }} error
 * @param {import('./operationCases').OperationCase} op
 * @param {import('./faultCases').FaultCase} fault
 * @param {{ item: number, tries: number }} expected
 */
function expectItemError(error, op, fault, { item, tries }) {
	expect(error.message).toMatch(fault.message);
	if (tries > 1) expect(error.message).toContain(`(tried ${tries} times)`);
	expect(error.httpCode ?? undefined).toBe(
		fault.httpCode === undefined ? undefined : String(fault.httpCode),
	);

	const description = String(error.description);
	const texts = `${error.message}\n${description}`;
	if (fault.platformMessage) expect(texts).toContain(fault.platformMessage);
	for (const line of fault.fieldErrors ?? []) expect(description).toContain(line);
	if (fault.fieldErrors) expect(description).toContain('Correct these fields:');
	expect(description.includes(MAY_HAVE_ACTED)).toBe(op.retry === 'create' && fault.ambiguous);
	// No spec code, HTTP code or item number in what the user reads.
	expect(texts).not.toMatch(/\bE\d{1,2}\b|listCategories|HTTP \d{3}|, item \d/);

	// updateCategory may fail on its first request, listCategories; details name the request by its title.
	const details = error.details ?? error.context?.data;
	const endpoints =
		op.endpoint === 'updateCategory' ? ['updateCategory', 'listCategories'] : [op.endpoint];
	const failedOn = endpoints.find(
		(endpoint) => ENDPOINT_BY_KEY[endpoint].title === details.operation,
	);
	expect({ operation: details.operation, endpoint: failedOn !== undefined }).toEqual({
		operation: details.operation,
		endpoint: true,
	});
	expect(details).toMatchObject({
		method: ENDPOINT_BY_KEY[/** @type {string} */ (failedOn)].method,
		path: expect.stringMatching(/^\/\S+$/),
		item,
	});
	expect(details.httpCode).toBe(fault.httpCode);
	expect(details.tries ?? 1).toBe(tries);
}

/**
 * The fault matrix for one group of FAULT_GROUPS (`answers`: the faults no group names), every
 * operation; called once by each file of test/faults/.
 * @param {keyof typeof FAULT_GROUPS | 'answers'} group
 */
function faultMatrix(group) {
	const grouped = Object.values(FAULT_GROUPS).flat();
	const faults = FAULT_CASES.filter((fault) =>
		group === 'answers' ? !grouped.includes(fault.name) : FAULT_GROUPS[group].includes(fault.name),
	);
	const waits = WAITING_GROUPS.includes(group);
	const freshPlatform = waits ? platformsAtOnce() : platformsInTurn();
	beforeAll(async () => {
		refusedPort = await closedPort();
	});
	// A renamed fault case must not drop out of its group unnoticed.
	test(`every fault the ${group} group names is a fault case`, () => {
		const named = group === 'answers' ? [] : FAULT_GROUPS[group];
		expect(named.filter((name) => !FAULT_CASES.some((fault) => fault.name === name))).toEqual([]);
		expect(faults.length).toBeGreaterThan(0);
	});

	// The cases are checked once, with the group of plain answers.
	if (group === 'answers')
		test('every DELETE operation gives each item of a run its own record (itemParameters)', () => {
			// Continue On Fail below runs three items: all three deleting one record fails two of them.
			const missing = OPERATION_CASES.filter(
				(op) => ENDPOINT_BY_KEY[op.endpoint].method === 'DELETE' && !op.itemParameters,
			).map(itemParametersFix);
			expect(missing).toEqual([]);
		});

	describe.each(OPERATION_CASES)('$endpoint ($type)', (op) => {
		const testEach = waits ? test.concurrent.each(faults) : test.each(faults);
		testEach(`${op.endpoint}: $name`, async (fault) => {
			const retried = fault.retriedFor.includes(op.retry);
			// A rate-limit refusal is no try: the item fails when it outlasts Rate Limit Wait, here at the first answer.
			const tries = retried && !fault.exhausted ? MAX_TRIES : 1;
			const timesOut = fault.inject?.delayMs !== undefined;

			// Once: survived by a retry where the class allows it (not retried, "once" fails as "always" below).
			if (retried && !fault.refused) {
				const platform = await freshPlatform();
				platform.sandbox.inject({ operation: op.endpoint, times: 1, ...fault.inject });
				const once = await runOperation(platform, op, fault);
				expect(once.error).toBeUndefined();
				expect(once.json.length).toBeGreaterThan(0);
				expect(once.json[0]).not.toHaveProperty('error');
				const statuses = requestsFor(platform.sandbox, op.endpoint).map((r) => r.status);
				// A timed-out request is logged only when the sandbox answers it, later.
				expect(statuses).toEqual(timesOut ? [200] : [fault.inject?.status ?? 0, 200]);
			}

			// Always: the item fails, after Max Tries attempts when retried and after one otherwise.
			const failing = fault.exhausted
				? {
						...fault,
						inject: { ...fault.inject, ...fault.exhausted.inject },
						settings: fault.exhausted.settings,
					}
				: fault;
			const platform = await freshPlatform();
			if (!fault.refused)
				platform.sandbox.inject({ operation: op.endpoint, times: Infinity, ...failing.inject });
			const faultOptions = fault.refused
				? { credentials: refusingCredentials(platform.credentials, op.type, refusedPort) }
				: {};
			const always = await runOperation(platform, op, failing, faultOptions);
			expect(always.error?.name).toBe('NodeApiError');
			expectItemError(/** @type {any} */ (always.error), op, fault, { item: 0, tries });
			if (fault.refused) expect(platform.sandbox.requests).toHaveLength(0);
			else if (!timesOut) expect(requestsFor(platform.sandbox, op.endpoint)).toHaveLength(tries);
			if (fault.refused) return; // the base URL refuses every item alike

			if (fault.exhausted)
				expect(String(/** @type {any} */ (always.error).description)).toContain(
					'longer than Rate Limit Wait (1 s)',
				);

			// continueOnFail: the fault hits the second item only; the first and third go through.
			const itemsPlatform = await freshPlatform();
			const disarm = injectFromRequest(itemsPlatform.sandbox, op.requestsPerItem + 1, {
				operation: op.endpoint,
				times: tries,
				...failing.inject,
			});
			const items = [{ json: { n: 0 } }, { json: { n: 1 } }, { json: { n: 2 } }];
			const { output, error } = await runOperation(itemsPlatform, op, failing, {
				items,
				continueOnFail: true,
			});
			disarm();
			expect(error).toBeUndefined();
			const byItem = [0, 1, 2].map((i) => output.filter((entry) => inputItemOf(entry) === i));
			expect(byItem[1]).toHaveLength(1);
			const failed = /** @type {any} */ (byItem[1][0].json);
			expectItemError({ ...failed, message: failed.error }, op, fault, { item: 1, tries });
			for (const i of [0, 2]) expect(byItem[i].length).toBeGreaterThan(0);
			const othersFailed = [0, 2].filter((i) => byItem[i].some((entry) => 'error' in entry.json));
			// Items 0 and 2 acting on the record item 1 (or 0) acted on: the case needs itemParameters.
			expect({ othersFailed, fix: othersFailed.length ? itemParametersFix(op) : 'none' }).toEqual({
				othersFailed: [],
				fix: 'none',
			});
		});
	});
}

module.exports = { faultMatrix };
