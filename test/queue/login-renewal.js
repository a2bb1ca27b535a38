// @ts-check
/**
 * (e) The User Token by login across the workers: a Log In credential
 * (businessPlatformLogInApi, imported with no token stored) and a webhook workflow creating skills with it
 * (each create sends the user token), called again and again while the sandbox expires each
 * token after a few uses. Proves:
 *   - no item fails: every call answers with all its skills, every execution in Postgres
 *     succeeded, each skill is created once (the creates an expiry refused too);
 *   - the token is renewed by the workers and kept with the credential: the logins come from
 *     the workers (the kernel's socket table names the sender), at most one per expired token
 *     an execution held (plus the first login), and a token one execution got is used by
 *     later ones;
 *   - n8n keeps the token encrypted in Postgres: the credential's row holds neither the
 *     token nor the password, while `n8n export:credentials --decrypted` reads the token back.
 */
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');

const app = require('../../scripts/n8n-app');
const { executionsFinishedBy } = require('../../scripts/queue/stack');
const { requestSender } = require('../../scripts/queue/sockets');
const { sandboxLoginCredentials } = require('../../sandbox/credentials');
const { jsonOf, executionsOf, pool } = require('./helpers');
const { LOGIN_SKILLS, LOGIN_CREDENTIAL } = require('./workflows');

const CALLS = 30;
const CALLS_IN_PARALLEL = 2;
const ITEMS_PER_CALL = 10;
/** A token is refused after this many accepted requests: about ten expiries in the run. */
const TOKEN_USES = 30;
const TYPE_PREFIX = 'queue-login-';

/**
 * The Log In credential as `n8n import:credentials` takes it.
 * @param {import('../../sandbox/server').Sandbox} sandbox
 */
function loginCredentialExport(sandbox) {
	return {
		...LOGIN_CREDENTIAL,
		type: 'businessPlatformLogInApi',
		data: sandboxLoginCredentials(sandbox),
	};
}

/** The execution that sent a create: its skill type is `<prefix><call>-<item>-<execution id>`. @param {any} request */
const executionOf = (request) => String(String(request.body.value.type).split('-').pop());

/**
 * @param {{ baseUrl: string, sandbox: import('../../sandbox/server').Sandbox, query: (sql: string) => string, dir: string,
 *   main: { env: NodeJS.ProcessEnv, started: { pid: number } },
 *   workers: Array<{ role: string, started: { pid: number, logFile: string } }> }} stack
 */
async function checkLoginRenewal({ baseUrl, sandbox, query, dir, main, workers }) {
	sandbox.userTokens.configure({ maxUses: TOKEN_USES });
	const groups = {
		main: main.started.pid,
		...Object.fromEntries(workers.map((w) => [w.role, w.started.pid])),
	};
	/** @type {string[]} the sender of each login request */
	const loginSenders = [];
	const onRequest = (/** @type {import('node:http').IncomingMessage} */ req) => {
		if (!new URL(req.url ?? '/', sandbox.url).pathname.endsWith('/api/login')) return;
		loginSenders.push(requestSender(Number(req.socket.remotePort), sandbox.port, groups));
	};
	sandbox.server.on('request', onRequest);
	const before = sandbox.requests.length;
	const loginsBefore = sandbox.userTokens.logins;
	const started = Date.now();
	let answers;
	try {
		answers = await pool(CALLS, CALLS_IN_PARALLEL, async (call) => {
			const types = Array.from({ length: ITEMS_PER_CALL }, (_, i) => `${TYPE_PREFIX}${call}-${i}`);
			const response = await fetch(`${baseUrl}/webhook/${LOGIN_SKILLS.path}`, {
				method: 'POST',
				headers: { 'Content-Type': 'application/json' },
				body: JSON.stringify({ types }),
			});
			return { types, items: /** @type {any[]} */ (await jsonOf(response, `login call ${call}`)) };
		});
	} finally {
		sandbox.server.off('request', onRequest);
		sandbox.userTokens.configure({ maxUses: Infinity });
	}
	const seconds = (Date.now() - started) / 1000;

	// No failed item: every call's answer, every execution, every skill once.
	answers.forEach(({ types, items }, call) => {
		assert.equal(items.length, ITEMS_PER_CALL, `call ${call} answered ${items.length} items`);
		assert.deepEqual(
			items.map((item) => String(item.type).replace(/-\d+$/, '')).sort(),
			[...types].sort(),
			`call ${call} answered other skills: ${JSON.stringify(items).slice(0, 500)}`,
		);
	});
	const executions = executionsOf(query, LOGIN_SKILLS.id);
	assert.equal(executions.length, CALLS, `login executions in Postgres: ${executions.length}`);
	const failed = executions.filter((e) => e.status !== 'success');
	assert.deepEqual(failed, [], 'executions with the Log In credential that did not succeed');
	const created = sandbox.state.acme.skills.filter((s) => String(s.type).startsWith(TYPE_PREFIX));
	assert.equal(created.length, CALLS * ITEMS_PER_CALL, `skills created: ${created.length}`);
	assert.equal(
		new Set(created.map((s) => s.type)).size,
		CALLS * ITEMS_PER_CALL,
		'a skill was created twice',
	);

	const requests = sandbox.requests.slice(before);
	const creates = requests.filter((r) => r.operation === 'createSkill');
	const accepted = creates.filter((r) => r.status === 200);
	const refused = creates.filter((r) => r.status === 401);
	assert.equal(
		creates.length,
		accepted.length + refused.length,
		`creates answered neither 200 nor 401: ${JSON.stringify(creates.filter((r) => r.status !== 200 && r.status !== 401).map((r) => r.status))}`,
	);
	// Each create an expiry refused was carried out once, when sent again.
	for (const request of refused) {
		const type = request.body.value.type;
		const done = accepted.filter((r) => r.body.value.type === type);
		assert.equal(done.length, 1, `refused create ${type} carried out ${done.length} times`);
	}
	const expiredTokens = new Set(refused.map((r) => r.headers.user_token));
	assert.ok(expiredTokens.size >= 3, `only ${expiredTokens.size} token expiries crossed`);

	// Logins: from the workers only; at most one per expired token an execution held, plus one
	// per execution that started before any token was stored (the first calls in parallel).
	const logins = requests.filter((r) => r.operation === 'login');
	assert.ok(
		logins.every((r) => r.status === 200),
		'a login was refused',
	);
	assert.equal(sandbox.userTokens.logins - loginsBefore, logins.length, 'tokens issued vs logins');
	/** @type {Map<string, Set<string>>} expired tokens each execution was refused for */
	const expiredPerExecution = new Map();
	for (const request of refused) {
		const execution = executionOf(request);
		expiredPerExecution.set(
			execution,
			(expiredPerExecution.get(execution) ?? new Set()).add(request.headers.user_token),
		);
	}
	const expiriesHeld = [...expiredPerExecution.values()].reduce((sum, t) => sum + t.size, 0);
	const loginBound = CALLS_IN_PARALLEL + expiriesHeld;
	assert.ok(
		logins.length <= loginBound,
		`${logins.length} logins for ${expiriesHeld} expired tokens held by executions (+${CALLS_IN_PARALLEL} first logins)`,
	);
	/** @type {Record<string, number>} */
	const loginsBy = {};
	for (const sender of loginSenders) loginsBy[sender] = (loginsBy[sender] ?? 0) + 1;
	assert.equal(loginSenders.length, logins.length, 'login requests seen vs logged');
	const workerRoles = workers.map((w) => w.role);
	assert.ok(
		loginSenders.every((sender) => workerRoles.includes(sender)),
		`logins not sent by a worker: ${JSON.stringify(loginsBy)}`,
	);
	// The stored token serves later executions: a token accepted for more than one execution.
	/** @type {Map<string, Set<string>>} */
	const executionsPerToken = new Map();
	for (const request of accepted) {
		const token = request.headers.user_token;
		executionsPerToken.set(
			token,
			(executionsPerToken.get(token) ?? new Set()).add(executionOf(request)),
		);
	}
	const sharedTokens = [...executionsPerToken.values()].filter((ids) => ids.size > 1).length;
	assert.ok(sharedTokens > 0, 'no token served more than one execution: none was reused');
	/** Per worker: executions it ran, logins it sent, distinct expired tokens its executions met. */
	const ids = new Set(executions.map((e) => e.id));
	/** @type {Record<string, { executions: number, logins: number, expiredTokensMet: number }>} */
	const perWorker = {};
	for (const worker of workers) {
		const mine = new Set(executionsFinishedBy(worker.started.logFile).filter((id) => ids.has(id)));
		const met = new Set(
			refused.filter((r) => mine.has(executionOf(r))).map((r) => r.headers.user_token),
		);
		perWorker[worker.role] = {
			executions: mine.size,
			logins: loginsBy[worker.role] ?? 0,
			expiredTokensMet: met.size,
		};
	}

	const stored = await storedToken(query, dir, main.env, [
		sandbox.credentials.loginPassword,
		...executionsPerToken.keys(),
		...expiredTokens,
	]);
	assert.ok(
		executionsPerToken.has(stored.token),
		'the token n8n stored is not one the platform accepted in the run',
	);

	return {
		calls: CALLS,
		parallel: CALLS_IN_PARALLEL,
		itemsPerCall: ITEMS_PER_CALL,
		tokenUses: TOKEN_USES,
		failedItems: 0,
		expiredTokens: expiredTokens.size,
		expiredTokensHeldByExecutions: expiriesHeld,
		refusedCreates: refused.length,
		logins: logins.length,
		loginBound,
		perWorker,
		tokensServingSeveralExecutions: sharedTokens,
		storedTokenEncrypted: { rowCharacters: stored.rowCharacters, decryptedByN8n: true },
		seconds,
	};
}

/**
 * The credential's row in Postgres holds neither the token nor the password (n8n encrypts
 * the whole data), while n8n's own export decrypts the token it stored.
 * @param {(sql: string) => string} query @param {string} dir @param {NodeJS.ProcessEnv} env main's
 * @param {string[]} secrets the password and every token the run saw
 */
async function storedToken(query, dir, env, secrets) {
	const raw = query(`SELECT data FROM credentials_entity WHERE id = '${LOGIN_CREDENTIAL.id}'`);
	assert.ok(raw.length > 0, 'the Log In credential is not in Postgres');
	const inPlainText = secrets.filter((secret) => raw.includes(secret));
	assert.equal(
		inPlainText.length,
		0,
		'the credential row holds a token or the password in plain text',
	);
	assert.ok(!raw.includes('sbx_login_'), 'the credential row holds a login token in plain text');
	const file = path.join(dir, 'login-credential-export.json');
	const exported = await app.n8nCli(
		['export:credentials', `--id=${LOGIN_CREDENTIAL.id}`, '--decrypted', `--output=${file}`],
		env,
	);
	if (exported.status !== 0) throw new Error(`n8n export:credentials failed:\n${exported.stderr}`);
	const [credential] = JSON.parse(fs.readFileSync(file, 'utf8'));
	fs.rmSync(file, { force: true });
	return { token: String(credential.data.loginToken ?? ''), rowCharacters: raw.length };
}

module.exports = { checkLoginRenewal, loginCredentialExport };
