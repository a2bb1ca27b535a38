// @ts-check
/**
 * `npm run release` as a maintainer runs it, in a scratch copy of this tree with a local bare
 * repository as its remote: offline (release-it's config publishes nothing to npm and creates no
 * GitHub release; the npm registry is pointed at a closed port to be sure). It checks the release
 * is refused while package.json holds placeholders, that the tag it pushes is one
 * .github/workflows/publish.yml starts on and accepts, that the hand-written CHANGELOG.md survives
 * with only its `## Unreleased` heading dated, that the saved workflows of 0.1.0 stay as they
 * are, and that the Publish step publishes a prerelease under the dist-tag `next` (npm publish
 * as a dry run). And that CI runs the tests on the Node that Publish runs on.
 */
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const YAML = require('yaml');

const { placeholdersIn } = require('../scripts/publish-metadata');

const { git, commitAndPush } = require('./harness/git');

const ROOT = path.join(__dirname, '..');
/** @param {string} name a GitHub Actions workflow file, parsed */
const workflow = (name) =>
	YAML.parse(fs.readFileSync(path.join(ROOT, '.github', 'workflows', name), 'utf8'));
const publishWorkflow = workflow('publish.yml');

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
	// npm publish --dry-run still asks the registry for the package: without this it asks the
	// closed port three times with backoff, 70 s of waiting per publish step.
	npm_config_fetch_retries: '0',
	GITHUB_TOKEN: undefined,
	GH_TOKEN: undefined,
	// Jest's NODE_ENV=test makes n8n's lint plugin check files it leaves alone otherwise.
	NODE_ENV: undefined,
};
/** `npm run release -- --ci <increment> [<options>]` in the scratch checkout */
const release = (/** @type {string} */ cwd, /** @type {string[]} */ ...increment) =>
	run(cwd, 'npm', ['run', 'release', '--', '--ci', ...increment], {
		check: false,
		env: MAINTAINERS_SHELL,
	});

/**
 * The Publish workflow's publish step, as GitHub Actions runs it for `tag` in `cwd`, with
 * `npm publish` as a dry run against a closed port (n8n-node release lints, builds, publishes).
 * @param {string} cwd @param {string} tag
 */
function publishStep(cwd, tag) {
	const steps = /** @type {{ name?: string, run?: string }[]} */ (
		publishWorkflow.jobs.publish.steps
	);
	const publish = steps.filter((step) => step.run?.includes('n8n-node release'));
	expect(publish).toHaveLength(1);
	return run(cwd, 'bash', ['-e', '-c', /** @type {string} */ (publish[0].run)], {
		check: false,
		env: {
			...MAINTAINERS_SHELL,
			GITHUB_ACTIONS: 'true',
			GITHUB_REF_NAME: tag,
			NPM_TOKEN: undefined,
			npm_config_dry_run: 'true',
		},
	});
}

/** What a maintainer sets before the first release (docs/releasing.md), here made up. */
const REAL_METADATA = {
	homepage: 'https://github.com/bp-release-test/n8n-nodes-business-platform#readme',
	author: { name: 'Release Test', email: 'maintainers@bp-release-test.dev' },
	repository: {
		type: 'git',
		url: 'git+https://github.com/bp-release-test/n8n-nodes-business-platform.git',
	},
};

let scratch = '';
afterAll(() => {
	if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

test('the Publish workflow starts on v-prefixed version tags only', () => {
	expect(['v0.1.0', 'v1.2.3', 'v2.0.0-rc.1'].every(startsPublish)).toBe(true);
	expect(['0.1.0', 'v1.2', 'release-1.2.3'].some(startsPublish)).toBe(false);
});

test("CI runs the tests on engines.node's oldest Node and on the Node that Publish runs on", () => {
	const ci = workflow('ci.yml').jobs.test;
	const setupNode = (/** @type {any} */ job) =>
		job.steps.find((/** @type {any} */ step) => step.uses?.startsWith('actions/setup-node'));
	expect(setupNode(ci).with['node-version']).toBe('${{ matrix.node }}');
	const publishNode = setupNode(publishWorkflow.jobs.publish).with['node-version'];
	const engines = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).engines;
	// engines.node is ">=<major>.<minor>": the matrix names that version as it is written there.
	const oldest = /^>=(\d+\.\d+)$/.exec(engines.node)?.[1];
	expect(ci.strategy.matrix.node).toEqual(expect.arrayContaining([oldest, publishNode]));
});

test("the placeholders in package.json are named, and a repository other than the workflow's", () => {
	const tree = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
	const found = placeholdersIn({ ...tree, ...REAL_METADATA }, {});
	expect(found).toEqual([]);
	for (const email of ['a@example.com', 'a@bp.example', 'a@x.test', 'a@x.invalid', 'a@localhost'])
		expect(placeholdersIn({ ...tree, ...REAL_METADATA, author: { name: 'A', email } }, {})).toEqual(
			[expect.stringMatching(/^author\.email .* reserved example domain/)],
		);
	expect(
		placeholdersIn({ ...tree, ...REAL_METADATA }, { GITHUB_REPOSITORY: 'someone/else' }),
	).toEqual([expect.stringMatching(/^repository\.url .* is not someone\/else/)]);
	expect(
		placeholdersIn(
			{ ...tree, ...REAL_METADATA },
			{ GITHUB_REPOSITORY: 'bp-release-test/n8n-nodes-business-platform' },
		),
	).toEqual([]);
});

test('npm run release refuses placeholders, then tags vX.Y.Z, which publish.yml starts on and accepts, keeps the hand-written CHANGELOG.md and the saved workflows, and a prerelease publishes under next', () => {
	scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-release-'));
	const checkout = path.join(scratch, 'checkout');
	const remote = path.join(scratch, 'remote.git');
	copyTree(checkout);
	commitAndPush(checkout, remote, 'The tree as it is');

	const version = JSON.parse(fs.readFileSync(path.join(checkout, 'package.json'), 'utf8')).version;
	const changelogBefore = fs.readFileSync(path.join(checkout, 'CHANGELOG.md'), 'utf8');
	expect(changelogBefore).toMatch(/^## Unreleased$/m);

	// The tree's package.json names no real author address, homepage or repository yet.
	const refused = release(checkout, version);
	expect(refused.status).not.toBe(0);
	expect(refused.output).toMatch(/Not releasing: package\.json holds placeholders/);
	for (const field of ['author.email', 'homepage', 'repository.url'])
		expect(refused.output).toContain(`- ${field} `);
	expect(git(checkout, 'status', '--porcelain')).toBe('');
	expect(remoteTags(checkout)).toEqual([]);
	// What docs/releasing.md says to set before the first release.
	const manifestFile = path.join(checkout, 'package.json');
	const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
	fs.writeFileSync(manifestFile, JSON.stringify({ ...manifest, ...REAL_METADATA }, null, 2) + '\n');
	git(checkout, 'commit', '--quiet', '-am', "The package's author, homepage and repository");
	git(checkout, 'push', '--quiet');
	const savedBefore = git(checkout, 'rev-parse', 'HEAD:test/e2e/saved-workflows');

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
	// The release's saved-workflow contract is in it (test/contract.test.js keeps it from then on)
	expect(git(published, 'ls-files', 'test/contract')).toBe(
		`test/contract/${version}.json\ntest/contract/saved-workflows.sha256`,
	);
	// and the workflows saved under it (test/e2e/saved.e2e.js runs them from then on), as they were.
	expect(git(published, 'ls-files', 'test/e2e/saved-workflows')).toMatch(
		new RegExp(`^test/e2e/saved-workflows/${version.replace(/\./g, '\\.')}/`),
	);
	expect(git(published, 'rev-parse', 'HEAD:test/e2e/saved-workflows')).toBe(savedBefore);
	expect(run(checkout, 'node', ['scripts/contract.js', '--check']).output).toMatch(
		/every saved workflow is as written/,
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
	// Same contract as the first release: no second snapshot, no second folder of saved workflows.
	expect(git(checkout, 'ls-files', 'test/contract')).toBe(
		`test/contract/${version}.json\ntest/contract/saved-workflows.sha256`,
	);
	expect(git(checkout, 'rev-parse', 'HEAD:test/e2e/saved-workflows')).toBe(savedBefore);
	const changelogAfter = fs.readFileSync(path.join(checkout, 'CHANGELOG.md'), 'utf8');
	expect(changelogAfter).toMatch(
		new RegExp(`^## ${next.replace(/\./g, '\\.')} ${day}\n\n- A fix\\.\n\n## `, 'm'),
	);
	expect(changelogAfter.slice(changelogAfter.indexOf(`## ${version} `))).toBe(
		changelogAtTag.slice(changelogAtTag.indexOf(`## ${version} `)),
	);

	// A prerelease: its tag starts Publish, which publishes it under `next` (npm 11 refuses a
	// prerelease without a dist-tag), while a release goes to `latest`.
	fs.writeFileSync(
		path.join(checkout, 'CHANGELOG.md'),
		changelogAfter.replace(/^## /m, '## Unreleased\n\n- A candidate.\n\n## '),
	);
	git(checkout, 'commit', '--quiet', '-am', 'Changelog: a candidate');
	git(checkout, 'push', '--quiet');
	const candidate = release(checkout, 'prerelease', '--preReleaseId=rc');
	expect(candidate.status === 0 || candidate.output).toBe(true);
	const rc = JSON.parse(fs.readFileSync(path.join(checkout, 'package.json'), 'utf8')).version;
	expect(rc).toMatch(/^\d+\.\d+\.\d+-rc\.0$/);
	expect(remoteTags(checkout)).toContain(`v${rc}`);
	expect(startsPublish(`v${rc}`)).toBe(true);
	expect(versionCheckPasses(checkout, `v${rc}`)).toBe(true);
	const prerelease = publishStep(checkout, `v${rc}`);
	expect(prerelease.output).toMatch(/Publishing to \S+ with tag next .*\(dry-run\)/);
	expect(prerelease.status === 0 || prerelease.output).toBe(true);
	git(checkout, 'checkout', '--quiet', `v${next}`);
	const plain = publishStep(checkout, `v${next}`);
	expect(plain.output).toMatch(/Publishing to \S+ with tag latest .*\(dry-run\)/);
	expect(plain.status === 0 || plain.output).toBe(true);
}, 600000);
