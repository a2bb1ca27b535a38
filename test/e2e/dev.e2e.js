// @ts-check
/**
 * `npm run dev` (scripts/dev.js) as a user runs it: with N8N_PORT and the sandbox port next to
 * each other both n8n and the sandbox answer over HTTP and Ctrl-C stops both; when a port is
 * taken, it says which and why, and exits non-zero, whether it notices itself or n8n does.
 * Every run uses free ports and its own n8n user folder (BP_DEV_FOLDER).
 */
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');

const app = require('../../scripts/n8n-app');

const DEV = path.join(app.ROOT, 'scripts', 'dev.js');
const STARTED = /Press Ctrl-C to stop/;
const MINUTES = 60_000;

/** @type {string} */
let devFolder;
/** @type {Set<import('node:child_process').ChildProcess>} */
const running = new Set();
/** @type {net.Server[]} */
const blockers = [];

beforeAll(() => {
	// Installs n8n when missing, outside the time limit of the tests below.
	app.ensureN8nInstalled();
	devFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-n8n-dev-'));
}, 20 * MINUTES);

afterAll(async () => {
	// SIGTERM, not SIGKILL: npm run dev then stops its n8n too.
	const stopped = [...running].map(
		(child) => new Promise((resolve) => child.once('exit', resolve)),
	);
	for (const child of running) child.kill('SIGTERM');
	await Promise.all(stopped);
	await Promise.all(blockers.map((server) => new Promise((resolve) => server.close(resolve))));
	if (devFolder) fs.rmSync(devFolder, { recursive: true, force: true });
});

/**
 * Starts `npm run dev`'s script with extra environment variables.
 * @param {Record<string, string>} env
 */
function startDev(env) {
	const child = spawn(process.execPath, [DEV], {
		env: { ...process.env, BP_DEV_FOLDER: devFolder, ...env },
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	running.add(child);
	let output = '';
	/** @type {(() => void)[]} */
	const listeners = [];
	const collect = (/** @type {Buffer} */ chunk) => {
		output += chunk.toString('utf8');
		for (const listener of listeners) listener();
	};
	child.stdout.on('data', collect);
	child.stderr.on('data', collect);
	/** @type {Promise<number | null>} */
	const exited = new Promise((resolve) =>
		child.on('exit', (code) => {
			running.delete(child);
			resolve(code);
		}),
	);
	return {
		child,
		exited,
		output: () => output,
		/** Resolves when the output matches, rejects when the script exits first. @param {RegExp} pattern */
		waitFor: (pattern) =>
			new Promise((resolve, reject) => {
				const check = () => pattern.test(output) && resolve(undefined);
				listeners.push(check);
				check();
				void exited.then((code) =>
					reject(new Error(`npm run dev exited (${code}) before ${pattern}:\n${output}`)),
				);
			}),
	};
}

/** Two free ports next to each other, as the N8N_PORT=5690 BP_SANDBOX_PORT=5691. */
async function adjacentFreePorts() {
	for (let attempt = 0; attempt < 20; attempt++) {
		const [port] = await app.freePorts(1);
		if (port >= 65535) continue;
		const probe = net.createServer();
		const free = await new Promise((resolve) => {
			probe.once('error', () => resolve(false));
			probe.listen(port + 1, '127.0.0.1', () => probe.close(() => resolve(true)));
		});
		if (free) return [port, port + 1];
	}
	throw new Error('no two adjacent free ports found');
}

/** A port some other program listens on. */
async function takenPort() {
	const server = net.createServer();
	blockers.push(server);
	await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
	return /** @type {net.AddressInfo} */ (server.address()).port;
}

test(
	'with N8N_PORT and the sandbox port adjacent, n8n and the sandbox answer; Ctrl-C stops both',
	async () => {
		const [n8nPort, sandboxPort] = await adjacentFreePorts();
		const dev = startDev({ N8N_PORT: String(n8nPort), BP_SANDBOX_PORT: String(sandboxPort) });
		await dev.waitFor(STARTED);

		const settings = await fetch(`http://127.0.0.1:${n8nPort}/rest/settings`);
		expect(settings.status).toBe(200);
		// The sandbox answers unknown paths with its own JSON 404.
		const sandbox = await fetch(`http://127.0.0.1:${sandboxPort}/`);
		expect(sandbox.status).toBe(404);
		expect(await sandbox.json()).toEqual({
			message: expect.stringContaining('could not be found'),
		});

		const brokerPort = Number(/task broker (\d+)/.exec(dev.output())?.[1]);
		expect([n8nPort, sandboxPort]).not.toContain(brokerPort);
		// No deprecated setting from the project, no offline stack trace of the MCP registry.
		const log = fs.readFileSync(path.join(devFolder, 'n8n.log'), 'utf8');
		expect(log).toContain(`Task Broker ready on 127.0.0.1, port ${brokerPort}`);
		expect(log).not.toContain('N8N_RUNNERS_ENABLED');
		expect(log).not.toContain('api.n8n.io');

		dev.child.kill('SIGINT');
		expect(await dev.exited).toBe(0);
		await expect(fetch(`http://127.0.0.1:${n8nPort}/rest/settings`)).rejects.toThrow();
		await expect(fetch(`http://127.0.0.1:${sandboxPort}/`)).rejects.toThrow();
	},
	10 * MINUTES,
);

test('N8N_PORT already taken: says so and exits non-zero', async () => {
	const port = await takenPort();
	const dev = startDev({ N8N_PORT: String(port) });
	expect(await dev.exited).toBe(1);
	expect(dev.output()).toContain(`port ${port} (N8N_PORT) is already in use`);
});

test(
	'sandbox port already taken: says so and exits non-zero',
	async () => {
		const [n8nPort] = await app.freePorts(1);
		const port = await takenPort();
		const dev = startDev({ N8N_PORT: String(n8nPort), BP_SANDBOX_PORT: String(port) });
		expect(await dev.exited).toBe(1);
		expect(dev.output()).toContain(`port ${port} (BP_SANDBOX_PORT) is already in use`);
	},
	5 * MINUTES,
);

test(
	"n8n itself fails (its task broker's port taken): n8n's own reason is printed, exit non-zero",
	async () => {
		const [n8nPort, sandboxPort] = await app.freePorts(2);
		const brokerPort = await takenPort();
		const dev = startDev({
			N8N_PORT: String(n8nPort),
			BP_SANDBOX_PORT: String(sandboxPort),
			N8N_RUNNERS_BROKER_PORT: String(brokerPort),
		});
		expect(await dev.exited).toBe(1);
		expect(dev.output()).toMatch(/n8n exited \(code 1\)\. Its last log lines:/);
		expect(dev.output()).toContain(`n8n Task Broker's port ${brokerPort} is already in use`);
		expect(dev.output()).toContain(`Full log: ${path.join(devFolder, 'n8n.log')}`);
	},
	10 * MINUTES,
);
