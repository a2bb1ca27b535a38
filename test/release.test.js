// @ts-check
/**
 * `npm run release` as a maintainer runs it, in a scratch copy of this tree with a local bare
 * repository as its remote: offline (release-it's config publishes nothing to npm and creates no
 * GitHub release; the npm registry is pointed at a closed port to be sure). It checks the tag it
 * pushes is one .github/workflows/publish.yml starts on and accepts, and that the hand-written
 * CHANGELOG.md survives with only its `## Unreleased` heading dated.
 */
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const YAML = require('yaml');

const ROOT = path.join(__dirname, '..');
const publishWorkflow = YAML.parse(
	fs.readFileSync(path.join(ROOT, '.github', 'workflows', 'publish.yml'), 'utf8'),
);

/**
 * A command's exit status and output; throws with the output when `check` and it failed.
 * @param {string} cwd @param {string} command @param {string[]} args
 * @param {{ check?: boolean, env?: NodeJS.ProcessEnv }} [options]
 */
function run(cwd, command, args, { check = true, env = {} } = {}) {
	const fullEnv = { ...process.env, ...env };
	for (const [name, value] of Object.entries(fullEnv))
		if (value === undefined) delete fullEnv[name];
	const result = spawnSync(command, args, {
		cwd,
		encoding: 'utf8',
		env: fullEnv,
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	const output = `${result.stdout}${result.stderr}`;
	if (check && result.status !== 0)
		throw new Error(`${command} ${args.join(' ')} exited ${result.status}:\n${output}`);
	return { status: result.status, output };
}
/** The tags the remote has, by name */
const remoteTags = (/** @type {string} */ cwd) =>
	git(cwd, 'ls-remote', '--tags', '--refs', 'origin')
		.split('\n')
		.filter(Boolean)
		.map((line) => line.replace(/^.*\trefs\/tags\//, ''));
const git = (/** @type {string} */ cwd, /** @type {string[]} */ ...args) =>
	run(cwd, 'git', args).output.trim();

/**
 * GitHub's filter pattern as a regular expression: `*` is any run of characters but `/`, `**`
 * any run at all. Other special characters are refused rather than guessed at.
 * @param {string} pattern
 */
function filterPatternToRegExp(pattern) {
	if (/[?+[\]!]/.test(pattern)) throw new Error(`Unsupported filter pattern: ${pattern}`);
	const source = pattern
		.split('**')
		.map((part) =>
			part
				.split('*')
				.map((text) => text.replace(/[.\\^$|(){}]/g, '\\$&'))
				.join('[^/]*'),
		)
		.join('.*');
	return new RegExp(`^${source}$`);
}

/** @param {string} tag whether a push of this tag starts the Publish workflow */
const startsPublish = (tag) =>
	/** @type {string[]} */ (publishWorkflow.on.push.tags).some((pattern) =>
		filterPatternToRegExp(pattern).test(tag),
	);

/**
 * Runs the Publish workflow's check that the tag is the package's version, in `cwd`.
 * @param {string} cwd @param {string} tag
 */
function versionCheckPasses(cwd, tag) {
	const steps = /** @type {{ run?: string }[]} */ (publishWorkflow.jobs.publish.steps);
	const check = steps.filter((step) => step.run?.includes('GITHUB_REF_NAME'));
	expect(check).toHaveLength(1);
	return (
		run(cwd, 'bash', ['-e', '-c', /** @type {string} */ (check[0].run)], {
			check: false,
			env: { GITHUB_REF_NAME: tag },
		}).status === 0
	);
}

/** The tracked and new (not ignored) files of this tree, as a maintainer's checkout has them. */
function copyTree(/** @type {string} */ to) {
	const files = run(ROOT, 'git', ['ls-files', '-z', '-co', '--exclude-standard']).output;
	for (const file of files.split('\0').filter(Boolean)) {
		const from = path.join(ROOT, file);
		if (!fs.existsSync(from) || fs.lstatSync(from).isSymbolicLink()) continue;
		fs.mkdirSync(path.dirname(path.join(to, file)), { recursive: true });
		fs.copyFileSync(from, path.join(to, file));
	}
	fs.symlinkSync(fs.realpathSync(path.join(ROOT, 'node_modules')), path.join(to, 'node_modules'));
}

const MAINTAINERS_SHELL = {
	// Nothing may reach a registry or GitHub: a closed port, and no token.
	npm_config_registry: 'http://127.0.0.1:9/',
	GITHUB_TOKEN: undefined,
	GH_TOKEN: undefined,
	// Jest's NODE_ENV=test makes n8n's lint plugin check files it leaves alone otherwise.
	NODE_ENV: undefined,
};
/** `npm run release -- --ci <increment>` in the scratch checkout */
const release = (/** @type {string} */ cwd, /** @type {string} */ increment) =>
	run(cwd, 'npm', ['run', 'release', '--', '--ci', increment], {
		check: false,
		env: MAINTAINERS_SHELL,
	});

let scratch = '';
afterAll(() => {
	if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

test('the Publish workflow starts on v-prefixed version tags only', () => {
	expect(['v0.1.0', 'v1.2.3', 'v2.0.0-rc.1'].every(startsPublish)).toBe(true);
	expect(['0.1.0', 'v1.2', 'release-1.2.3'].some(startsPublish)).toBe(false);
});

test('npm run release tags vX.Y.Z, which publish.yml starts on and accepts, and keeps the hand-written CHANGELOG.md', () => {
	scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-release-'));
	const checkout = path.join(scratch, 'checkout');
	const remote = path.join(scratch, 'remote.git');
	copyTree(checkout);
	// The release writes its own snapshot of the saved-workflow contract (scripts/contract.js).
	fs.rmSync(path.join(checkout, 'test', 'contract'), { recursive: true, force: true });
	fs.rmSync(path.join(checkout, 'test', 'e2e', 'saved-workflows'), {
		recursive: true,
		force: true,
	});
	git(scratch, 'init', '--quiet', '--bare', remote);
	git(checkout, 'init', '--quiet', '-b', 'main');
	git(checkout, 'config', 'user.name', 'Release Test');
	git(checkout, 'config', 'user.email', 'release-test@example.invalid');
	git(checkout, 'add', '.');
	git(checkout, 'commit', '--quiet', '-m', 'The tree as it is');
	git(checkout, 'remote', 'add', 'origin', remote);
	git(checkout, 'push', '--quiet', '-u', 'origin', 'main');

	const version = JSON.parse(fs.readFileSync(path.join(checkout, 'package.json'), 'utf8')).version;
	const changelogBefore = fs.readFileSync(path.join(checkout, 'CHANGELOG.md'), 'utf8');
	expect(changelogBefore).toMatch(/^## Unreleased$/m);

	// The first release publishes the version package.json already has.
	const first = release(checkout, version);
	expect(first.output).not.toMatch(/auto-changelog/);
	expect(first.status === 0 || first.output).toBe(true);
	const tag = `v${version}`;
	expect(remoteTags(checkout)).toEqual([tag]);
	expect(startsPublish(tag)).toBe(true);

	// What the Publish workflow checks out for that tag: a clone of the remote at the tag.
	const published = path.join(scratch, 'published');
	git(scratch, 'clone', '--quiet', '--branch', tag, remote, published);
	expect(versionCheckPasses(published, tag)).toBe(true);
	expect(versionCheckPasses(published, version)).toBe(false);
	expect(versionCheckPasses(published, 'v99.0.0')).toBe(false);
	expect(git(published, 'log', '-1', '--format=%s')).toBe(`Release ${tag}`);
	// The release's saved-workflow contract is in it (test/contract.test.js keeps it from then on).
	expect(git(published, 'ls-files', 'test/contract')).toBe(`test/contract/${version}.json`);
	// and the workflows saved under it (test/e2e/saved.e2e.js runs them from then on).
	expect(git(published, 'ls-files', 'test/e2e/saved-workflows')).toMatch(
		new RegExp(`^test/e2e/saved-workflows/${version.replace(/\./g, '\\.')}/`),
	);

	// Only the heading changed: `## Unreleased` is now the version and the day.
	const day = /\(\d{4}-\d{2}-\d{2}\)/.source;
	const changelogAtTag = fs.readFileSync(path.join(published, 'CHANGELOG.md'), 'utf8');
	expect(changelogAtTag).toMatch(new RegExp(`^## ${version.replace(/\./g, '\\.')} ${day}$`, 'm'));
	expect(
		changelogAtTag.replace(
			new RegExp(`^## ${version.replace(/\./g, '\\.')} ${day}$`, 'm'),
			'## Unreleased',
		),
	).toBe(changelogBefore);

	// Nothing new under `## Unreleased`: the next release is refused before anything changes.
	const empty = release(checkout, 'patch');
	expect(empty.status).not.toBe(0);
	expect(empty.output).toMatch(/CHANGELOG\.md/);
	expect(git(checkout, 'status', '--porcelain')).toBe('');
	expect(remoteTags(checkout)).toEqual([tag]);

	// A patch release after an entry was written: v<next>, the earlier section untouched.
	fs.writeFileSync(
		path.join(checkout, 'CHANGELOG.md'),
		changelogAtTag.replace(/^## /m, '## Unreleased\n\n- A fix.\n\n## '),
	);
	git(checkout, 'commit', '--quiet', '-am', 'Changelog: a fix');
	git(checkout, 'push', '--quiet');
	const second = release(checkout, 'patch');
	expect(second.status === 0 || second.output).toBe(true);
	const next = JSON.parse(fs.readFileSync(path.join(checkout, 'package.json'), 'utf8')).version;
	expect(startsPublish(`v${next}`)).toBe(true);
	expect(remoteTags(checkout).sort()).toEqual([tag, `v${next}`].sort());
	expect(versionCheckPasses(checkout, `v${next}`)).toBe(true);
	// Same contract as the first release: no second snapshot.
	expect(git(checkout, 'ls-files', 'test/contract')).toBe(`test/contract/${version}.json`);
	const changelogAfter = fs.readFileSync(path.join(checkout, 'CHANGELOG.md'), 'utf8');
	expect(changelogAfter).toMatch(
		new RegExp(`^## ${next.replace(/\./g, '\\.')} ${day}\n\n- A fix\\.\n\n## `, 'm'),
	);
	expect(changelogAfter.slice(changelogAfter.indexOf(`## ${version} `))).toBe(
		changelogAtTag.slice(changelogAtTag.indexOf(`## ${version} `)),
	);
}, 600000);
