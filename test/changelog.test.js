// @ts-check
/**
 * The changelog through prereleases (docs/releasing.md, Prereleases): an rc dates `## Unreleased`
 * as its own section, and the final release's section gathers the entries of its rcs, so the
 * notes of the release people install hold everything since the last one. First on
 * scripts/changelog.js's functions, then through release-it itself with the changelog commands
 * of .release-it.json's hooks, in a small scratch repository (seconds, where
 * test/release.test.js's full release takes minutes).
 */
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const { checkRelease, releaseChangelog, releaseNotes } = require('../scripts/changelog');

const { git, commitAndPush } = require('./harness/git');

const ROOT = path.join(__dirname, '..');
const DAY = new Date('2026-11-20T12:00:00Z');
const LATER = new Date('2026-11-25T12:00:00Z');

const RELEASED = `## 0.1.0 (2026-10-01)

- The first release.
`;
/** @param {string} unreleased the entries under `## Unreleased` */
const changelog = (unreleased) => `# Changelog\n\n## Unreleased\n\n${unreleased}\n${RELEASED}`;
/** @param {string} text @param {string} entries a new `## Unreleased` on top */
const withUnreleased = (text, entries) =>
	text.replace(/^## /m, `## Unreleased\n\n${entries}\n\n## `);

test('a release with no prerelease before it only dates `## Unreleased`', () => {
	const before = changelog('### Outputs\n\n- A fix.\n');
	const after = releaseChangelog(before, '0.2.0', DAY);
	expect(after).toBe(before.replace('## Unreleased', '## 0.2.0 (2026-11-20)'));
});

test("rc.0, rc.1, then the final release: the final's section holds every rc's entries, once, under their headings", () => {
	const rc0 = releaseChangelog(
		changelog('### Outputs\n\n- Simplify on Payslip.\n\n### Fixes\n\n- Login retries.\n'),
		'0.2.0-rc.0',
		DAY,
	);
	// The rc is its own section: its testers read what it changed.
	expect(rc0).toMatch(
		/^## 0\.2\.0-rc\.0 \(2026-11-20\)\n\n### Outputs\n\n- Simplify on Payslip\.$/m,
	);
	expect(rc0).not.toMatch(/Unreleased/);

	const rc1 = releaseChangelog(
		withUnreleased(rc0, '### Fixes\n\n- Timeout on uploads.'),
		'0.2.0-rc.1',
		LATER,
	);
	expect(rc1).toMatch(/^## 0\.2\.0-rc\.1 \(2026-11-25\)\n\n### Fixes\n\n- Timeout on uploads\.$/m);
	expect(rc1).toContain('## 0.2.0-rc.0 (2026-11-20)');

	const final = releaseChangelog(
		withUnreleased(rc1, '- Hints after a run that waited.'),
		'0.2.0',
		LATER,
	);
	expect(final).toBe(`# Changelog

## 0.2.0 (2026-11-25)

With the changes first released in 0.2.0-rc.0 (2026-11-20) and 0.2.0-rc.1 (2026-11-25).

- Hints after a run that waited.

### Outputs

- Simplify on Payslip.

### Fixes

- Login retries.

- Timeout on uploads.

${RELEASED}`);
});

test('a final release straight after an rc, with nothing new, takes the rc’s entries', () => {
	const rc0 = releaseChangelog(changelog('- A candidate.\n'), '0.2.0-rc.0', DAY);
	expect(() => checkRelease(rc0)).not.toThrow();
	expect(releaseNotes(rc0)).toMatch(/also gathers the entries of 0\.2\.0-rc\.0/);
	expect(releaseChangelog(rc0, '0.2.0', LATER)).toBe(
		`# Changelog\n\n## 0.2.0 (2026-11-25)\n\nWith the changes first released in 0.2.0-rc.0 (2026-11-20).\n\n- A candidate.\n\n${RELEASED}`,
	);
	// An empty `## Unreleased` on top changes nothing.
	expect(releaseChangelog(withUnreleased(rc0, ''), '0.2.0', LATER)).toBe(
		releaseChangelog(rc0, '0.2.0', LATER),
	);
});

test('refused: a release with nothing to say, and an rc with nothing new since the last rc', () => {
	expect(() => checkRelease(changelog(''))).toThrow(/"## Unreleased" has no entries/);
	expect(() => checkRelease(RELEASED)).toThrow(/first section must be "## Unreleased"/);
	const rc0 = releaseChangelog(changelog('- A candidate.\n'), '0.2.0-rc.0', DAY);
	expect(() => checkRelease(rc0, '0.2.0-rc.1')).toThrow(/first section must be "## Unreleased"/);
	expect(() => checkRelease(withUnreleased(rc0, ''), '0.2.0-rc.1')).toThrow(/has no entries/);
	expect(() => checkRelease(withUnreleased(rc0, '- More.'), '0.2.0-rc.1')).not.toThrow();
	expect(() => checkRelease(rc0, '0.2.0')).not.toThrow();
});

/**
 * @param {string} cwd @param {string} command @param {string[]} args
 * @param {NodeJS.ProcessEnv} [env]
 */
function run(cwd, command, args, env = {}) {
	const result = spawnSync(command, args, {
		cwd,
		encoding: 'utf8',
		env: { ...process.env, ...env },
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/**
 * .release-it.json with each hook cut down to its `node scripts/changelog.js` commands, as
 * written there (lint, build and the contract are test/release.test.js's).
 */
function changelogHooksOnly() {
	const config = JSON.parse(fs.readFileSync(path.join(ROOT, '.release-it.json'), 'utf8'));
	/** @type {Record<string, string>} */
	const hooks = {};
	for (const [name, script] of Object.entries(config.hooks)) {
		const kept = String(script)
			.split(' && ')
			.filter((command) => command.startsWith('node scripts/changelog.js '));
		if (kept.length > 0) hooks[name] = kept.join(' && ');
	}
	expect(hooks).toEqual({
		'before:init': 'node scripts/changelog.js check',
		'before:bump': 'node scripts/changelog.js check ${version}',
		'after:bump': 'node scripts/changelog.js release ${version}',
	});
	return { ...config, hooks };
}

let scratch = '';
afterAll(() => {
	if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

test("release-it with .release-it.json's changelog hooks: rc.0, a refused rc with nothing new, then the final release gathers the rc", () => {
	scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-changelog-'));
	const checkout = path.join(scratch, 'checkout');
	const remote = path.join(scratch, 'remote.git');
	fs.mkdirSync(path.join(checkout, 'scripts'), { recursive: true });
	fs.copyFileSync(
		path.join(ROOT, 'scripts', 'changelog.js'),
		path.join(checkout, 'scripts', 'changelog.js'),
	);
	fs.writeFileSync(
		path.join(checkout, 'package.json'),
		JSON.stringify({ name: 'bp-changelog-test', version: '0.1.0', private: true }, null, 2),
	);
	fs.writeFileSync(path.join(checkout, 'CHANGELOG.md'), changelog('- A candidate.\n'));
	fs.writeFileSync(
		path.join(checkout, '.release-it.json'),
		JSON.stringify(changelogHooksOnly(), null, 2),
	);
	commitAndPush(checkout, remote, 'The tree');

	const releaseIt = path.join(ROOT, 'node_modules', 'release-it', 'bin', 'release-it.js');
	const release = (/** @type {string[]} */ ...args) =>
		run(checkout, process.execPath, [releaseIt, '--ci', ...args], {
			npm_config_registry: 'http://127.0.0.1:9/',
			GITHUB_TOKEN: undefined,
			GH_TOKEN: undefined,
		});
	const read = () => fs.readFileSync(path.join(checkout, 'CHANGELOG.md'), 'utf8');

	const rc0 = release('prerelease', '--preReleaseId=rc');
	expect(rc0.status === 0 || rc0.output).toBe(true);
	expect(rc0.output).toContain('- A candidate.');
	const atRc = read();
	expect(atRc).toMatch(/^## 0\.1\.1-rc\.0 \(\d{4}-\d{2}-\d{2}\)\n\n- A candidate\.$/m);

	// Another rc with nothing new under `## Unreleased`: refused before the version is bumped.
	const refused = release('prerelease');
	expect(refused.status).not.toBe(0);
	expect(refused.output).toMatch(/CHANGELOG\.md: the first section must be "## Unreleased"/);
	expect(git(checkout, 'status', '--porcelain')).toBe('');
	expect(JSON.parse(fs.readFileSync(path.join(checkout, 'package.json'), 'utf8')).version).toBe(
		'0.1.1-rc.0',
	);

	fs.writeFileSync(path.join(checkout, 'CHANGELOG.md'), withUnreleased(atRc, '- A fix.'));
	git(checkout, 'commit', '--quiet', '-am', 'Changelog: a fix');
	git(checkout, 'push', '--quiet');
	const final = release('0.1.1');
	expect(final.status === 0 || final.output).toBe(true);
	expect(git(remote, 'tag', '--list').split('\n').sort()).toEqual(['v0.1.1', 'v0.1.1-rc.0']);
	const notes = git(remote, 'show', 'v0.1.1:CHANGELOG.md');
	expect(notes).toMatch(
		/^## 0\.1\.1 \(\d{4}-\d{2}-\d{2}\)\n\nWith the changes first released in 0\.1\.1-rc\.0 \(\d{4}-\d{2}-\d{2}\)\.\n\n- A candidate\.\n\n- A fix\.\n\n## 0\.1\.0 /m,
	);
	expect(notes).not.toMatch(/^## 0\.1\.1-rc\.0/m);
	// The rc's tag keeps its own section.
	expect(git(remote, 'show', 'v0.1.1-rc.0:CHANGELOG.md')).toBe(atRc.trimEnd());
}, 120000);

test('CHANGELOG.md is written for users: no internal issue numbers, no test or source file names', () => {
	const text = fs.readFileSync(path.join(ROOT, 'CHANGELOG.md'), 'utf8');
	expect(text.match(/\bissues? #?\d+|\(#\d+\)|\btest\/\S+|\bnodes\/shared\/\S+/gi) ?? []).toEqual(
		[],
	);
});
