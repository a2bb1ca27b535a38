// @ts-check
/**
 * End to end in the real n8n app (on Node 24, installed into the install cache, scripts/install-cache.js;
 * the n8n version is app.N8N_VERSION, chosen by BP_N8N_VERSION: `npm run test:e2e` runs 2.x,
 * `BP_N8N_VERSION=1 npm run test:e2e -- test/e2e/app.e2e.js` 1.x, `BP_N8N_VERSION=min` the oldest supported n8n): the built package is loaded as a community package, a credential
 * and workflows are imported with n8n's CLI and run headless. Every operation
 * (test/harness/operationCases/) has a workflow, and so has Custom API Call in each module
 * (test/harness/customApiCallCases.js): they run one after another in one `n8n execute-batch`,
 * which starts n8n once for all of them (one `n8n execute` each started n8n 22 times, about 7 s
 * of CPU each). The example workflows and the redirect cases, which change the sandbox between
 * runs, run with `n8n execute` each. Every workflow is checked on its node output and on the
 * sandbox platform's record of what it received while it ran.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const app = require('../../scripts/n8n-app');
const { startSandbox } = require('../../sandbox/server');
const {
	OPERATION_CASES,
	fullRunParameters,
	checkFullRun,
	withOptions,
	withPathIdsFor,
} = require('../harness/operationCases');
const { CUSTOM_API_CALL_CASES } = require('../harness/customApiCallCases');
const { useForeignHost } = require('../harness/foreignHost');

const PREFIX = `${app.PACKAGE_NAME}.`;
const CREDENTIALS = { businessPlatformApi: { id: app.CREDENTIAL_ID, name: app.CREDENTIAL_NAME } };

/**
 * One workflow per operation: a manual trigger and the node under test, with the full run
 * of the shared table (test/harness/operationCases/), checked by `checkFullRun`.
 * @typedef {import('../harness/operationCases').OperationCase} OperationCase
 */

/**
 * A manual trigger and the node under test, named `Operation <code>`.
 * @param {string} code @param {string} type @param {Record<string, any>} parameters
 * @param {Record<string, any>} [nodeSettings] node settings such as onError
 */
function workflowOf(code, type, parameters, nodeSettings = {}) {
	const trigger = {
		id: `${code}-start`,
		name: 'Start',
		type: 'n8n-nodes-base.manualTrigger',
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	};
	const node = {
		id: `${code}-node`,
		name: `Operation ${code}`,
		type: PREFIX + type,
		typeVersion: 1,
		position: [240, 0],
		parameters: withOptions(parameters, { retryDelay: 10 }),
		credentials: CREDENTIALS,
		...nodeSettings,
	};
	return {
		id: `bpE2e${code}`,
		name: `E2E ${code}`,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [trigger, node],
		connections: { Start: { main: [[{ node: node.name, type: 'main', index: 0 }]] } },
	};
}

/** @param {OperationCase} testCase */
const operationWorkflow = (testCase) =>
	workflowOf(testCase.endpoint, testCase.type, fullRunParameters(testCase));

/**
 * "On Error: Continue (using error output)" for an operation: four items (Set, Split Out) into
 * the node, whose second output leads to a node of its own. Item 1 acts for a business the
 * credential does not have, or, where the path takes an id, asks for a record the platform does
 * not have; item 3 gives an id that is no id. Both must leave on the error output.
 * @param {OperationCase} testCase
 */
function errorOutputWorkflow(testCase) {
	const code = `ErrorOutput${testCase.endpoint}`;
	const parameters = withPathIdsFor(testCase, { 1: '987654321', 3: 'no-such-id' });
	if (!testCase.pathIds) {
		parameters.options = {
			.../** @type {Record<string, any>} */ (parameters.options),
			business: "={{ $itemIndex === 1 ? 'no-such-business' : '' }}",
		};
	}
	const workflow = workflowOf(code, testCase.type, withOptions(parameters, { concurrency: 1 }), {
		onError: 'continueErrorOutput',
	});
	const [start, node] = workflow.nodes;
	const at = (/** @type {number} */ x, /** @type {number} */ y) => [x, y];
	const noOp = (/** @type {string} */ name, /** @type {number} */ y) => ({
		id: `${code}-${name}`,
		name,
		type: 'n8n-nodes-base.noOp',
		typeVersion: 1,
		position: at(720, y),
		parameters: {},
	});
	const nodes = [
		start,
		{
			id: `${code}-list`,
			name: 'List',
			type: 'n8n-nodes-base.set',
			typeVersion: 3.4,
			position: at(120, 0),
			parameters: { mode: 'raw', jsonOutput: '{ "n": [0, 1, 2, 3] }' },
		},
		{
			id: `${code}-items`,
			name: 'Items',
			type: 'n8n-nodes-base.splitOut',
			typeVersion: 1,
			position: at(240, 0),
			parameters: { fieldToSplitOut: 'n' },
		},
		{ ...node, position: at(480, 0) },
		noOp('Succeeded', -100),
		noOp('Failed', 100),
	];
	const to = (/** @type {string} */ name) => [{ node: name, type: 'main', index: 0 }];
	/** @type {Record<string, any>} */
	const connections = {
		Start: { main: [to('List')] },
		List: { main: [to('Items')] },
		Items: { main: [to(node.name)] },
		[node.name]: { main: [to('Succeeded'), to('Failed')] },
	};
	return { ...workflow, nodes, connections };
}

/** Workflow code of a Custom API Call case: `CustomApiCallHr`, ... @param {{ name: string }} testCase */
const customApiCallCode = (testCase) => `CustomApiCall${testCase.name}`;

/**
 * One read, one add and one Custom API Call, each with its error as output (Continue On Fail),
 * for the redirect checks: code -> the operation case or Custom API Call case it copies. Each
 * run sends one request, the one the redirect answers, whatever route serves it.
 */
const REDIRECT_CASES = {
	RedirectRead: OPERATION_CASES.find((testCase) => testCase.endpoint === 'getPayslip'),
	RedirectAdd: OPERATION_CASES.find((testCase) => testCase.endpoint === 'createSkill'),
	RedirectCustomApiCall: CUSTOM_API_CALL_CASES.find((testCase) => testCase.name === 'Hr'),
};

/**
 * The operation and Custom API Call workflows, run in one `n8n execute-batch` in beforeAll, and
 * the error-output workflows in a second one:
 * workflow id -> its run, or why it has none.
 * @type {Map<string, { run?: any, error?: string }>}
 */
let batchRuns;

/** @type {any} */
let sandbox;
/** The requests of the first batch, which the sandbox's reset before the second one drops. @type {any[]} */
let firstBatchRequests = [];
/** @type {NodeJS.ProcessEnv} */
let env;
/** @type {string} */
let userFolder;

beforeAll(async () => {
	app.ensureN8nInstalled();
	app.buildPackage();
	sandbox = await startSandbox();
	userFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-n8n-e2e-'));
	app.installPackageInto(userFolder);
	const [port, brokerPort] = await app.freePorts(2);
	env = { ...app.n8nEnv(userFolder, port, brokerPort), N8N_LOG_LEVEL: 'info' };
	const workflowDir = path.join(userFolder, 'e2e-workflows');
	fs.mkdirSync(workflowDir);
	const workflows = [
		...OPERATION_CASES.map(operationWorkflow),
		...OPERATION_CASES.map(errorOutputWorkflow),
		...CUSTOM_API_CALL_CASES.map((testCase) =>
			workflowOf(customApiCallCode(testCase), testCase.type, testCase.parameters),
		),
		...Object.entries(REDIRECT_CASES).map(([code, testCase]) =>
			workflowOf(
				code,
				/** @type {string} */ (testCase?.type),
				/** @type {any} */ (testCase?.parameters),
				{ onError: 'continueRegularOutput' },
			),
		),
	];
	const files = workflows.map((workflow) => {
		const file = path.join(workflowDir, `${workflow.id}.json`);
		fs.writeFileSync(file, JSON.stringify(workflow));
		return file;
	});
	const examples = fs
		.readdirSync(path.join(app.ROOT, 'examples'))
		.map((f) => path.join(app.ROOT, 'examples', f));
	await app.importIntoN8n(env, sandbox, [...files, ...examples]);
	batchRuns = await app.executeBatch(env, userFolder, batchWorkflowIds());
	// The error-output runs act on the records the runs above acted on (a delete's): a fresh
	// platform, its request log kept for the checks of the runs above.
	firstBatchRequests = [...sandbox.requests];
	sandbox.reset();
	const errorOutputIds = OPERATION_CASES.map((testCase) => `bpE2eErrorOutput${testCase.endpoint}`);
	for (const [id, run] of await app.executeBatch(env, userFolder, errorOutputIds))
		batchRuns.set(id, run);
}, 20 * 60_000);

afterAll(() => {
	sandbox?.close();
	if (userFolder) fs.rmSync(userFolder, { recursive: true, force: true });
});

/**
 * Runs one imported workflow with `n8n execute` and returns its run data and the requests
 * the sandbox received meanwhile.
 * @param {string} workflowId
 */
async function execute(workflowId) {
	const before = sandbox.requests.length;
	const result = await app.n8nCli(['execute', `--id=${workflowId}`, '--rawOutput'], env);
	// The run data is what counts: n8n has been seen to print it and then die by a signal
	// while shutting down, which says nothing about the workflow.
	const run = app.executionResultOf(result.stdout);
	if (!run || !app.executionSucceeded(run)) {
		throw new Error(
			`n8n execute ${workflowId} failed (exit ${result.status ?? result.signal}):\n${result.stdout}\n${result.stderr}`,
		);
	}
	return { run, outputOf: outputsOf(run), requests: sandbox.requests.slice(before) };
}

/** The workflows run in one `n8n execute-batch`: every operation's and every Custom API Call's. */
const batchWorkflowIds = () => [
	...OPERATION_CASES.map((testCase) => `bpE2e${testCase.endpoint}`),
	...CUSTOM_API_CALL_CASES.map((testCase) => `bpE2e${customApiCallCode(testCase)}`),
];

/**
 * The run of one workflow of the batch and the requests the sandbox received while it ran:
 * the batch runs one workflow at a time, so a request belongs to the run it arrived during.
 * @param {string} workflowId
 */
function batchRunOf(workflowId) {
	const { run, error } = batchRuns.get(workflowId) ?? { error: 'not in the batch' };
	if (!run || !app.executionSucceeded(run)) {
		throw new Error(`${workflowId} failed in n8n execute-batch: ${error ?? JSON.stringify(run)}`);
	}
	const started = Date.parse(run.startedAt);
	const stopped = Date.parse(run.stoppedAt);
	return {
		run,
		outputOf: outputsOf(run),
		requests: [...firstBatchRequests, ...sandbox.requests].filter(
			(/** @type {any} */ r) => r.receivedAt >= started && r.receivedAt <= stopped,
		),
	};
}

/** A node's output items (json) in a run's data, of its first output unless told. @param {any} run */
const outputsOf =
	(run) =>
	(/** @type {string} */ name, output = 0) =>
		(run.data.resultData.runData[name]?.[0]?.data?.main?.[output] ?? []).map(
			(/** @type {any} */ item) => item.json,
		);

/** The input items a node's output items are paired with. @param {any} run @param {string} name @param {number} output */
const pairedItemsOf = (run, name, output) =>
	(run.data.resultData.runData[name]?.[0]?.data?.main?.[output] ?? []).map(
		(/** @type {any} */ item) => item.pairedItem?.item,
	);

describe('every operation in the real n8n app', () => {
	test.each(OPERATION_CASES.map((testCase) => [testCase.endpoint, testCase]))(
		'%s',
		async (_code, testCase) => {
			const { outputOf, requests } = batchRunOf(`bpE2e${testCase.endpoint}`);
			checkFullRun(testCase, outputOf(`Operation ${testCase.endpoint}`), requests);
		},
	);
});

describe('"On Error: Continue (using error output)" in the real n8n app, every operation', () => {
	test.each(OPERATION_CASES.map((testCase) => [testCase.endpoint, testCase]))(
		'%s: failed items reach the error output and the node behind it, paired; the rest the first output',
		async (code) => {
			const { run, outputOf } = batchRunOf(`bpE2eErrorOutput${code}`);
			const name = `Operation ErrorOutput${code}`;
			const failed = OPERATION_CASES.find((c) => c.endpoint === code)?.pathIds ? [1, 3] : [1];
			const succeeded = [0, 1, 2, 3].filter((n) => !failed.includes(n));
			expect(pairedItemsOf(run, name, 1)).toEqual(failed);
			expect([...new Set(pairedItemsOf(run, name, 0))]).toEqual(succeeded);
			// The node behind the error output ran with the failed items: the input item's data and the error.
			expect(outputOf('Failed')).toEqual(
				failed.map((n) =>
					expect.objectContaining({ n, error: expect.any(String), message: expect.any(String) }),
				),
			);
			expect(outputOf('Succeeded').some((/** @type {any} */ json) => 'error' in json)).toBe(false);
		},
	);
});

describe('Custom API Call in every node, against name-only routes', () => {
	test.each(CUSTOM_API_CALL_CASES.map((testCase) => [testCase.name, testCase]))(
		'%s',
		async (_name, testCase) => {
			const code = customApiCallCode(testCase);
			const { outputOf, requests } = batchRunOf(`bpE2e${code}`);
			testCase.expect(outputOf(`Operation ${code}`), requests);
		},
	);
});

describe('example workflows', () => {
	test('payslip to email: an email-ready item with net pay and the address', async () => {
		const { outputOf } = await execute('bpExamplePayslipEmail');
		expect(outputOf('Email-ready payslip')).toEqual([
			expect.objectContaining({
				to: 'sara@acme.example',
				netPay: 11525,
				employeeName: 'Sara Al-Qahtani',
			}),
		]);
	});

	test('news to a CMS on a schedule: every published news item mapped once, in one JSON file; later runs only new ones', async () => {
		const { outputOf, requests } = await execute('bpExampleNewsToCms');
		const mapped = outputOf('Map to CMS fields');
		expect(mapped).toHaveLength(19);
		expect(mapped[0]).toEqual(
			expect.objectContaining({
				externalId: 1,
				slug: expect.any(String),
				body: expect.any(String),
			}),
		);
		expect(requests.filter((/** @type {any} */ r) => r.operation === 'listNews')).toHaveLength(1);
		const file = outputOf('News export file');
		expect(file).toHaveLength(1);

		// The next run: nothing new, nothing sent again.
		expect((await execute('bpExampleNewsToCms')).outputOf('Map to CMS fields')).toEqual([]);
		// An item published since: only it.
		const news = sandbox.state.acme.news;
		const newest = news.reduce((/** @type {any} */ a, /** @type {any} */ b) =>
			a.id > b.id ? a : b,
		);
		news.push({ ...newest, id: newest.id + 1, status: 1 });
		const next = (await execute('bpExampleNewsToCms')).outputOf('Map to CMS fields');
		expect(next.map((/** @type {any} */ item) => item.externalId)).toEqual([newest.id + 1]);
	});

	test('task update with a file: the report reaches the task', async () => {
		const { outputOf, requests } = await execute('bpExampleTaskWithFile');
		const [request] = requests.filter((/** @type {any} */ r) => r.operation === 'updateTask');
		expect(request.body.files).toEqual([
			expect.objectContaining({
				filename: 'site-visit-report.txt',
				contentType: expect.stringContaining('text/plain'),
			}),
		]);
		const [task] = outputOf('Update task');
		expect(task).toMatchObject({ id: 1001, status: 'In Progress' });
		expect(task.files.map((/** @type {any} */ f) => f.file_name)).toContain(
			'site-visit-report.txt',
		);
	});
});

describe('a redirect to another host: nothing of the credential reaches it, and an add is not repeated', () => {
	const foreign = useForeignHost();

	test.each(Object.entries(REDIRECT_CASES))('%s', async (code) => {
		sandbox.inject({
			status: 307,
			location: `${foreign.url}/collect?token=abc`,
		});
		const { outputOf, requests } = await execute(`bpE2e${code}`);
		const [output] = outputOf(`Operation ${code}`);
		expect(output.error).toContain(
			`redirect (HTTP 307) to another host, ${foreign.url}, when asked to`,
		);
		expect(JSON.stringify(output)).not.toContain('token=abc');
		expect(requests).toHaveLength(1);
		expect(foreign.requests).toEqual([]);
	});
});
