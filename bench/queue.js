// @ts-check
/**
 * `node bench/queue.js`: webhook-started creates in n8n's queue mode, against a platform that
 * rate-limits. Starts the queue stack of `npm run test:queue` (Redis, Postgres, n8n main and
 * two workers, all on loopback; scripts/queue/) and the sandbox with a token bucket of
 * BENCH_QUEUE_RATE requests/s per business key (burst BENCH_QUEUE_BURST), which answers 429
 * with Retry-After (sandbox/README.md, "Rate limits and latency").
 *
 * Each workflow is a Webhook (answers when its last node ends) -> one E14 Inventory Transfer
 * Item create: this package's node with default Options, or n8n's HTTP Request node with the
 * headers typed in, as `npm run bench` wires it (default settings: no retries). Each call
 * sends a unique quantity, so every record at the sandbox names its call. Cases, per node:
 *   A        BENCH_QUEUE_N calls for business A (acme, the credential's Business Key),
 *            BENCH_QUEUE_CLIENTS at a time, to main's webhook URL;
 *   B        BENCH_QUEUE_N_B calls for business B (globex, an Additional Business Key) alone;
 *   A + B    both at once, each with its own client pool: does A slow B?
 * BENCH_QUEUE_CASES=a,b,ab and BENCH_QUEUE_NODES=ours,http pick cases and nodes.
 *
 * Prints one table and the targets (0 failed, 0 duplicated, wall time <= 1.2x N / rate with two
 * workers); a missed target is a figure, not a failure. Exits 1 when the stack cannot start
 * or a run cannot be measured. Every process it starts is stopped at the end, on failure and
 * on Ctrl-C (scripts/queue/processes.js); the logs are kept on failure.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const app = require('../scripts/n8n-app');
const { Processes } = require('../scripts/queue/processes');
const { startRedis, startPostgres } = require('../scripts/queue/services');
const stack = require('../scripts/queue/stack');
const { startSandbox } = require('../sandbox/server');
const { pool } = require('../test/queue/checks');
const { executionsOf } = require('../test/queue/helpers');
const { webhookWorkflow } = require('../test/queue/workflows');
const workflows = require('./workflows');

/** @param {string} name @param {number} fallback */
const knob = (name, fallback) => {
	const value = Number(process.env[name] ?? fallback);
	if (!(value > 0)) throw new Error(`${name} must be a number > 0`);
	return value;
};
const N = knob('BENCH_QUEUE_N', 1000);
const N_B = knob('BENCH_QUEUE_N_B', 200);
const RATE = knob('BENCH_QUEUE_RATE', 50);
// A platform allowing 50/s typically lets a client spend one second's worth at once.
const BURST = knob('BENCH_QUEUE_BURST', Math.ceil(RATE));
const CLIENTS = knob('BENCH_QUEUE_CLIENTS', 50);
// The latency of `npm run bench`'s rate-limited case.
const LATENCY_MS = Number(process.env.BENCH_QUEUE_LATENCY ?? 20);
const CASES = (process.env.BENCH_QUEUE_CASES ?? 'a,b,ab').split(',');
const NODES = (process.env.BENCH_QUEUE_NODES ?? 'ours,http').split(',');
const WORKERS = ['worker-1', 'worker-2'];
const TARGET_RATIO = 1.2;
// A call that has not been answered in 5 minutes is a failed call, not a stuck bench.
const CALL_TIMEOUT_MS = 5 * 60_000;
const TOTAL_TIMEOUT_MS = knob('BENCH_QUEUE_TIMEOUT_MINUTES', 60) * 60_000;
/** Quantities are the calls' unique values: business A's from 1000, B's from 100,000. */
const FIRST_QUANTITY = { acme: 1000, globex: 100_000 };

/** @typedef {'acme' | 'globex'} Business */
/** @typedef {{ key: string, label: string }} BenchNode */
/** @typedef {{ business: Business, calls: number }} Load */

/** @type {BenchNode[]} */
const BENCH_NODES = [
	{ key: 'ours', label: 'this node, default Options' },
	{ key: 'http', label: 'HTTP Request node 4.2, headers typed in' },
].filter((node) => NODES.includes(node.key));

/** @param {string} node @param {Business} business */
const hookOf = (node, business) => ({
	id: `bpBenchQueue-${node}-${business}`,
	path: `bench-queue-${node}-${business}`,
});

/** The four webhook workflows: each node for each business. @param {import('../sandbox/server').Sandbox} sandbox */
function benchWorkflows(sandbox) {
	/** @type {Business[]} */
	const businesses = ['acme', 'globex'];
	const quantity = '={{ $json.body.quantity }}';
	return businesses.flatMap((business) => [
		webhookWorkflow(
			hookOf('ours', business),
			'firstEntryJson',
			workflows.ourTransferCreateNode(quantity, business),
		),
		webhookWorkflow(
			hookOf('http', business),
			'firstEntryJson',
			workflows.httpTransferCreateNode(
				sandbox.baseUrls.ecommerce,
				workflows.typedHeaders(sandbox, business).creates,
				quantity,
				business,
			),
		),
	]);
}

/**
 * Sends `calls` webhook calls, CLIENTS at a time, each with its own quantity.
 * @param {string} url @param {number[]} quantities
 */
async function sendCalls(url, quantities) {
	const started = Date.now();
	const answers = await pool(quantities.length, CLIENTS, async (i) => {
		try {
			const response = await fetch(url, {
				method: 'POST',
				headers: { 'Content-Type': 'application/json' },
				body: JSON.stringify({ quantity: quantities[i] }),
				signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
			});
			const text = await response.text();
			return { status: response.status, failed: !response.ok || isErrorOutput(text) };
		} catch {
			return { status: 0, failed: true };
		}
	});
	return { answers, ms: Date.now() - started };
}

/** A 2xx answer that carries a node's error output (n8n's "continue" error handling). @param {string} text */
function isErrorOutput(text) {
	try {
		const body = JSON.parse(text);
		return typeof body === 'object' && body !== null && 'error' in body;
	} catch {
		return false;
	}
}

/**
 * One business's figures after a run: what the client saw, what the platform answered and
 * holds, matched call by call through the quantities.
 * @param {import('../sandbox/server').Sandbox} sandbox @param {Business} business @param {number[]} quantities @param {number} seeded records before the run
 * @param {{ answers: Array<{ status: number, failed: boolean }>, ms: number }} sent
 */
function tally(sandbox, business, quantities, seeded, sent) {
	const requests = sandbox.requests.filter(
		(r) => r.operation === 'createInventoryTransferItem' && r.business === business,
	);
	const records = sandbox.state[business].transfers.slice(seeded);
	/** @type {Map<number, number>} */
	const created = new Map();
	for (const record of records)
		created.set(Number(record.quantity), (created.get(Number(record.quantity)) ?? 0) + 1);
	/** @type {Record<string, number>} */
	const statuses = {};
	for (const answer of sent.answers) statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
	return {
		calls: quantities.length,
		failed: sent.answers.filter((a) => a.failed).length,
		statuses,
		refused: requests.filter((r) => r.status === 429).length,
		requests: requests.length,
		records: records.length,
		duplicated: [...created.values()].filter((count) => count > 1).length,
		missing: quantities.filter((q) => !created.has(q)).length,
		ms: sent.ms,
	};
}

/**
 * The executions a run added, their status, and which worker ran them (workers log
 * `Worker finished execution <id>`).
 * @param {(sql: string) => string} query @param {string[]} workflowIds @param {Set<string>} before ids seen earlier
 * @param {Array<{ role: string, started: { logFile: string } }>} workers
 */
function executionFigures(query, workflowIds, before, workers) {
	const executions = workflowIds
		.flatMap((id) => executionsOf(query, id))
		.filter((e) => !before.has(e.id));
	const ids = new Set(executions.map((e) => e.id));
	/** @type {Record<string, number>} */
	const perWorker = {};
	for (const worker of workers)
		perWorker[worker.role] = stack
			.executionsFinishedBy(worker.started.logFile)
			.filter((id) => ids.has(id)).length;
	return {
		count: executions.length,
		notSuccess: executions.filter((e) => e.status !== 'success').length,
		perWorker,
	};
}

/**
 * Runs one case for one node: every load at once against a freshly reset sandbox.
 * @param {{ baseUrl: string, sandbox: import('../sandbox/server').Sandbox, query: (sql: string) => string, workers: any[] }} ctx
 * @param {BenchNode} node @param {Load[]} loads
 */
async function runCase(ctx, node, loads) {
	const { sandbox, query } = ctx;
	const workflowIds = loads.map((load) => hookOf(node.key, load.business).id);
	const before = new Set(workflowIds.flatMap((id) => executionsOf(query, id)).map((e) => e.id));
	sandbox.reset();
	const runs = await Promise.all(
		loads.map(async (load) => {
			const quantities = Array.from(
				{ length: load.calls },
				(_, i) => FIRST_QUANTITY[load.business] + i,
			);
			const seeded = sandbox.state[load.business].transfers.length;
			const sent = await sendCalls(
				`${ctx.baseUrl}/webhook/${hookOf(node.key, load.business).path}`,
				quantities,
			);
			return { load, quantities, seeded, sent };
		}),
	);
	const figures = runs.map(({ load, quantities, seeded, sent }) => ({
		load,
		...tally(sandbox, load.business, quantities, seeded, sent),
	}));
	return { figures, executions: executionFigures(query, workflowIds, before, ctx.workers) };
}

/** @param {number} ms */
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
/** @param {number} a @param {number} b */
const ratio = (a, b) => `${(a / b).toFixed(2)}x`;
/** The ideal wall time: the calls at the platform's rate. @param {number} calls */
const idealMs = (calls) => (calls / RATE) * 1000;
const BUSINESS_LABEL = { acme: 'A', globex: 'B' };

/**
 * @typedef {{ node: BenchNode, name: string, result: Awaited<ReturnType<typeof runCase>> }} CaseResult
 * @param {CaseResult[]} results
 */
function printResults(results) {
	const lines = [
		`| Node | Case | calls | failed (answers) | 429s | requests | records | duplicated | missing | wall time | vs N / rate | calls/s | executions of the case: ${WORKERS.join(' / ')} |`,
		'|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
	];
	for (const { node, name, result } of results) {
		for (const f of result.figures) {
			const who = BUSINESS_LABEL[f.load.business];
			const answers = Object.entries(f.statuses)
				.map(([status, count]) => `${count}x${status === '0' ? 'none' : status}`)
				.join(' ');
			const split = WORKERS.map((w) => result.executions.perWorker[w] ?? 0).join(' / ');
			lines.push(
				`| ${node.label} | ${name}: ${who} | ${f.calls} | ${f.failed} (${answers}) | ${f.refused} | ${f.requests} | ${f.records} | ${f.duplicated} | ${f.missing} | ${seconds(f.ms)} | ${ratio(f.ms, idealMs(f.calls))} | ${(f.calls / (f.ms / 1000)).toFixed(1)} | ${split} |`,
			);
		}
	}
	lines.push(
		'',
		'Executions per row: those of the case (A + B: both workflows); "not success" in Postgres:',
	);
	for (const { node, name, result } of results)
		lines.push(
			`  ${node.label}, ${name}: ${result.executions.count} executions, ${result.executions.notSuccess} not success`,
		);

	// Does A slow B: B's wall time beside A against B alone.
	lines.push('');
	for (const node of BENCH_NODES) {
		const alone = results.find((r) => r.node === node && r.name === 'B alone')?.result.figures[0];
		const beside = results
			.find((r) => r.node === node && r.name === 'A + B')
			?.result.figures.find((f) => f.load.business === 'globex');
		if (!alone || !beside) continue;
		const slower = beside.ms / alone.ms;
		lines.push(
			`A slows B? ${node.label}: B alone ${seconds(alone.ms)} (${alone.failed} failed), beside A ${seconds(beside.ms)} (${beside.failed} failed), ${ratio(beside.ms, alone.ms)}: ${slower >= TARGET_RATIO ? 'yes' : 'no'}`,
		);
	}

	// Without a 429 the platform's limit never bit: the stack itself was the slower part.
	const all = results.flatMap((r) => r.result.figures);
	if (all.every((f) => f.refused === 0) && all.every((f) => f.calls / (f.ms / 1000) < RATE)) {
		lines.push(
			'',
			`No 429s: the stack ran fewer calls per second than the ${RATE}/s the platform allows, so its limit did not bite; BENCH_QUEUE_RATE below the calls/s above measures the nodes against it.`,
		);
	}

	// The targets, read from case A.
	lines.push(
		'',
		`Targets for ${N} calls of business A with ${WORKERS.length} workers: 0 failed, 0 duplicated, wall time <= ${TARGET_RATIO}x N / rate (${seconds(idealMs(N))}).`,
	);
	for (const node of BENCH_NODES) {
		const a = results.find((r) => r.node === node && r.name === 'A alone')?.result.figures[0];
		if (!a) continue;
		const verdict = (/** @type {boolean} */ ok) => (ok ? 'met' : 'NOT met');
		lines.push(
			`  ${node.label}: failed ${a.failed} (${verdict(a.failed === 0)}), duplicated ${a.duplicated} (${verdict(a.duplicated === 0)}), wall time ${ratio(a.ms, idealMs(N))} (${verdict(a.ms <= TARGET_RATIO * idealMs(N))}${a.failed ? ', but failed calls end early' : ''})`,
		);
	}
	process.stdout.write(`\n${lines.join('\n')}\n\n`);
}

async function main() {
	const runStarted = Date.now();
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-bench-queue-'));
	const logDir = path.join(dir, 'logs');
	fs.mkdirSync(logDir);
	const processes = new Processes(logDir);
	const deadline = setTimeout(() => {
		process.stderr.write(
			`bench:queue: over ${TOTAL_TIMEOUT_MS / 60_000} min, stopping every process (logs in ${logDir})\n`,
		);
		processes.stopAll().finally(() => process.exit(1));
	}, TOTAL_TIMEOUT_MS);
	/** @type {any} */
	let sandbox;
	let failed = true;
	try {
		process.stdout.write(
			'Preparing: n8n app in the install cache (installed when missing), package build ...\n',
		);
		app.ensureN8nInstalled();
		app.buildPackage();

		// The stack: any failure here ends the bench with exit code 1.
		process.stdout.write('Starting the stack: Redis, Postgres, sandbox, n8n main, 2 workers ...\n');
		const nodesDir = path.join(dir, 'community-nodes');
		fs.mkdirSync(nodesDir);
		stack.installPackageLikeN8n(nodesDir);
		const redis = await startRedis(processes, dir);
		const postgres = await startPostgres(processes, dir);
		sandbox = await startSandbox({
			port: 0,
			latencyMs: LATENCY_MS,
			rateLimit: { rate: RATE, burst: BURST },
		});
		const config = stack.stackConfig({ dir, nodesDir, redis, postgres });
		const main = await stack.startMain(processes, config, 'bench');
		const workers = await Promise.all(
			WORKERS.map((role) => stack.startWorker(processes, config, 'bench', role)),
		);
		await app.setUpOwner(main.port);
		await stack.importActiveWorkflows(
			main.env,
			sandbox,
			dir,
			postgres.query,
			benchWorkflows(sandbox),
		);
		process.stdout.write(`Stack up in ${seconds(Date.now() - runStarted)}.\n`);

		const ctx = { baseUrl: main.baseUrl, sandbox, query: postgres.query, workers };
		/** @type {Array<{ key: string, name: string, loads: Load[] }>} */
		const cases = [
			{
				key: 'a',
				name: 'A alone',
				loads: [{ business: /** @type {Business} */ ('acme'), calls: N }],
			},
			{
				key: 'b',
				name: 'B alone',
				loads: [{ business: /** @type {Business} */ ('globex'), calls: N_B }],
			},
			{
				key: 'ab',
				name: 'A + B',
				loads: [
					{ business: /** @type {Business} */ ('acme'), calls: N },
					{ business: /** @type {Business} */ ('globex'), calls: N_B },
				],
			},
		].filter((c) => CASES.includes(c.key));
		/** @type {CaseResult[]} */
		const results = [];
		for (const benchCase of cases) {
			for (const node of BENCH_NODES) {
				process.stdout.write(`  ${benchCase.name}, ${node.label} ... `);
				const result = await runCase(ctx, node, benchCase.loads);
				results.push({ node, name: benchCase.name, result });
				process.stdout.write(
					`${result.figures.map((f) => `${BUSINESS_LABEL[f.load.business]} ${seconds(f.ms)}, ${f.failed} failed, ${f.refused} 429s`).join('; ')}\n`,
				);
			}
		}

		const cpus = os.cpus();
		process.stdout.write(
			[
				'',
				`Queue mode: n8n ${app.N8N_VERSION}, main + ${WORKERS.length} workers (--concurrency=${stack.WORKER_CONCURRENCY} each), Redis ${redis.version}, Postgres ${postgres.query('SHOW server_version')}, all on 127.0.0.1.`,
				`Sandbox: token bucket of ${RATE} requests/s per business key, burst ${BURST}, 429 with Retry-After (whole seconds); ${LATENCY_MS} ms latency.`,
				`Calls: ${CLIENTS} at a time per business to main's webhook URL (A: ${N} calls for acme, B: ${N_B} for globex); one E14 create per call, unique quantity per call. N / rate = ${seconds(idealMs(N))} for A.`,
				`Machine: ${cpus.length} CPUs (${cpus[0]?.model ?? 'unknown'}), load average ${os
					.loadavg()
					.map((l) => l.toFixed(1))
					.join(' ')} at the end.`,
			].join('\n') + '\n',
		);
		printResults(results);
		failed = false;
	} catch (error) {
		process.stderr.write(`\nbench:queue FAILED: ${/** @type {Error} */ (error).stack ?? error}\n`);
	} finally {
		clearTimeout(deadline);
		await sandbox?.close();
		await processes.stopAll();
		processes.dispose();
		if (failed) process.stderr.write(`Logs kept in ${logDir}\n`);
		else fs.rmSync(dir, { recursive: true, force: true });
	}
	process.stdout.write(
		`Total ${seconds(Date.now() - runStarted)}. Reproduce: node bench/queue.js\n`,
	);
	// exit now: idle keep-alive sockets of the calls would hold the process a few seconds more.
	process.exit(failed ? 1 : 0);
}

main();
