#!/usr/bin/env node
// @ts-check
/**
 * `npm run dev`: a real n8n with this package loaded as a community package, talking to the
 * bundled sandbox platform, with a credential and the example workflows imported.
 * Ctrl-C stops everything it started. Ports: N8N_PORT (5678) and BP_SANDBOX_PORT (5680).
 */
const fs = require('node:fs');
const path = require('node:path');

const app = require('./n8n-app');
const { startSandbox } = require('../sandbox/server');

const N8N_PORT = Number(process.env.N8N_PORT ?? 5678);
const SANDBOX_PORT = Number(process.env.BP_SANDBOX_PORT ?? 5680);
const USER_FOLDER = path.join(app.CACHE, 'dev-n8n');

async function main() {
	app.ensureN8nInstalled();
	console.log('Building the package ...');
	app.buildPackage();

	const sandbox = await startSandbox({ port: SANDBOX_PORT, quiet: false });
	console.log(`Sandbox platform listening on ${sandbox.url}`);

	fs.mkdirSync(USER_FOLDER, { recursive: true });
	app.installPackageInto(USER_FOLDER);
	const env = app.n8nEnv(USER_FOLDER, N8N_PORT);
	const examples = fs
		.readdirSync(path.join(app.ROOT, 'examples'))
		.filter((file) => file.endsWith('.json'))
		.map((file) => path.join(app.ROOT, 'examples', file));
	console.log(`Importing the sandbox credential and ${examples.length} example workflows ...`);
	await app.importIntoN8n(env, sandbox, examples);

	const n8n = app.startN8n(env);
	const stop = () => {
		n8n.kill('SIGTERM');
		sandbox.close();
	};
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);
	n8n.on('exit', (code) => {
		sandbox.close();
		process.exit(code ?? 0);
	});

	await app.waitForN8n(N8N_PORT, 180_000);
	await app.setUpOwner(N8N_PORT);
	console.log(`
n8n is running with ${app.PACKAGE_NAME} loaded.

  Editor:   http://localhost:${N8N_PORT}
  Log in:   ${app.OWNER.email} / ${app.OWNER.password}
  Sandbox:  ${sandbox.url} (credential "${app.CREDENTIAL_NAME}" points at it)

Press Ctrl-C to stop n8n and the sandbox.`);
}

main().catch((error) => {
	console.error(error instanceof Error ? error.message : error);
	process.exit(1);
});
