// @ts-check
/**
 * Another host for redirect tests: an HTTP server on loopback (another port is another origin)
 * that records every request reaching it and answers like the platform would, so that a
 * client that followed a redirect there would take its answer as the output.
 */
const http = require('node:http');

/**
 * @returns {Promise<{ url: string, requests: Array<{ url?: string, headers: http.IncomingHttpHeaders }>, close: () => void }>}
 */
async function startForeignHost() {
	/** @type {Array<{ url?: string, headers: http.IncomingHttpHeaders }>} */
	const requests = [];
	const server = http.createServer((req, res) => {
		requests.push({ url: req.url, headers: req.headers });
		res.writeHead(200, { 'Content-Type': 'application/json' });
		res.end(
			JSON.stringify({ status: true, message: 'foreign', data: { id: 1751, foreign: true } }),
		);
	});
	await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
	const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
	return { url: `http://127.0.0.1:${port}`, requests, close: () => server.close() };
}

/**
 * A foreign host for the tests of the enclosing describe block (or file): started before them,
 * closed after them.
 * @returns {{ readonly url: string, readonly requests: Awaited<ReturnType<typeof startForeignHost>>['requests'] }}
 */
function useForeignHost() {
	/** @type {Awaited<ReturnType<typeof startForeignHost>> | undefined} */
	let host;
	beforeAll(async () => {
		host = await startForeignHost();
	});
	afterAll(() => host?.close());
	const started = () => {
		if (!host) throw new Error('the foreign host is read before its beforeAll ran');
		return host;
	};
	return {
		get url() {
			return started().url;
		},
		get requests() {
			return started().requests;
		},
	};
}

module.exports = { startForeignHost, useForeignHost };
