// @ts-check
/**
 * End to end in the real n8n app (on Node 24, installed into .cache/ by scripts/install-n8n.sh;
 * the n8n version is app.N8N_VERSION, chosen by BP_N8N_VERSION: `npm run test:e2e` runs 2.x,
 * `npm run test:e2e:n8n1` 1.x): the built package is loaded as a community package, a credential
 * and workflows are imported with n8n's CLI, and each workflow runs headless with
 * `n8n execute`. Every operation E1..E16 has a workflow, plus the example workflows; each is
 * checked on its node output and on the sandbox platform's record of what it received.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const app = require('../../scripts/n8n-app');
const { startSandbox } = require('../../sandbox/server');
const { platformHeaderNames } = require('../harness/requests');

const PREFIX = `${app.PACKAGE_NAME}.`;
const CREDENTIALS = { businessPlatformApi: { id: app.CREDENTIAL_ID, name: app.CREDENTIAL_NAME } };

/**
 * One workflow per operation: a manual trigger and the node under test.
 * `expect` checks the node's output items and the requests the sandbox recorded meanwhile.
 * @typedef {{ code: string, node: string, parameters: Record<string, any>,
 *   headers: string[], expect: (output: any[], requests: any[]) => void }} OperationCase
 * @type {OperationCase[]}
 */
const OPERATION_CASES = [
	{
		code: 'E1',
		node: 'businessPlatformAccounting',
		parameters: {
			resource: 'salesQuote',
			operation: 'update',
			quoteId: '1501',
			customerId: '1401',
			currencyId: '1',
			createdDate: '2026-11-21T00:00:00',
			taxInclusive: false,
			applyDiscount: false,
			discountType: 'percentage',
			total: 230,
			finalTotal: 264.5,
			lineItemsSource: 'defineBelow',
			lineItems: {
				item: [
					{ itemId: '1701', description: 'Cable', quantity: '2', price: '15', amount: '30', discount: '0', tax: '15', taxAmount: '4.5', totalWithTax: '34.5', sort: '1' },
					{ itemId: '1702', description: 'Charger', quantity: '1', price: '200', amount: '200', discount: '0', tax: '15', taxAmount: '30', totalWithTax: '230', sort: '2' },
				],
			},
		},
		headers: ['Accept-Language', 'apikey', 'platform', 'platform-key', 'secure-business-key', 'userToken'],
		expect: (output, [request]) => {
			expect(output[0]).toMatchObject({ id: 1501, created_date: '2026-11-21' });
			const itemIds = request.body.fields.filter(([name]) => name === 'item_id[]').map(([, v]) => v);
			expect(itemIds).toEqual(['1701', '1702']);
		},
	},
	{
		code: 'E2',
		node: 'businessPlatformEcommerce',
		parameters: { resource: 'category', operation: 'update', categoryId: '1202', updateFields: { englishTitle: 'Smartphones' } },
		headers: ['apiconnection', 'apikey', 'secure-business-key', 'userToken'],
		expect: (output, requests) => {
			expect(requests.map((r) => r.operation)).toEqual(['categoriesList', 'E2']);
			expect(output[0].id).toBe(1202);
			expect(output[0].parent).toBe(1201);
			expect(output[0].descriptions.find((/** @type {any} */ d) => d.lang === 'en').title).toBe('Smartphones');
		},
	},
	{
		code: 'E3',
		node: 'businessPlatformEcommerce',
		parameters: { resource: 'order', operation: 'get', orderId: '1301', options: { includeHistory: true } },
		headers: ['Accept-Language', 'apiconnection', 'apikey', 'secure-business-key'],
		expect: (output, [request]) => {
			expect(request.query).toEqual({ get_history: '' });
			expect(JSON.stringify(output[0])).toContain('1301');
		},
	},
	{
		code: 'E4',
		node: 'businessPlatformEcommerce',
		parameters: { resource: 'favorite', operation: 'toggle', catalogId: '1701' },
		headers: ['Accept-Language', 'apiconnection', 'apikey', 'secure-business-key', 'userToken'],
		expect: (output, [request]) => {
			expect(request.method).toBe('PUT');
			expect(output).toHaveLength(1);
		},
	},
	{
		code: 'E5',
		node: 'businessPlatformEcommerce',
		parameters: { resource: 'district', operation: 'get', districtId: '1' },
		headers: ['apiconnection', 'apikey'],
		expect: (output) => expect(output[0]).toMatchObject({ id: 1 }),
	},
	{
		code: 'E6',
		node: 'businessPlatformProjects',
		parameters: { resource: 'workspace', operation: 'delete', workspaceId: '1803', businessId: '101' },
		headers: ['Accept-Language', 'secure-business-key', 'user-token'],
		expect: (output, [request]) => {
			expect(request.body).toEqual({ kind: 'json', value: { business_id: 101 } });
			expect(output[0]).toMatchObject({ deleted: true });
		},
	},
	{
		code: 'E7',
		node: 'businessPlatformHr',
		parameters: { resource: 'skill', operation: 'create', type: 'e2e', skills: 'Excel, Arabic' },
		headers: ['secure_business_key', 'user_token', 'uuid'],
		expect: (output, [request]) => {
			expect(request.body.value).toEqual({ type: 'e2e', skills: ['Excel', 'Arabic'] });
			expect(output[0]).toMatchObject({ type: 'e2e', business_id: 101 });
		},
	},
	{
		code: 'E8',
		node: 'businessPlatformAccounting',
		parameters: {
			resource: 'customerSupplierBranch',
			operation: 'get',
			contactType: 'customer',
			customerSupplierUuid: '1c558566-b341-4e89-a492-d8d872b4de99',
			branchUuid: '7694fdea-ce23-4d36-a87c-e2adc0412161',
		},
		headers: ['lang', 'secure-business-key', 'user-token'],
		expect: (output) => {
			expect(output[0]).toMatchObject({ id: 1651, uuid: '7694fdea-ce23-4d36-a87c-e2adc0412161' });
			expect(output[0]).not.toHaveProperty('password');
		},
	},
	{
		code: 'E9',
		node: 'businessPlatformAccounting',
		parameters: { resource: 'cashBankAccount', operation: 'create', name: 'Petty cash', accountType: 'cash', representativeId: '7', businessId: '101' },
		headers: ['apikey', 'secure_business_key'],
		expect: (output, [request]) => {
			expect(request.body.value).toEqual({ name: 'Petty cash', type: 'cash', representative_id: '7', business_id: '101' });
			expect(output[0]).toMatchObject({ name: 'Petty cash' });
		},
	},
	{
		code: 'E10',
		node: 'businessPlatformProjects',
		parameters: {
			resource: 'task',
			operation: 'update',
			taskId: '1002',
			updateFields: { name: 'Updated in n8n', dueDate: '2026-12-01T00:00:00' },
			timeTracking: { timeEntry: [{ userId: '3', startedAt: '2026-11-21T09:00:00', durationMinutes: 30 }] },
		},
		headers: ['Accept-Language', 'secure-business-key', 'user-token'],
		expect: (output, [request]) => {
			expect(request.body.fields).toEqual(
				expect.arrayContaining([
					['name', 'Updated in n8n'],
					['due_date', '2026-12-01'],
					['timeTracking[0][started_at]', '2026-11-21 09:00:00'],
				]),
			);
			expect(output[0]).toMatchObject({ id: 1002, name: 'Updated in n8n', due_date: '2026-12-01' });
		},
	},
	{
		code: 'E11',
		node: 'businessPlatformCalendar',
		parameters: { resource: 'calendar', operation: 'getAll', userType: 'user', type: 'user', returnAll: true },
		headers: ['secure_business_key', 'user_token'],
		expect: (output) => expect(output.map((c) => c.id)).toEqual([1151, 1152]),
	},
	{
		code: 'E12',
		node: 'businessPlatformEcommerce',
		parameters: { resource: 'catalogComment', operation: 'update', commentId: '1251', status: true },
		headers: ['apiconnection', 'apikey', 'secure-business-key', 'userToken'],
		expect: (output, [request]) => {
			expect(request.body.fields).toEqual([
				['_method', 'PUT'],
				['status', '1'],
			]);
			expect(output[0]).toMatchObject({ success: true });
		},
	},
	{
		code: 'E13',
		node: 'businessPlatformEcommerce',
		parameters: { resource: 'auditSessionItem', operation: 'update', auditItemId: '1351', physicalQty: 38 },
		headers: ['apiconnection', 'apikey', 'secure-business-key'],
		expect: (_output, [request]) => {
			expect(request.method).toBe('PATCH');
			expect(request.body).toEqual({ kind: 'text', text: '{"physical_qty":38}' });
		},
	},
	{
		code: 'E14',
		node: 'businessPlatformEcommerce',
		parameters: {
			resource: 'inventoryTransferItem',
			operation: 'create',
			fromInventoryId: '1451',
			toInventoryId: '1452',
			productId: '1701',
			quantity: '3',
			status: 'pending',
		},
		headers: ['apiconnection', 'apikey', 'secure-business-key'],
		expect: (_output, [request]) => {
			expect(request.body.fields).toEqual(
				expect.arrayContaining([
					['from_inv_id', '1451'],
					['to_inv_id', '1452'],
					['representative_id', ''],
					['status', '0'],
				]),
			);
		},
	},
	{
		code: 'E15',
		node: 'businessPlatformHr',
		parameters: { resource: 'payslip', operation: 'get', payslipId: '1751' },
		headers: ['secure_business_key', 'uuid'],
		expect: (output) => {
			expect(output[0]).toMatchObject({ id: 1751, net_price: 11525 });
			expect(JSON.stringify(output)).not.toMatch(/password|remember_token/);
		},
	},
	{
		code: 'E16',
		node: 'businessPlatformEcommerce',
		parameters: { resource: 'news', operation: 'getAll', returnAll: true, options: { pageSize: 10 } },
		headers: ['apiconnection', 'apikey', 'secure-business-key'],
		expect: (output, requests) => {
			// Pages 2 and 3 are read ahead together, so they may be answered in either order.
			expect(requests.map((r) => r.query.page).sort()).toEqual(['1', '2', '3']);
			expect(new Set(output.map((n) => n.id)).size).toBe(25);
		},
	},
];

/** @param {OperationCase} testCase */
function operationWorkflow(testCase) {
	const trigger = { id: `${testCase.code}-start`, name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} };
	const node = {
		id: `${testCase.code}-node`,
		name: `Operation ${testCase.code}`,
		type: PREFIX + testCase.node,
		typeVersion: 1,
		position: [240, 0],
		parameters: { ...testCase.parameters, requestOptions: { retryDelay: 10 } },
		credentials: CREDENTIALS,
	};
	return {
		id: `bpE2e${testCase.code}`,
		name: `E2E ${testCase.code}`,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [trigger, node],
		connections: { Start: { main: [[{ node: node.name, type: 'main', index: 0 }]] } },
	};
}

/** @type {any} */
let sandbox;
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
	const files = OPERATION_CASES.map((testCase) => {
		const file = path.join(workflowDir, `${testCase.code}.json`);
		fs.writeFileSync(file, JSON.stringify(operationWorkflow(testCase)));
		return file;
	});
	const examples = fs.readdirSync(path.join(app.ROOT, 'examples')).map((f) => path.join(app.ROOT, 'examples', f));
	await app.importIntoN8n(env, sandbox, [...files, ...examples]);
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
	if (!run || run.status !== 'success') {
		throw new Error(
			`n8n execute ${workflowId} failed (exit ${result.status ?? result.signal}):\n${result.stdout}\n${result.stderr}`,
		);
	}
	/** @param {string} name */
	const outputOf = (name) =>
		(run.data.resultData.runData[name]?.[0]?.data?.main?.[0] ?? []).map((/** @type {any} */ item) => item.json);
	return { run, outputOf, requests: sandbox.requests.slice(before) };
}

describe('every operation in the real n8n app', () => {
	test.each(OPERATION_CASES.map((testCase) => [testCase.code, testCase]))('%s', async (_code, testCase) => {
		const { outputOf, requests } = await execute(`bpE2e${testCase.code}`);
		const mine = requests.filter((/** @type {any} */ r) => r.operation === testCase.code);
		expect(mine.length).toBeGreaterThan(0);
		for (const request of mine) {
			expect(request.status).toBe(200);
			expect(platformHeaderNames(request)).toEqual([...testCase.headers].sort());
		}
		testCase.expect(outputOf(`Operation ${testCase.code}`), testCase.code === 'E2' ? requests : mine);
	});
});

describe('example workflows', () => {
	test('payslip to email: an email-ready item with net pay and the address', async () => {
		const { outputOf } = await execute('bpExamplePayslipEmail');
		expect(outputOf('Email-ready payslip')).toEqual([
			expect.objectContaining({ to: 'sara@acme.example', netPay: 11525, employeeName: 'Sara Al-Qahtani' }),
		]);
	});

	test('news to a CMS: every published news item mapped, in one JSON file', async () => {
		const { outputOf, requests } = await execute('bpExampleNewsToCms');
		const mapped = outputOf('Map to CMS fields');
		expect(mapped).toHaveLength(19);
		expect(mapped[0]).toEqual(expect.objectContaining({ externalId: 1, slug: expect.any(String), body: expect.any(String) }));
		expect(requests.filter((/** @type {any} */ r) => r.operation === 'E16')).toHaveLength(1);
		const file = outputOf('News export file');
		expect(file).toHaveLength(1);
	});

	test('task update with a file: the report reaches the task', async () => {
		const { outputOf, requests } = await execute('bpExampleTaskWithFile');
		const [request] = requests.filter((/** @type {any} */ r) => r.operation === 'E10');
		expect(request.body.files).toEqual([
			expect.objectContaining({ filename: 'site-visit-report.txt', contentType: expect.stringContaining('text/plain') }),
		]);
		const [task] = outputOf('Update task');
		expect(task).toMatchObject({ id: 1001, status: 'In Progress' });
		expect(task.files.map((/** @type {any} */ f) => f.file_name)).toContain('site-visit-report.txt');
	});
});
