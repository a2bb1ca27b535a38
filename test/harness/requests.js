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

/**
 * @typedef {object} ExpectedRequest  what the platform must have received; absent keys are not checked
 * @property {string} [method]
 * @property {string} [path]                   after the module base, e.g. '/api/v1/payslips/1751'
 * @property {string} [rawQuery]               the query string as sent, '' for none
 * @property {string | null} [contentType]
 * @property {number} [status]                 the sandbox's answer; 200 unless given
 * @property {'acme' | 'globex' | null} [business]  the business whose key it carried
 * @property {string[]} [platformHeaders]      every header name sent, protocol headers aside (any order)
 * @property {Record<string, string>} [headers] header values, by the name exactly as sent
 * @property {unknown} [body]                  the recorded body, compared whole
 */

/**
 * Checks the one request the sandbox received for an endpoint and returns it: the
 * arrange-and-assert block of an operation's tests, asserting on what the platform received.
 * @param {{ requestsFor(code: string): RecordedRequest[] }} fixture
 * @param {string} code the endpoint's code, as the sandbox logs it ('getPayslip', 'listCategories')
 * @param {ExpectedRequest} expected
 * @returns {RecordedRequest}
 */
function expectRequest(fixture, code, expected) {
	const requests = fixture.requestsFor(code);
	expect(requests.map((request) => request.operation)).toEqual([code]);
	const [request] = requests;
	const { platformHeaders, headers, body, ...fields } = expected;
	expect(request).toMatchObject({ status: 200, ...fields });
	if (platformHeaders) expect(platformHeaderNames(request)).toEqual([...platformHeaders].sort());
	if (headers) expect(request.headers).toMatchObject(headers);
	if (body !== undefined) expect(request.body).toEqual(body);
	return request;
}

/**
 * Checks which input item each output item is paired with, in output order.
 * @param {Array<{ pairedItem?: unknown }>} output the run's output items
 * @param {number[]} inputItems the input item index of each output item
 */
function expectPairedItems(output, inputItems) {
	expect(output.map((item) => item.pairedItem)).toEqual(inputItems.map((item) => ({ item })));
}

/**
 * The input item an output item is paired with (this package pairs each with exactly one).
 * @param {{ pairedItem?: import('n8n-workflow').IPairedItemData | import('n8n-workflow').IPairedItemData[] | number }} entry
 * @returns {number}
 */
function inputItemOf(entry) {
	const paired = entry.pairedItem;
	if (typeof paired === 'number') return paired;
	if (paired === undefined || Array.isArray(paired))
		throw new Error(`Output item not paired with exactly one input: ${JSON.stringify(paired)}`);
	return paired.item;
}

/**
 * Arms a fault when the n-th request of the run reaches the sandbox (before the sandbox
 * picks its fault for it), so that it hits a chosen item. Returns a function that disarms it.
 * @param {import('../../sandbox/server').Sandbox} sandbox
 * @param {number} n
 * @param {Record<string, any>} fault
 */
function injectFromRequest(sandbox, n, fault) {
	let seen = 0;
	const listener = () => {
		seen++;
		if (seen !== n) return;
		sandbox.inject(fault);
		sandbox.server.off('request', listener);
	};
	sandbox.server.on('request', listener);
	return () => sandbox.server.off('request', listener);
}

module.exports = {
	injectFromRequest,
	inputItemOf,
	expectRequest,
	expectPairedItems,
	recordById,
	platformHeaderNames,
	sentHeaderNames,
	requestsFor,
	multipartFields,
	PROTOCOL_HEADERS,
};
