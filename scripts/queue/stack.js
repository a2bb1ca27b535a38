// @ts-check
/**
 * n8n 2.x in queue mode on one host: a main process (webhooks, triggers, the REST API; it
 * runs the database migrations, so it starts first) and workers that take executions from
 * the Redis queue. Every process has its own user folder and task-broker port, the same
 * encryption key, and its `.n8n/nodes` linked to one shared community-nodes folder holding
 * this package installed the way n8n installs a community package. Builds on
 * scripts/n8n-app.js (paths, base environment, CLI runner, owner account).
 */
const { spawnSync } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const app = require('../n8n-app');
const { waitForLog, delay } = require('./processes');
const { freePort } = require('./services');

const { NODE24, N8N_BIN } = app;
const WORKER_CONCURRENCY = 10;

/** @param {string} command @param {string[]} args @param {import('node:child_process').SpawnSyncOptions} [options] */
function run(command, args, options = {}) {
	const result = spawnSync(command, args, { encoding: 'utf8', ...options });
	if (result.status !== 0)
		throw new Error(
			`${command} ${args.join(' ')} failed (${result.status ?? result.signal}):\n${result.stderr}`,
		);
	return String(result.stdout);
}

/**
 * Installs the built package into `<nodesDir>/node_modules/<name>` as n8n 2.x's
 * CommunityPackagesService does: the `npm pack` tarball extracted, dev, peer and optional
 * dependencies removed from its package.json, `npm install --ignore-scripts` in it, and the
 * package recorded in `<nodesDir>/package.json`. Nothing else (no link to n8n-workflow):
 * n8n itself must make the package's imports resolve.
 * @param {string} nodesDir an empty folder
 * @returns {{ name: string, version: string }}
 */
function installPackageLikeN8n(nodesDir) {
	const download = fs.mkdtempSync(path.join(nodesDir, '.download-'));
	const tarball = run('npm', ['pack', app.ROOT, '--quiet', '--pack-destination', download], {
		cwd: download,
	})
		.trim()
		.split('\n')
		.pop();
	const packageDir = path.join(nodesDir, 'node_modules', app.PACKAGE_NAME);
	fs.mkdirSync(packageDir, { recursive: true });
	run('tar', [
		'-xzf',
		path.join(download, String(tarball)),
		'-C',
		packageDir,
		'--strip-components=1',
	]);
	fs.rmSync(download, { recursive: true, force: true });
	const manifestFile = path.join(packageDir, 'package.json');
	const {
		devDependencies: _dev,
		peerDependencies: _peer,
		optionalDependencies: _optional,
		...manifest
	} = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
	fs.writeFileSync(manifestFile, JSON.stringify(manifest, null, 2));
	run(
		'npm',
		[
			'install',
			'--audit=false',
			'--fund=false',
			'--bin-links=false',
			'--install-strategy=shallow',
			'--ignore-scripts=true',
			'--package-lock=false',
		],
		{ cwd: packageDir },
	);
	fs.writeFileSync(
		path.join(nodesDir, 'package.json'),
		JSON.stringify(
			{
				name: 'installed-nodes',
				private: true,
				dependencies: { [manifest.name]: manifest.version },
			},
			null,
			2,
		),
	);
	return { name: manifest.name, version: manifest.version };
}

/**
 * @typedef {object} StackConfig
 * @property {string} dir                 the run's temp folder
 * @property {string} nodesDir            the shared community-nodes folder
 * @property {{ port: number }} redis
 * @property {{ port: number, database: string, user: string }} postgres
 * @property {string} encryptionKey
 * @property {'database' | 'filesystem'} binaryDataMode
 * @property {string} [storagePath]       one path for every process (filesystem mode)
 */

/**
 * A run's stack in the queue default, binary data in the database, with a random encryption
 * key shared by every process of the run.
 * @param {Pick<StackConfig, 'dir' | 'nodesDir' | 'redis' | 'postgres'>} where
 * @returns {StackConfig}
 */
function stackConfig(where) {
	return {
		...where,
		encryptionKey: crypto.randomBytes(24).toString('base64url'),
		binaryDataMode: 'database',
	};
}

/**
 * One process's environment: its own user folder and ports, the shared rest.
 * @param {StackConfig} config @param {string} role e.g. 'main', 'worker-1'
 */
async function processEnv(config, role) {
	const userFolder = path.join(config.dir, role);
	const n8nFolder = path.join(userFolder, '.n8n');
	fs.mkdirSync(n8nFolder, { recursive: true });
	const nodesLink = path.join(n8nFolder, 'nodes');
	if (!fs.existsSync(nodesLink)) fs.symlinkSync(config.nodesDir, nodesLink, 'dir');
	const port = await freePort();
	/** @type {NodeJS.ProcessEnv} */
	const env = {
		...app.n8nEnv(userFolder, port),
		N8N_RUNNERS_BROKER_PORT: String(await freePort()),
		QUEUE_HEALTH_CHECK_PORT: String(await freePort()),
		N8N_LOG_LEVEL: 'info',
		DB_TYPE: 'postgresdb',
		DB_POSTGRESDB_HOST: '127.0.0.1',
		DB_POSTGRESDB_PORT: String(config.postgres.port),
		DB_POSTGRESDB_DATABASE: config.postgres.database,
		DB_POSTGRESDB_USER: config.postgres.user,
		DB_POSTGRESDB_PASSWORD: '',
		EXECUTIONS_MODE: 'queue',
		QUEUE_BULL_REDIS_HOST: '127.0.0.1',
		QUEUE_BULL_REDIS_PORT: String(config.redis.port),
		N8N_ENCRYPTION_KEY: config.encryptionKey,
		// With 0, a job a worker finishes before main waits on it can leave its webhook call hanging.
		N8N_EXECUTIONS_QUEUE_KEEP_LAST_COMPLETED: '1000',
		N8N_DEFAULT_BINARY_DATA_MODE: config.binaryDataMode,
	};
	if (config.storagePath) env.N8N_STORAGE_PATH = config.storagePath;
	return { env, port, userFolder };
}

/**
 * Starts main and waits until its REST API answers (migrations done, packages loaded).
 * @param {import('./processes').Processes} processes @param {StackConfig} config @param {string} label
 */
async function startMain(processes, config, label) {
	const { env, port } = await processEnv(config, 'main');
	const started = processes.start(`${label}-main`, NODE24, [N8N_BIN, 'start'], { env });
	// Its HTTP server answers while the migrations still run; this line comes once it is up.
	await waitForLog(
		started,
		(text) => text.includes('Editor is now accessible via'),
		240_000,
		'readiness',
	);
	await app.waitForN8n(port, 60_000);
	return { started, env, port, baseUrl: `http://127.0.0.1:${port}` };
}

/**
 * Starts a worker and waits until it listens to the queue.
 * @param {import('./processes').Processes} processes @param {StackConfig} config @param {string} label @param {string} role
 */
async function startWorker(processes, config, label, role) {
	const { env } = await processEnv(config, role);
	const started = processes.start(
		`${label}-${role}`,
		NODE24,
		[N8N_BIN, 'worker', `--concurrency=${WORKER_CONCURRENCY}`],
		{ env },
	);
	await waitForLog(
		started,
		(text) => /n8n worker is now ready/i.test(text),
		240_000,
		'worker readiness',
	);
	return { started, role };
}

/**
 * Logs in as the owner (app.setUpOwner creates it) and returns a fetch on main's paths that
 * sends the session cookie.
 * @param {string} baseUrl
 */
async function ownerSession(baseUrl) {
	const cookie = await app.ownerCookie(Number(new URL(baseUrl).port));
	return (/** @type {string} */ url, /** @type {RequestInit} */ init = {}) =>
		fetch(`${baseUrl}${url}`, { ...init, headers: { ...init.headers, cookie } });
}

/**
 * Imports the sandbox credential and the `extraCredentials` (n8n's export format, plain values
 * that the import encrypts), then the workflows with `--activeState=fromJson` (queue mode
 * only), which activates them on the running main; waits until main has registered their
 * webhooks.
 * @param {NodeJS.ProcessEnv} env main's environment @param {import('../../sandbox/server').Sandbox} sandbox @param {string} dir the run's temp folder
 * @param {(sql: string) => string} query @param {Array<{ id: string }>} workflows
 * @param {Array<Record<string, any>>} [extraCredentials]
 */
async function importActiveWorkflows(env, sandbox, dir, query, workflows, extraCredentials = []) {
	const workflowDir = path.join(dir, 'workflows');
	fs.mkdirSync(workflowDir, { recursive: true });
	const files = workflows.map((workflow) => {
		const file = path.join(workflowDir, `${workflow.id}.json`);
		fs.writeFileSync(file, JSON.stringify(workflow));
		return file;
	});
	await app.importIntoN8n(env, sandbox, files, { extraCredentials, activeStateFromJson: true });
	const ids = workflows.map((w) => `'${w.id}'`).join(',');
	const deadline = Date.now() + 60_000;
	for (;;) {
		const registered = Number(
			query(`SELECT count(*) FROM webhook_entity WHERE "workflowId" IN (${ids})`),
		);
		if (registered === workflows.length) return registered;
		if (Date.now() > deadline)
			throw new Error(
				`${registered} of ${workflows.length} webhooks registered within 60 s of their import with --activeState=fromJson`,
			);
		await delay(500);
	}
}

/**
 * `Worker finished execution <id>` lines of a worker's log: the executions it ran.
 * @param {string} logFile
 */
function executionsFinishedBy(logFile) {
	const text = fs.readFileSync(logFile, 'utf8');
	return [...text.matchAll(/Worker finished execution (\d+)/g)].map((m) => m[1]);
}

module.exports = {
	installPackageLikeN8n,
	stackConfig,
	processEnv,
	startMain,
	startWorker,
	ownerSession,
	importActiveWorkflows,
	executionsFinishedBy,
	WORKER_CONCURRENCY,
	NODE24,
	N8N_BIN,
};
