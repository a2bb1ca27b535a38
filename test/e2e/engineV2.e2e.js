// @ts-check
/**
 * n8n's Engine 2.0 preview (n8n 2.41: module `engine-v2`, workflow setting `engineType: 'v2'`)
 * in the real app, with each of this package's credential types (issue 36 item 6).
 * Engine 2.0 refuses every credential type that has a hidden expirable property before it
 * looks at the values (its RemoteCredentialsHelper.preAuthentication), and n8n-core asks for
 * preAuthentication before every authenticated request. So Log In has a type of its own
 * (businessPlatformLogInApi, the only one with an expirable field): a workflow with a pasted
 * User Token (businessPlatformApi, the nodes' default Authentication) runs under Engine 2.0 as
 * under the default engine; a Log In workflow fails there, nothing reaches the platform, not
 * even the login, and the item's message names n8n's refusal and what to do. README:
 * Compatibility says so; this test notices when n8n or the credentials change it.
 */
const fs = require('node:fs');
const path = require('node:path');

const { parse } = require('flatted');

const app = require('../../scripts/n8n-app');
const { Processes } = require('../../scripts/queue/processes');
const { startPostgres } = require('../../scripts/queue/services');
const { prepareN8n, stopN8n, removeN8n } = require('./n8nSuite');
const { sandboxCredentials, sandboxLoginCredentials } = require('../../sandbox/credentials');

/** One credential of each type, by the nodes' Authentication value. */
const CREDENTIALS = {
	paste: {
		type: 'businessPlatformApi',
		ref: { id: 'bpE2eEngineV2Credential', name: 'Business Platform (sandbox, pasted)' },
	},
	login: {
		type: 'businessPlatformLogInApi',
		ref: { id: 'bpE2eEngineV2LogIn', name: 'Business Platform (sandbox, log in)' },
	},
};

/** @type {any} */
let sandbox;
/** @type {string} */
let userFolder;
/** @type {number} */
let port;
/** @type {import('node:child_process').ChildProcess | undefined} */
let n8n;
/** Postgres, the data plane database Engine 2.0 needs. @type {Processes | undefined} */
let processes;
/** n8n's own output, shown when something fails. */
let n8nLog = '';
let cookie = '';

const engineV2Supported = !app.N8N_VERSION.startsWith('1.');

/**
 * A webhook (answering on receipt, the only mode Engine 2.0 takes) and a node named Payslip
 * that gets a payslip with a pasted User Token, or with Log In creates a skill (an operation
 * that sends the user token: only those log in).
 */
function payslipWorkflow(
	/** @type {'v1' | 'v2'} */ engineType,
	/** @type {'paste' | 'login'} */ authentication,
) {
	const webhookPath = `bp-engine-${engineType}-${authentication}`;
	const { type, ref } = CREDENTIALS[authentication];
	return {
		name: `E2E payslip, engine ${engineType}, ${authentication}`,
		settings: { executionOrder: 'v1', engineType },
		nodes: [
			{
				id: 'hook',
				name: 'Webhook',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: [0, 0],
				webhookId: `${webhookPath}-hook`,
				parameters: { path: webhookPath, httpMethod: 'GET', responseMode: 'onReceived' },
			},
			{
				id: 'payslip',
				name: 'Payslip',
				type: `${app.PACKAGE_NAME}.businessPlatformHr`,
				typeVersion: 1,
				position: [200, 0],
				// The default Authentication is left out, as n8n saves it. With Log In, an operation
				// that sends the user token (a payslip read sends none, so it never logs in).
				parameters:
					authentication === 'login'
						? { authentication, resource: 'skill', operation: 'create', type: 'e', skills: 'Excel' }
						: { resource: 'payslip', operation: 'get', payslipId: '1751' },
				credentials: { [type]: ref },
			},
		],
		connections: { Webhook: { main: [[{ node: 'Payslip', type: 'main', index: 0 }]] } },
	};
}

/** n8n's REST API as the owner: the answer's `data`, or the whole answer where it has none. */
async function rest(
	/** @type {string} */ url,
	/** @type {{ method?: string, body?: string }} */ init = {},
) {
	const { body } = await app.n8nRest(port, cookie, url, init);
	return body.data ?? body;
}

/** Creates and activates the workflow, calls its webhook; its execution and what reached the sandbox. */
async function callThrough(
	/** @type {'v1' | 'v2'} */ engineType,
	/** @type {'paste' | 'login'} */ authentication,
) {
	const workflow = payslipWorkflow(engineType, authentication);
	const created = await rest('/workflows', { method: 'POST', body: JSON.stringify(workflow) });
	await rest(`/workflows/${created.id}/activate`, {
		method: 'POST',
		body: JSON.stringify({ versionId: created.versionId }),
	});
	sandbox.reset();
	const url = `http://127.0.0.1:${port}/webhook/${workflow.nodes[0].parameters.path}`;
	// n8n registers an activated workflow's webhook a moment after it answers: a 404 is waited out.
	const deadline = Date.now() + 60_000;
	let response = await fetch(url);
	while (response.status === 404 && Date.now() < deadline) {
		await new Promise((resolve) => setTimeout(resolve, 500));
		response = await fetch(url);
	}
	expect(response.status).toBe(200);
	// The webhook answers on receipt: the execution's end is waited for in n8n's list.
	const filter = encodeURIComponent(JSON.stringify({ workflowId: created.id }));
	/** @type {any[]} */
	let executions = [];
	while (Date.now() < deadline) {
		const listed = await rest(`/executions?filter=${filter}`);
		executions = listed.results ?? listed;
		if (executions.some((e) => e.status !== 'running' && e.status !== 'new')) break;
		await new Promise((resolve) => setTimeout(resolve, 500));
	}
	const details = executions[0] ? await rest(`/executions/${executions[0].id}`) : undefined;
	await rest(`/workflows/${created.id}/deactivate`, { method: 'POST', body: '{}' });
	return {
		operations: sandbox.requests.map((/** @type {any} */ r) => r.operation),
		executions,
		details,
	};
}

(engineV2Supported ? describe : describe.skip)(
	'Engine 2.0 preview: a pasted User Token runs, Log In does not',
	() => {
		beforeAll(async () => {
			const prepared = await prepareN8n('engine-v2', {
				morePorts: 2,
				beforePorts: (folder) => {
					processes = new Processes(folder);
					return startPostgres(processes, folder);
				},
			});
			({ sandbox, userFolder, port } = prepared);
			const [enginePort, controlPlanePort] = prepared.ports;
			const postgres = prepared.started;
			if (!postgres) throw new Error('Postgres did not start');
			const env = {
				...prepared.env,
				N8N_ENABLED_MODULES: 'engine-v2',
				N8N_ENGINE_DATABASE_URL: `postgres://${postgres.user}@127.0.0.1:${postgres.port}/${postgres.database}`,
				N8N_ENGINE_PORT: String(enginePort),
				N8N_ENGINE_HOST: '127.0.0.1',
				N8N_ENGINE_CONTROL_PLANE_PORT: String(controlPlanePort),
			};
			const credentialFile = path.join(userFolder, 'credentials.json');
			fs.writeFileSync(
				credentialFile,
				JSON.stringify([
					{
						...CREDENTIALS.paste.ref,
						type: CREDENTIALS.paste.type,
						data: sandboxCredentials(sandbox),
					},
					{
						...CREDENTIALS.login.ref,
						type: CREDENTIALS.login.type,
						data: sandboxLoginCredentials(sandbox),
					},
				]),
			);
			const imported = await app.n8nCli(['import:credentials', `--input=${credentialFile}`], env);
			if (imported.status !== 0) throw new Error(`import:credentials failed:\n${imported.stderr}`);
			n8n = app.startN8n(env, ['ignore', 'pipe', 'pipe']);
			n8n.stdout?.on('data', (chunk) => (n8nLog += chunk));
			n8n.stderr?.on('data', (chunk) => (n8nLog += chunk));
			await app.waitForN8n(port, 180_000);
			await app.setUpOwner(port);
			cookie = await app.ownerCookie(port);
		}, 20 * 60_000);

		afterAll(async () => {
			await stopN8n(n8n);
			await processes?.stopAll();
			processes?.dispose();
			await removeN8n({ sandbox, userFolder });
		});

		test('pasted User Token, default engine: the workflow gets the payslip', async () => {
			const { executions, operations } = await callThrough('v1', 'paste');
			expect(executions.map((e) => e.status)).toEqual(['success']);
			expect(operations).toEqual(['getPayslip']);
		}, 120_000);

		test('pasted User Token, Engine 2.0: the same workflow gets the payslip (its type has no expirable field)', async () => {
			const { executions, operations } = await callThrough('v2', 'paste');
			expect(executions.map((e) => e.status)).toEqual(['success']);
			expect(operations).toEqual(['getPayslip']);
		}, 120_000);

		/** The Payslip node's error in the execution's run data. @param {any} details */
		const payslipError = (details) => parse(details.data).resultData.runData.Payslip[0].error;
		// n8n refuses the type before each request, the login's included: the item's message (all
		// that Engine 2.0 keeps of an error) says so and what to do, and nothing is tried again.
		const ENGINE_REFUSAL =
			/n8n refused .*Engine 2\.0 does not support credentials with an expirable property.*default engine.*Business Platform API credential/;

		test('Log In, Engine 2.0, no token stored yet: n8n refuses the login, nothing reaches the platform, the message says why', async () => {
			const { executions, operations, details } = await callThrough('v2', 'login');
			expect(executions.map((e) => e.status)).toEqual(['error']);
			expect(operations).toEqual([]);
			const error = payslipError(details);
			expect(error.message).toMatch(/^Log in failed: n8n refused to run it/);
			expect(error.message).toMatch(ENGINE_REFUSAL);
		}, 120_000);

		test('Log In, default engine: the workflow logs in and creates the skill', async () => {
			const { executions, operations } = await callThrough('v1', 'login');
			expect(executions.map((e) => e.status)).toEqual(['success']);
			expect(operations).toEqual(['login', 'createSkill']);
		}, 120_000);

		test('Log In, Engine 2.0, a token stored: n8n refuses the request, nothing reaches the platform, the message says why', async () => {
			const { executions, operations, details } = await callThrough('v2', 'login');
			expect(executions.map((e) => e.status)).toEqual(['error']);
			expect(operations).toEqual([]);
			const error = payslipError(details);
			expect(error.message).toMatch(/^A Business Log In API credential cannot run here/);
			expect(error.message).toMatch(ENGINE_REFUSAL);
		}, 120_000);
	},
);
