// @ts-check
/**
 * What the suites in the real n8n app start from and end with: n8n installed, this package
 * built and installed into a fresh user folder, a sandbox platform, free ports; n8n stopped
 * and all of it removed afterwards.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const app = require('../../scripts/n8n-app');
const { startSandbox } = require('../../sandbox/server');

/**
 * n8n installed, the package built, a sandbox, a user folder `bp-n8n-<name>-…` holding the
 * package, and n8n's environment on a free port (its task broker on another).
 * @template T
 * @param {string} name
 * @param {{ sandbox?: import('../../sandbox/server').SandboxOptions, morePorts?: number, beforePorts?: (userFolder: string) => Promise<T> }} [options]
 *   sandbox options, how many other free ports the suite needs (`ports`), and what starts before
 *   the ports are picked (a server that picks its own port then cannot take one of them): its
 *   result is `started`
 */
async function prepareN8n(name, options = {}) {
	app.ensureN8nInstalled();
	app.buildPackage();
	const sandbox = await startSandbox(options.sandbox);
	const userFolder = fs.mkdtempSync(path.join(os.tmpdir(), `bp-n8n-${name}-`));
	try {
		app.installPackageInto(userFolder);
		const started = await options.beforePorts?.(userFolder);
		const [port, brokerPort, ...ports] = await app.freePorts(2 + (options.morePorts ?? 0));
		const env = app.n8nEnv(userFolder, port, brokerPort);
		return { sandbox, userFolder, port, ports, env, started };
	} catch (error) {
		await removeN8n({ sandbox, userFolder });
		throw error;
	}
}

/**
 * Publishes imported workflows, so that their triggers listen once n8n starts.
 * @param {NodeJS.ProcessEnv} env
 * @param {string[]} ids
 */
async function publishWorkflows(env, ids) {
	for (const id of ids) {
		const published = await app.n8nCli(['publish:workflow', `--id=${id}`], env);
		if (published.status !== 0)
			throw new Error(`n8n publish:workflow failed:\n${published.stdout}\n${published.stderr}`);
	}
}

/**
 * Stops n8n and waits until it has exited, killing it if it takes too long.
 * @param {import('node:child_process').ChildProcess | undefined} child
 */
async function stopN8n(child) {
	if (!child || child.exitCode !== null || child.signalCode !== null) return;
	const exited = new Promise((resolve) => child.once('exit', resolve));
	child.kill('SIGTERM');
	const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
	await exited;
	clearTimeout(timer);
}

/**
 * Closes what prepareN8n started (either may be missing when it failed): the sandbox and the user folder.
 * @param {{ sandbox?: { close(): unknown }, userFolder?: string }} prepared
 */
async function removeN8n({ sandbox, userFolder }) {
	await sandbox?.close();
	if (userFolder) fs.rmSync(userFolder, { recursive: true, force: true });
}

module.exports = { prepareN8n, publishWorkflows, stopN8n, removeN8n };
