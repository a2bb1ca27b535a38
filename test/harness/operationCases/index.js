// @ts-check
/**
 * The operation cases, one per `ENDPOINTS` entry, each written in the operation's file,
 * test/operations/<node>/<endpoint key>.js, as its `case` (test/completeness.test.js checks
 * there is one for every entry), shared by the engine tests and the e2e suite. The file's
 * name gives the endpoint and its folder the node type; one request per item, a business key
 * and no globex overrides unless the case says otherwise. Everything a cross-cutting test
 * needs to know of an operation is here:
 * - `parameters`: one minimal valid parameter set per operation, against the sandbox's
 *   seeded records of the default business (acme), and `globex`: the overrides that make
 *   it a valid run for the second business (fault, retry, hostile-input, secret and tenant tests);
 * - `headers`: the platform header names the operation sends, as spelled on the wire
 *   (a set of test/harness/headerSets.js);
 * - `fullRun`: a fuller run with the operation's notable options and what its output and
 *   requests must show, run in the real n8n app by test/e2e/app.e2e.js and through n8n-core's
 *   engine by test/operations.test.js;
 * - `pathIds`, `simplified`, `personalData`, `tenant`, `itemParameters`: what the
 *   hostile-input, Simplify, tenant and fault tests check for it (their tests name the file
 *   and the field when it is missing).
 */
const { platformHeaderNames } = require('../requests');
const { operationFiles } = require('../../operations');

/**
 * @typedef {import('../../../sandbox/request').RecordedRequest} RecordedRequest
 * @typedef {'read' | 'setValue' | 'create'} RetryClass
 * @typedef {object} FullRun
 * @property {import('n8n-workflow').INodeParameters} [overrides]  parameters that differ from the case's minimal ones
 *   (an undefined value drops one); the request settings aside
 * @property {(output: any[], requests: RecordedRequest[]) => void} expect  checks the output items' json and the
 *   requests the sandbox logged for the operation (for E2 every request: its categories list read too)
 * @typedef {object} OperationCase
 * @property {string} endpoint          the ENDPOINTS key it calls, the name the sandbox logs its requests under
 * @property {string} type              node type (description name)
 * @property {Record<string, any>} parameters  a valid run for acme
 * @property {Record<string, any>} globex      parameter overrides that make it a valid run for globex
 * @property {RetryClass} retry         the retry class the issue gives the operation
 * @property {number} requestsPerItem   requests one successful item sends (E2 reads the categories list first, once per node run and business)
 * @property {boolean} business         whether the operation sends a business key
 * @property {string[]} headers         the platform header names sent (protocol headers aside), sorted
 * @property {Record<string, string>} [pathIds]  each parameter that fills an id of the path, with its label
 *   (test/hostile-input.test.js sends it hostile values); required when the path has an id
 * @property {string[]} [simplified]   the fields Simplify keeps, in order (test/operations.test.js);
 *   required when the operation offers Simplify
 * @property {boolean} [personalData]  the raw record holds personal identifiers Simplify leaves out
 * @property {TenantCase} [tenant]     test/tenants.test.js's extras for the operation
 * @property {Record<string, string>} [itemParameters]  parameters that give each item of a
 *   several-item run its own record (an n8n expression on `$itemIndex`), where acting twice on
 *   one record fails the second item (a delete); the fault matrix (test/harness/faultMatrix.js) runs three items
 * @property {FullRun} fullRun
 * @property {string} caseFile          the operation's file, test/operations/<node>/<endpoint key>.js (for messages)
 * @typedef {Omit<OperationCase, 'endpoint' | 'type' | 'caseFile' | 'globex' | 'requestsPerItem' | 'business'>
 *   & Partial<Pick<OperationCase, 'globex' | 'requestsPerItem' | 'business'>>} CaseEntry
 *   a case as its file writes it
 * @typedef {object} TenantCase
 * @property {Record<string, string[]>} [itemValues]  per parameter, the value of each of the test's
 *   four items, where acting twice on the same record would undo the first item
 * @property {(state: ReturnType<typeof import('../../../sandbox/data').createState>) => void} [state]
 *   what changed in each business's sandbox state, for an output that shows neither
 *   `business_id` nor an `id` (acme's records are 1000-1999, globex's 2000-2999)
 */

/** The node type of a test/operations/ folder: `calendar` → `businessPlatformCalendar`. */
const nodeType = (/** @type {string} */ node) =>
	`businessPlatform${node[0].toUpperCase()}${node.slice(1)}`;

/** @type {OperationCase[]} */
const OPERATION_CASES = operationFiles().map(({ endpoint, node, file, contents }) => ({
	endpoint,
	type: nodeType(node),
	globex: {},
	requestsPerItem: 1,
	business: true,
	...contents.case,
	caseFile: file,
}));

/**
 * The case of one endpoint; a name with no case fails, naming it.
 * @param {string} endpoint the ENDPOINTS key
 * @returns {OperationCase}
 */
function caseFor(endpoint) {
	const op = OPERATION_CASES.find((candidate) => candidate.endpoint === endpoint);
	if (!op) throw new Error(`No case for ${endpoint}: write test/operations/<node>/${endpoint}.js`);
	return op;
}

/**
 * The parameters of an operation's full run: its minimal parameters with the full run's overrides.
 * @param {OperationCase} op
 */
function fullRunParameters(op) {
	return { ...op.parameters, ...op.fullRun.overrides };
}

/**
 * Checks a full run of an operation, in the engine or in the n8n app: every request the
 * sandbox logged for it was answered 200 and carried exactly the operation's headers, and
 * the case's own expectations hold.
 * @param {OperationCase} op
 * @param {any[]} output the node's output items' json
 * @param {RecordedRequest[]} requests every request the sandbox logged during the run
 */
function checkFullRun(op, output, requests) {
	const mine = requests.filter((request) => request.operation === op.endpoint);
	expect(mine.length).toBeGreaterThan(0);
	for (const request of mine) {
		expect(request.status).toBe(200);
		expect(platformHeaderNames(request)).toEqual([...op.headers].sort());
	}
	op.fullRun.expect(output, op.endpoint === 'updateCategory' ? requests : mine);
}

/**
 * The parameters with request settings added to the operation's Options collection (where
 * they live next to the operation's own options), keeping the options already there.
 * @param {import('n8n-workflow').INodeParameters} parameters
 * @param {import('n8n-workflow').INodeParameters} [settings]
 */
function withOptions(parameters, settings = {}) {
	const options = /** @type {import('n8n-workflow').INodeParameters | undefined} */ (
		parameters.options
	);
	return { ...parameters, options: { ...options, ...settings } };
}

/**
 * The case's parameters (its itemParameters with them) with its first path id replaced, for the
 * items `ids` names, by the id given there: the failing items of a several-item run. A case
 * whose path takes no id is returned as it is.
 * @param {OperationCase} op
 * @param {Record<number, string>} ids item index -> the id that item sends
 */
function withPathIdsFor(op, ids) {
	const parameters = { ...op.parameters, ...op.itemParameters };
	const [name] = Object.keys(op.pathIds ?? {});
	if (!name) return parameters;
	const value = String(parameters[name]);
	const others = value.startsWith('={{') ? value.slice(3, -2) : JSON.stringify(value);
	return { ...parameters, [name]: `={{ ${JSON.stringify(ids)}[$itemIndex] ?? (${others}) }}` };
}

module.exports = {
	OPERATION_CASES,
	caseFor,
	fullRunParameters,
	checkFullRun,
	withOptions,
	withPathIdsFor,
};
