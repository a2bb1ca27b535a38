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
 * `node scripts/contract.js --write` (the release, npm run contract:write) writes them with each
 * new contract snapshot.
 * Never rewrite the folder of a released version: its files are what users' n8n holds.
 */
const fs = require('node:fs');
const path = require('node:path');
const { NodeHelpers } = require('n8n-workflow');
const { loadPackage } = require('./contract');
const { OPERATION_CASES } = require('../test/harness/operationCases');
const { PACKAGE_NAME, CREDENTIAL_ID, CREDENTIAL_NAME } = require('./n8n-app');

const ROOT = path.join(__dirname, '..');
const SAVED = path.join(ROOT, 'test', 'e2e', 'saved-workflows');
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

/**
 * Writes test/e2e/saved-workflows/<version>/ for the built package.
 * @param {ReturnType<typeof loadPackage>} pkg
 */
function writeSavedWorkflows(pkg) {
	const folder = path.join(SAVED, pkg.version);
	const idPrefix = `bpSaved${pkg.version.replace(/\W/g, '')}`;
	fs.rmSync(folder, { recursive: true, force: true });
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
	console.log(`Wrote ${path.relative(ROOT, folder)}`);
}

if (require.main === module) {
	if (process.argv[2] !== '--write')
		throw new Error('Usage: node scripts/saved-workflows.js --write');
	writeSavedWorkflows(loadPackage());
}

module.exports = { SAVED, writeSavedWorkflows };
