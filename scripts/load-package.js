// @ts-check
/**
 * The package's nodes and credentials as n8n loads them, read by the contract
 * (scripts/contract.js), the saved workflows (scripts/saved-workflows.js) and their tests.
 */
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.join(__dirname, '..');

/**
 * @typedef {{ name: string, displayName?: string, type: string, default?: unknown,
 *   required?: boolean, options?: any[], modes?: { name: string }[],
 *   typeOptions?: { multipleValues?: boolean },
 *   displayOptions?: { show?: Record<string, unknown[]>, hide?: Record<string, unknown[]> } }} Property
 * @typedef {{ name: string, version: number | number[], properties: Property[],
 *   credentials?: { name: string }[] }} NodeDescription
 * @typedef {{ name: string, properties: Property[] }} CredentialType
 */

/**
 * The built package at `root`, as n8n loads it (package.json's `n8n` section). A versioned node
 * (n8n's VersionedNodeType) gives one description per version. With `sources`, the same
 * classes from their TypeScript files (under jest, which compiles them), so a test never
 * checks a stale build.
 * @param {string} [root] @param {{ sources?: boolean }} [options]
 */
function loadPackage(root = ROOT, { sources = false } = {}) {
	const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
	/** @param {string} file */
	const instanceOf = (file) => {
		const full = path.join(
			root,
			sources ? file.replace(/^dist\//, '').replace(/\.js$/, '.ts') : file,
		);
		if (!fs.existsSync(full)) throw new Error(`${file} is missing: run npm run build first`);
		const exported = Object.values(require(full)).find((value) => typeof value === 'function');
		return new exported();
	};
	/** @type {NodeDescription[]} */
	const nodes = manifest.n8n.nodes.flatMap((/** @type {string} */ file) => {
		const node = instanceOf(file);
		if (!node.nodeVersions) return [node.description];
		return Object.entries(node.nodeVersions).map(([version, versioned]) => ({
			...versioned.description,
			name: node.description.name,
			version: Number(version),
		}));
	});
	const credentials = manifest.n8n.credentials.map(instanceOf);
	return { name: manifest.name, version: manifest.version, nodes, credentials };
}

module.exports = { ROOT, loadPackage };
