// @ts-check
/** Helpers to read the sandbox's request log in assertions. */

/** Headers that HTTP itself or n8n's client adds; everything else must come from the operation table. */
const PROTOCOL_HEADERS = new Set([
	'accept',
	'accept-encoding',
	'connection',
	'content-length',
	'content-type',
	'host',
	'transfer-encoding',
	'user-agent',
]);

/**
 * The non-protocol header names of a recorded request, exactly as sent, sorted.
 * @param {{ headerNames: string[] }} request
 */
function platformHeaderNames(request) {
	return request.headerNames.filter((name) => !PROTOCOL_HEADERS.has(name.toLowerCase())).sort();
}

/**
 * Requests the sandbox received for one operation.
 * @param {any} sandbox
 * @param {string} operation
 */
function requestsFor(sandbox, operation) {
	return sandbox.requests.filter((/** @type {any} */ request) => request.operation === operation);
}

module.exports = { platformHeaderNames, requestsFor, PROTOCOL_HEADERS };
