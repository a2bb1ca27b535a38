// @ts-check
/**
 * The endurance run: one `n8n start` takes several hundred webhook calls, as a long-running n8n
 * would, while the sandbox platform makes them hard: login tokens that live two seconds, a rate
 * limit answering 429 with Retry-After, 503s with Retry-After, latency with jitter. Two published
 * webhook workflows use the Log In credential (the nodes' Authentication "Log In"): HR Skill ->
 * Create for a list of skill types (JSON), and Projects Task -> Update attaching the file posted
 * to the webhook (multipart). Afterwards it checks:
 *   - every call answered with its records, and every saved execution succeeded;
 *   - each write happened once: per skill type and per file name, at most one accepted request
 *     and one record at the sandbox (exactly one for the calls that answered);
 *   - no secret of the credential, and no login token the sandbox issued, appears in the webhook
 *     answers, n8n's log, the saved executions (read through n8n's REST API) or n8n's database;
 *   - memory and open files of the n8n process stay flat, judged by calls answered, never by
 *     time: heap, external memory and RSS after a full collection (endurance-gc-probe.js) every few calls,
 *     /proc/<pid>/fd after every call (memoryRule, fdRule).
 *
 * BP_ENDURANCE_CALLS (default 250: about three minutes on a quiet 2-core machine, the n8n start
 * included), BP_ENDURANCE_PARALLEL (calls at once, default 6), BP_ENDURANCE_TOKEN_USES (uses before a
 * token expires, default 20) and BP_ENDURANCE_TOKEN_MS (a lifetime besides, default none) size
 * the run. The figures and every sample go to
 * test-results/endurance/figures.json.
 */
const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { EventEmitter, once } = require('node:events');

const app = require('../../scripts/n8n-app');
const { prepareN8n, publishWorkflows, stopN8n, removeN8n } = require('./n8nSuite');
const { credentialSecrets } = require('../harness/credentialSecrets');
const { sandboxLoginCredentials } = require('../../sandbox/credentials');
const { webhookWorkflow, packageNode, loginSkillsWorkflow } = require('../queue/workflows');

/** @param {string} name @param {number} fallback */
function positiveIntegerFromEnv(name, fallback) {
	const raw = process.env[name];
	if (raw === undefined || raw === '') return fallback;
	const value = Number(raw);
	if (!Number.isInteger(value) || value < 1)
		throw new Error(`${name} must be a whole number of at least 1, not ${JSON.stringify(raw)}`);
	return value;
}

const CALLS = positiveIntegerFromEnv('BP_ENDURANCE_CALLS', 250);
const PARALLEL = positiveIntegerFromEnv('BP_ENDURANCE_PARALLEL', 6);
/**
 * Tokens expire after a number of uses by default: as short-lived as the run needs, whatever the
 * machine's load. A lifetime in ms (BP_ENDURANCE_TOKEN_MS=2000 reproduces issue 43 item 2's run)
 * also depends on how fast the machine gets a token out, which a busy machine cannot promise.
 */
const TOKEN_LIFETIME_MS = positiveIntegerFromEnv('BP_ENDURANCE_TOKEN_MS', Infinity);
const TOKEN_USES = positiveIntegerFromEnv('BP_ENDURANCE_TOKEN_USES', 20);
const TOKENS_EXPIRE = `tokens that expire after ${TOKEN_USES} uses${TOKEN_LIFETIME_MS === Infinity ? '' : ` or ${TOKEN_LIFETIME_MS} ms`}`;
/** Every third call updates a task with a file; the others create this many skills. */
const FILE_CALL_EVERY = 3;
const SKILLS_PER_CALL = 3;
const TASK_IDS = [1001, 1002, 1003, 1004];
/** Largest file posted; sizes are drawn below it from a seeded generator. */
const MAX_FILE_BYTES = 256 * 1024;
/** The sandbox pushing back: a rate limit (429), an in-flight cap (503), 503s at random, jitter. */
const PUSHBACK = {
	latencyMs: 5,
	jitterMs: 40,
	rateLimit: { rate: 6, burst: 6, maxInFlight: 4, inFlightStatus: /** @type {503} */ (503) },
};
const RANDOM_503 = { operation: '*', status: 503, retryAfter: 1, ratio: 0.03, times: Infinity };

/**
 * Flatness, judged by calls answered, not by time. The first WARM_UP_SHARE of the calls load
 * n8n's code and fill its caches; the rest is split into an earlier and a later half.
 */
const WARM_UP_SHARE = 0.25;
/** Memory is measured after a full garbage collection (endurance-gc-probe.js), every this many calls. */
const GC_SAMPLE_EVERY = 5;
/**
 * Memory: the least-squares slope, over the calls after warm-up, of what n8n keeps after a full
 * collection: its JS heap and the memory outside it that JS objects hold (Buffers, the binary data
 * of items), in bytes per call. Seen on n8n 2.41.1: between samples it varies by a few hundred KiB
 * (the calls in flight), and 300 calls grew it by about 6 KiB per call; a leak of this much is
 * 32 MiB per 1000 calls.
 */
const KEPT_SLOPE_LIMIT = 32 * 1024;
/**
 * RSS after a full collection, likewise, with room for what the allocators keep or give back:
 * seen drifting from -270 to -10 KiB per call, varying by a few MiB between samples.
 */
const RSS_SLOPE_LIMIT = 128 * 1024;
/**
 * Open files: the later half's most may exceed the earlier half's most by at most the files the
 * calls in flight hold (a socket to the caller, one to the platform, an upload's file), plus a few
 * of n8n's own; one file leaked per call is a hundred more.
 */
const FD_GROWTH_LIMIT = 3 * PARALLEL + 8;

const CREDENTIAL = {
	id: 'bpEnduranceLogIn',
	name: 'Business Platform (sandbox, Log In, endurance)',
};
const SKILLS = { id: 'bpEnduranceSkills', path: 'bp-endurance-skills' };
const TASK_FILE = { id: 'bpEnduranceTaskFile', path: 'bp-endurance-task-file' };
const RESULTS_DIR = path.join(app.ROOT, 'test-results', 'endurance');
const GC_PROBE = path.join(__dirname, 'endurance-gc-probe.js');
const GC_PROBE_LINE = /\[endurance-gc-probe\] rss=(\d+) heapUsed=(\d+) external=(\d+)/;

/** @param {number} ms */
const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** POST {types}: one Skill -> Create per type with the Log In credential; answers every created skill. */
const skillsWorkflow = () =>
	loginSkillsWorkflow(SKILLS, CREDENTIAL, '={{ { types: $json.body.types } }}');

/** POST multipart {taskId, data: file}: Task -> Update attaching the file, Log In credential; answers the task. */
const taskFileWorkflow = () =>
	webhookWorkflow(
		TASK_FILE,
		'firstEntryJson',
		packageNode(
			'businessPlatformProjects',
			{
				authentication: 'login',
				resource: 'task',
				operation: 'update',
				taskId: '={{ $json.body.taskId }}',
				updateFields: { binaryPropertyNames: 'data' },
			},
			{ businessPlatformLogInApi: CREDENTIAL },
		),
	);

/** @typedef {{ call: number, kind: 'skills' | 'file', keys: string[], status: number, text: string }} Answer */
/** @typedef {{ calls: number, rss: number, fds: number }} Sample /proc after an answered call */
/** @typedef {{ calls: number, rss: number, heapUsed: number, external: number }} GcSample after a full collection */

/** What one call sends: skill types or a file, named by the call so each write can be found. @param {number} call */
function callPlan(call) {
	if (call % FILE_CALL_EVERY === FILE_CALL_EVERY - 1) {
		const seed = crypto.createHash('sha256').update(`endurance-${call}`).digest();
		const size = 1 + (seed.readUInt32BE(0) % MAX_FILE_BYTES);
		return {
			kind: /** @type {const} */ ('file'),
			keys: [`endurance-file-${call}.bin`],
			taskId: TASK_IDS[call % TASK_IDS.length],
			bytes: crypto.randomBytes(size),
		};
	}
	return {
		kind: /** @type {const} */ ('skills'),
		keys: Array.from({ length: SKILLS_PER_CALL }, (_, i) => `endurance-skill-${call}-${i}`),
	};
}

/** RSS (bytes) and open files of a process, from /proc. @param {number} pid */
function measure(pid) {
	const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
	const rssKb = Number(/^VmRSS:\s+(\d+)\s+kB$/m.exec(status)?.[1]);
	return { rss: rssKb * 1024, fds: fs.readdirSync(`/proc/${pid}/fd`).length };
}

/** @param {number[]} values */
function median(values) {
	const sorted = [...values].sort((a, b) => a - b);
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Least-squares slope of y over x. @param {number[]} xs @param {number[]} ys */
function slope(xs, ys) {
	const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
	const my = ys.reduce((a, b) => a + b, 0) / ys.length;
	let num = 0;
	let den = 0;
	xs.forEach((x, i) => {
		num += (x - mx) * (ys[i] - my);
		den += (x - mx) ** 2;
	});
	return den === 0 ? 0 : num / den;
}

/**
 * The samples after warm-up, split at the middle call into an earlier and a later half.
 * @template {{ calls: number }} T @param {T[]} samples
 */
function halves(samples) {
	const warmUp = Math.floor(CALLS * WARM_UP_SHARE);
	const middle = warmUp + Math.floor((CALLS - warmUp) / 2);
	const after = samples.filter((s) => s.calls > warmUp);
	return {
		warmUp,
		middle,
		after,
		earlier: after.filter((s) => s.calls <= middle),
		later: after.filter((s) => s.calls > middle),
	};
}

const MiB = 1024 * 1024;

/** The memory figures and whether they stay within the rule. @param {GcSample[]} samples */
function memoryRule(samples) {
	const { after, earlier, later } = halves(samples);
	const kept = (/** @type {GcSample} */ s) => s.heapUsed + s.external;
	const keptSlope = slope(
		after.map((s) => s.calls),
		after.map(kept),
	);
	const rssSlope = slope(
		after.map((s) => s.calls),
		after.map((s) => s.rss),
	);
	const mib = (/** @type {number} */ bytes) => +(bytes / MiB).toFixed(1);
	return {
		samples: samples.length,
		keptStartMiB: mib(kept(samples[0])),
		keptEarlierMedianMiB: mib(median(earlier.map(kept))),
		keptLaterMedianMiB: mib(median(later.map(kept))),
		keptSlopeKiBPerCall: +(keptSlope / 1024).toFixed(2),
		keptSlopeLimitKiBPerCall: KEPT_SLOPE_LIMIT / 1024,
		rssStartMiB: mib(samples[0].rss),
		rssEarlierMedianMiB: mib(median(earlier.map((s) => s.rss))),
		rssLaterMedianMiB: mib(median(later.map((s) => s.rss))),
		rssPeakMiB: mib(Math.max(...samples.map((s) => s.rss))),
		rssSlopeKiBPerCall: +(rssSlope / 1024).toFixed(2),
		rssSlopeLimitKiBPerCall: RSS_SLOPE_LIMIT / 1024,
		flat: keptSlope <= KEPT_SLOPE_LIMIT && rssSlope <= RSS_SLOPE_LIMIT,
	};
}

/** The open-file figures and whether they stay within the rule. @param {Sample[]} samples */
function fdRule(samples) {
	const { after, earlier, later } = halves(samples);
	const earlierMost = Math.max(...earlier.map((s) => s.fds));
	const laterMost = Math.max(...later.map((s) => s.fds));
	return {
		start: samples[0].fds,
		earlierMost,
		laterMost,
		earlierMedian: median(earlier.map((s) => s.fds)),
		laterMedian: median(later.map((s) => s.fds)),
		slopePer100Calls: +(
			100 *
			slope(
				after.map((s) => s.calls),
				after.map((s) => s.fds),
			)
		).toFixed(2),
		growthLimit: FD_GROWTH_LIMIT,
		flat: laterMost - earlierMost <= FD_GROWTH_LIMIT,
	};
}

/** @type {import('../../sandbox/server').Sandbox} */
let sandbox;
/** @type {string} */
let userFolder;
/** @type {number} */
let port;
/** @type {import('node:child_process').ChildProcess | undefined} */
let n8n;
/** @type {string} */
let logFile;
/** @type {string} */
let cookie;

/** What the run collected, for the checks below. */
const run = {
	/** @type {Answer[]} */
	answers: [],
	/** @type {Sample[]} */
	samples: [],
	/** @type {GcSample[]} */
	gcSamples: [],
	/** Files the test took off the tasks during the run (answers stay the same size), by the sandbox's record. @type {any[]} */
	archivedFiles: [],
	/** @type {Map<string, string>} sha256 of each file sent, by name */
	sentFiles: new Map(),
	seconds: 0,
	/** @type {any[]} every saved execution of the two workflows, as n8n's REST API gives it */
	executions: [],
	/** @type {Record<string, any>} */
	figures: {},
	/** @type {unknown} n8n's REST API failed after the run */
	restFailure: undefined,
};

/**
 * Waits until n8n serves a published webhook: a GET to a POST-only webhook path answers 404
 * with "Did you mean to make a POST request?" once it is registered.
 * @param {string} hookPath
 */
async function waitForWebhook(hookPath) {
	const deadline = Date.now() + 120_000;
	for (;;) {
		const response = await fetch(`http://127.0.0.1:${port}/webhook/${hookPath}`);
		const text = await response.text();
		if (response.status !== 404 || /POST request/.test(text)) return;
		if (Date.now() > deadline)
			throw new Error(`webhook ${hookPath} not registered after 120 s: ${text.slice(0, 300)}`);
		await delay(500);
	}
}

beforeAll(async () => {
	const prepared = await prepareN8n('endurance', { sandbox: { ...PUSHBACK } });
	({ sandbox, userFolder, port } = prepared);
	// debug: the widest log to look for secrets in.
	const env = { ...prepared.env, N8N_LOG_LEVEL: process.env.N8N_LOG_LEVEL ?? 'debug' };
	const files = [skillsWorkflow(), taskFileWorkflow()].map((workflow) => {
		const file = path.join(userFolder, `${workflow.id}.json`);
		fs.writeFileSync(file, JSON.stringify({ ...workflow, active: false }));
		return file;
	});
	const loginCredential = {
		...CREDENTIAL,
		type: 'businessPlatformLogInApi',
		data: sandboxLoginCredentials(sandbox),
	};
	await app.importIntoN8n(env, sandbox, files, { extraCredentials: [loginCredential] });
	await publishWorkflows(env, [SKILLS.id, TASK_FILE.id]);

	logFile = path.join(userFolder, 'n8n-output.log');
	const log = fs.createWriteStream(logFile);
	const nodeOptions = [process.env.NODE_OPTIONS, `--require ${GC_PROBE}`].filter(Boolean).join(' ');
	n8n = app.startN8n({ ...env, NODE_OPTIONS: nodeOptions }, ['ignore', 'pipe', 'pipe']);
	n8n.stdout?.pipe(log);
	n8n.stderr?.pipe(log);
	let partial = '';
	n8n.stderr?.on('data', (chunk) => {
		const lines = (partial + String(chunk)).split('\n');
		partial = lines.pop() ?? '';
		for (const line of lines) {
			const match = GC_PROBE_LINE.exec(line);
			if (match)
				gcReplies.shift()?.({
					rss: Number(match[1]),
					heapUsed: Number(match[2]),
					external: Number(match[3]),
				});
		}
	});
	n8n.once('exit', (code, signal) => {
		for (const reply of gcReplies.splice(0)) reply(new Error(`n8n exited (${code ?? signal})`));
	});
	await app.waitForN8n(port, 180_000);
	await app.setUpOwner(port);
	cookie = await app.ownerCookie(port);
	await waitForWebhook(SKILLS.path);
	await waitForWebhook(TASK_FILE.path);
}, 20 * 60_000);

afterAll(async () => {
	await stopN8n(n8n);
	await removeN8n({ sandbox, userFolder });
}, 60_000);

/** @type {Array<(reply: Omit<GcSample, 'calls'> | Error) => void>} who waits for the probe's next line */
const gcReplies = [];

/** Asks n8n's probe for a full collection and the memory left (one request at a time). */
function memoryAfterGc() {
	return new Promise((resolve, reject) => {
		gcReplies.push((reply) => (reply instanceof Error ? reject(reply) : resolve(reply)));
		n8n?.kill('SIGUSR2');
	});
}

/** Sends call `call` to its webhook and keeps the answer. @param {number} call @returns {Promise<Answer>} */
async function send(call) {
	const plan = callPlan(call);
	/** @type {Response} */
	let response;
	if (plan.kind === 'file') {
		run.sentFiles.set(plan.keys[0], crypto.createHash('sha256').update(plan.bytes).digest('hex'));
		const form = new FormData();
		form.append('taskId', String(plan.taskId));
		form.append('data', new Blob([plan.bytes], { type: 'application/octet-stream' }), plan.keys[0]);
		response = await fetch(`http://127.0.0.1:${port}/webhook/${TASK_FILE.path}`, {
			method: 'POST',
			body: form,
		});
	} else {
		response = await fetch(`http://127.0.0.1:${port}/webhook/${SKILLS.path}`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ types: plan.keys }),
		});
	}
	return {
		call,
		kind: plan.kind,
		keys: plan.keys,
		status: response.status,
		text: await response.text(),
	};
}

/**
 * Takes the run's files off the tasks (keeping the sandbox's records of them), so that a task's
 * answer, and the work of each call, stays the same size from the first call to the last.
 */
function archiveFiles() {
	for (const task of sandbox.state.acme.tasks) {
		const ours = task.files.filter((/** @type {any} */ f) => f.file_name.startsWith('endurance-'));
		if (ours.length === 0) continue;
		run.archivedFiles.push(...ours);
		task.files = task.files.filter((/** @type {any} */ f) => !ours.includes(f));
	}
}

describe(`endurance: ${CALLS} webhook calls into one n8n start, ${PARALLEL} at once, ${TOKENS_EXPIRE}, 429s and 503s`, () => {
	beforeAll(async () => {
		const pid = Number(n8n?.pid);
		sandbox.userTokens.configure({ lifetimeMs: TOKEN_LIFETIME_MS, maxUses: TOKEN_USES });
		sandbox.inject(RANDOM_503);
		run.samples.push({ calls: 0, ...measure(pid) });
		run.gcSamples.push({ calls: 0, ...(await memoryAfterGc()) });
		const answered = new EventEmitter();
		const started = Date.now();
		let next = 0;
		const lane = async () => {
			while (next < CALLS) {
				const answer = await send(next++);
				run.answers.push(answer);
				archiveFiles();
				run.samples.push({ calls: run.answers.length, ...measure(pid) });
				answered.emit('call');
			}
		};
		// One probe at a time, each as soon as GC_SAMPLE_EVERY more calls have answered.
		const sampler = async () => {
			while (run.answers.length < CALLS) {
				const mark = run.gcSamples[run.gcSamples.length - 1].calls + GC_SAMPLE_EVERY;
				while (run.answers.length < Math.min(mark, CALLS)) await once(answered, 'call');
				const calls = run.answers.length;
				run.gcSamples.push({ calls, ...(await memoryAfterGc()) });
			}
		};
		await Promise.all([...Array.from({ length: PARALLEL }, lane), sampler()]);
		run.seconds = (Date.now() - started) / 1000;
		sandbox.clearFaults();
		run.answers.sort((a, b) => a.call - b.call);

		// Every execution saved (n8n may save one a moment after it answered). A failure of n8n's
		// REST API fails the checks that read it, not the memory and open-file checks.
		try {
			const deadline = Date.now() + 120_000;
			for (;;) {
				run.executions = await savedExecutions();
				const settled = run.executions.filter((e) => !['new', 'running'].includes(e.status));
				if (settled.length >= CALLS || Date.now() > deadline) break;
				await delay(1000);
			}
			run.figures = await figures();
		} catch (error) {
			run.restFailure = error;
			run.figures = { memory: memoryRule(run.gcSamples), openFiles: fdRule(run.samples) };
		}
		fs.mkdirSync(RESULTS_DIR, { recursive: true });
		fs.writeFileSync(
			path.join(RESULTS_DIR, 'figures.json'),
			JSON.stringify(
				{ figures: run.figures, samples: run.samples, gcSamples: run.gcSamples },
				null,
				1,
			),
		);
		console.log(`endurance figures:\n${JSON.stringify(run.figures, null, 2)}`);
	}, 60 * 60_000);

	test('every call answered with its records, and every saved execution succeeded', () => {
		if (run.restFailure) throw run.restFailure;
		const failed = run.answers.filter((a) => a.status !== 200);
		const failures = run.figures.failures;
		assert.equal(
			failed.length,
			0,
			`${failed.length} of ${CALLS} calls failed; the executions' errors: ${JSON.stringify(failures.reasons, null, 1)}`,
		);
		for (const answer of run.answers) {
			const body = JSON.parse(answer.text);
			if (answer.kind === 'skills') {
				const types = (Array.isArray(body) ? body : [body]).map((/** @type {any} */ s) => s.type);
				expect(types.sort()).toEqual([...answer.keys].sort());
			} else {
				const names = (body.files ?? []).map((/** @type {any} */ f) => f.file_name);
				expect(names).toContain(answer.keys[0]);
			}
		}
		expect(run.executions).toHaveLength(CALLS);
		expect(run.executions.filter((e) => e.status !== 'success')).toEqual([]);
	});

	test('each write happened once: per skill type and per file, one accepted request and one record', () => {
		if (run.restFailure) throw run.restFailure;
		const requests = sandbox.requests;
		/** @type {Map<string, number>} */
		const accepted = new Map();
		const count = (/** @type {string} */ key) => accepted.set(key, (accepted.get(key) ?? 0) + 1);
		for (const r of requests) {
			if (r.status !== 200) continue;
			if (r.operation === 'createSkill') count(String(/** @type {any} */ (r.body).value.type));
			if (r.operation === 'updateTask')
				for (const f of /** @type {any} */ (r.body).files ?? []) count(String(f.filename));
		}
		/** @type {Map<string, number>} */
		const records = new Map();
		const record = (/** @type {string} */ key) => records.set(key, (records.get(key) ?? 0) + 1);
		for (const skill of sandbox.state.acme.skills)
			if (String(skill.type).startsWith('endurance-')) record(String(skill.type));
		const files = [
			...run.archivedFiles,
			...sandbox.state.acme.tasks.flatMap((/** @type {any} */ t) => t.files),
		].filter((f) => f.file_name.startsWith('endurance-'));
		for (const file of files) record(file.file_name);

		const doubled = [...accepted].filter(([, n]) => n > 1);
		expect(doubled).toEqual([]);
		expect([...records].filter(([, n]) => n > 1)).toEqual([]);
		for (const answer of run.answers) {
			for (const key of answer.keys) {
				expect({ key, records: records.get(key) ?? 0 }).toEqual({
					key,
					records: accepted.get(key) ?? 0,
				});
				if (answer.status === 200)
					expect({ key, accepted: accepted.get(key) }).toEqual({ key, accepted: 1 });
			}
		}
		// Files arrived whole.
		for (const file of files) expect(file.sha256).toBe(run.sentFiles.get(file.file_name));
		// The run met what it is meant to meet.
		expect(run.figures.sandbox.tokenRefusals).toBeGreaterThan(0);
		expect(run.figures.sandbox.refused[429] ?? 0).toBeGreaterThan(0);
		expect(run.figures.sandbox.refused[503] ?? 0).toBeGreaterThan(0);
	});

	test(
		'no secret in the webhook answers, n8n log, saved executions or n8n database',
		async () => {
			if (run.restFailure) throw run.restFailure;
			const secrets = secretValues();
			expect(secrets.length).toBeGreaterThan(10); // the credential's and the issued tokens
			/** @type {Array<[string, string, string]>} where, what to look in, a value that must be there */
			const places = [];
			for (const answer of run.answers)
				if (answer.status === 200)
					places.push([`answer of call ${answer.call}`, answer.text, answer.keys[0]]);
			places.push(["n8n's log", fs.readFileSync(logFile, 'utf8'), SKILLS.id]);
			for (const summary of run.executions) {
				const { text } = await app.n8nRest(port, cookie, `/executions/${summary.id}`);
				places.push([`saved execution ${summary.id}`, text, 'endurance-']);
			}
			const database = path.join(userFolder, '.n8n', 'database.sqlite');
			for (const file of [database, `${database}-wal`])
				if (fs.existsSync(file))
					places.push([path.basename(file), fs.readFileSync(file).toString('latin1'), '']);

			/** @type {string[]} */
			const found = [];
			for (const [where, text, mustHold] of places) {
				// Each place read is the real one: it holds what the run put there.
				if (mustHold)
					expect({ where, holds: text.includes(mustHold) }).toEqual({ where, holds: true });
				for (const secret of secrets)
					if (text.includes(secret)) found.push(`${where}: ${secret.slice(0, 10)}…`);
			}
			expect(found).toEqual([]);
		},
		10 * 60_000,
	);

	test('memory of the n8n process stays flat: what it keeps and its RSS after a full collection, by calls answered, after warm-up', () => {
		expect(run.figures.memory).toMatchObject({ flat: true });
	});

	test('open files of the n8n process stay flat: /proc/<pid>/fd by calls answered, after warm-up', () => {
		expect(run.figures.openFiles).toMatchObject({ flat: true });
	});
});

/** The credential's secrets and every token the sandbox's login issued. */
function secretValues() {
	return [
		...credentialSecrets(sandbox),
		sandbox.credentials.loginPassword,
		...sandbox.userTokens.issued,
	];
}

/**
 * Every saved execution of the two workflows (summaries), through n8n's REST API, page after
 * page by the cursor each page gives (n8n 2.x).
 */
async function savedExecutions() {
	/** @type {any[]} */
	const all = [];
	for (const workflowId of [SKILLS.id, TASK_FILE.id]) {
		let cursor = '';
		do {
			const filter = encodeURIComponent(JSON.stringify({ workflowId }));
			const page = cursor ? `&cursor=${cursor}` : '';
			const { body } = await app.n8nRest(
				port,
				cookie,
				`/executions?filter=${filter}&limit=100${page}`,
			);
			all.push(...(body.data?.results ?? []));
			cursor = body.data?.nextCursor ?? '';
		} while (cursor);
	}
	return all;
}

/**
 * Why the failed executions failed: their errors' messages, counted. The saved run data is in
 * n8n's flatted form, read with n8n's own copy of the package.
 */
async function failureReasons() {
	const { parse } = require(path.join(app.N8N_INSTALL, 'node_modules', 'flatted'));
	/** @type {Record<string, number>} */
	const reasons = {};
	for (const summary of run.executions.filter((e) => e.status !== 'success')) {
		const { body } = await app.n8nRest(port, cookie, `/executions/${summary.id}`);
		const error = parse(body.data.data)?.resultData?.error;
		const reason =
			`${summary.status}: ${error?.message ?? '(no error)'} ${error?.description ?? ''}`.trim();
		reasons[reason] = (reasons[reason] ?? 0) + 1;
	}
	return reasons;
}

/** The run's figures: time, calls, failures and their reasons, the sandbox's view, RSS and fds. */
async function figures() {
	const requests = sandbox.requests;
	const failed = run.answers.filter((a) => a.status !== 200);
	/** @type {Record<string, number>} */
	const byOperation = {};
	for (const r of requests) {
		const key = `${r.operation} ${r.status}`;
		byOperation[key] = (byOperation[key] ?? 0) + 1;
	}
	return {
		calls: CALLS,
		parallel: PARALLEL,
		tokenLifetimeMs: TOKEN_LIFETIME_MS === Infinity ? null : TOKEN_LIFETIME_MS,
		tokenUses: TOKEN_USES,
		seconds: run.seconds,
		callsPerSecond: +(CALLS / run.seconds).toFixed(2),
		failures: {
			calls: failed.length,
			fileCalls: failed.filter((a) => a.kind === 'file').length,
			answers: [...new Set(failed.map((a) => `${a.status} ${a.text.slice(0, 200)}`))],
			reasons: await failureReasons(),
		},
		executions: run.executions.length,
		sandbox: {
			requests: requests.length,
			byOperation,
			logins: sandbox.userTokens.logins,
			/** Requests refused for an expired token (the sandbox's only 401 here). */
			tokenRefusals: requests.filter((r) => r.status === 401).length,
			/** Refusals with Retry-After, by status: the rate limit's 429s, the in-flight cap's and the random 503s. */
			refused: {
				429: requests.filter((r) => r.status === 429).length,
				503: requests.filter((r) => r.status === 503).length,
			},
		},
		memory: memoryRule(run.gcSamples),
		openFiles: fdRule(run.samples),
	};
}
