#!/usr/bin/env node
// @ts-check
/**
 * `npm run dev`: a real n8n with this package loaded as a community package, talking to the
 * bundled sandbox platform, with a credential and the example workflows imported.
 * Ctrl-C stops everything it started.
 *
 * Ports: N8N_PORT (default 5678) for the editor, BP_SANDBOX_PORT (default 5680) for the
 * sandbox, and n8n's task broker on N8N_RUNNERS_BROKER_PORT or else a free port picked here, so
 * it never collides with the other two. n8n's log goes to a file (its path is printed); when
 * n8n or the sandbox stops on its own, or an import fails, the reason is printed with n8n's
 * last log lines and the exit code is non-zero.
 */
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');

const app = require('./n8n-app');
const { startSandbox } = require('../sandbox/server');
const { sandboxLoginCredentials, sandboxSummary } = require('../sandbox/credentials');

/** What to stop when the command fails. @type {(() => void)[]} */
const cleanups = [];

const N8N_PORT = portFrom('N8N_PORT', 5678);
const SANDBOX_PORT = portFrom('BP_SANDBOX_PORT', 5680);
/** One n8n database per version: a 1.x n8n cannot open a database that 2.x has migrated. */
const USER_FOLDER =
	process.env.BP_DEV_FOLDER ??
	path.join(
		app.CACHE,
		app.N8N_VERSION === app.TESTED_N8N_VERSIONS[0] ? 'dev-n8n' : `dev-n8n-${app.N8N_VERSION}`,
	);
const N8N_LOG = path.join(USER_FOLDER, 'n8n.log');
/** The second credential: the same keys, its User Token got by logging in at the sandbox. */
const LOGIN_CREDENTIAL = {
	id: 'bpSandboxLoginCredential',
	name: 'Business Platform (sandbox, Log In)',
};
/** How long the sandbox's login tokens live in `npm run dev`: long enough to try, short enough to see a renewal. */
const DEV_TOKEN_LIFETIME_MS = 5 * 60_000;
/** How many of n8n's last output lines are kept to explain an exit. */
const LAST_LINES = 40;

/**
 * A port from an environment variable, or the fallback when it is unset.
 * @template {number | undefined} T
 * @param {string} name @param {T} fallback @returns {number | T}
 */
function portFrom(name, fallback) {
	const value = process.env[name];
	if (value === undefined || value === '') return fallback;
	const port = Number(value);
	if (!Number.isInteger(port) || port < 1 || port > 65535)
		fail(`${name} must be a port number (1-65535), got "${value}".`);
	return port;
}

/** Prints why the command stops, stops what it started, and exits non-zero. @param {string} message @returns {never} */
function fail(message) {
	console.error(`\nnpm run dev stopped: ${message}`);
	for (const cleanup of cleanups.splice(0)) cleanup();
	process.exit(1);
}

/**
 * Refuses a port something already listens on, before minutes of imports: otherwise the
 * readiness check could even be answered by the other program.
 * @param {number} port @param {string} what
 */
async function assertPortFree(port, what) {
	const error = await new Promise((resolve) => {
		const probe = net.createServer();
		probe.once('error', resolve);
		probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(undefined)));
	});
	if (error)
		fail(
			`port ${port} (${what}) is already in use (${/** @type {NodeJS.ErrnoException} */ (error).code}). Choose another with ${what}=<port>.`,
		);
}

/** The last lines n8n printed, kept to explain its exit. */
class LastLines {
	constructor() {
		/** @type {string[]} */ this.lines = [];
		this.partial = '';
	}
	/** @param {Buffer} chunk */
	push(chunk) {
		const parts = (this.partial + chunk.toString('utf8')).split('\n');
		this.partial = parts.pop() ?? '';
		this.lines.push(...parts.filter((line) => line.trim() !== ''));
		if (this.lines.length > LAST_LINES) this.lines.splice(0, this.lines.length - LAST_LINES);
	}
	toString() {
		return [...this.lines, this.partial].filter((line) => line.trim() !== '').join('\n');
	}
}

async function main() {
	await assertPortFree(N8N_PORT, 'N8N_PORT');
	const brokerPort = portFrom('N8N_RUNNERS_BROKER_PORT', undefined) ?? (await app.freePorts(1))[0];

	app.ensureN8nInstalled();
	console.log('Building the package ...');
	app.buildPackage();

	const sandbox = await startSandbox({ port: SANDBOX_PORT, quiet: false }).catch(
		(/** @type {NodeJS.ErrnoException} */ error) =>
			fail(
				error.code === 'EADDRINUSE'
					? `port ${SANDBOX_PORT} (BP_SANDBOX_PORT) is already in use. Choose another with BP_SANDBOX_PORT=<port>.`
					: `the sandbox platform did not start: ${error.message}`,
			),
	);
	let stopping = false;
	cleanups.push(() => void sandbox.close());
	sandbox.server.on('close', () => stopping || fail('the sandbox platform stopped.'));
	sandbox.server.on('error', (error) => fail(`the sandbox platform failed: ${error.message}`));
	console.log(`Sandbox platform listening on ${sandbox.url}`);

	fs.mkdirSync(USER_FOLDER, { recursive: true });
	app.installPackageInto(USER_FOLDER);
	// n8n logs at info into its log file, where the reason for an exit can be found.
	const env = {
		...app.n8nEnv(USER_FOLDER, N8N_PORT, brokerPort),
		N8N_LOG_LEVEL: process.env.N8N_LOG_LEVEL ?? 'info',
	};
	const examples = fs
		.readdirSync(path.join(app.ROOT, 'examples'))
		.filter((file) => file.endsWith('.json'))
		.map((file) => path.join(app.ROOT, 'examples', file));
	console.log(
		`Importing the sandbox credential and ${examples.length} example workflows into n8n ${app.N8N_VERSION} ...`,
	);
	await app
		.importIntoN8n(env, sandbox, examples)
		.catch((/** @type {Error} */ error) => fail(error.message));
	await importLoginCredential(env, sandbox).catch((/** @type {Error} */ error) =>
		fail(error.message),
	);
	sandbox.userTokens.configure({ lifetimeMs: DEV_TOKEN_LIFETIME_MS });

	const log = fs.createWriteStream(N8N_LOG);
	const last = new LastLines();
	const n8n = app.startN8n(env, ['ignore', 'pipe', 'pipe']);
	for (const stream of [n8n.stdout, n8n.stderr]) {
		stream?.on('data', (/** @type {Buffer} */ chunk) => {
			log.write(chunk);
			last.push(chunk);
		});
	}
	cleanups.push(() => n8n.kill('SIGTERM'));
	const n8nExited = new Promise((resolve) => n8n.once('exit', resolve));
	n8n.on('error', (error) => fail(`n8n did not start: ${error.message}`));
	n8n.on('exit', (code, signal) => {
		if (stopping) {
			void sandbox.close();
			process.exit(0);
		}
		fail(
			`n8n exited (${signal ?? `code ${code}`}). Its last log lines:\n\n${last}\n\nFull log: ${N8N_LOG}`,
		);
	});
	const stop = () => {
		stopping = true;
		n8n.kill('SIGTERM');
	};
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);

	console.log(`Starting n8n (log: ${N8N_LOG}) ...`);
	await app
		.waitForN8n(N8N_PORT, 180_000)
		.catch((/** @type {Error} */ error) =>
			fail(`${error.message}. n8n's last log lines:\n\n${last}\n\nFull log: ${N8N_LOG}`),
		);
	await app.setUpOwner(N8N_PORT).catch(async (/** @type {Error} */ error) => {
		// n8n can answer and then stop (seen on a loaded machine when its task broker's port was
		// taken): its exit, with n8n's own reason, is then what to report (the exit handler).
		await Promise.race([n8nExited, new Promise((resolve) => setTimeout(resolve, 60_000))]);
		fail(`${error.message}. n8n's last log lines:\n\n${last}\n\nFull log: ${N8N_LOG}`);
	});
	console.log(`
n8n ${app.N8N_VERSION} is running with ${app.PACKAGE_NAME} loaded.

  Editor:   http://localhost:${N8N_PORT}
  Log in:   ${app.OWNER.email} / ${app.OWNER.password}
  Sandbox:  ${sandbox.url} (credentials "${app.CREDENTIAL_NAME}", a pasted user token,
            and "${LOGIN_CREDENTIAL.name}", which logs in; the sandbox's login
            tokens expire after ${DEV_TOKEN_LIFETIME_MS / 60_000} minutes, and that credential renews them)
  Ports:    n8n ${N8N_PORT}, sandbox ${sandbox.port}, n8n's task broker ${brokerPort}
  n8n log:  ${N8N_LOG}

The sandbox's demo values, for a credential of your own (none is a real secret):

${sandboxSummary(sandbox)
	.map((line) => (line ? `  ${line}` : line))
	.join('\n')}

To see a run pause for the platform's rate limit: start a second sandbox that takes one request
every 5 seconds, \`npm run sandbox -- --port ${SANDBOX_PORT + 1} --rate 0.2 --burst 1\`, set the HR Base URL
of "${app.CREDENTIAL_NAME}" to its hr URL, and run the payslip example twice in a row
(README.md, Quick start).

Press Ctrl-C to stop n8n and the sandbox.`);
}

/**
 * Imports a Log In credential (businessPlatformLogInApi), beside the one importIntoN8n
 * imports (a pasted token): both ways of getting the user token are there to try.
 * @param {NodeJS.ProcessEnv} env @param {any} sandbox
 */
async function importLoginCredential(env, sandbox) {
	const scratch = fs.mkdtempSync(path.join(String(env.N8N_USER_FOLDER), 'import-'));
	const file = path.join(scratch, 'login-credential.json');
	fs.writeFileSync(
		file,
		JSON.stringify([
			{
				...LOGIN_CREDENTIAL,
				type: 'businessPlatformLogInApi',
				data: sandboxLoginCredentials(sandbox),
			},
		]),
	);
	const imported = await app.n8nCli(['import:credentials', `--input=${file}`], env);
	fs.rmSync(scratch, { recursive: true, force: true });
	if (imported.status !== 0)
		throw new Error(`n8n import:credentials failed (exit ${imported.status}):\n${imported.stderr}`);
}

// What it sets up, for the README's quick start and its test (test/readme.test.js).
module.exports = { LOGIN_CREDENTIAL, DEV_TOKEN_LIFETIME_MS, N8N_PORT };

if (require.main === module)
	main().catch((error) => fail(error instanceof Error ? error.message : String(error)));
