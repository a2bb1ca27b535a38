// @ts-check
/**
 * The nodes as AI-agent tools, used the way an agent uses them but without a language
 * model: the example workflow `examples/mcp-server-tools.json` (n8n's MCP Server Trigger
 * with this package's tool nodes attached) is imported, published and served by
 * `n8n start`; an MCP client (@modelcontextprotocol/sdk, Streamable HTTP) lists the tools
 * and calls them with arguments it chooses, as a model would. Results are checked on the
 * tool output and on the sandbox platform's record of what it received.
 */
const fs = require('node:fs');
const path = require('node:path');
const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
const {
	StreamableHTTPClientTransport,
} = require('@modelcontextprotocol/sdk/client/streamableHttp.js');

const app = require('../../scripts/n8n-app');
/** The personal-data field names of the built package (what n8n loads; built in beforeAll), typed by its source. */
function personalDataFields() {
	return /** @type {typeof import('../../nodes/shared/node/output')} */ (
		require(path.join(app.ROOT, 'dist', 'nodes', 'shared', 'node', 'output'))
	).PERSONAL_DATA_FIELDS;
}
const { prepareN8n, publishWorkflows, stopN8n, removeN8n } = require('./n8nSuite');
const { caseFor } = require('../harness/operationCases');

const WORKFLOW_FILE = path.join(app.ROOT, 'examples', 'mcp-server-tools.json');
const WORKFLOW = JSON.parse(fs.readFileSync(WORKFLOW_FILE, 'utf8'));
const MCP_PATH = WORKFLOW.nodes.find(
	(/** @type {any} */ n) => n.type === '@n8n/n8n-nodes-langchain.mcpTrigger',
).parameters.path;
/** @param {number} ms */
const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** @type {import('../../sandbox/server').Sandbox} */
let sandbox;
/** @type {string} */
let userFolder;
/** @type {import('node:child_process').ChildProcess | undefined} */
let n8n;
/** n8n's own output, shown when something fails. */
let n8nLog = '';
/** @type {Client} */
let client;

/**
 * Connects an MCP client to the published workflow's production URL. n8n answers /rest
 * before it has activated its published workflows, so a 404 is waited out.
 * @param {number} port
 */
async function connectClient(port) {
	const url = new URL(`http://127.0.0.1:${port}/mcp/${MCP_PATH}`);
	const deadline = Date.now() + 60_000;
	for (;;) {
		const candidate = new Client({ name: 'business-platform-e2e', version: '1.0.0' });
		try {
			await candidate.connect(new StreamableHTTPClientTransport(url));
			return candidate;
		} catch (error) {
			await candidate.close().catch(() => {});
			if (Date.now() > deadline)
				throw new Error(`MCP client could not connect to ${url}: ${error}\n${n8nLog.slice(-4000)}`);
			await delay(1000);
		}
	}
}

beforeAll(async () => {
	const prepared = await prepareN8n('mcp');
	({ sandbox, userFolder } = prepared);
	const { port, env } = prepared;
	await app.importIntoN8n(env, sandbox, [WORKFLOW_FILE]);
	await publishWorkflows(env, [WORKFLOW.id]);

	n8n = app.startN8n({ ...env, N8N_LOG_LEVEL: 'info' }, ['ignore', 'pipe', 'pipe']);
	const keepLog = (/** @type {Buffer} */ chunk) => {
		n8nLog = (n8nLog + chunk.toString('utf8')).slice(-20_000);
	};
	n8n.stdout?.on('data', keepLog);
	n8n.stderr?.on('data', keepLog);
	await app.waitForN8n(port, 180_000);
	client = await connectClient(port);
}, 10 * 60_000);

afterAll(async () => {
	await client?.close().catch(() => {});
	await stopN8n(n8n);
	await removeN8n({ sandbox, userFolder });
}, 60_000);

/**
 * Calls one tool and returns what the tool node output (n8n sends it as JSON text), or the
 * error text when the call failed.
 * @param {string} name
 * @param {Record<string, unknown>} args
 */
async function callTool(name, args) {
	const before = sandbox.requests.length;
	const result = /** @type {any} */ (await client.callTool({ name, arguments: args }));
	const text = result.content.map((/** @type {any} */ part) => part.text).join('');
	return {
		isError: result.isError === true,
		text,
		output: result.isError ? undefined : JSON.parse(text),
		requests: sandbox.requests.slice(before),
	};
}

describe("the tool nodes behind n8n's MCP Server Trigger", () => {
	test('lists each tool with its description and the arguments $fromAI asks for', async () => {
		const { tools } = await client.listTools();
		const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
		expect(Object.keys(byName).sort()).toEqual(['Get_many_news', 'Get_order', 'Get_payslip']);

		expect(byName.Get_payslip.description).toMatch(/payslip ID/);
		expect(byName.Get_payslip.inputSchema.properties).toEqual({
			payslipId: expect.objectContaining({ type: 'string' }),
		});
		expect(byName.Get_payslip.inputSchema.required).toEqual(['payslipId']);
		expect(byName.Get_order.inputSchema.required).toEqual(['orderId']);
		// Arguments with a default in $fromAI are optional for the model.
		expect(byName.Get_many_news.inputSchema.properties).toEqual({
			keyword: expect.objectContaining({ type: 'string' }),
			limit: expect.objectContaining({ type: 'number' }),
		});
		expect(byName.Get_many_news.inputSchema.required ?? []).toEqual([]);
	});

	test('Get Payslip, called twice with IDs the client chose: two requests, two payslips', async () => {
		const first = await callTool('Get_payslip', { payslipId: '1751' });
		const second = await callTool('Get_payslip', { payslipId: '1752' });

		expect(first.isError).toBe(false);
		expect(first.output).toEqual([
			expect.objectContaining({ id: 1751, net_price: 11525, employee_name: 'Sara Al-Qahtani' }),
		]);
		expect(second.output).toEqual([expect.objectContaining({ id: 1752, net_price: 7670 })]);
		expect(first.text + second.text).not.toMatch(/password|remember_token/);
		// Output: Simplified (the example's choice): the model gets no personal identifiers.
		for (const payslip of [...first.output, ...second.output]) {
			expect(Object.keys(payslip).length).toBeLessThanOrEqual(10);
			expect(Object.keys(payslip).filter((key) => personalDataFields().includes(key))).toEqual([]);
			expect(payslip).not.toHaveProperty('employee');
		}

		const payslipRequests = [...first.requests, ...second.requests].filter(
			(r) => r.operation === 'getPayslip',
		);
		expect(payslipRequests.map((r) => [r.method, r.path, r.status])).toEqual([
			['GET', '/api/v1/payslips/1751', 200],
			['GET', '/api/v1/payslips/1752', 200],
		]);
	});

	test("Get Payslip with an unknown ID: the model gets the platform's error, not a crash", async () => {
		const call = await callTool('Get_payslip', { payslipId: '999999' });
		expect(call.isError).toBe(true);
		expect(call.text).toContain('The platform has no payslip 999999');
		expect(call.requests.filter((r) => r.operation === 'getPayslip').map((r) => r.status)).toEqual([
			404,
		]);
	});

	test('Get Order: Output Selected Fields sends the ID and the fields the builder picked, no more', async () => {
		const call = await callTool('Get_order', { orderId: '1301' });
		expect(call.output).toEqual([
			expect.objectContaining({
				id: 1301,
				order_number: 'ACME-1301',
				history: expect.arrayContaining([expect.objectContaining({ status: 'processing' })]),
				order_total: expect.objectContaining({ total: 1345.5 }),
			}),
		]);
		expect(Object.keys(call.output[0])).toEqual([
			'id',
			'order_number',
			'status',
			'created_at',
			'currency',
			'total',
			'items',
			'history',
			'order_total',
		]);
		expect(call.text).not.toContain('customer_phone');
		const [request] = call.requests.filter((r) => r.operation === 'getOrder');
		expect(request.path).toBe('/api/v2/order_details/1301');
		expect(Object.keys(request.query).sort()).toEqual(['get_history', 'get_order_total']);
	});

	test('Get Many News: the keyword and limit the client chose, active news only', async () => {
		const call = await callTool('Get_many_news', { keyword: 'partnership', limit: 3 });
		expect(call.output.map((/** @type {any} */ n) => n.id)).toEqual([23, 18, 13]);
		for (const news of call.output) {
			expect(news).toMatchObject({ status: 1 });
			// Output: Simplified: the ten fields News → Get Many's Simplify keeps.
			expect(Object.keys(news)).toEqual(caseFor('listNews').simplified);
		}
		const newsRequests = call.requests.filter((r) => r.operation === 'listNews');
		expect(newsRequests.length).toBeGreaterThan(0);
		for (const request of newsRequests)
			expect(request.query).toMatchObject({ keyword: 'partnership', status: '1' });
	});

	test('Get Many News with no arguments: the $fromAI defaults apply', async () => {
		const call = await callTool('Get_many_news', {});
		expect(call.output).toHaveLength(10);
		expect(call.output.every((/** @type {any} */ n) => n.status === 1)).toBe(true);
	});
});
