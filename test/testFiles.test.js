// @ts-check
/**
 * Where the test files are (docs/testing.md): every one runs in exactly one tier, `npm test`
 * (jest.config.js) or `npm run test:slow` (jest.slow.config.js, the files test/harness/tiers.js
 * lists), as jest itself lists them, so a file neither tier matches, or a glob that matches
 * nothing, shows here; and an operation's own tests are found by its resource's name.
 */
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.join(__dirname, '..');

/** @param {string} config @returns {string[]} the test files jest runs with this config */
function listedBy(config) {
	const result = spawnSync(
		process.execPath,
		[require.resolve('jest/bin/jest'), '-c', config, '--listTests', '--json'],
		{ cwd: ROOT, encoding: 'utf8' },
	);
	if (result.status !== 0) throw new Error(`jest -c ${config} --listTests: ${result.stderr}`);
	return JSON.parse(result.stdout).map((/** @type {string} */ file) => path.relative(ROOT, file));
}

/** @param {string} folder @returns {string[]} every *.test.js under it, relative to the root */
function testFilesUnder(folder) {
	return fs
		.readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
		.filter((file) => file.endsWith('.test.js'))
		.map((file) => path.join(folder, file));
}

test('every *.test.js runs in exactly one tier, and the slow tier holds the slow files', () => {
	const fast = listedBy('jest.config.js');
	const slow = listedBy('jest.slow.config.js');
	expect(fast.filter((file) => slow.includes(file))).toEqual([]);
	expect([...fast, ...slow].sort()).toEqual(testFilesUnder('test').sort());
	expect(slow.sort()).toEqual(
		['test/add-operation.test.js', 'test/release.test.js', 'test/waits.property.test.js'].sort(),
	);
}, 60000);

/** A node's test folder: `BusinessPlatformEcommerce` → `test/ecommerce`. */
const NODE_FOLDERS = fs
	.readdirSync(path.join(ROOT, 'nodes'))
	.filter((node) => fs.existsSync(path.join(ROOT, 'nodes', node, 'actions')))
	.map((node) => [node, node.replace(/^BusinessPlatform/, '').toLowerCase()]);

test.each(NODE_FOLDERS)(
	"the test files of %s's operations are named <resource>.test.js or <resource>-<topic>.test.js",
	(node, folder) => {
		const resources = fs
			.readdirSync(path.join(ROOT, 'nodes', node, 'actions'), { withFileTypes: true })
			.filter((entry) => entry.isDirectory())
			.map((entry) => entry.name);
		const misnamed = testFilesUnder(path.join('test', folder)).filter(
			(file) => !resources.includes(path.basename(file, '.test.js').split('-')[0]),
		);
		// On a failure: name the file after the resource (nodes/<node>/actions/<resource>/) it tests.
		expect({ resources, misnamed }).toEqual({ resources, misnamed: [] });
	},
);
