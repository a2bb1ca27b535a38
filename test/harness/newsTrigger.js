// @ts-check
/**
 * What the two end-to-end checks of the news trigger share (test/e2e/trigger.e2e.js under
 * `n8n start`, test/queue/news-trigger.js in queue mode): the workflow, trigger feeding an HTTP
 * Request node that posts every emitted item, and the server receiving those posts.
 */
const http = require('node:http');

const { CREDENTIAL_ID, CREDENTIAL_NAME, PACKAGE_NAME } = require('../../scripts/n8n-app');

/**
 * Receives what the workflow's HTTP Request node posts: one request per emitted item.
 * @returns {Promise<{ url: string, received: Array<{ execution: string, index: number, id: number }>, close: () => Promise<void> }>}
 */
async function startCollector() {
	/** @type {Array<{ execution: string, index: number, id: number }>} */
	const received = [];
	const server = http.createServer((req, res) => {
		/** @type {Buffer[]} */
		const chunks = [];
		req.on('data', (chunk) => chunks.push(chunk));
		req.on('end', () => {
			received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
			res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
		});
	});
	await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
	const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
	return {
		url: `http://127.0.0.1:${port}/items`,
		received,
		close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
	};
}

/**
 * The Ecommerce Trigger (published news, every minute: n8n's shortest interval) feeding an
 * HTTP Request node that posts each emitted item, with its execution id and index, to
 * `collectorUrl`; published by each check in its own way.
 * @param {{ id: string, name: string, collectorUrl: string }} workflow
 */
function newsTriggerWorkflow({ id, name, collectorUrl }) {
	const trigger = {
		id: `${id}-trigger`,
		name: 'New news',
		type: `${PACKAGE_NAME}.businessPlatformEcommerceTrigger`,
		typeVersion: 1,
		position: [0, 0],
		credentials: { businessPlatformApi: { id: CREDENTIAL_ID, name: CREDENTIAL_NAME } },
		parameters: {
			pollTimes: { item: [{ mode: 'everyMinute' }] },
			event: 'newNewsItem',
			status: 'active',
			keyword: '',
			simple: true,
			options: { retryDelay: 10 },
		},
	};
	const collect = {
		id: `${id}-collect`,
		name: 'Collect',
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.2,
		position: [240, 0],
		parameters: {
			method: 'POST',
			url: collectorUrl,
			sendBody: true,
			specifyBody: 'json',
			jsonBody:
				'={{ JSON.stringify({ execution: $execution.id, index: $itemIndex, id: $json.id }) }}',
			options: {},
		},
	};
	return {
		id,
		name,
		settings: { executionOrder: 'v1' },
		nodes: [trigger, collect],
		connections: { [trigger.name]: { main: [[{ node: collect.name, type: 'main', index: 0 }]] } },
	};
}

module.exports = { startCollector, newsTriggerWorkflow };
