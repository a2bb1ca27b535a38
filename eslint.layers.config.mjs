/**
 * The import direction of nodes/ (issue 32 item 3, issue 38 item 3), checked over n8n's own lint
 * config: `npm run check -- layers` (scripts/check.js), run by .ci/run and the CI workflow beside `npm run lint`.
 *
 * It cannot live in eslint.config.mjs: the package is in n8n's strict mode (package.json
 * `n8n.strict`, needed for verified community nodes), and `n8n-node lint` then refuses any
 * eslint.config.mjs but the default one. So it is a second config, for a second command.
 *
 * The rule resolves each relative import to the folder it lands in, so an import from a nested
 * folder (`transport/rateLimit/` importing `../../node/`) is judged like any other, and so are
 * the node folders. test/layers.test.js proves it fails on each kind of upward import.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { config } from '@n8n/node-cli/eslint';

const ROOT = path.dirname(fileURLToPath(import.meta.url));

/**
 * The layers of nodes/shared/, lowest first: a file may import its own layer and the layers
 * below it, never one above (CONTRIBUTING.md, Layout). The node folders (nodes/<Node>/) and
 * credentials/ stand above them all, and none of them imports another one's folder.
 */
export const SHARED_LAYERS = [
	'platform',
	'values',
	'credential',
	'errors',
	'transport',
	'node',
	'customApiCall',
];

/** Where a file stands: its folder's name as written in messages, and its rank. */
function placeOf(file) {
	const parts = path.relative(ROOT, file).split(path.sep);
	if (parts[0] === 'nodes' && parts[1] === 'shared') {
		const folder = `nodes/shared/${parts[2]}/`;
		return { folder, rank: SHARED_LAYERS.indexOf(parts[2]) };
	}
	if (parts[0] === 'nodes' && parts.length > 1) {
		return { folder: `nodes/${parts[1]}/`, rank: SHARED_LAYERS.length };
	}
	if (parts[0] === 'credentials') return { folder: 'credentials/', rank: SHARED_LAYERS.length };
	return undefined;
}

const importDirection = {
	meta: {
		type: 'problem',
		docs: { description: 'imports in nodes/ and credentials/ point down the layers only' },
		schema: [],
	},
	create(context) {
		const from = placeOf(context.filename);
		if (from === undefined) return {};
		const check = (source) => {
			if (source === null || source === undefined || typeof source.value !== 'string') return;
			if (!source.value.startsWith('.')) return;
			const to = placeOf(path.resolve(path.dirname(context.filename), source.value));
			if (to === undefined || to.folder === from.folder) return;
			const report = (message) => context.report({ node: source, message });
			if (from.rank === -1 || to.rank === -1) {
				report(
					`${from.rank === -1 ? from.folder : to.folder} is not a layer of nodes/shared/: add it to SHARED_LAYERS in eslint.layers.config.mjs, in its place.`,
				);
			} else if (to.rank === SHARED_LAYERS.length) {
				report(
					`${from.folder} may not import ${to.folder}, another node's folder: move what both use to nodes/shared/ (CONTRIBUTING.md, Layout).`,
				);
			} else if (to.rank > from.rank) {
				report(
					`${from.folder} may not import ${to.folder}, a layer above it: move what both need down (CONTRIBUTING.md, Layout).`,
				);
			}
		};
		return {
			ImportDeclaration: (node) => check(node.source),
			ExportNamedDeclaration: (node) => check(node.source),
			ExportAllDeclaration: (node) => check(node.source),
			ImportExpression: (node) => check(node.source),
		};
	},
};

export default [
	...config,
	{
		files: ['nodes/**/*.ts', 'credentials/**/*.ts'],
		plugins: { layers: { rules: { 'import-direction': importDirection } } },
		rules: { 'layers/import-direction': 'error' },
	},
];
