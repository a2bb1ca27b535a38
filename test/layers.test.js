// @ts-check
/**
 * `npm run check -- layers` fails on each kind of upward import (issue 38 item 3): a shared layer
 * importing one above it, the same from a nested folder, a node folder importing another
 * node's folder, and shared code importing a node folder. Each case is linted as if it were a
 * file at that path (ESLint's lintText with a filePath), so nothing is written into the tree.
 */
const { execFileSync } = require('node:child_process');
const path = require('node:path');

const ROOT = path.join(__dirname, '..');

/** Each offending import, the file it would stand in, and the words its error must say. */
const UPWARD = [
	{
		kind: 'a shared layer importing a layer above it',
		file: 'nodes/shared/values/upward.ts',
		source: "import { failureText } from '../errors/failureText';",
		says: 'nodes/shared/values/ may not import nodes/shared/errors/, a layer above it',
	},
	{
		kind: 'a nested folder importing a layer above it',
		file: 'nodes/shared/transport/rateLimit/upward.ts',
		source: "import { route } from '../../node/router';",
		says: 'nodes/shared/transport/ may not import nodes/shared/node/, a layer above it',
	},
	{
		kind: "a node folder importing another node's folder",
		file: 'nodes/BusinessPlatformEcommerceTrigger/upward.ts',
		source: "import { categories } from '../BusinessPlatformEcommerce/categories';",
		says: "nodes/BusinessPlatformEcommerceTrigger/ may not import nodes/BusinessPlatformEcommerce/, another node's folder",
	},
	{
		kind: 'shared code importing a node folder',
		file: 'nodes/shared/node/upward.ts',
		source: "export { categories } from '../../BusinessPlatformEcommerce/categories';",
		says: "nodes/shared/node/ may not import nodes/BusinessPlatformEcommerce/, another node's folder",
	},
	{
		kind: 'a folder of nodes/shared/ that is not a layer',
		file: 'nodes/shared/helpers/upward.ts',
		source: "import { show } from '../values/parameters';",
		says: 'nodes/shared/helpers/ is not a layer of nodes/shared/',
	},
];

/** Downward and sideways imports the same rule lets through. */
const ALLOWED = [
	{
		file: 'nodes/shared/values/down.ts',
		source: "import { ParameterError } from '../platform/errors';",
	},
	{
		file: 'nodes/shared/transport/rateLimit/down.ts',
		source: "import { show } from '../../values/parameters';",
	},
	{
		file: 'nodes/BusinessPlatformEcommerce/down.ts',
		source: "import { route } from '../shared/node/router';",
	},
];

/**
 * ESLint run once with the layers config (the same as `npm run check -- layers`) over every case,
 * each linted as text standing at its path: per case, the layer rule's messages.
 * @param {Array<{ file: string, source: string }>} cases
 * @returns {string[][]}
 */
function layerErrors(cases) {
	const script = `
		import { ESLint } from 'eslint';
		const cases = JSON.parse(process.argv[1]);
		const eslint = new ESLint({ overrideConfigFile: 'eslint.layers.config.mjs' });
		const found = [];
		for (const { file, source } of cases) {
			const [result] = await eslint.lintText(source + '\\n', { filePath: file });
			found.push(result.messages.filter((m) => m.ruleId === 'layers/import-direction').map((m) => m.message));
		}
		process.stdout.write(JSON.stringify(found));`;
	const output = execFileSync(
		process.execPath,
		['--input-type=module', '-e', script, JSON.stringify(cases)],
		{ cwd: ROOT, encoding: 'utf8' },
	);
	return JSON.parse(output);
}

const found = layerErrors([...UPWARD, ...ALLOWED]);

test.each(UPWARD)('lint:layers fails on $kind', (lintCase) => {
	const errors = found[UPWARD.indexOf(lintCase)];
	expect(errors).toHaveLength(1);
	expect(errors[0]).toContain(lintCase.says);
});

test.each(ALLOWED)('lint:layers lets $file import downward', (lintCase) => {
	expect(found[UPWARD.length + ALLOWED.indexOf(lintCase)]).toEqual([]);
});
