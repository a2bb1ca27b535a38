// @ts-check
/**
 * What the queue-mode run proves, one function per claim. Each throws on the first broken
 * expectation and returns the figures it measured, for the run's summary. (d), the news
 * trigger, lives in news-trigger.js.
 */
const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const app = require('../../scripts/n8n-app');
const { executionsFinishedBy } = require('../../scripts/queue/stack');
const { jsonOf, executionsOf, pool } = require('./helpers');
const { checkNewsTrigger } = require('./news-trigger');
const { TRANSFER, TASK_FILE, NEWS } = require('./workflows');

const TRANSFERS = 200;
const TRANSFERS_IN_PARALLEL = 20;
const MIN_WORKER_SHARE = 0.2;
const NEWS_ITEMS = 10_000;
const NEWS_PAGE_SIZE = 100;

/**
 * The node types and credential types of this package, read from its built files.
 * @returns {{ nodes: string[], credentials: string[] }}
 */
function packageTypes() {
	const manifest = JSON.parse(fs.readFileSync(path.join(app.ROOT, 'package.json'), 'utf8'));
	/** @param {string} file */
	const described = (file) => {
		const exported = require(path.join(app.ROOT, file));
		const Type = /** @type {any} */ (Object.values(exported)[0]);
		const instance = new Type();
		return /** @type {string} */ (instance.description?.name ?? instance.name);
	};
	return {
		nodes: manifest.n8n.nodes.map(described),
		credentials: manifest.n8n.credentials.map(described),
	};
}

/**
 * The package, installed n8n's way into an empty folder, loads every node and the
 * credential in n8n (its type lists), with luxon and n8n-workflow taken from n8n itself.
 * @param {(url: string) => Promise<Response>} get  owner session on main
 * @param {string} nodesDir
 */
async function checkPackageLoads(get, nodesDir) {
	const expected = packageTypes();
	const prefix = `${app.PACKAGE_NAME}.`;
	const nodeTypes = /** @type {any[]} */ (
		await jsonOf(await get('/types/nodes.json'), 'types/nodes.json')
	);
	const loadedNodes = new Set(
		nodeTypes.map((t) => t.name).filter((name) => name.startsWith(prefix)),
	);
	for (const node of expected.nodes)
		assert.ok(loadedNodes.has(prefix + node), `n8n did not load node ${prefix + node}`);
	const credentialTypes = /** @type {any[]} */ (
		await jsonOf(await get('/types/credentials.json'), 'types/credentials.json')
	);
	const loadedCredentials = new Set(credentialTypes.map((t) => t.name));
	for (const credential of expected.credentials)
		assert.ok(loadedCredentials.has(credential), `n8n did not load credential ${credential}`);

	const installed = path.join(nodesDir, 'node_modules');
	const requiresLuxon = listFiles(path.join(installed, app.PACKAGE_NAME, 'dist')).some(
		(file) => file.endsWith('.js') && /require\("luxon"\)/.test(fs.readFileSync(file, 'utf8')),
	);
	const bundled = fs.readdirSync(installed).filter((name) => !name.startsWith('.'));
	assert.deepEqual(
		bundled,
		[app.PACKAGE_NAME],
		'the community-nodes folder should hold the package alone (no luxon, no n8n-workflow)',
	);
	return {
		nodes: expected.nodes.length,
		credentials: expected.credentials.length,
		requiresLuxon,
		folderHolds: bundled,
	};
}

/** @param {string} dir */
function countFiles(dir) {
	return fs.existsSync(dir) ? listFiles(dir).length : 0;
}

/** @param {string} dir @returns {string[]} */
function listFiles(dir) {
	return fs
		.readdirSync(dir, { withFileTypes: true })
		.flatMap((entry) =>
			entry.isDirectory() ? listFiles(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
		);
}

/**
 * (a) 200 webhook-started E14 creates, 20 at once, spread over the workers.
 * @param {{ baseUrl: string, sandbox: import('../../sandbox/server').Sandbox, query: (sql: string) => string, workers: Array<{ role: string, started: { logFile: string } }> }} stack
 */
async function checkTransfers({ baseUrl, sandbox, query, workers }) {
	const before = sandbox.state.acme.transfers.length;
	// Distinct quantities name each call's record.
	const quantities = Array.from({ length: TRANSFERS }, (_, i) => 1000 + i);
	const started = Date.now();
	const answers = await pool(TRANSFERS, TRANSFERS_IN_PARALLEL, async (i) => {
		const response = await fetch(`${baseUrl}/webhook/${TRANSFER.path}`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ quantity: quantities[i] }),
		});
		return jsonOf(response, `transfer webhook call ${i}`);
	});
	const seconds = (Date.now() - started) / 1000;

	const records = sandbox.state.acme.transfers.slice(before);
	assert.equal(
		records.length,
		TRANSFERS,
		`records at the sandbox: ${records.length}, expected ${TRANSFERS}`,
	);
	const byQuantity = new Map(records.map((r) => [Number(r.quantity), r]));
	assert.equal(
		byQuantity.size,
		TRANSFERS,
		`distinct quantities: ${byQuantity.size} (some record doubled)`,
	);
	quantities.forEach((quantity, i) => {
		const record = byQuantity.get(quantity);
		assert.ok(record, `no record for quantity ${quantity}`);
		assert.equal(
			String(answers[i].id),
			String(record.id),
			`webhook answer ${i} names record ${answers[i].id}, the sandbox has ${record.id}`,
		);
		assert.equal(
			Number(answers[i].quantity),
			quantity,
			`webhook answer ${i} has quantity ${answers[i].quantity}`,
		);
	});

	const executions = executionsOf(query, TRANSFER.id);
	assert.equal(executions.length, TRANSFERS, `executions in Postgres: ${executions.length}`);
	const failed = executions.filter((e) => e.status !== 'success');
	assert.equal(
		failed.length,
		0,
		`executions not successful: ${failed.map((e) => `${e.id}:${e.status}`).join(', ')}`,
	);
	/** @type {Record<string, number>} */
	const perWorker = {};
	let counted = 0;
	const ids = new Set(executions.map((e) => e.id));
	for (const worker of workers) {
		const mine = executionsFinishedBy(worker.started.logFile).filter((id) => ids.has(id));
		perWorker[worker.role] = mine.length;
		counted += mine.length;
		assert.ok(
			mine.length >= TRANSFERS * MIN_WORKER_SHARE,
			`${worker.role} ran ${mine.length} of ${TRANSFERS} (< ${MIN_WORKER_SHARE * 100}%)`,
		);
	}
	assert.equal(counted, TRANSFERS, `workers logged ${counted} finished executions of ${TRANSFERS}`);
	return {
		calls: TRANSFERS,
		parallel: TRANSFERS_IN_PARALLEL,
		executions: executions.length,
		records: records.length,
		distinctQuantities: byQuantity.size,
		perWorker,
		seconds,
	};
}

/** 20 files: sizes from 1 byte to 5 MB, ten MIME types, random content. */
function testFiles() {
	const types = [
		['txt', 'text/plain'],
		['csv', 'text/csv'],
		['json', 'application/json'],
		['pdf', 'application/pdf'],
		['png', 'image/png'],
		['jpg', 'image/jpeg'],
		['zip', 'application/zip'],
		['bin', 'application/octet-stream'],
		['xml', 'application/xml'],
		['mp3', 'audio/mpeg'],
	];
	const sizes = [
		1,
		17,
		512,
		1023,
		4096,
		10_000,
		65_536,
		100_003,
		250_000,
		512_000,
		777_777,
		1_048_576,
		1_500_000,
		2_000_001,
		2_621_440,
		3_000_000,
		3_500_000,
		4_194_304,
		4_800_000,
		5 * 1024 * 1024,
	];
	return sizes.map((size, i) => {
		const [extension, type] = types[i % types.length];
		const bytes = crypto.randomBytes(size);
		return {
			name: `queue-file-${String(i + 1).padStart(2, '0')}-${size}.${extension}`,
			type,
			bytes,
			size,
			sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
		};
	});
}

/**
 * (b) 20 files sent to a webhook, attached by Task -> Update on a worker: byte-exact at the
 * sandbox (sha256, size, type, name), and kept where the binary data mode says: rows of
 * n8n's `binary_data` table in `database` mode, files under the one shared storage path
 * (and no new rows) in `filesystem` mode.
 * @param {{ baseUrl: string, sandbox: import('../../sandbox/server').Sandbox, query: (sql: string) => string }} stack
 * @param {'database' | 'filesystem'} mode @param {string} [storagePath] the shared path, filesystem mode
 */
async function checkFiles({ baseUrl, sandbox, query }, mode, storagePath) {
	const files = testFiles();
	const storedRows = () =>
		Number(query(`SELECT count(*) FROM binary_data WHERE "fileName" LIKE 'queue-file-%'`));
	const rowsBefore = storedRows();
	const filesBefore = storagePath ? countFiles(storagePath) : 0;
	const taskIds = [1001, 1002, 1003, 1004];
	const before = sandbox.requests.length;
	const started = Date.now();
	const answers = await pool(files.length, 4, async (i) => {
		const form = new FormData();
		form.append('taskId', String(taskIds[i % taskIds.length]));
		form.append('data', new Blob([files[i].bytes], { type: files[i].type }), files[i].name);
		return jsonOf(
			await fetch(`${baseUrl}/webhook/${TASK_FILE.path}`, { method: 'POST', body: form }),
			`${mode}: file ${files[i].name}`,
		);
	});
	const seconds = (Date.now() - started) / 1000;
	const uploads = sandbox.requests
		.slice(before)
		.filter((r) => r.operation === 'updateTask' && r.status === 200)
		.flatMap((r) => r.body.files ?? []);
	assert.equal(
		uploads.length,
		files.length,
		`${mode}: ${uploads.length} files reached the sandbox, expected ${files.length}`,
	);
	const byName = new Map(uploads.map((f) => [f.filename, f]));
	files.forEach((file, i) => {
		const received = byName.get(file.name);
		assert.ok(received, `${mode}: ${file.name} did not reach the sandbox`);
		assert.equal(received.sha256, file.sha256, `${mode}: ${file.name} sha256 differs`);
		assert.equal(
			received.size,
			file.size,
			`${mode}: ${file.name} size ${received.size}, sent ${file.size}`,
		);
		assert.equal(
			received.contentType.split(';')[0],
			file.type,
			`${mode}: ${file.name} type ${received.contentType}, sent ${file.type}`,
		);
		const attached = (answers[i].files ?? []).map((/** @type {any} */ f) => f.file_name);
		assert.ok(
			attached.includes(file.name),
			`${mode}: the task in the webhook answer lacks ${file.name}`,
		);
	});
	const newRows = storedRows() - rowsBefore;
	const newFiles = storagePath ? countFiles(storagePath) - filesBefore : 0;
	if (mode === 'database')
		assert.ok(
			newRows >= files.length,
			`database mode: ${newRows} new binary_data rows for ${files.length} files`,
		);
	else {
		assert.equal(newRows, 0, `filesystem mode: ${newRows} new binary_data rows`);
		assert.ok(
			newFiles >= files.length,
			`filesystem mode: ${newFiles} new files under the shared storage path for ${files.length} files`,
		);
	}
	const totalBytes = files.reduce((sum, f) => sum + f.size, 0);
	return {
		mode,
		files: files.length,
		types: new Set(files.map((f) => f.type)).size,
		largest: Math.max(...files.map((f) => f.size)),
		totalBytes,
		byteExact: files.length,
		newBinaryDataRows: newRows,
		newFilesInSharedStorage: newFiles,
		seconds,
	};
}

/**
 * (c) News Return All over 10,000 items, run by a worker: every item once, 100 requests.
 * @param {{ baseUrl: string, sandbox: import('../../sandbox/server').Sandbox, query: (sql: string) => string, workers: Array<{ role: string, started: { logFile: string } }> }} stack
 */
async function checkNews({ baseUrl, sandbox, query, workers }) {
	sandbox.seedNews('acme', NEWS_ITEMS);
	const before = sandbox.requests.length;
	const executionsBefore = new Set(executionsOf(query, NEWS.id).map((e) => e.id));
	const started = Date.now();
	const items = /** @type {any[]} */ (
		await jsonOf(await fetch(`${baseUrl}/webhook/${NEWS.path}`, { method: 'POST' }), 'news webhook')
	);
	const seconds = (Date.now() - started) / 1000;
	const requests = sandbox.requests.slice(before).filter((r) => r.operation === 'listNews');
	const distinct = new Set(items.map((item) => item.id));
	assert.equal(items.length, NEWS_ITEMS, `news items answered: ${items.length}`);
	assert.equal(distinct.size, NEWS_ITEMS, `distinct news ids: ${distinct.size}`);
	assert.equal(requests.length, NEWS_ITEMS / NEWS_PAGE_SIZE, `news requests: ${requests.length}`);
	const pages = new Set(requests.map((r) => r.query.page));
	assert.equal(pages.size, requests.length, 'a news page was asked for twice');
	const execution = executionsOf(query, NEWS.id).filter((e) => !executionsBefore.has(e.id));
	assert.equal(execution.length, 1, `news executions: ${execution.length}`);
	const ranBy = workers
		.filter((w) => executionsFinishedBy(w.started.logFile).includes(execution[0].id))
		.map((w) => w.role);
	assert.equal(
		ranBy.length,
		1,
		`execution ${execution[0].id} was finished by ${ranBy.length} workers`,
	);
	return {
		items: items.length,
		distinct: distinct.size,
		requests: requests.length,
		execution: execution[0].id,
		ranBy: ranBy[0],
		seconds,
	};
}

module.exports = {
	pool,
	checkPackageLoads,
	checkTransfers,
	checkFiles,
	checkNews,
	checkNewsTrigger,
};
