// @ts-check
/**
 * What a request may hold or wait for, seen from outside the node (nodes/shared/transport/
 * admission.ts): the process's shared limits (requests in flight and waiting, per business)
 * and the logins still under way at the platform. After every run they must all come back to
 * nothing.
 */
const { sharedLimits } = require('../../nodes/shared/transport/rateLimit/sharedLimitTable');

/**
 * The shared state of the process: requests in flight and waiting (all businesses), and the
 * logins the sandbox is still answering (a login no run waits for any more is left open there).
 * @param {import('../../sandbox/server').Sandbox} sandbox
 */
function sharedLoad(sandbox) {
	let inFlight = 0;
	let waiting = 0;
	for (const shared of sharedLimits.values()) {
		inFlight += shared.limit.inFlight;
		waiting += shared.waiting.length;
	}
	return { inFlight, waiting, logins: sandbox.openRequests('login') };
}

/**
 * Resolves once nothing is in flight, waiting or logging in, and no request is under way at the
 * sandbox, checked after an I/O poll so that a connection still waiting to be accepted counts:
 * a run returns on Stop before its requests already on the wire have reached the platform (none
 * can be recalled), and the next test met them, one taking the fault it had armed for its own.
 * Rejects with the state seen last after `boundMs` (generous: it only turns a hang into a
 * failure, it measures nothing; shorter than the tests' timeouts, so that the failure names
 * what is held).
 * @param {import('../../sandbox/server').Sandbox} sandbox
 */
async function untilIdle(sandbox, boundMs = 10_000) {
	const giveUpAt = Date.now() + boundMs;
	for (;;) {
		await new Promise((resolve) => setImmediate(resolve));
		const load = sharedLoad(sandbox);
		const underWay = sandbox.requestsUnderWay();
		// The sandbox's requests under way include its open logins.
		if (load.inFlight === 0 && load.waiting === 0 && underWay === 0) return;
		if (Date.now() > giveUpAt)
			throw new Error(`still held after ${boundMs} ms: ${JSON.stringify({ ...load, underWay })}`);
		await new Promise((resolve) => setTimeout(resolve, 10));
	}
}

/**
 * Resolves when the sandbox starts receiving a request whose path ends with `pathEnd` ('' for
 * any request) (before it answers), the `count`-th one.
 * @param {import('node:http').Server} server @param {string} pathEnd @param {number} [count]
 */
function whenReceived(server, pathEnd, count = 1) {
	return new Promise((resolve) => {
		let seen = 0;
		/** @param {import('node:http').IncomingMessage} request */
		const onRequest = (request) => {
			if (
				!String(request.url ?? '')
					.split('?')[0]
					.endsWith(pathEnd)
			)
				return;
			if (++seen < count) return;
			server.off('request', onRequest);
			resolve(undefined);
		};
		server.on('request', onRequest);
	});
}

module.exports = { sharedLoad, untilIdle, whenReceived };
