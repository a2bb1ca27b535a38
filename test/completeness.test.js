// @ts-check
/**
 * The steps of CONTRIBUTING's "Adding an operation" that a test can see, checked for every
 * entry of the endpoint table and every operation of every node: a step forgotten fails here,
 * naming the file to change. The checks compare tables written independently (the endpoint
 * table, the nodes' pickers, the sandbox's routes, the operation cases, docs/operations.md's
 * table and sections and README's Operations table), so they hold each other honest; path
 * parameter names may differ between them, the rest may not.
 */
const fs = require('node:fs');
const path = require('node:path');
const { ENDPOINTS } = require('../nodes/shared/platform/endpoints');
const { buildRoutes } = require('../sandbox/routes');
const { nodeClasses } = require('./harness/n8n');
const { OPERATION_CASES } = require('./harness/operationCases');

/** @typedef {import('../nodes/shared/platform/endpoints').Endpoint} Endpoint */
/** @typedef {import('../nodes/shared/node/operation').PlatformOperation} PlatformOperation */

const ROOT = path.join(__dirname, '..');
const README = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
/** The operations reference: its "Nodes and operations" table and a section per node. */
const REFERENCE_FILE = 'docs/operations.md';
const REFERENCE = fs.readFileSync(path.join(ROOT, REFERENCE_FILE), 'utf8');
const CUSTOM_API_CALL = 'customApiCall';

/** A path with every path parameter written `{}` (`{name}` or the sandbox's `:name`); the configured prefixes stay. */
function generic(/** @type {string} */ urlPath) {
	return urlPath.replace(/:[^/]+|\{(?!categories\}|favorites\})[^}]+\}/g, '{}');
}

/** `METHOD {module}/path`, as the reference's table spells a call, path parameters written `{}`. */
function callOf(/** @type {Endpoint} */ endpoint) {
	return `${endpoint.method} {${endpoint.module}}${generic(endpoint.path)}`;
}

/** The reference's "Nodes and operations" table: node, resource, operation and call of every row. */
function referenceRows() {
	const lines = REFERENCE.split('\n');
	const start = lines.findIndex((line) => line.startsWith('| Node | Resource | Operation |'));
	let node = '';
	/** @type {Array<{ node: string, resource: string, operation: string, call: string, line: number }>} */
	const rows = [];
	for (const [offset, line] of lines.slice(start + 2).entries()) {
		if (!line.startsWith('|')) break;
		const [nodeCell, resource, operation, callCell] = line
			.split('|')
			.slice(1, 5)
			.map((c) => c.trim());
		node = nodeCell || node;
		const [, method, module, urlPath] = /^`(\w+) \{(\w+)\}(\S*)`$/.exec(callCell) ?? [];
		const call = `${method} {${module}}${generic(urlPath ?? '')}`;
		rows.push({ node, resource, operation, call, line: start + 3 + offset });
	}
	return rows;
}

/**
 * The reference's section of one node (`## Projects` ... the next heading), and the line its
 * last entry ends on (where a new entry goes).
 */
function referenceSection(/** @type {string} */ heading) {
	const lines = REFERENCE.split('\n');
	const start = lines.indexOf(`## ${heading}`);
	if (start < 0) return { text: '', lastLine: 0 };
	let end = lines.findIndex((line, i) => i > start && line.startsWith('#'));
	if (end < 0) end = lines.length;
	let last = end - 1;
	while (last > start && lines[last].trim() === '') last -= 1;
	return { text: lines.slice(start, end).join('\n'), lastLine: last + 1 };
}

/**
 * Every operation of every action node, with the picker names a user sees.
 * @returns {Array<{ node: string, file: string, resource: string, operationName: string, operation: PlatformOperation }>}
 */
function nodeOperations() {
	/** @type {ReturnType<typeof nodeOperations>} */
	const found = [];
	for (const dir of fs.readdirSync(path.join(ROOT, 'nodes'))) {
		const actionsFile = path.join(ROOT, 'nodes', dir, 'actions', 'index.ts');
		if (!fs.existsSync(actionsFile)) continue;
		/** @type {import('../nodes/shared/node/operation').NodeActions} */
		const actions = require(actionsFile).actions;
		/** @type {import('n8n-workflow').INodeProperties[]} */
		const properties = actions.properties;
		const resources = /** @type {import('n8n-workflow').INodePropertyOptions[]} */ (
			properties.find((property) => property.name === 'resource')?.options
		);
		for (const resource of resources) {
			if (resource.value === CUSTOM_API_CALL) continue;
			const picker = properties.find(
				(property) =>
					property.name === 'operation' &&
					property.displayOptions?.show?.resource?.includes(resource.value),
			);
			for (const entry of /** @type {import('n8n-workflow').INodePropertyOptions[]} */ (
				picker?.options ?? []
			)) {
				if (entry.value === CUSTOM_API_CALL) continue;
				const operation = actions.find(String(resource.value), String(entry.value));
				if (!operation)
					throw new Error(`${dir}: no operation behind ${resource.name} → ${entry.name}`);
				const NodeClass = [...nodeClasses.values()].find((candidate) => candidate.name === dir);
				found.push({
					node: new NodeClass().description.displayName,
					file: `nodes/${dir}/actions/${resource.value}/`,
					resource: resource.name,
					operationName: entry.name,
					operation,
				});
			}
		}
	}
	return found;
}

const OPERATIONS = nodeOperations();
const ROWS = referenceRows();

/**
 * README's Operations table: per node (its first cell), the `Resource → Operation` entries of
 * its second cell, and the README line of the row.
 */
function readmeOperations() {
	const lines = README.split('\n');
	const start = lines.findIndex((line) => line.startsWith('| Node | Resource → Operation |'));
	/** @type {Map<string, { entries: string[], line: number }>} */
	const rows = new Map();
	for (const [offset, line] of lines.slice(start + 2).entries()) {
		if (start < 0 || !line.startsWith('|')) break;
		const [node, cell] = line
			.split('|')
			.slice(1, 3)
			.map((c) => c.trim());
		rows.set(node, {
			entries: cell.split(' · ').map((entry) => entry.replace(/ \(.*\)$/, '')),
			line: start + 3 + offset,
		});
	}
	return rows;
}
const README_OPERATIONS = readmeOperations();
const ROUTES = buildRoutes({ categories: '{categories}', favorites: '{favorites}' });

describe.each(Object.entries(ENDPOINTS))('ENDPOINTS.%s', (key, endpoint) => {
	test('an operation of a node calls it (nodes/<Node>/actions/<resource>/<op>.operation.ts, `endpoints`)', () => {
		const callers = OPERATIONS.filter(({ operation }) =>
			/** @type {string[]} */ (operation.endpoints).includes(key),
		);
		expect(callers.length).toBeGreaterThan(0);
	});

	test('the sandbox serves it (test/operations/<node>/<endpoint key>.js: a `route` with its method and path)', () => {
		const route = ROUTES.find((candidate) => candidate.operation === key);
		expect({
			endpoint: key,
			route: route && [route.module, route.method, generic(route.path)],
		}).toEqual({
			endpoint: key,
			route: [endpoint.module, endpoint.method, generic(endpoint.path)],
		});
	});

	test('a `case` in test/operations/<node>/<endpoint key>.js runs it (fault, retry, secret, tenant tables, e2e)', () => {
		expect(OPERATION_CASES.map((op) => op.endpoint)).toContain(key);
	});

	test("docs/operations.md's operations table has a row with its call", () => {
		expect(ROWS.map((row) => row.call)).toContain(callOf(endpoint));
	});
});

describe.each(
	OPERATIONS.map((entry) => [`${entry.node}: ${entry.resource} → ${entry.operationName}`, entry]),
)('%s', (_name, { node, resource, operationName, operation }) => {
	test("docs/operations.md's operations table has its row: node, resource, operation and a call it makes", () => {
		const row = ROWS.find(
			(candidate) =>
				candidate.node === node &&
				candidate.resource === resource &&
				candidate.operation === operationName,
		);
		const calls = operation.endpoints.map((key) => callOf(ENDPOINTS[key]));
		const ownCall = `${ENDPOINTS[operation.endpoints[0]].method} {${ENDPOINTS[operation.endpoints[0]].module}}${ENDPOINTS[operation.endpoints[0]].path}`;
		const sameNode = ROWS.some((candidate) => candidate.node === node);
		// On a failure: what is missing, and the command that writes it.
		const toAdd = `${REFERENCE_FILE} lacks | ${sameNode ? '' : node} | ${resource} | ${operationName} | \`${ownCall}\` |: run \`npm run generate\``;
		expect({ row: row ? 'present' : toAdd, call: row && calls.includes(row.call) }).toEqual({
			row: 'present',
			call: true,
		});
	});

	test("docs/operations.md's section of the node describes it (**Resource → Operation**, exactly)", () => {
		const heading = node.replace(/^Business Platform /, '');
		const section = referenceSection(heading);
		const entry = `**${resource} → ${operationName}**`;
		// On a failure: what is missing, and the command that writes it (from the operation file's `reference`).
		const toAdd = `${REFERENCE_FILE} (## ${heading}) lacks - ${entry}: run \`npm run generate\``;
		expect(section.text.includes(entry) ? 'present' : toAdd).toBe('present');
	});

	test("README.md's Operations table names it in the node's row (Resource → Operation)", () => {
		const row = README_OPERATIONS.get(node);
		const entry = `${resource} → ${operationName}`;
		// On a failure: what is missing, and the command that writes it.
		const toAdd = `README.md's Operations table lacks ${entry} in the row of ${node}: run \`npm run generate\``;
		expect(row?.entries.includes(entry) ? 'present' : toAdd).toBe('present');
	});
});

test("every row of docs/operations.md's operations table is an operation or the trigger (no stale row)", () => {
	const listed = new Set(
		OPERATIONS.map(({ node, resource, operationName }) => `${node}|${resource}|${operationName}`),
	);
	const stale = ROWS.filter(
		(row) =>
			!row.node.endsWith(' Trigger') && !listed.has(`${row.node}|${row.resource}|${row.operation}`),
	);
	expect(stale).toEqual([]);
});

test("every entry of README.md's Operations table is an operation or the trigger's (no stale entry)", () => {
	const listed = new Set(
		OPERATIONS.map(({ node, resource, operationName }) => `${node}|${resource} → ${operationName}`),
	);
	const trigger = ROWS.filter((row) => row.node.endsWith(' Trigger')).map(
		(row) => `${row.node}|${row.resource} → ${row.operation.replace(/ \(.*\)$/, '')}`,
	);
	const entries = [...README_OPERATIONS].flatMap(([node, { entries }]) =>
		entries.map((entry) => `${node}|${entry}`),
	);
	expect(entries.length).toBeGreaterThan(0);
	expect(entries.filter((entry) => !listed.has(entry) && !trigger.includes(entry))).toEqual([]);
});

test('a route on a method and path the sandbox serves already is refused, naming both owners (an operation would take over a name-only route)', () => {
	const { operationFiles } = require('./operations');
	const files = operationFiles();
	const own = new Set([...files.map(({ endpoint }) => endpoint), 'login']);
	const nameOnly = ROUTES.find((route) => !own.has(route.operation));
	const [payslip] = files;
	if (!nameOnly || !payslip) throw new Error('No name-only route or no operation file');
	const { operation, handler, ...where } = nameOnly;
	const taker = {
		...payslip,
		endpoint: 'takesItOver',
		file: 'test/operations/x/takesItOver.js',
		contents: { ...payslip.contents, route: { ...where, handler } },
	};
	const prefixes = { categories: '{categories}', favorites: '{favorites}' };
	expect(() => buildRoutes(prefixes, [...files, taker])).toThrow(
		`The sandbox serves ${where.method} ${where.path} (${where.module}) twice: for test/operations/x/takesItOver.js and for the name-only route "${operation}" (NAME_ONLY_ROUTES in sandbox/routes.js).`,
	);
	expect(() => buildRoutes(prefixes, [...files, payslip])).toThrow(
		`twice: for ${payslip.file} and for ${payslip.file}.`,
	);
});
