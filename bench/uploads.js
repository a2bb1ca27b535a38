// @ts-check
/**
 * `node bench/uploads.js`: the memory large uploads add, Task → Update (E10) run by n8n-core's
 * real engine (the tests' harness, test/harness/n8n.js) with binary data in filesystem mode,
 * against the sandbox platform on 127.0.0.1. Two cases (issue 53 item 2's goal beside each):
 * one 512 MiB file, and 20 files of 50 MiB at the default Concurrency.
 *
 * Each case runs in a fresh child process (the measured one; the sandbox, which reads every body
 * whole, stays in this one). The child first stores the files in n8n's binary data store from
 * disk, as the Read/Write Files node does (a stream), and reads its peak resident memory
 * (VmHWM); then the node uploads them, and it reads VmHWM again. What the upload adds is the
 * second peak over the first: the peak over reading the files alone. UPLOADS_ROUNDS (default 3)
 * rounds, median shown with the spread; UPLOADS_CASES=single,many runs only those. Prints a
 * table; asserts nothing.
 *
 * UPLOADS_APP=1 measures the same cases in the real n8n app (installed into the install cache as
 * for `npm run bench`), as issue 53 did, against n8n's HTTP Request node: `n8n execute` of a
 * workflow whose Read/Write Files from Disk node reads the files (filesystem binary data mode),
 * then this node, or the HTTP Request node with the same fields and headers typed in, or nothing
 * (reading alone); the peak of each process (VmHWM, read from /proc every 50 ms) over the
 * reading-alone run's, interleaved rounds.
 */
const { spawn } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const MIB = 1024 * 1024;
const ROUNDS = Math.max(1, Math.floor(Number(process.env.UPLOADS_ROUNDS ?? 3)) || 3);
const CHILD_TIMEOUT_MS = 5 * 60_000;

const CASES = [
	{ key: 'single', label: 'one 512 MiB file', files: 1, mib: 512, goalMib: 128 },
	{
		key: 'many',
		label: '20 files of 50 MiB, default Concurrency',
		files: 20,
		mib: 50,
		goalMib: 256,
	},
].filter((c) => !process.env.UPLOADS_CASES || process.env.UPLOADS_CASES.split(',').includes(c.key));

/** @param {string} file */
const peakOf = (file = '/proc/self/status') => {
	const match = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(file, 'utf8'));
	return match ? Number(match[1]) * 1024 : NaN;
};

/** @param {number[]} values */
function median(values) {
	const sorted = [...values].sort((a, b) => a - b);
	const middle = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** @param {number} bytes */
const mib = (bytes) => `${(bytes / MIB).toFixed(0)} MiB`;

/**
 * The measured process: stores `files` in n8n's binary data store, then uploads them with
 * Task → Update; prints its peaks after each as JSON.
 * @param {{ credentials: Record<string, string>, files: string[] }} job
 */
async function child({ credentials, files }) {
	// The harness loads the node sources (TypeScript) as jest does: compiled on require.
	const ts = require('typescript');
	require.extensions['.ts'] = (module, filename) => {
		const source = fs.readFileSync(filename, 'utf8');
		const { outputText } = ts.transpileModule(source, {
			compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
			fileName: filename,
		});
		/** @type {any} */ (module)._compile(outputText, filename);
	};
	process.env.N8N_USER_FOLDER = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-bench-uploads-'));
	process.env.N8N_LOG_LEVEL = 'silent';
	const { runNode, useFilesystemBinaryData } = require('../test/harness/n8n');
	const { store } = await useFilesystemBinaryData();
	const items = [];
	for (const [i, file] of files.entries()) {
		const data = await store(fs.createReadStream(file), {
			fileName: `file-${i}.bin`,
			mimeType: 'application/octet-stream',
		});
		items.push({ json: {}, binary: { data } });
	}
	const afterRead = peakOf();
	const { json, error } = await runNode({
		type: 'businessPlatformProjects',
		parameters: {
			resource: 'task',
			operation: 'update',
			taskId: '1001',
			updateFields: { binaryPropertyNames: 'data' },
		},
		credentials,
		items,
	});
	const afterUpload = peakOf();
	const failed = error ? files.length : json.filter((item) => item.error).length;
	process.stdout.write(JSON.stringify({ afterRead, afterUpload, failed }));
	fs.rmSync(process.env.N8N_USER_FOLDER, { recursive: true, force: true });
	process.exit(0);
}

/** @param {Record<string, any>} job @returns {Promise<{ afterRead: number, afterUpload: number, failed: number }>} */
function runChild(job) {
	return new Promise((resolve, reject) => {
		const proc = spawn(process.execPath, [__filename, 'child', JSON.stringify(job)], {
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let stdout = '';
		let stderr = '';
		proc.stdout.on('data', (chunk) => (stdout += chunk));
		proc.stderr.on('data', (chunk) => (stderr += chunk));
		const timer = setTimeout(() => proc.kill('SIGKILL'), CHILD_TIMEOUT_MS);
		proc.on('close', (code) => {
			clearTimeout(timer);
			if (code === 0) resolve(JSON.parse(stdout));
			else reject(new Error(`the measured process failed (${code}):\n${stderr.slice(-2000)}`));
		});
	});
}

/** A file of `bytes` random bytes on disk, as Read/Write Files reads one. @param {string} dir @param {number} bytes */
function writeFile(dir, bytes) {
	const file = path.join(dir, `upload-${bytes}.bin`);
	if (fs.existsSync(file)) return file;
	const fd = fs.openSync(file, 'w');
	const chunk = crypto.randomBytes(MIB);
	for (let written = 0; written < bytes; written += MIB) fs.writeSync(fd, chunk);
	fs.closeSync(fd);
	return file;
}

/**
 * The app's peaks: for each case and round, `n8n execute` of reading alone, this node and the
 * HTTP Request node; returns what each upload adds over reading alone, per case key.
 * @param {import('../sandbox/server').Sandbox} sandbox @param {string} dir
 */
async function measureInApp(sandbox, dir) {
	const app = require('../scripts/n8n-app');
	const workflows = require('./workflows');
	app.ensureN8nInstalled();
	app.buildPackage();
	const userFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-n8n-bench-uploads-'));
	try {
		app.installPackageInto(userFolder);
		const [port, brokerPort] = await app.freePorts(2);
		const env = {
			...app.n8nEnv(userFolder, port, brokerPort),
			// `n8n execute` prints its result at log level info.
			N8N_LOG_LEVEL: 'info',
			N8N_DEFAULT_BINARY_DATA_MODE: 'filesystem',
			N8N_RESTRICT_FILE_ACCESS_TO: dir,
		};
		const kinds = {
			read: 'reading alone',
			ours: 'this node',
			http: 'HTTP Request node 4.2, headers typed in',
		};
		const files = [];
		for (const c of CASES) {
			const file = writeFile(dir, c.mib * MIB);
			const ours = workflows.ourTaskUpdatesWithFiles(`bpUploads${c.key}ours`, c.files, file);
			const read = workflows.ourTaskUpdatesWithFiles(`bpUploads${c.key}read`, c.files, file);
			read.nodes = read.nodes.map((node) =>
				node.name === workflows.MEASURED
					? { ...node, type: 'n8n-nodes-base.noOp', typeVersion: 1, parameters: {} }
					: node,
			);
			const http = workflows.httpTaskUpdatesWithFilesTyped(
				`bpUploads${c.key}http`,
				c.files,
				file,
				sandbox.baseUrls.management,
				workflows.typedHeaders(sandbox).tasks,
			);
			for (const workflow of [read, ours, http]) {
				const saved = path.join(userFolder, `${workflow.id}.json`);
				fs.writeFileSync(saved, JSON.stringify(workflow));
				files.push(saved);
			}
		}
		process.stdout.write('Importing the workflows and credentials into n8n ...\n');
		await app.importIntoN8n(env, sandbox, files);
		const httpCredential = path.join(userFolder, 'http-credential.json');
		fs.writeFileSync(httpCredential, JSON.stringify(workflows.httpCredentialExport(sandbox)));
		const imported = await app.n8nCli(['import:credentials', `--input=${httpCredential}`], env);
		if (imported.status !== 0)
			throw new Error(`n8n import:credentials failed:\n${imported.stderr}`);

		/** @type {Record<string, number[]>} */
		const added = {};
		for (let round = 0; round < ROUNDS; round++) {
			for (const c of CASES) {
				const order = /** @type {Array<keyof typeof kinds>} */ (['read', 'ours', 'http']);
				/** @type {Record<string, number>} */
				const peaks = {};
				for (const kind of order.map((_, i) => order[(i + round) % order.length])) {
					process.stdout.write(
						`  app, round ${round + 1}/${ROUNDS}: ${c.label}, ${kinds[kind]} ... `,
					);
					sandbox.reset();
					peaks[kind] = await executeInApp(app, env, `bpUploads${c.key}${kind}`);
					const whole = sandbox.requests.filter(
						(r) => r.status === 200 && r.body.files?.[0]?.size === c.mib * MIB,
					).length;
					if (whole !== (kind === 'read' ? 0 : c.files))
						throw new Error(`${whole} of ${c.files} files arrived whole`);
					process.stdout.write(`peak ${mib(peaks[kind])}\n`);
				}
				for (const kind of ['ours', 'http'])
					(added[`${c.key}:${kind}`] ??= []).push(peaks[kind] - peaks.read);
			}
		}
		return added;
	} finally {
		fs.rmSync(userFolder, { recursive: true, force: true });
	}
}

/**
 * One `n8n execute` of an imported workflow; its peak resident memory.
 * @param {typeof import('../scripts/n8n-app')} app @param {NodeJS.ProcessEnv} env @param {string} id
 * @returns {Promise<number>}
 */
function executeInApp(app, env, id) {
	return new Promise((resolve, reject) => {
		const proc = spawn(app.NODE24, [app.N8N_BIN, 'execute', `--id=${id}`, '--rawOutput'], {
			env,
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let stdout = '';
		let stderr = '';
		let peak = 0;
		proc.stdout.on('data', (chunk) => (stdout += chunk));
		proc.stderr.on('data', (chunk) => (stderr += chunk));
		const watch = setInterval(() => {
			try {
				// An ended process not yet reaped has no VmHWM line (NaN): its peak was read before.
				const now = peakOf(`/proc/${proc.pid}/status`);
				if (now > peak) peak = now;
			} catch {
				// the process has ended
			}
		}, 50);
		const timer = setTimeout(() => proc.kill('SIGKILL'), CHILD_TIMEOUT_MS);
		proc.on('close', (code) => {
			clearInterval(watch);
			clearTimeout(timer);
			const run = code === 0 ? app.executionResultOf(stdout) : undefined;
			if (run && app.executionSucceeded(run)) resolve(peak);
			else
				reject(
					new Error(
						`n8n execute ${id} failed (${code}):\n${stdout.slice(-1500)}\n${stderr.slice(-1500)}`,
					),
				);
		});
	});
}

/** @param {number[]} values */
const addedCell = (values) =>
	`${mib(median(values))} (${mib(Math.min(...values))} to ${mib(Math.max(...values))})`;

async function main() {
	const { startSandbox } = require('../sandbox/server');
	const { sandboxCredentials } = require('../sandbox/credentials');
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-bench-files-'));
	const sandbox = await startSandbox({ maxBodyBytes: 1024 * MIB });
	try {
		if (process.env.UPLOADS_APP === '1') {
			const added = await measureInApp(sandbox, dir);
			const lines = [
				`Uploads in the n8n app ${require('../scripts/n8n-app').N8N_VERSION}: peak RSS (VmHWM) of \`n8n execute\` over the same workflow reading the files alone, binary data in filesystem mode, median of ${ROUNDS} (lowest to highest)`,
				'',
				'| Case | this node | HTTP Request node | goal |',
				'|---|---:|---:|---:|',
				...CASES.map(
					(c) =>
						`| ${c.label} | ${addedCell(added[`${c.key}:ours`])} | ${addedCell(added[`${c.key}:http`])} | <= ${c.goalMib} MiB: ${median(added[`${c.key}:ours`]) <= c.goalMib * MIB ? 'met' : 'NOT met'} |`,
				),
				'',
				'Reproduce: UPLOADS_APP=1 node bench/uploads.js',
			];
			process.stdout.write(`\n${lines.join('\n')}\n`);
			return;
		}
		const credentials = sandboxCredentials(sandbox);
		/** @type {Record<string, number[]>} */
		const added = {};
		for (let round = 0; round < ROUNDS; round++) {
			for (const testCase of CASES) {
				const file = writeFile(dir, testCase.mib * MIB);
				process.stdout.write(`  round ${round + 1}/${ROUNDS}: ${testCase.label} ... `);
				sandbox.reset();
				const result = await runChild({
					credentials,
					files: Array.from({ length: testCase.files }, () => file),
				});
				// The sandbox measured every file it received: each must have arrived whole.
				const uploaded = sandbox.requests.filter(
					(r) => r.status === 200 && r.body.files?.[0]?.size === testCase.mib * MIB,
				).length;
				if (result.failed > 0 || uploaded !== testCase.files)
					throw new Error(`${result.failed} items failed, ${uploaded} files arrived whole`);
				(added[testCase.key] ??= []).push(result.afterUpload - result.afterRead);
				process.stdout.write(
					`peak ${mib(result.afterRead)} after reading, ${mib(result.afterUpload)} after uploading\n`,
				);
			}
		}
		const lines = [
			`Uploads: peak RSS (VmHWM) the upload adds over reading the files alone, n8n-core ${require('n8n-core/package.json').version}'s engine, binary data in filesystem mode, Node ${process.versions.node}, median of ${ROUNDS} (lowest to highest)`,
			'',
			'| Case | added peak | goal |',
			'|---|---:|---:|',
			...CASES.map((c) => {
				const values = added[c.key];
				const verdict = median(values) <= c.goalMib * MIB ? 'met' : 'NOT met';
				return `| ${c.label} | ${addedCell(values)} | <= ${c.goalMib} MiB: ${verdict} |`;
			}),
			'',
			'Reproduce: node bench/uploads.js',
		];
		process.stdout.write(`\n${lines.join('\n')}\n`);
	} finally {
		await sandbox.close();
		fs.rmSync(dir, { recursive: true, force: true });
	}
}

if (process.argv[2] === 'child') {
	child(JSON.parse(process.argv[3])).catch((error) => {
		process.stderr.write(`${error.stack ?? error}\n`);
		process.exit(1);
	});
} else {
	main().then(
		() => process.exit(0),
		(error) => {
			process.stderr.write(`bench failed: ${error.stack ?? error}\n`);
			process.exit(1);
		},
	);
}
