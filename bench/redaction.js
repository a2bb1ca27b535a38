// @ts-check
/**
 * `npm run bench:redaction`: what keeping secrets out costs on one 10 MiB answer (issue 52
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
 * the growth of the process's peak RSS during the first call (VmHWM, reset through
 * /proc/self/clear_refs just before it), the answer built and parsed already. Prints a table;
 * asserts nothing. Expects `npm run build`.
 */
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
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

/** Peak RSS (VmHWM) and RSS of this process, in bytes. */
function rss() {
	const status = fs.readFileSync('/proc/self/status', 'utf8');
	const kib = (/** @type {string} */ name) =>
		Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1]) * 1024;
	return { peak: kib('VmHWM'), now: kib('VmRSS') };
}

/** In the child: one case, one path; prints `{ ms, extraBytes, answerBytes }`. */
function child(
	/** @type {string} */ caseName,
	/** @type {string} */ shape,
	/** @type {string} */ which,
) {
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
	const redactOnce = () => {
		// Parsed anew each time: the walk copies only what it changes, and a second call on the
		// same objects would find the first call's result cached nowhere but measured anyway.
		const value = JSON.parse(body);
		/** @type {any} */ (global).gc();
		const before = rss();
		try {
			fs.writeFileSync('/proc/self/clear_refs', '5');
		} catch {
			// Without it the peak is the process's, not the call's: printed as measured.
		}
		const cpuBefore = process.cpuUsage();
		const start = process.hrtime.bigint();
		const result = which === 'data' ? cleanData(credential, value) : failureText(value);
		const ms = Number(process.hrtime.bigint() - start) / 1e6;
		const cpu = process.cpuUsage(cpuBefore);
		const extraBytes = rss().peak - before.now;
		return { ms, cpuMs: (cpu.user + cpu.system) / 1000, extraBytes, result };
	};
	const runs = [redactOnce()];
	for (let round = 1; round < ROUNDS; round++) runs.push(redactOnce());
	const median = (/** @type {number[]} */ values) =>
		values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
	process.stdout.write(
		JSON.stringify({
			ms: median(runs.map((run) => run.ms)),
			cpuMs: median(runs.map((run) => run.cpuMs)),
			extraBytes: runs[0].extraBytes,
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
			const { ms, cpuMs, extraBytes, answerBytes } = JSON.parse(run.stdout);
			cells.push(
				`${(ms / 1000).toFixed(2)} s (${(cpuMs / 1000).toFixed(2)})`,
				`${(extraBytes / answerBytes).toFixed(2)}×`,
			);
		}
		rows.push([`${name}${shape ? ` (${shape})` : ''}`, ...cells]);
	}
	const header = ['10 MiB answer', 'item data', 'peak +RSS', 'error answer', 'peak +RSS'];
	const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
	for (const row of [header, ...rows])
		console.log(row.map((cell, i) => cell.padEnd(widths[i])).join('  '));
	console.log(
		`\nMedian of ${ROUNDS} calls, wall time (CPU time of the process); peak +RSS: growth of peak RSS during the first call, as a multiple of the answer's size. Load average ${loadBefore.toFixed(1)} before, ${os.loadavg()[0].toFixed(1)} after, on ${os.cpus().length} cores.`,
	);
}

if (process.argv.length > 2) child(process.argv[2], process.argv[3], process.argv[4]);
else main();
