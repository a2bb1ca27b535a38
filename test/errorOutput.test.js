// @ts-check
/**
 * "On Error: Continue (using error output)", every operation, through n8n-core's real engine:
 * the items that fail (the platform has no such record, an id that is no id) leave on the
 * node's second output, each with its error and paired with its input item; the others leave
 * on the first, in input order. Under "Continue (using regular output)" a failed item stays in
 * its place on the main output.
 */
const { useSandbox } = require('./harness/fixture');
const { OPERATION_CASES, withOptions, withPathIdsFor } = require('./harness/operationCases');
const { injectFromRequest, inputItemOf } = require('./harness/requests');
const { runNode } = require('./harness/n8n');
const { CUSTOM_API_CALL_CASES } = require('./harness/customApiCallCases');

const fixture = useSandbox();

const NOT_FOUND = {
	status: 404,
	body: { status: false, message: 'No query results for the record.' },
};

describe.each(OPERATION_CASES)('$endpoint ($type)', (op) => {
	test(`${op.endpoint}: failed items reach the error output with their error and paired item, the rest the main output in order`, async () => {
		const badId = op.pathIds !== undefined;
		const items = [0, 1, 2, 3].slice(0, badId ? 4 : 3).map((n) => ({ json: { n } }));
		// Item 1's request is the one after item 0's (one item at a time): the platform has no such record.
		injectFromRequest(fixture.sandbox, op.requestsPerItem + 1, {
			operation: op.endpoint,
			times: 1,
			...NOT_FOUND,
		});
		const { output, errorOutput, error } = await runNode({
			type: op.type,
			parameters: withOptions(withPathIdsFor(op, { 3: 'no-such-id' }), {
				concurrency: 1,
				retryDelay: 1,
			}),
			credentials: fixture.credentials,
			items,
			settings: { onError: 'continueErrorOutput' },
		});
		expect(error).toBeUndefined();

		const failedItems = badId ? [1, 3] : [1];
		expect(errorOutput.map(inputItemOf)).toEqual(failedItems);
		for (const failed of errorOutput) {
			// What failed and what to check: n8n 1.x and 2.x send an item to the error output when its
			// json holds error and message and nothing else.
			expect(failed.json).toEqual({ error: expect.any(String), message: expect.any(String) });
		}
		expect(errorOutput[0].json.message).toContain('No query results for the record.');

		const succeeded = [...new Set(output.map(inputItemOf))];
		expect(succeeded).toEqual([0, 2]);
		expect(output.some((entry) => 'error' in entry.json || 'error' in entry)).toBe(false);
	});
});

describe.each(CUSTOM_API_CALL_CASES)('Custom API Call ($name)', (call) => {
	test(`Custom API Call (${call.name}): a path the platform does not serve sends its item to the error output`, async () => {
		const path = JSON.stringify(call.parameters.path);
		const { output, errorOutput, error } = await runNode({
			type: call.type,
			parameters: withOptions(
				{ ...call.parameters, path: `={{ $itemIndex === 1 ? '/api/v1/no-such-route' : ${path} }}` },
				{ concurrency: 1, retryDelay: 1 },
			),
			credentials: fixture.credentials,
			// Two items: a second write to the same record could fail for a reason of its own.
			items: [{ json: {} }, { json: {} }],
			settings: { onError: 'continueErrorOutput' },
		});
		expect(error).toBeUndefined();
		expect(errorOutput.map(inputItemOf)).toEqual([1]);
		expect(errorOutput[0].json.error).toEqual(expect.any(String));
		expect([...new Set(output.map(inputItemOf))]).toEqual([0]);
	});
});

test('under "Continue (using regular output)" the failed item stays on the main output, in its place', async () => {
	const op = OPERATION_CASES.find((candidate) => candidate.endpoint === 'getPayslip');
	if (!op) throw new Error('getPayslip has no case');
	injectFromRequest(fixture.sandbox, 2, { operation: op.endpoint, times: 1, ...NOT_FOUND });
	const { output, errorOutput } = await runNode({
		type: op.type,
		parameters: withOptions(op.parameters, { concurrency: 1, retryDelay: 1 }),
		credentials: fixture.credentials,
		items: [{ json: {} }, { json: {} }, { json: {} }],
		settings: { onError: 'continueRegularOutput' },
	});
	expect(errorOutput).toEqual([]);
	expect(output.map(inputItemOf)).toEqual([0, 1, 2]);
	expect(output.map((entry) => 'error' in entry.json)).toEqual([false, true, false]);
});
