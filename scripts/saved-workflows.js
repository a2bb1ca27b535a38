#!/usr/bin/env node
// @ts-check
/**
 * Writes test/e2e/saved-workflows/<package version>/: workflows as n8n saves them with this
 * release, which test/e2e/saved.e2e.js runs unchanged in the real n8n app with every later
 * release. They are the example workflows that start by hand (examples/), and one workflow per
 * action node: a manual trigger and one operation from test/harness/operationCases/, its
 * parameters reduced to what n8n's editor stores (only what differs from the defaults, by
 * n8n-workflow's own NodeHelpers.getNodeParameters on the built node's description).
 *
 *   node scripts/saved-workflows.js --write   (after npm run build)
 *
 * `node scripts/contract.js --write` (the release) writes them with each
 * new contract snapshot.
 * A version's folder is written once and then frozen: its files are what users' n8n holds. An
 * existing folder is left as it is, and SAVED_MANIFEST records each file's SHA-256 when it is
 * written; `node scripts/contract.js --check` fails when a file changed, went
 * missing or is not listed.
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { NodeHelpers } = require('n8n-workflow');
const { loadPackage } = require('./load-package');
const { OPERATION_CASES } = require('../test/harness/operationCases');
const { PACKAGE_NAME, CREDENTIAL_ID, CREDENTIAL_NAME } = require('./n8n-app');

const ROOT = path.join(__dirname, '..');
const SAVED_FOLDER = path.join('test', 'e2e', 'saved-workflows');
/** `sha256sum` format ("<hash>  <path from the project root>"), so `sha256sum -c` checks it too. */
const MANIFEST_FILE = path.join('test', 'contract', 'saved-workflows.sha256');
const SAVED = path.join(ROOT, SAVED_FOLDER);
const EXAMPLES = path.join(ROOT, 'examples');

/** The operation each node's saved workflow runs: reads where the node has one. */
const OPERATION_PER_NODE = [
	'getCustomerSupplierBranch',
	'getOrder',
	'getPayslip',
	'listCalendars',
	'updateTask',
];

/**
 * A manual trigger and one operation, its parameters as the editor saves them.
 * @param {string} id @param {import('./contract').NodeDescription} description
 * @param {Record<string, any>} parameters
 */
function savedWorkflow(id, description, parameters) {
	const typeVersion = Math.max(
		...(Array.isArray(description.version) ? description.version : [description.version]),
	);
	const node = {
		id: `${id}-node`,
		name: description.name.replace(/^businessPlatform/, 'Business Platform '),
		type: `${PACKAGE_NAME}.${description.name}`,
		typeVersion,
		position: [240, 0],
		parameters: {},
		credentials: { businessPlatformApi: { id: CREDENTIAL_ID, name: CREDENTIAL_NAME } },
	};
	node.parameters = /** @type {Record<string, any>} */ (
		NodeHelpers.getNodeParameters(
			/** @type {any} */ (description.properties),
			parameters,
			false,
			false,
			/** @type {any} */ (node),
			/** @type {any} */ (description),
		)
	);
	return {
		id,
		name: `Saved ${node.name}`,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				id: `${id}-start`,
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			node,
		],
		connections: { Start: { main: [[{ node: node.name, type: 'main', index: 0 }]] } },
	};
}

/** @param {string} file the SHA-256 of a file's bytes, in hex */
const sha256Of = (file) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');

/**
 * The manifest's entries: path from the project root (forward slashes) -> SHA-256
 * @param {string} root
 */
function readManifest(root) {
	/** @type {Map<string, string>} */
	const entries = new Map();
	const manifest = path.join(root, MANIFEST_FILE);
	if (!fs.existsSync(manifest)) return entries;
	for (const line of fs.readFileSync(manifest, 'utf8').split('\n').filter(Boolean)) {
		const match = /^([0-9a-f]{64}) {2}(\S.*)$/.exec(line);
		if (!match) throw new Error(`${MANIFEST_FILE}: unreadable line ${line}`);
		entries.set(match[2], match[1]);
	}
	return entries;
}

/**
 * Every saved workflow file, as a path from the project root with forward slashes
 * @param {string} root
 */
function savedFiles(root) {
	const saved = path.join(root, SAVED_FOLDER);
	if (!fs.existsSync(saved)) return [];
	return fs
		.readdirSync(saved)
		.flatMap((version) =>
			fs
				.readdirSync(path.join(saved, version))
				.map((file) => path.join(SAVED_FOLDER, version, file)),
		)
		.map((file) => file.split(path.sep).join('/'))
		.sort();
}

/**
 * Why the saved workflows differ from the manifest (empty when every file is as written).
 * @param {string} [root] the project folder
 * @returns {string[]}
 */
function savedWorkflowChanges(root = ROOT) {
	const manifest = readManifest(root);
	const files = savedFiles(root);
	/** @type {string[]} */
	const changes = [];
	for (const file of files) {
		const hash = manifest.get(file);
		if (!hash) changes.push(`${file} is not in ${MANIFEST_FILE}`);
		else if (hash !== sha256Of(path.join(root, file)))
			changes.push(`${file} changed since it was written (saved workflows are frozen)`);
	}
	for (const file of manifest.keys())
		if (!files.includes(file)) changes.push(`${file} is missing (saved workflows are frozen)`);
	return changes;
}

/**
 * Writes test/e2e/saved-workflows/<version>/ for the built package and adds its files to the
 * manifest, unless that folder exists: then it is left as it is (frozen).
 * @param {ReturnType<typeof loadPackage>} pkg
 * @param {string} [root] the project folder
 */
function writeSavedWorkflows(pkg, root = ROOT) {
	const folder = path.join(root, SAVED_FOLDER, pkg.version);
	if (fs.existsSync(folder)) {
		console.log(
			`${path.relative(root, folder)} exists: left as it is (saved workflows are frozen)`,
		);
		return;
	}
	const idPrefix = `bpSaved${pkg.version.replace(/\W/g, '')}`;
	fs.mkdirSync(folder, { recursive: true });
	for (const code of OPERATION_PER_NODE) {
		const testCase = OPERATION_CASES.find((each) => each.endpoint === code);
		const description = pkg.nodes.find((each) => each.name === testCase?.type);
		if (!testCase || !description) throw new Error(`No operation case or node for ${code}`);
		const workflow = savedWorkflow(`${idPrefix}${code}`, description, testCase.parameters);
		fs.writeFileSync(
			path.join(folder, `${description.name}.json`),
			JSON.stringify(workflow, null, '\t') + '\n',
		);
	}
	for (const file of fs.readdirSync(EXAMPLES)) {
		const workflow = JSON.parse(fs.readFileSync(path.join(EXAMPLES, file), 'utf8'));
		// Only the examples `n8n execute` can start: those with a manual trigger.
		if (!workflow.nodes.some((/** @type {any} */ node) => node.type.endsWith('.manualTrigger')))
			continue;
		workflow.id = `${idPrefix}${workflow.id.replace(/^bp/, '')}`;
		fs.writeFileSync(path.join(folder, file), JSON.stringify(workflow, null, '\t') + '\n');
	}
	// Only new files get a line: an existing line is never rewritten.
	const manifest = readManifest(root);
	for (const file of savedFiles(root))
		if (!manifest.has(file)) manifest.set(file, sha256Of(path.join(root, file)));
	fs.mkdirSync(path.dirname(path.join(root, MANIFEST_FILE)), { recursive: true });
	fs.writeFileSync(
		path.join(root, MANIFEST_FILE),
		[...manifest].map(([file, hash]) => `${hash}  ${file}\n`).join(''),
	);
	console.log(`Wrote ${path.relative(root, folder)} and its files' SHA-256 in ${MANIFEST_FILE}`);
}

if (require.main === module) {
	if (process.argv[2] !== '--write')
		throw new Error('Usage: node scripts/saved-workflows.js --write');
	writeSavedWorkflows(loadPackage());
}

module.exports = { SAVED, MANIFEST_FILE, savedWorkflowChanges, writeSavedWorkflows };
