// @ts-check
/**
 * The User Token by login in the real n8n app: a Log In credential (businessPlatformLogInApi,
 * the nodes' Authentication "Log In") is imported, a workflow creating skills runs again and again with `n8n execute` (each run
 * its own execution, as scheduled runs are) while the sandbox expires the token after a few
 * uses: no run fails, n8n stores each new token with the credential and the next execution
 * reuses it. Then `n8n start` and the credential's Test through n8n's REST API, as the
 * editor's Test button calls it: it logs in, then lists news; a wrong password names the step
 * and the fields.
 */
const fs = require('node:fs');
const path = require('node:path');

const app = require('../../scripts/n8n-app');
const { prepareN8n, removeN8n } = require('./n8nSuite');
const { LOGIN_SKILL_CREATE } = require('../queue/workflows');
const { sandboxLoginCredentials } = require('../../sandbox/credentials');

const CREDENTIAL = { id: 'bpE2eLoginCredential', name: 'Business Platform (sandbox, Log In)' };
const WORKFLOW_ID = 'bpE2eLoginSkills';
const ITEMS = 5;

/** @type {any} */
let sandbox;
/** @type {NodeJS.ProcessEnv} */
let env;
/** @type {string} */
let userFolder;
/** @type {number} */
let port;

/** A manual trigger, ITEMS skill types named by the execution (Set, Split Out), Skill -> Create for each. */
function skillsWorkflow(
	trigger = { type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, parameters: {} },
) {
	const nodes = [
		{
			id: 'start',
			name: 'Start',
			position: [0, 0],
			...trigger,
		},
		{
			id: 'list',
			name: 'List',
			type: 'n8n-nodes-base.set',
			typeVersion: 3.4,
			position: [100, 0],
			parameters: {
				mode: 'raw',
				jsonOutput: `={{ { types: Array.from({ length: ${ITEMS} }, (_, i) => 'e2e-' + $execution.id + '-' + i) } }}`,
			},
		},
		{
			id: 'items',
			name: 'Items',
			type: 'n8n-nodes-base.splitOut',
			typeVersion: 1,
			position: [200, 0],
			parameters: { fieldToSplitOut: 'types', include: 'noOtherFields' },
		},
		{
			id: 'skills',
			name: 'Create Skills',
			type: `${app.PACKAGE_NAME}.businessPlatformHr`,
			typeVersion: 1,
			position: [400, 0],
			parameters: { ...LOGIN_SKILL_CREATE, options: { retryDelay: 10 } },
			credentials: { businessPlatformLogInApi: CREDENTIAL },
		},
	];
	return {
		id: WORKFLOW_ID,
		name: 'E2E skills with a logging-in credential',
		active: false,
		settings: { executionOrder: 'v1' },
		nodes,
		connections: {
			Start: { main: [[{ node: 'List', type: 'main', index: 0 }]] },
			List: { main: [[{ node: 'Items', type: 'main', index: 0 }]] },
			Items: { main: [[{ node: 'Create Skills', type: 'main', index: 0 }]] },
		},
	};
}

beforeAll(async () => {
	const prepared = await prepareN8n('login');
	({ sandbox, userFolder, port } = prepared);
	// n8n execute prints the run data at level info.
	env = { ...prepared.env, N8N_LOG_LEVEL: 'info' };
	const credentialFile = path.join(userFolder, 'login-credential.json');
	fs.writeFileSync(
		credentialFile,
		JSON.stringify([
			{ ...CREDENTIAL, type: 'businessPlatformLogInApi', data: sandboxLoginCredentials(sandbox) },
		]),
	);
	const imported = await app.n8nCli(['import:credentials', `--input=${credentialFile}`], env);
	if (imported.status !== 0) throw new Error(`import:credentials failed:\n${imported.stderr}`);
	const workflowFile = path.join(userFolder, 'login-workflow.json');
	fs.writeFileSync(workflowFile, JSON.stringify(skillsWorkflow()));
	const workflow = await app.n8nCli(['import:workflow', `--input=${workflowFile}`], env);
	if (workflow.status !== 0) throw new Error(`import:workflow failed:\n${workflow.stderr}`);
}, 20 * 60_000);

afterAll(() => removeN8n({ sandbox, userFolder }));

/** Runs the workflow once with `n8n execute`; its output and the sandbox's requests meanwhile. */
async function execute() {
	const before = sandbox.requests.length;
	const result = await app.n8nCli(['execute', `--id=${WORKFLOW_ID}`, '--rawOutput'], env);
	const run = app.executionResultOf(result.stdout);
	if (!run || !app.executionSucceeded(run)) {
		throw new Error(`n8n execute failed:\n${result.stdout}\n${result.stderr}`);
	}
	const output = (run.data.resultData.runData['Create Skills']?.[0]?.data?.main?.[0] ?? []).map(
		(/** @type {any} */ item) => item.json,
	);
	const requests = sandbox.requests.slice(before);
	return {
		output,
		logins: requests.filter((/** @type {any} */ r) => r.operation === 'login'),
		creates: requests.filter((/** @type {any} */ r) => r.operation === 'createSkill'),
	};
}

test(
	'executions run across token expiries with no failed run: one login per expiry, the token stored and reused',
	async () => {
		// Each token takes 2 * ITEMS requests: every second execution finds it expired.
		sandbox.userTokens.configure({ maxUses: 2 * ITEMS });
		const runs = [];
		for (let i = 0; i < 5; i++) runs.push(await execute());

		for (const run of runs) {
			expect(run.output).toHaveLength(ITEMS);
			for (const item of run.output) expect(item).toMatchObject({ business_id: 101 });
			expect(run.creates.filter((/** @type {any} */ r) => r.status === 200)).toHaveLength(ITEMS);
		}
		// Run 1 logs in (nothing stored), run 2 reuses the stored token, run 3 finds it expired
		// and logs in once, run 4 reuses that one, run 5 renews again.
		expect(runs.map((run) => run.logins.length)).toEqual([1, 0, 1, 0, 1]);
		const tokenOf = (/** @type {any} */ run) => [
			...new Set(
				run.creates
					.filter((/** @type {any} */ r) => r.status === 200)
					.map((/** @type {any} */ r) => r.headers.user_token),
			),
		];
		expect(tokenOf(runs[1])).toEqual(tokenOf(runs[0]));
		expect(tokenOf(runs[3])).toEqual(tokenOf(runs[2]));
		expect(tokenOf(runs[2])).not.toEqual(tokenOf(runs[1]));
		// Each create the expiry refused was carried out once, when sent again.
		const created = sandbox.state.acme.skills.filter((/** @type {any} */ s) =>
			String(s.type).startsWith('e2e-'),
		);
		expect(created).toHaveLength(5 * ITEMS);
		expect(new Set(created.map((/** @type {any} */ s) => s.type)).size).toBe(5 * ITEMS);
	},
	10 * 60_000,
);

describe("n8n start: the credential's Test (REST API, as the editor's Test button), a scheduled workflow", () => {
	/** @type {import('node:child_process').ChildProcess | undefined} */
	let n8n;
	/** @type {string} */
	let cookie = '';

	beforeAll(async () => {
		n8n = app.startN8n(env, ['ignore', 'ignore', 'ignore']);
		await app.waitForN8n(port, 180_000);
		await app.setUpOwner(port);
		cookie = await app.ownerCookie(port);
	}, 5 * 60_000);

	afterAll(() => {
		n8n?.kill('SIGTERM');
	});

	/** @param {Record<string, any>} data */
	async function testCredential(data) {
		const response = await fetch(`http://127.0.0.1:${port}/rest/credentials/test`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', cookie },
			body: JSON.stringify({
				credentials: { ...CREDENTIAL, type: 'businessPlatformLogInApi', data },
			}),
		});
		expect(response.status).toBe(200);
		return (await response.json()).data;
	}

	// n8n 2.41.1 runs preAuthentication in a Test only when no token is stored (its check for a
	// test run does not match the node its tester builds): a new credential, as here.
	test('with Log In and no token stored yet, Test logs in, then lists news', async () => {
		sandbox.reset();
		const result = await testCredential(sandboxLoginCredentials(sandbox));
		expect(result).toMatchObject({ status: 'OK' });
		const operations = sandbox.requests.map((/** @type {any} */ r) => r.operation);
		expect(operations).toEqual(['login', 'listNews']);
		expect(sandbox.userTokens.logins).toBe(1);
	});

	test('a token stored and the Login Password changed to a wrong one: the Test logs in with it and says the login failed (issue 43 item 7)', async () => {
		sandbox.reset();
		const result = await testCredential(
			sandboxLoginCredentials(sandbox, {
				loginPassword: 'wrong-password-78',
				loginToken: sandbox.userTokens.issue(),
				loginTokenFor: 'stored with the old password',
			}),
		);
		expect(result.status).toBe('Error');
		expect(result.message).toContain('Log in failed: the platform refused the login');
		expect(result.message).not.toContain('wrong-password-78');
		expect(sandbox.requests.map((/** @type {any} */ r) => r.operation)).toEqual(['login']);
	});

	test('a token stored: the Test still logs in, then lists news (issue 43 item 7)', async () => {
		sandbox.reset();
		const result = await testCredential(
			sandboxLoginCredentials(sandbox, { loginToken: sandbox.userTokens.issue() }),
		);
		expect(result).toMatchObject({ status: 'OK' });
		expect(sandbox.requests.map((/** @type {any} */ r) => r.operation)).toEqual([
			'login',
			'listNews',
		]);
	});

	test('a wrong password: the Test says the login failed and names the fields to check', async () => {
		sandbox.reset();
		const result = await testCredential(
			sandboxLoginCredentials(sandbox, { loginPassword: 'wrong-password-77', loginToken: '' }),
		);
		expect(result.status).toBe('Error');
		expect(result.message).toContain('Log in failed: the platform refused the login');
		expect(result.message).toContain('"Login Identifier" and "Login Password"');
		expect(result.message).not.toContain('wrong-password-77');
		expect(sandbox.requests.map((/** @type {any} */ r) => r.operation)).toEqual(['login']);
	});

	test(
		'a scheduled workflow runs across token expiries with no failed execution',
		async () => {
			sandbox.reset();
			sandbox.userTokens.configure({ maxUses: 2 * ITEMS });
			/** @param {string} url @param {{ method?: string, body?: string }} [init] */
			const rest = async (url, init = {}) => {
				const { body } = await app.n8nRest(port, cookie, url, init);
				return body.data ?? body;
			};
			const { id: _manual, ...scheduled } = skillsWorkflow({
				type: 'n8n-nodes-base.scheduleTrigger',
				typeVersion: 1.2,
				parameters: { rule: { interval: [{ field: 'seconds', secondsInterval: 2 }] } },
			});
			const created = await rest('/workflows', {
				method: 'POST',
				body: JSON.stringify({ ...scheduled, name: 'E2E scheduled skills with Log In' }),
			});
			await rest(`/workflows/${created.id}/activate`, {
				method: 'POST',
				body: JSON.stringify({ versionId: created.versionId }),
			});
			/** Created skills per execution id. */
			const byExecution = () => {
				/** @type {Map<string, string[]>} */
				const runs = new Map();
				for (const skill of sandbox.state.acme.skills) {
					const match = /^e2e-(\d+)-\d+$/.exec(String(skill.type));
					if (match) runs.set(match[1], [...(runs.get(match[1]) ?? []), skill.type]);
				}
				return runs;
			};
			const deadline = Date.now() + 180_000;
			while (byExecution().size < 6 && Date.now() < deadline)
				await new Promise((resolve) => setTimeout(resolve, 500));
			await rest(`/workflows/${created.id}/deactivate`, { method: 'POST', body: '{}' });
			// Let an execution under way finish.
			await new Promise((resolve) => setTimeout(resolve, 5000));

			const runs = byExecution();
			expect(runs.size).toBeGreaterThanOrEqual(6);
			for (const types of runs.values()) {
				expect(types).toHaveLength(ITEMS);
				expect(new Set(types).size).toBe(ITEMS);
			}
			const requests = sandbox.requests.filter(
				(/** @type {any} */ r) => r.operation === 'createSkill',
			);
			const refused = requests.filter((/** @type {any} */ r) => r.status === 401);
			expect(refused.length).toBeGreaterThan(0);
			// Every create the expiry refused was carried out when sent again.
			for (const request of refused) {
				const type = request.body.value.type;
				expect(
					requests.filter((/** @type {any} */ r) => r.status === 200 && r.body.value.type === type),
				).toHaveLength(1);
			}
			// One login per expiry: a token serves two executions.
			const logins = sandbox.requests.filter((/** @type {any} */ r) => r.operation === 'login');
			expect(logins.length).toBeLessThanOrEqual(Math.ceil(runs.size / 2) + 1);
			const executions = await rest(
				`/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId: created.id }))}`,
			);
			const results = executions.results ?? executions;
			expect(results.length).toBeGreaterThanOrEqual(runs.size);
			expect(results.filter((/** @type {any} */ e) => e.status !== 'success')).toEqual([]);
		},
		5 * 60_000,
	);
});
