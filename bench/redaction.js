// @ts-check
/**
 * `node bench/redaction.js`: what keeping secrets out costs on one 10 MiB answer (issue 52
 * item 4), for the worst cases seen: text full of `%XX`, of `&entity;` or of backslash escapes,
 * accented Latin text with one echo of a key, a token echoed back to back (and with a space
 * between), the same token percent-encoded three times over and repeated, and ordinary JSON of
 * 100k records. Each answer comes as one string and as 10,240 records of 1 KiB.
 *
 * Two paths per case: item data (cleanData: whole occurrences, credential/dataSecrets.ts), and
 * the same text as an error answer (a text page, or a 422 whose field errors hold it) taken as
 * an error takes it (redactBody, errorMessageOf, each quoted text redacted: every run of a
 * secret, in every decoding, credential/secretEchoes.ts).
 * Each case runs in a child process of its own (node --expose-gc), so one case's heap does not
 * weigh on the next: time (wall, and the process's CPU time, which a busy machine inflates
 * less) is the median of BENCH_REDACTION_ROUNDS (default 3) calls; memory is
 * what the first call allocates: the growth of the heap in use (and of memory outside it) over
 * the call, with a young generation large enough (--max-semi-space-size) that no collection
 * runs in it, so garbage counts too: an upper bound of the extra memory it held at once (a
 * figure marked * saw a collection, and may be under it). Prints a table;
 * asserts nothing. Expects `npm run build`.
 */
const { spawnSync } = require('node:child_process');
const os = require('node:os');
const { PerformanceObserver } = require('node:perf_hooks');
const path = require('node:path');

const MIB = 1024 * 1024;
const SIZE = 10 * MIB;
const ROUNDS = Math.max(1, Number(process.env.BENCH_REDACTION_ROUNDS ?? 3) || 3);
const KEY = 'sbx_apikey_7f3c9a21d4e8b6f0';
const TOKEN = 'sbx_usertoken_2a8f61c0e94d7b35';
const CREDENTIALS = { apiKey: KEY, userToken: TOKEN, businessKey: 'sbx_bizkey_acme_4b9e2c71d0a3' };

/** Text of about `size` characters, `unit` repeated. @param {string} unit @param {number} size */
const repeated = (unit, size) => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);

/** @type {Record<string, (size: number) => string>} */
const TEXTS = {
	'%XX escapes': (size) => repeated('%41%c3%a9%20', size),
	'&entity; escapes': (size) => repeated('&eacute;&amp;&#233;&#x41; ', size),
	'backslash escapes': (size) => repeated('\\u00e9\\n\\x41\\/', size),
	'accented Latin, one key': (size) =>
		`${repeated('Été à Noël, façade déjà reçue ', size / 2)} ${KEY} ${repeated('où ça ', size / 2)}`,
	'token back to back': (size) => repeated(TOKEN, size),
	'token, space between': (size) => repeated(`${TOKEN} `, size),
	'token %-encoded 3 times, repeated': (size) =>
		repeated(encodeURIComponent(encodeURIComponent(encodeURIComponent(`${TOKEN}/`))), size),
	'ordinary text': (size) => repeated('Order 1042 shipped to the Riyadh warehouse. ', size),
};

/** The answer of a case: one string, or records of 1 KiB. @param {string} text @param {string} shape */
function answerOf(text, shape) {
	if (shape === 'one string') return { status: true, data: { note: text } };
	const records = [];
	for (let at = 0; at < text.length; at += 1024)
		records.push({
			id: records.length,
			title: `Record ${records.length}`,
			note: text.slice(at, at + 1024),
		});
	return { status: true, data: { data: records } };
}

/**
 * The error answer of a case: the text as the body (a text page), or a 422 whose field errors
 * hold it in 1 KiB pieces. @param {string} text @param {string} shape
 */
function errorOf(text, shape) {
	if (shape === 'one string') return text;
	/** @type {Record<string, string[]>} */
	const errors = {};
	for (let at = 0; at < text.length; at += 1024)
		errors[`field_${at / 1024}`] = [text.slice(at, at + 1024)];
	return { message: `Invalid: ${text.slice(0, 1024)}`, errors };
}

/** 100k records of ordinary JSON, about 10 MiB. */
function ordinaryRecords() {
	const records = [];
	for (let id = 0; id < 100_000; id++) {
		records.push({
			id,
			name: `Customer ${id}`,
			email: `customer${id}@example.com`,
			status: id % 3 ? 'active' : 'archived',
			total: (id * 7.31).toFixed(2),
			created_at: '2026-01-02 10:11:12',
		});
	}
	return { status: true, data: { data: records } };
}

/** Bytes in use: the heap and memory outside it (large buffers). */
function inUse() {
	const usage = process.memoryUsage();
	return usage.heapUsed + usage.external + usage.arrayBuffers;
}

/** Collections seen (scavenges count: each can free what the call allocated). */
let gcCount = 0;

/** In the child: one case, one path; prints `{ ms, extraBytes, answerBytes }`. */
async function child(
	/** @type {string} */ caseName,
	/** @type {string} */ shape,
	/** @type {string} */ which,
) {
	new PerformanceObserver((list) => (gcCount += list.getEntries().length)).observe({
		entryTypes: ['gc'],
	});
	const dist = path.join(__dirname, '..', 'dist', 'nodes', 'shared');
	const { cleanData, redact, redactBody, secretsOf, dataSecretsOf } = require(
		path.join(dist, 'credential', 'redaction'),
	);
	const { errorMessageOf, fieldErrorEntriesOf } = require(path.join(dist, 'platform', 'envelope'));
	const keys = new Map([['', CREDENTIALS.businessKey]]);
	const credential = {
		secrets: secretsOf(CREDENTIALS, keys),
		dataSecrets: dataSecretsOf(CREDENTIALS, keys),
	};
	const body =
		caseName === 'ordinary JSON, 100k records'
			? JSON.stringify(ordinaryRecords())
			: JSON.stringify((which === 'data' ? answerOf : errorOf)(TEXTS[caseName](SIZE), shape));
	/** What an error takes of the body, as nodeErrors.ts failureError and platformError do. @param {unknown} value */
	const failureText = (value) => {
		const quoted = redactBody(credential, value);
		const message = errorMessageOf(quoted) ?? '';
		const fields = fieldErrorEntriesOf(quoted).map(
			(/** @type {{ field: string, message: string }} */ entry) =>
				redact(credential, `${entry.field}: ${entry.message}`),
		);
		return [redact(credential, message), ...fields];
	};
	const redactOnce = async () => {
		// Parsed anew each time: the walk copies only what it changes, and a second call on the
		// same objects would find the first call's result cached nowhere but measured anyway.
		const value = JSON.parse(body);
		/** @type {any} */ (global).gc();
		const collections = gcCount;
		const before = inUse();
		const cpuBefore = process.cpuUsage();
		const start = process.hrtime.bigint();
		const result = which === 'data' ? cleanData(credential, value) : failureText(value);
		const ms = Number(process.hrtime.bigint() - start) / 1e6;
		const cpu = process.cpuUsage(cpuBefore);
		const extraBytes = inUse() - before;
		// The observer hears of collections after the call has given the event loop back.
		await new Promise((resolve) => setImmediate(resolve));
		const collected = gcCount !== collections;
		return { ms, cpuMs: (cpu.user + cpu.system) / 1000, extraBytes, collected, result };
	};
	const runs = [];
	for (let round = 0; round < ROUNDS; round++) runs.push(await redactOnce());
	const median = (/** @type {number[]} */ values) =>
		values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
	process.stdout.write(
		JSON.stringify({
			ms: median(runs.map((run) => run.ms)),
			cpuMs: median(runs.map((run) => run.cpuMs)),
			extraBytes: runs[0].extraBytes,
			collected: runs[0].collected,
			answerBytes: Buffer.byteLength(body),
		}),
	);
}

function main() {
	const cases = [
		...Object.keys(TEXTS).flatMap((name) => [
			[name, 'one string'],
			[name, '1 KiB records'],
		]),
		['ordinary JSON, 100k records', ''],
	];
	/** @type {string[][]} */
	const rows = [];
	const loadBefore = os.loadavg()[0];
	for (const [name, shape] of cases) {
		const cells = [];
		for (const which of ['data', 'error']) {
			const run = spawnSync(process.execPath, ['--expose-gc', __filename, name, shape, which], {
				encoding: 'utf8',
				timeout: 10 * 60_000,
			});
			if (run.status !== 0) throw new Error(`${name} (${which}): ${run.stderr}`);
			const { ms, cpuMs, extraBytes, collected, answerBytes } = JSON.parse(run.stdout);
			cells.push(
				`${(ms / 1000).toFixed(2)} s (${(cpuMs / 1000).toFixed(2)})`,
				`${(extraBytes / answerBytes).toFixed(2)}×${collected ? '*' : ''}`,
			);
		}
		rows.push([`${name}${shape ? ` (${shape})` : ''}`, ...cells]);
	}
	const header = ['10 MiB answer', 'item data', 'allocated', 'error answer', 'allocated'];
	const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
	for (const row of [header, ...rows])
		console.log(row.map((cell, i) => cell.padEnd(widths[i])).join('  '));
	console.log(
		`\nMedian of ${ROUNDS} calls, wall time (CPU time of the process); allocated: by the first call, as a multiple of the answer's size (*: a collection ran during it). Load average ${loadBefore.toFixed(1)} before, ${os.loadavg()[0].toFixed(1)} after, on ${os.cpus().length} cores.`,
	);
}

if (process.argv.length > 2) void child(process.argv[2], process.argv[3], process.argv[4]);
else main();
