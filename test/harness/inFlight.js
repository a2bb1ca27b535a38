// @ts-check
/** Concurrency as the platform sees it: requests the sandbox is handling at the same time. */

/**
 * Runs `run`, counting the requests the sandbox handles from their arrival to the end of their
 * answer meanwhile; returns what `run` returned and the most handled at once.
 * @template T
 * @param {import('node:http').Server} server the sandbox's http server (`sandbox.server`)
 * @param {() => Promise<T>} run
 * @returns {Promise<{ result: T, max: number }>}
 */
async function mostInFlight(server, run) {
	let current = 0;
	let max = 0;
	/** @param {unknown} _request @param {import('node:http').ServerResponse} response */
	const onRequest = (_request, response) => {
		current++;
		max = Math.max(max, current);
		response.once('close', () => current--);
	};
	server.on('request', onRequest);
	try {
		return { result: await run(), max };
	} finally {
		server.off('request', onRequest);
	}
}

module.exports = { mostInFlight };
