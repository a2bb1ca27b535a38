// @ts-check
/** Helpers to read the sandbox's request log, and its stored records, in assertions. */

/** @typedef {import('../../sandbox/request').RecordedRequest} RecordedRequest */

/** Headers that HTTP itself or n8n's client adds; everything else must come from the endpoint table. */
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

/** Every header name sent except what HTTP and the client add on their own (host, length, ...). */
const TRANSPORT_HEADERS = new Set(
	[...PROTOCOL_HEADERS].filter((name) => name !== 'accept' && name !== 'content-type'),
);

/**
 * The header names of a recorded request that the node chose, Accept and Content-Type
 * included, exactly as sent, sorted.
 * @param {{ headerNames: string[] }} request
 */
function sentHeaderNames(request) {
	return request.headerNames.filter((name) => !TRANSPORT_HEADERS.has(name.toLowerCase())).sort();
}

/**
 * Requests the sandbox received for one operation.
 * @param {{ requests: RecordedRequest[] }} sandbox
 * @param {string} operation
 */
function requestsFor(sandbox, operation) {
	return sandbox.requests.filter((request) => request.operation === operation);
}

/**
 * The fields of a recorded multipart body, as [name, value] pairs in the order sent.
 * @param {RecordedRequest} request
 * @returns {Array<[string, string]>}
 */
function multipartFields(request) {
	expect(request.body.kind).toBe('multipart');
	return request.body.kind === 'multipart' ? request.body.fields : [];
}

/**
 * The sandbox's stored record with this id (its state, e.g. `fixture.sandbox.state.acme.tasks`);
 * throws when there is none, so a test reads its fields without checking first.
 * @template {{ id: number }} T
 * @param {T[]} records
 * @param {number} id
 * @returns {T}
 */
function recordById(records, id) {
	const record = records.find((candidate) => candidate.id === id);
	if (!record) throw new Error(`The sandbox holds no record ${id} in this list`);
	return record;
}

module.exports = {
	recordById,
	platformHeaderNames,
	sentHeaderNames,
	requestsFor,
	multipartFields,
	PROTOCOL_HEADERS,
};
