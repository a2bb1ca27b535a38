// @ts-check
/**
 * `node bench/profile.js`: a CPU profile of one `n8n execute` of a 1000-item workflow in the
 * real app (node --cpu-prof on n8n's own bin: NODE_OPTIONS refuses it), this package's node
 * or the HTTP Request node with typed-in headers: E10 updates (PROFILE_CASE=ours|httpTyped,
 * or plainOurs|plainHttpTyped with Name and Status fixed, only Task ID from an expression),
 * each with a PROFILE_UPLOAD_BYTES file when set (read by the Read/Write Files node, binary
 * data in n8n's filesystem mode, as `npm run bench` runs its cases with a file), or E14 creates
 * (PROFILE_CASE=createsOurs|createsHttpTyped), against the sandbox at PROFILE_LATENCY ms
 * (default 0). Prints the top functions by self time, each marked as this package's code or
 * n8n's (and its dependencies'), the share of this package's own code, and the measured node's
 * CPU per item split by what it was for (KINDS); PROFILE_KEEP=<file>
 * keeps the .cpuprofile (Chrome DevTools opens it). Expects `npm run build` and the n8n app in
 * the install cache (see bench/run.js).
 */
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const app = require('../scripts/n8n-app');
const { startSandbox } = require('../sandbox/server');
const workflows = require('./workflows');

const ITEMS = 1000;
const CASE = process.env.PROFILE_CASE ?? 'ours';
const TOP = Number(process.env.PROFILE_TOP ?? 25);
const UPLOAD_BYTES = Number(process.env.PROFILE_UPLOAD_BYTES ?? 0);

/** @param {string} url */
function ownerOf(url) {
	if (url.includes(`/${app.PACKAGE_NAME}/dist/`)) return 'this package';
	if (url.startsWith('node:') || url === '') return 'Node';
	const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*node_modules)/.exec(url);
	return match ? match[1] : 'n8n';
}

/** Self time per function (name, file, line) from a .cpuprofile. @param {any} profile */
function selfTimes(profile) {
	/** @type {Map<number, any>} */
	const nodes = new Map(profile.nodes.map((/** @type {any} */ n) => [n.id, n]));
	/** @type {Map<number, number>} */
	const hits = new Map();
	profile.samples.forEach((/** @type {number} */ id, /** @type {number} */ i) => {
		hits.set(id, (hits.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
	});
	/** @type {Map<string, { us: number, owner: string, name: string }>} */
	const byFunction = new Map();
	for (const [id, us] of hits) {
		const { callFrame } = nodes.get(id);
		const owner = ownerOf(callFrame.url);
		const where = callFrame.url
			? `${callFrame.url.replace(/^.*node_modules\//, '')}:${callFrame.lineNumber + 1}`
			: '';
		const name = `${callFrame.functionName || '(anonymous)'} ${where}`.trim();
		const entry = byFunction.get(name) ?? { us: 0, owner, name };
		entry.us += us;
		byFunction.set(name, entry);
	}
	// Idle time is no one's work.
	return [...byFunction.values()]
		.filter((e) => !e.name.startsWith('(idle)'))
		.sort((a, b) => b.us - a.us);
}

/**
 * What a sample of the measured node's run was for: the first kind, from the sample's own
 * function towards the root of its stack, whose test a frame passes (so the expression
 * evaluation inside a parameter read counts as the read, a parameter read inside the request
 * build as a read). `of` is a function's name and file.
 * @type {Array<[kind: string, test: (name: string, url: string) => boolean]>}
 */
const KINDS = [
	[
		'parameter reads (getNodeParameter: expressions, copies, checks)',
		(name) => name === '_getNodeParameter',
	],
	[
		"n8n's HTTP helper (httpRequestWithAuthentication, the credential's authenticate, axios)",
		(name, url) =>
			/^(httpRequestWithAuthentication|httpRequest|requestWithAuthentication|authenticate)$/.test(
				name,
			) ||
			/\/(axios|follow-redirects|form-data|proxy-from-env)\//.test(url) ||
			url.includes('/request-helper-functions'),
	],
	[
		'answer walks (parse, envelope, redaction, output shaping)',
		(name, url) =>
			/\/(platform\/envelope|credential\/redaction|credential\/secretEchoes|credential\/escapeDecoding|node\/output)\.js$/.test(
				url,
			) ||
			(url.includes('/dist/') && name === 'successOrFailure'),
	],
	[
		'request build (form, URL, headers, multipart)',
		(_name, url) =>
			/\/(transport\/request|transport\/multipart|values\/parameters|values\/wire|taskForm|runCredential)\.js$/.test(
				url,
			) || url.endsWith('.operation.js'),
	],
	[
		"the router, item queue, transport's retry loop, admission and limiter (this package's other code)",
		(_name, url) => url.includes(`/${app.PACKAGE_NAME}/dist/`),
	],
	["the HTTP Request node's own code", (_name, url) => url.includes('/HttpRequest/')],
	[
		'Node http/net (sockets, parsing)',
		(_name, url) => /^node:(_http|http|net|stream|internal\/(stream|http|net))/.test(url),
	],
	['garbage collector', (name) => name === '(garbage collector)'],
];

/**
 * The measured node's part of the profile: from its first sample with the node's execute on
 * the stack to its last sample in the node's own code, and its CPU by KINDS.
 * @param {any} profile
 */
function measuredNodeKinds(profile) {
	/** @type {Map<number, any>} */
	const nodes = new Map(profile.nodes.map((/** @type {any} */ n) => [n.id, n]));
	/** @type {Map<number, number>} */
	const parents = new Map();
	for (const node of profile.nodes)
		for (const child of node.children ?? []) parents.set(child, node.id);
	const stackOf = (/** @type {number} */ id) => {
		const frames = [];
		for (let at = /** @type {number | undefined} */ (id); at !== undefined; at = parents.get(at))
			frames.push(nodes.get(at).callFrame);
		return frames;
	};
	const ownCode = (/** @type {any} */ frame) =>
		frame.url.includes(`/${app.PACKAGE_NAME}/dist/`) || frame.url.includes('/HttpRequest/');
	const isStart = (/** @type {any} */ frame) =>
		frame.functionName === 'routeItems' ||
		(frame.functionName === 'execute' && frame.url.includes('/HttpRequest/V3/'));
	/** @type {Array<{ at: number, us: number, stack: any[] }>} */
	const samples = [];
	let at = profile.startTime;
	profile.samples.forEach((/** @type {number} */ id, /** @type {number} */ i) => {
		at += profile.timeDeltas[i] ?? 0;
		// A sample's time is the delta to the next sample.
		samples.push({ at, us: profile.timeDeltas[i + 1] ?? 0, stack: stackOf(id) });
	});
	const first = samples.findIndex((s) => s.stack.some(isStart));
	let last = samples.length - 1;
	while (last > first && !samples[last].stack.some(ownCode)) last--;
	if (first < 0) return undefined;
	/** @type {Map<string, number>} */
	const byKind = new Map();
	let busy = 0;
	for (const sample of samples.slice(first, last + 1)) {
		const leaf = sample.stack[0].functionName;
		if (leaf === '(idle)') continue;
		busy += sample.us;
		const kind =
			sample.stack
				.map((frame) => KINDS.find(([, test]) => test(frame.functionName, frame.url))?.[0])
				.find(Boolean) ??
			(leaf === '(program)' ? '(program): V8 and native work' : "n8n's engine and the rest");
		byKind.set(kind, (byKind.get(kind) ?? 0) + sample.us);
	}
	return {
		wallUs: samples[last].at - samples[first].at,
		busy,
		kinds: [...byKind.entries()].sort((a, b) => b[1] - a[1]),
	};
}

async function main() {
	if (!fs.existsSync(path.join(app.ROOT, 'dist'))) throw new Error('run npm run build first');
	const sandbox = await startSandbox();
	sandbox.setLatency(Number(process.env.PROFILE_LATENCY ?? 0));
	const userFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-n8n-profile-'));
	try {
		app.installPackageInto(userFolder);
		const [port] = await app.freePorts(1);
		const [brokerPort] = await app.freePorts(1);
		const filesDir = path.join(userFolder, 'files');
		fs.mkdirSync(filesDir);
		const uploadFile = path.join(filesDir, 'upload.bin');
		fs.writeFileSync(uploadFile, Buffer.alloc(UPLOAD_BYTES, 7));
		const env = {
			...app.n8nEnv(userFolder, port, brokerPort),
			N8N_LOG_LEVEL: 'info',
			N8N_DEFAULT_BINARY_DATA_MODE: 'filesystem',
			N8N_RESTRICT_FILE_ACCESS_TO: filesDir,
		};
		const typed = workflows.typedHeaders(sandbox);
		const { management, ecommerce } = sandbox.baseUrls;
		/** The workflow of each PROFILE_CASE, built only for the one asked for. */
		const workflowOf = {
			plainOurs: () => workflows.ourTaskUpdatesFixed('bpProfile', ITEMS),
			plainHttpTyped: () =>
				workflows.httpTaskUpdatesFixedTyped('bpProfile', ITEMS, management, typed.tasks),
			ours: () =>
				UPLOAD_BYTES
					? workflows.ourTaskUpdatesWithFiles('bpProfile', ITEMS, uploadFile)
					: workflows.ourTaskUpdates('bpProfile', ITEMS, {}),
			httpTyped: () =>
				UPLOAD_BYTES
					? workflows.httpTaskUpdatesWithFilesTyped(
							'bpProfile',
							ITEMS,
							uploadFile,
							management,
							typed.tasks,
						)
					: workflows.httpTaskUpdatesTyped('bpProfile', ITEMS, management, typed.tasks),
			createsOurs: () => workflows.ourTransferCreates('bpProfile', ITEMS),
			createsHttpTyped: () =>
				workflows.httpTransferCreatesTyped('bpProfile', ITEMS, ecommerce, typed.creates),
		};
		if (!(CASE in workflowOf))
			throw new Error(`PROFILE_CASE is one of ${Object.keys(workflowOf).join(', ')}`);
		const workflow = workflowOf[/** @type {keyof typeof workflowOf} */ (CASE)]();
		const file = path.join(userFolder, 'bpProfile.json');
		fs.writeFileSync(file, JSON.stringify(workflow));
		await app.importIntoN8n(env, sandbox, [file]);
		const profileDir = path.join(userFolder, 'profile');
		// Asynchronous: the sandbox answers from this process meanwhile.
		const status = await new Promise((resolve) => {
			const child = spawn(
				app.NODE24,
				['--cpu-prof', `--cpu-prof-dir=${profileDir}`, app.N8N_BIN, 'execute', '--id=bpProfile'],
				{
					env,
					stdio: 'ignore',
				},
			);
			const timer = setTimeout(() => child.kill('SIGKILL'), 180_000);
			child.on('close', (code) => {
				clearTimeout(timer);
				resolve(code);
			});
		});
		if (status !== 0) throw new Error(`n8n execute exited with ${status}`);
		const [profileFile] = fs.readdirSync(profileDir);
		const profile = JSON.parse(fs.readFileSync(path.join(profileDir, profileFile), 'utf8'));
		if (process.env.PROFILE_KEEP)
			fs.copyFileSync(path.join(profileDir, profileFile), process.env.PROFILE_KEEP);
		const entries = selfTimes(profile);
		const total = entries.reduce((sum, e) => sum + e.us, 0);
		const ours = entries
			.filter((e) => e.owner === 'this package')
			.reduce((sum, e) => sum + e.us, 0);
		const ms = (/** @type {number} */ us) => `${(us / 1000).toFixed(1)} ms`;
		process.stdout.write(
			`Profile of n8n execute, ${CASE}, ${ITEMS} ${CASE.startsWith('creates') ? 'E14 creates' : 'E10 updates'}${UPLOAD_BYTES ? ` each with a ${UPLOAD_BYTES}-byte file` : ''}: ${ms(total)} sampled in all, this package's own code ${ms(ours)}\n\n`,
		);
		process.stdout.write('| self time | owner | function |\n|---:|---|---|\n');
		for (const e of entries.slice(0, TOP))
			process.stdout.write(`| ${ms(e.us)} | ${e.owner} | ${e.name} |\n`);
		process.stdout.write(`\nThis package's top functions:\n`);
		for (const e of entries.filter((x) => x.owner === 'this package').slice(0, 10))
			process.stdout.write(`  ${ms(e.us)}  ${e.name}\n`);
		const node = measuredNodeKinds(profile);
		if (node) {
			const perItem = (/** @type {number} */ us) => `${(us / ITEMS).toFixed(0)} µs`;
			process.stdout.write(
				`\nThe measured node: ${ms(node.wallUs)} from its first sample to its last, ${ms(node.busy)} of CPU (not idle), ${perItem(node.busy)} per item:\n\n| per item | in all | share | what for |\n|---:|---:|---:|---|\n`,
			);
			for (const [kind, us] of node.kinds)
				process.stdout.write(
					`| ${perItem(us)} | ${ms(us)} | ${((100 * us) / node.busy).toFixed(0)}% | ${kind} |\n`,
				);
		}
	} finally {
		await sandbox.close();
		fs.rmSync(userFolder, { recursive: true, force: true });
	}
}

main().then(
	() => process.exit(0),
	(error) => {
		process.stderr.write(`profile failed: ${error.stack ?? error}\n`);
		process.exit(1);
	},
);
