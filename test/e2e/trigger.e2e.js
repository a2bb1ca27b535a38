// @ts-check
/**
 * The Ecommerce Trigger in the real n8n app. `n8n execute` never polls, so this runs
 * `n8n start` with a published workflow polling every minute (n8n's shortest interval):
 * the trigger feeds an HTTP Request node that posts each emitted item to a collector in
 * this test. News items are added at the sandbox between polls; each must arrive once.
 * Takes about 2 to 3 minutes: the n8n start plus two poll intervals.
 */
const fs = require('node:fs');
const path = require('node:path');

const app = require('../../scripts/n8n-app');
const { prepareN8n, publishWorkflows, stopN8n, removeN8n } = require('./n8nSuite');
const { generateNews } = require('../../sandbox/data');
const { newsTriggerWorkflow, startCollector } = require('../harness/newsTrigger');

const WORKFLOW_ID = 'bpE2eNewsTrigger';

/** @param {number} ms */
const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** @type {any} */
let sandbox;
/** @type {Awaited<ReturnType<typeof startCollector>>} */
let collector;
/** @type {import('node:child_process').ChildProcess | undefined} */
let n8n;
/** @type {string} */
let userFolder;
/** @type {string[]} */
const n8nLog = [];

beforeAll(async () => {
	const prepared = await prepareN8n('trigger');
	({ sandbox, userFolder } = prepared);
	collector = await startCollector();
	const env = { ...prepared.env, N8N_LOG_LEVEL: 'info' };
	const file = path.join(userFolder, 'trigger-workflow.json');
	fs.writeFileSync(
		file,
		JSON.stringify({
			...newsTriggerWorkflow({
				id: WORKFLOW_ID,
				name: 'E2E news trigger',
				collectorUrl: collector.url,
			}),
			active: false,
		}),
	);
	await app.importIntoN8n(env, sandbox, [file]);
	await publishWorkflows(env, [WORKFLOW_ID]);
	n8n = app.startN8n(env, ['ignore', 'pipe', 'pipe']);
	for (const stream of [n8n.stdout, n8n.stderr])
		stream?.on('data', (chunk) => n8nLog.push(String(chunk)));
}, 10 * 60_000);

afterAll(async () => {
	await stopN8n(n8n);
	await collector?.close();
	await removeN8n({ sandbox, userFolder });
}, 60_000);

/** The list requests the trigger has made so far (one or more per poll). */
const listRequests = () =>
	sandbox.requests.filter((/** @type {any} */ r) => r.operation === 'listNews');

/**
 * Waits until `done()` holds, failing with n8n's log after `timeoutMs`.
 * @param {() => boolean} done @param {number} timeoutMs @param {string} what
 */
async function waitFor(done, timeoutMs, what) {
	const deadline = Date.now() + timeoutMs;
	while (!done()) {
		if (Date.now() > deadline || (n8n && n8n.exitCode !== null)) {
			throw new Error(`Timed out waiting for ${what}. n8n log:\n${n8nLog.join('').slice(-4000)}`);
		}
		await delay(250);
	}
}

/** @param {number} count @param {number} [status] */
function addNews(count, status = 1) {
	const list = sandbox.state.acme.news;
	const ids = [];
	for (let i = 0; i < count; i++) {
		const id = Math.max(...list.map((/** @type {any} */ n) => n.id)) + 1;
		list.push({ ...generateNews('acme', id, sandbox.url)[id - 1], status });
		ids.push(id);
	}
	return ids;
}

/** @param {number[]} ids */
const receivedOf = (ids) => collector.received.filter((item) => ids.includes(item.id));

test(
	"a published workflow emits each new news item once, in id order, at n8n's one-minute polls",
	async () => {
		const started = Date.now();
		const marks = /** @type {Record<string, number>} */ ({});
		const mark = (/** @type {string} */ name) =>
			(marks[name] = Math.round((Date.now() - started) / 1000));

		// Activation polls once at once and records the 25 existing items (19 published).
		await waitFor(() => listRequests().length > 0, 180_000, 'the activation poll');
		mark('activated');
		const activationRequests = listRequests().length;
		for (const request of listRequests()) expect(request.status).toBe(200);

		const first = addNews(2);
		await waitFor(
			() => receivedOf(first).length === 2,
			75_000,
			`items ${first} from the first poll`,
		);
		mark('firstPoll');
		expect(listRequests().length).toBeGreaterThan(activationRequests);

		// Between polls: one new item and an old draft (id 4) published.
		const [fresh] = addNews(1);
		sandbox.state.acme.news.find((/** @type {any} */ n) => n.id === 4).status = 1;
		const second = [4, fresh];
		await waitFor(
			() => receivedOf(second).length === 2,
			75_000,
			`items ${second} from the second poll`,
		);
		mark('secondPoll');
		// Let that execution post everything it emitted.
		await delay(3000);

		// One execution per poll that found something, its items in id order; nothing twice.
		/** @param {number[]} batch */
		const emitted = (batch) => {
			const items = receivedOf(batch);
			expect(new Set(items.map((item) => item.execution)).size).toBe(1);
			return [...items].sort((a, b) => a.index - b.index).map((item) => item.id);
		};
		expect(emitted(first)).toEqual(first);
		expect(emitted(second)).toEqual(second);
		expect(receivedOf(first)[0].execution).not.toBe(receivedOf(second)[0].execution);
		expect(collector.received).toHaveLength(first.length + second.length);
		process.stdout.write(`trigger e2e: seconds since n8n start ${JSON.stringify(marks)}\n`);
	},
	6 * 60_000,
);
