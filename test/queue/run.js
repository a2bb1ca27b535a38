// @ts-check
/**
 * `npm run test:queue`: this package in n8n's queue mode (scaling mode) on one host, on
 * loopback. Starts Redis, Postgres, the sandbox platform, n8n main and two workers (the
 * package installed n8n's way into one shared community-nodes folder), imports the
 * credential and the webhook workflows, and proves:
 *   - the package loads every node and the credential;
 *   (a) 200 webhook-started creates over the workers: none lost, none doubled;
 *   (b) 20 files byte-exact through a webhook and Task -> Update, in the `database` binary
 *       data mode and, after a restart, in `filesystem` mode with one shared storage path;
 *   (c) News Return All over 10,000 items on a worker: every item once, 100 requests;
 *   (d) the news trigger published on main: items added between polls each emitted exactly
 *       once across the stack, the polls run on main only, once per minute;
 *   (e) a Log In credential across token expiries: the workers renew the token, no item
 *       fails, a bounded number of logins, the token stored encrypted (login-renewal.js).
 * Prints the figures and the time of each step; stops every process it started, by pid,
 * also when a step fails (the logs are then kept and their folder printed).
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const app = require('../../scripts/n8n-app');
const { Processes } = require('../../scripts/queue/processes');
const { startRedis, startPostgres } = require('../../scripts/queue/services');
const stack = require('../../scripts/queue/stack');
const { startSandbox } = require('../../sandbox/server');
const checks = require('./checks');
const { checkLoginRenewal, loginCredentialExport } = require('./login-renewal');
const { allWorkflows } = require('./workflows');

/** Queue mode is proven on the 2.x line (1.x lacks the publish command the trigger check uses). */
const N8N_VERSION = app.TESTED_N8N_VERSIONS[0];
const WORKERS = ['worker-1', 'worker-2'];

/** @type {Array<{ step: string, seconds: number, ok: boolean }>} */
const timings = [];
/** @type {Record<string, any>} */
const figures = {};

/**
 * @template T @param {string} name @param {() => Promise<T> | T} body @returns {Promise<T>}
 */
async function step(name, body) {
	const started = Date.now();
	process.stdout.write(`▶ ${name}\n`);
	let ok = false;
	try {
		const result = await body();
		ok = true;
		return result;
	} finally {
		const seconds = (Date.now() - started) / 1000;
		timings.push({ step: name, seconds, ok });
		process.stdout.write(`  ${ok ? '✔' : '✘'} ${seconds.toFixed(1)} s\n`);
	}
}

/** Installs n8n into the install cache when missing (the same install as npm run dev and the e2e tests). */
function ensureN8nInstalled() {
	if (app.N8N_VERSION !== N8N_VERSION) {
		throw new Error(
			`npm run test:queue runs on n8n ${N8N_VERSION}; BP_N8N_VERSION asks for ${app.N8N_VERSION}`,
		);
	}
	app.ensureN8nInstalled();
}

/**
 * Starts main, then the workers, for one binary data mode.
 * @param {Processes} processes @param {import('../../scripts/queue/stack').StackConfig} config
 */
async function startStack(processes, config) {
	const label = config.binaryDataMode;
	const main = await step(`n8n main (${label} binary mode)`, () =>
		stack.startMain(processes, config, label),
	);
	const workers = await step(`n8n workers ×${WORKERS.length} (${label})`, () =>
		Promise.all(WORKERS.map((role) => stack.startWorker(processes, config, label, role))),
	);
	return { main, workers };
}

/** @param {Processes} processes @param {{ main: { started: any }, workers: Array<{ started: any }> }} running */
async function stopStack(processes, running) {
	for (const worker of running.workers) await processes.stop(worker.started);
	await processes.stop(running.main.started);
}

async function main() {
	const runStarted = Date.now();
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-queue-'));
	const logDir = path.join(dir, 'logs');
	fs.mkdirSync(logDir);
	const processes = new Processes(logDir);
	/** @type {any} */
	let sandbox;
	let failed = true;
	try {
		await step(
			`n8n ${N8N_VERSION} in the install cache (installed when missing)`,
			ensureN8nInstalled,
		);
		await step('build the package', () => app.buildPackage());
		const nodesDir = path.join(dir, 'community-nodes');
		fs.mkdirSync(nodesDir);
		figures.installed = await step(
			"install the package n8n's way into an empty community-nodes folder",
			() => stack.installPackageLikeN8n(nodesDir),
		);
		const redis = await step('start Redis', () => startRedis(processes, dir));
		const postgres = await step('start Postgres', () => startPostgres(processes, dir));
		figures.versions = {
			n8n: N8N_VERSION,
			postgres: postgres.query('SHOW server_version'),
			redis: redis.version,
		};
		sandbox = await step('start the sandbox platform', () => startSandbox({ port: 0 }));

		const config = stack.stackConfig({ dir, nodesDir, redis, postgres });
		let running = await startStack(processes, config);
		const baseUrl = running.main.baseUrl;
		const context = () => ({
			baseUrl: running.main.baseUrl,
			sandbox,
			query: postgres.query,
			workers: running.workers,
		});

		figures.webhooksRegistered = await step(
			'owner, credential and workflows (activated)',
			async () => {
				await app.setUpOwner(running.main.port);
				return stack.importActiveWorkflows(
					running.main.env,
					sandbox,
					dir,
					postgres.query,
					allWorkflows(),
					[loginCredentialExport(sandbox)],
				);
			},
		);
		const session = await stack.ownerSession(baseUrl);
		figures.packageLoads = await step('package loads every node and the credential', () =>
			checks.checkPackageLoads(session, nodesDir),
		);
		figures.transfers = await step('(a) 200 webhook creates, 20 in parallel', () =>
			checks.checkTransfers(context()),
		);
		figures.filesDatabase = await step('(b) 20 files, database binary mode', () =>
			checks.checkFiles(context(), 'database'),
		);
		figures.news = await step('(c) news Return All, 10,000 items', () =>
			checks.checkNews(context()),
		);
		figures.newsTrigger = await step('(d) news trigger across the stack (one to two polls)', () =>
			checks.checkNewsTrigger({ ...context(), session, main: running.main }),
		);

		figures.loginRenewal = await step(
			'(e) Log In credential across token expiries, 30 calls of 10 creates',
			() => checkLoginRenewal({ ...context(), dir, main: running.main }),
		);

		await step('stop main and workers', () => stopStack(processes, running));
		config.binaryDataMode = 'filesystem';
		config.storagePath = path.join(dir, 'shared-storage');
		running = await startStack(processes, config);
		figures.filesFilesystem = await step(
			'(b) 20 files, filesystem binary mode, one shared storage path',
			() => checks.checkFiles(context(), 'filesystem', config.storagePath),
		);
		failed = false;
	} catch (error) {
		process.stderr.write(`\nFAILED: ${/** @type {Error} */ (error).stack}\n`);
	} finally {
		await step('stop every process', async () => {
			await sandbox?.close();
			await processes.stopAll();
			processes.dispose();
		});
		if (failed) process.stderr.write(`Logs kept in ${logDir}\n`);
		else fs.rmSync(dir, { recursive: true, force: true });
	}

	process.stdout.write(`\nFigures:\n${JSON.stringify(figures, null, 2)}\n\nStep times:\n`);
	for (const t of timings)
		process.stdout.write(
			`  ${t.ok ? '✔' : '✘'} ${t.seconds.toFixed(1).padStart(6)} s  ${t.step}\n`,
		);
	process.stdout.write(
		`  total ${((Date.now() - runStarted) / 1000).toFixed(1)} s: ${failed ? 'FAILED' : 'passed'}\n`,
	);
	process.exitCode = failed ? 1 : 0;
}

main();
