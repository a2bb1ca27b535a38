// @ts-check
/**
 * (d) The news trigger in queue mode. A workflow with the Ecommerce Trigger (published news,
 * every minute, n8n's shortest interval) and an HTTP Request node posting each emitted item
 * to a collector in this test is created and published on main through its REST API, as the
 * editor does. News items are added at the sandbox between polls (two new items, then one
 * new item and an old draft published). It proves, across main and both workers:
 *   - each new item is delivered exactly once, each poll's items in id order in one
 *     execution, nothing old delivered;
 *   - one execution in Postgres per poll that found something, each successful, started by
 *     the trigger and run by exactly one worker;
 *   - the polls ran on main only: the kernel's socket table names the process behind every
 *     news request the sandbox received (scripts/queue/sockets.js), and there was at most
 *     one scheduled poll per minute (not one per process).
 * Takes one to two poll intervals and a few seconds; the workflow is unpublished at the end.
 */
const assert = require('node:assert/strict');

const { generateNews } = require('../../sandbox/data');
const { delay } = require('../../scripts/queue/processes');
const { requestSender } = require('../../scripts/queue/sockets');
const { executionsFinishedBy } = require('../../scripts/queue/stack');
const { jsonOf, executionsOf } = require('./helpers');
const { newsTriggerWorkflow, startCollector } = require('../harness/newsTrigger');
const { NEWS_TRIGGER } = require('./workflows');

/** (c) leaves 10,000 items; the trigger starts from the sandbox's usual 25 (every 4th a draft). */
const SEEDED_NEWS = 25;
const POLL_INTERVAL_MS = 60_000;
/** A batch added just as a poll ran is emitted by the next one: wait up to two intervals. */
const BATCH_TIMEOUT_MS = 2 * POLL_INTERVAL_MS + 20_000;
/** After the last batch, time for a duplicate (a second poller, a job run twice) to show. */
const SETTLE_MS = 5000;
const NEWS_LIST_PATH = '/ecommerce/api/v1/news';

/**
 * Adds `count` published news items to acme's list, with the next ids.
 * @param {any} sandbox @param {number} count
 */
function addNews(sandbox, count) {
	const list = sandbox.state.acme.news;
	const ids = [];
	for (let i = 0; i < count; i++) {
		const id = Math.max(...list.map((/** @type {any} */ n) => n.id)) + 1;
		list.push({ ...generateNews('acme', id, sandbox.url)[id - 1], status: 1 });
		ids.push(id);
	}
	return ids;
}

/**
 * @typedef {object} TriggerStack
 * @property {any} sandbox
 * @property {(sql: string) => string} query
 * @property {(url: string, init?: RequestInit) => Promise<Response>} session  owner session on main
 * @property {{ started: import('../../scripts/queue/processes').Started }} main
 * @property {Array<{ role: string, started: import('../../scripts/queue/processes').Started }>} workers
 */

/** @param {TriggerStack} stack */
async function checkNewsTrigger({ sandbox, query, session, main, workers }) {
	sandbox.seedNews('acme', SEEDED_NEWS);
	const collector = await startCollector();
	/** Every process of the stack by name; each was started detached: its group id is its pid. */
	const groups = {
		main: main.started.pid,
		...Object.fromEntries(workers.map((w) => [w.role, w.started.pid])),
	};
	/** @type {Array<{ at: number, page: string, sender: string }>} every news list request, with its sender */
	const newsRequests = [];
	const onRequest = (/** @type {import('node:http').IncomingMessage} */ req) => {
		const url = new URL(req.url ?? '/', sandbox.url);
		if (url.pathname !== NEWS_LIST_PATH) return;
		const sender = requestSender(Number(req.socket.remotePort), sandbox.port, groups);
		newsRequests.push({ at: Date.now(), page: url.searchParams.get('page') ?? '1', sender });
	};
	sandbox.server.on('request', onRequest);
	const json = { 'Content-Type': 'application/json' };
	/** @type {string | undefined} */
	let workflowId;

	/** @param {number[]} ids */
	const deliveredOf = (ids) => collector.received.filter((item) => ids.includes(item.id));
	/** @param {() => boolean} done @param {string} what */
	const waitFor = async (done, what) => {
		const deadline = Date.now() + BATCH_TIMEOUT_MS;
		while (!done()) {
			if (Date.now() > deadline || !main.started.running) {
				throw new Error(
					`no ${what} within ${BATCH_TIMEOUT_MS / 1000} s; delivered ${JSON.stringify(collector.received)}, news requests ${JSON.stringify(newsRequests)}`,
				);
			}
			await delay(250);
		}
	};

	try {
		const started = Date.now();
		const created = await jsonOf(
			await session('/rest/workflows', {
				method: 'POST',
				headers: json,
				body: JSON.stringify(
					newsTriggerWorkflow({
						id: NEWS_TRIGGER.id,
						name: `Queue ${NEWS_TRIGGER.id}`,
						collectorUrl: collector.url,
					}),
				),
			}),
			'create the trigger workflow on main',
		);
		const workflow = created.data ?? created;
		workflowId = String(workflow.id);
		// Publishing runs the activation poll, which records the existing items and emits nothing.
		await jsonOf(
			await session(`/rest/workflows/${workflowId}/activate`, {
				method: 'POST',
				headers: json,
				body: JSON.stringify({ versionId: workflow.versionId }),
			}),
			'publish the trigger workflow on main',
		);
		await waitFor(() => newsRequests.length > 0, 'activation poll');
		const activated = Date.now();
		const activationRequests = newsRequests.length;

		const first = addNews(sandbox, 2);
		await waitFor(() => deliveredOf(first).length >= first.length, `delivery of items ${first}`);
		// Between polls: one new item and an old draft published (it keeps its old id).
		const [fresh] = addNews(sandbox, 1);
		const draft = sandbox.state.acme.news.find((/** @type {any} */ n) => n.status === 0);
		draft.status = 1;
		const second = [draft.id, fresh];
		await waitFor(() => deliveredOf(second).length >= second.length, `delivery of items ${second}`);
		await delay(SETTLE_MS);
		const observedMs = Date.now() - activated;

		// Exactly once, nothing old, each poll's items in id order in one execution.
		const added = [...first, ...second];
		/** @type {Record<string, number>} */
		const deliveries = {};
		for (const item of collector.received) deliveries[item.id] = (deliveries[item.id] ?? 0) + 1;
		for (const id of added)
			assert.equal(deliveries[id], 1, `item ${id} delivered ${deliveries[id] ?? 0} times`);
		assert.equal(
			collector.received.length,
			added.length,
			`deliveries ${JSON.stringify(deliveries)}, expected one each of ${added}`,
		);
		const batches = [first, second].map((batch) => {
			const items = deliveredOf(batch);
			const executions = new Set(items.map((item) => String(item.execution)));
			assert.equal(executions.size, 1, `items ${batch} came in ${executions.size} executions`);
			const inOrder = [...items].sort((a, b) => a.index - b.index).map((item) => item.id);
			assert.deepEqual(
				inOrder,
				[...batch].sort((a, b) => a - b),
				`items of one poll not in id order: ${inOrder}`,
			);
			return { execution: [...executions][0], ids: inOrder };
		});
		assert.notEqual(batches[0].execution, batches[1].execution, 'both batches in one execution');

		// Postgres: one execution per poll that found something, each run by exactly one worker.
		const executions = executionsOf(query, workflowId);
		assert.deepEqual(
			executions.map((e) => e.id),
			batches.map((b) => b.execution),
			`executions in Postgres: ${JSON.stringify(executions)}`,
		);
		for (const e of executions)
			assert.deepEqual(
				[e.status, e.mode],
				['success', 'trigger'],
				`execution ${e.id}: ${e.status}, mode ${e.mode}`,
			);
		/** @type {Record<string, string>} */
		const ranBy = {};
		for (const e of executions) {
			const by = workers
				.filter((w) => executionsFinishedBy(w.started.logFile).includes(e.id))
				.map((w) => w.role);
			assert.equal(by.length, 1, `execution ${e.id} was finished by ${by.length} workers`);
			ranBy[e.id] = by[0];
		}

		// The polls: every news request from main; one request per poll (one page holds the
		// list); at most one scheduled poll per minute of observation.
		/** @type {Record<string, number>} */
		const requestsBy = {};
		for (const r of newsRequests) requestsBy[r.sender] = (requestsBy[r.sender] ?? 0) + 1;
		assert.deepEqual(
			Object.keys(requestsBy),
			['main'],
			`news requests by process: ${JSON.stringify(requestsBy)}`,
		);
		assert.ok(
			newsRequests.every((r) => r.page === '1'),
			`a poll read more than page 1: ${JSON.stringify(newsRequests)}`,
		);
		const scheduledPolls = newsRequests.length - activationRequests;
		const maxScheduled = Math.floor(observedMs / POLL_INTERVAL_MS) + 1;
		assert.ok(
			scheduledPolls >= batches.length,
			`${scheduledPolls} scheduled polls for ${batches.length} batches`,
		);
		assert.ok(
			scheduledPolls <= maxScheduled,
			`${scheduledPolls} scheduled polls in ${observedMs / 1000} s: more than one per minute`,
		);

		return {
			itemsAdded: added.length,
			newItems: added.length - 1,
			draftsPublished: 1,
			delivered: collector.received.length,
			distinctDelivered: Object.keys(deliveries).length,
			duplicates: collector.received.length - Object.keys(deliveries).length,
			batches: batches.map((b) => ({ ...b, ranBy: ranBy[b.execution] })),
			executionsInPostgres: executions.length,
			polls: {
				activation: activationRequests,
				scheduled: scheduledPolls,
				maxScheduledInWindow: maxScheduled,
				requestsByProcess: requestsBy,
			},
			observedSeconds: Math.round(observedMs / 1000),
			seconds: (Date.now() - started) / 1000,
		};
	} finally {
		sandbox.server.off('request', onRequest);
		if (workflowId) {
			// Unpublish, so the restarted main of the next phase does not poll for it.
			try {
				const answer = await session(`/rest/workflows/${workflowId}/deactivate`, {
					method: 'POST',
					headers: json,
					body: '{}',
				});
				if (!answer.ok) throw new Error(`HTTP ${answer.status} ${await answer.text()}`);
			} catch (error) {
				process.stderr.write(
					`could not unpublish workflow ${workflowId}: ${/** @type {Error} */ (error).message}\n`,
				);
			}
		}
		await collector.close();
	}
}

module.exports = { checkNewsTrigger };
