// @ts-check
/** Concurrency as the platform sees it: requests the sandbox is handling at the same time. */

/**
 * Counts requests from their arrival to the end of their answer until `stop()`.
 * @param {import('node:http').Server} server the sandbox's http server (`sandbox.server`)
 */
function watchInFlight(server) {
	let current = 0;
	let max = 0;
	/** @param {unknown} _request @param {import('node:http').ServerResponse} response */
	const onRequest = (_request, response) => {
		current++;
		max = Math.max(max, current);
		response.once('close', () => current--);
	};
	server.on('request', onRequest);
	return {
		/** The most requests handled at once so far. */
		get max() {
			return max;
		},
		stop: () => {
			server.off('request', onRequest);
		},
	};
}

module.exports = { watchInFlight };
