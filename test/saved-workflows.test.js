// @ts-check
/**
 * The workflows saved with a release are frozen (scripts/saved-workflows.js): every file under
 * test/e2e/saved-workflows/ is as test/contract/saved-workflows.sha256 says, `node scripts/contract.js --check`
 * fails on a changed, missing or unlisted file, and writing a version's saved workflows (the
 * release, `node scripts/contract.js --write`) leaves an existing folder as it is. The scratch copies are
 * of the committed folders; writing uses the TypeScript sources (compiled by jest).
 */
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const {
	MANIFEST_FILE,
	savedWorkflowChanges,
	writeSavedWorkflows,
} = require('../scripts/saved-workflows');
const { loadPackage } = require('../scripts/load-package');

const ROOT = path.join(__dirname, '..');
const SAVED_FOLDER = path.join('test', 'e2e', 'saved-workflows');
const VERSIONS = fs.readdirSync(path.join(ROOT, SAVED_FOLDER));

/** @type {string[]} */
const scratches = [];
afterAll(() => {
	for (const scratch of scratches) fs.rmSync(scratch, { recursive: true, force: true });
});

/** A scratch project folder holding copies of the saved workflows and their manifest */
function scratchCopy() {
	const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-saved-'));
	scratches.push(scratch);
	fs.cpSync(path.join(ROOT, SAVED_FOLDER), path.join(scratch, SAVED_FOLDER), { recursive: true });
	fs.mkdirSync(path.join(scratch, path.dirname(MANIFEST_FILE)), { recursive: true });
	fs.copyFileSync(path.join(ROOT, MANIFEST_FILE), path.join(scratch, MANIFEST_FILE));
	return scratch;
}

/** @param {string} root every file under the saved-workflows folder, by path, with its bytes */
const contentsOf = (root) =>
	Object.fromEntries(
		fs
			.readdirSync(path.join(root, SAVED_FOLDER), { recursive: true })
			.map(String)
			.filter((file) => fs.statSync(path.join(root, SAVED_FOLDER, file)).isFile())
			.map((file) => [file, fs.readFileSync(path.join(root, SAVED_FOLDER, file), 'utf8')]),
	);

test('every committed saved workflow is listed in the manifest with its SHA-256', () => {
	expect(VERSIONS).toContain('0.1.0');
	const listed = fs.readFileSync(path.join(ROOT, MANIFEST_FILE), 'utf8');
	for (const version of VERSIONS)
		for (const file of fs.readdirSync(path.join(ROOT, SAVED_FOLDER, version)))
			expect(listed).toContain(`  test/e2e/saved-workflows/${version}/${file}\n`);
	expect(savedWorkflowChanges()).toEqual([]);
});

test('a changed, missing or unlisted saved workflow is reported', () => {
	const scratch = scratchCopy();
	const folder = path.join(scratch, SAVED_FOLDER, '0.1.0');
	const [first, second] = fs.readdirSync(folder).sort();
	expect(savedWorkflowChanges(scratch)).toEqual([]);
	const changed = path.join(folder, first);
	fs.writeFileSync(changed, fs.readFileSync(changed, 'utf8').replace('"id": "', '"id": "x'));
	fs.rmSync(path.join(folder, second));
	fs.writeFileSync(path.join(folder, 'new.json'), '{}\n');
	expect(savedWorkflowChanges(scratch).sort()).toEqual(
		[
			`test/e2e/saved-workflows/0.1.0/${first} changed since it was written (saved workflows are frozen)`,
			`test/e2e/saved-workflows/0.1.0/${second} is missing (saved workflows are frozen)`,
			`test/e2e/saved-workflows/0.1.0/new.json is not in ${MANIFEST_FILE}`,
		].sort(),
	);
});

test('scripts/contract.js --check fails when a saved workflow of 0.1.0 changed', () => {
	// scripts/contract.js --check  in a scratch project: copies of
	// the scripts, the snapshots and the saved workflows; the rest linked (the build in dist/).
	const scratch = scratchCopy();
	fs.cpSync(path.join(ROOT, 'scripts'), path.join(scratch, 'scripts'), { recursive: true });
	fs.cpSync(path.join(ROOT, 'test', 'contract'), path.join(scratch, 'test', 'contract'), {
		recursive: true,
	});
	fs.copyFileSync(path.join(ROOT, 'package.json'), path.join(scratch, 'package.json'));
	for (const linked of [
		'dist',
		'node_modules',
		'sandbox',
		'examples',
		path.join('test', 'harness'),
	])
		fs.symlinkSync(path.join(ROOT, linked), path.join(scratch, linked));
	const contract = () =>
		spawnSync(process.execPath, ['scripts/contract.js', '--check'], {
			cwd: scratch,
			encoding: 'utf8',
		});
	const passed = contract();
	expect([passed.status, passed.stderr]).toEqual([0, '']);
	const folder = path.join(scratch, SAVED_FOLDER, '0.1.0');
	const file = path.join(folder, fs.readdirSync(folder).sort()[0]);
	fs.appendFileSync(file, '\n');
	const failed = contract();
	expect(failed.status).toBe(1);
	expect(failed.stderr).toMatch(/0\.1\.0\/\S+ changed since it was written/);
});

test('writing saved workflows leaves an existing version folder as it is and adds a new one to the manifest', () => {
	const scratch = scratchCopy();
	const before = contentsOf(scratch);
	const manifestBefore = fs.readFileSync(path.join(scratch, MANIFEST_FILE), 'utf8');
	const sources = loadPackage(undefined, { sources: true });

	// The release of 0.1.0 (and `node scripts/contract.js --write` at 0.1.0): nothing changes.
	writeSavedWorkflows({ ...sources, version: '0.1.0' }, scratch);
	expect(contentsOf(scratch)).toEqual(before);
	expect(fs.readFileSync(path.join(scratch, MANIFEST_FILE), 'utf8')).toBe(manifestBefore);

	// A later release with a new contract: its own folder, listed; the old lines untouched.
	writeSavedWorkflows({ ...sources, version: '0.2.0' }, scratch);
	const after = contentsOf(scratch);
	for (const [file, text] of Object.entries(before)) expect(after[file]).toBe(text);
	expect(Object.keys(after).filter((file) => file.startsWith('0.2.0')).length).toBe(
		Object.keys(before).filter((file) => file.startsWith('0.1.0')).length,
	);
	const manifestAfter = fs.readFileSync(path.join(scratch, MANIFEST_FILE), 'utf8');
	expect(manifestAfter.startsWith(manifestBefore)).toBe(true);
	expect(manifestAfter).toMatch(/ {2}test\/e2e\/saved-workflows\/0\.2\.0\//);
	expect(savedWorkflowChanges(scratch)).toEqual([]);
});
