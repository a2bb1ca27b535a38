// @ts-check
/**
 * Workflows saved with earlier releases keep working: every file under
 * test/e2e/saved-workflows/<version>/ (written once per release by scripts/saved-workflows.js:
 * the examples that start by hand and one workflow per action node, parameters stored as n8n's
 * editor stores them, only what differs from the defaults) is imported unchanged into the real
 * n8n app with the current package and run, all in one `n8n execute-batch` (n8n starts once):
 * the run succeeds, and every node of this package in it gives items and no error.
 */
const fs = require('node:fs');
const path = require('node:path');

const app = require('../../scripts/n8n-app');
const { prepareN8n, removeN8n } = require('./n8nSuite');
const { SAVED } = require('../../scripts/saved-workflows');

/** Every saved workflow file: [version/file, path, workflow] */
const SAVED_FILES = fs.readdirSync(SAVED).flatMap((version) =>
	fs.readdirSync(path.join(SAVED, version)).map((file) => {
		const full = path.join(SAVED, version, file);
		return /** @type {[string, string, any]} */ ([
			`${version}/${file}`,
			full,
			JSON.parse(fs.readFileSync(full, 'utf8')),
		]);
	}),
);

/** Each saved workflow's run, by workflow id. @type {Map<string, { run?: any, error?: string }>} */
let runs;
/** @type {any} */
let sandbox;
/** @type {NodeJS.ProcessEnv} */
let env;
/** @type {string} */
let userFolder;

beforeAll(async () => {
	({ sandbox, userFolder, env } = await prepareN8n('saved'));
	await app.importIntoN8n(
		env,
		sandbox,
		SAVED_FILES.map(([, file]) => file),
	);
	runs = await app.executeBatch(
		env,
		userFolder,
		SAVED_FILES.map(([, , workflow]) => workflow.id),
	);
}, 20 * 60_000);

afterAll(() => removeN8n({ sandbox, userFolder }));

test('the saved workflows include one per action node of this package', () => {
	const saved = new Set(
		SAVED_FILES.flatMap(([, , workflow]) =>
			workflow.nodes.map((/** @type {{ type: string }} */ node) => node.type),
		),
	);
	const manifest = JSON.parse(fs.readFileSync(path.join(app.ROOT, 'package.json'), 'utf8'));
	const actionNodes = manifest.n8n.nodes
		.map((/** @type {string} */ file) => path.basename(file, '.node.js'))
		.filter((/** @type {string} */ name) => !name.endsWith('Trigger'))
		.map(
			(/** @type {string} */ name) =>
				`${app.PACKAGE_NAME}.${name[0].toLowerCase()}${name.slice(1)}`,
		);
	expect(actionNodes.length).toBeGreaterThan(0);
	for (const type of actionNodes) expect(saved).toContain(type);
});

test.each(SAVED_FILES)('%s runs unchanged', (_name, _file, workflow) => {
	const { run, error } = runs.get(workflow.id) ?? {};
	if (!run || !app.executionSucceeded(run))
		throw new Error(`${workflow.id} failed: ${error ?? JSON.stringify(run)}`);
	const ours = workflow.nodes.filter((/** @type {{ type: string }} */ node) =>
		node.type.startsWith(`${app.PACKAGE_NAME}.`),
	);
	const ran = ours.filter(
		(/** @type {{ name: string }} */ node) => run.data.resultData.runData[node.name],
	);
	expect(ran.length).toBeGreaterThan(0);
	for (const node of ran) {
		const items = run.data.resultData.runData[node.name][0]?.data?.main?.[0] ?? [];
		expect([node.name, items.length > 0]).toEqual([node.name, true]);
		for (const item of items) expect(item.json.error).toBeUndefined();
	}
});
