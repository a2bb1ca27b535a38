// @ts-check
/**
 * Timeout bounds the whole request, redirects included, through n8n-core's real engine: a platform that sends its
 * answer a byte at a time (never silent for long) still fails the item once Timeout has passed,
 * for every operation case.
 */
const { startSandbox } = require('../sandbox/server');
const { sandboxCredentials } = require('../sandbox/credentials');
const { useSandbox } = require('./harness/fixture');
const { runNode } = require('./harness/n8n');
const { OPERATION_CASES, caseFor } = require('./harness/operationCases');

const fixture = useSandbox();

describe('every operation', () => {
	/** @type {Array<import('../sandbox/server').Sandbox>} */
	const started = [];
	afterAll(() => Promise.all(started.map((sandbox) => sandbox.close())));

	// The runs mostly wait out their Timeout, so they go at once, each on a platform of its own
	// whose first answer trickles (for Category → Update, its categories list read): no run
	// needs a healthy answer in time, so a busy machine cannot fail one.
	test.concurrent.each(OPERATION_CASES.map((op) => [op.endpoint, op]))(
		'%s: an answer trickling in a byte every 200 ms fails a 1 s Timeout, long before it would end',
		async (_endpoint, op) => {
			const sandbox = await startSandbox();
			started.push(sandbox);
			// About 100 bytes: 20 s of trickle against a 1 s Timeout.
			sandbox.inject({
				body: { status: true, message: 'x'.repeat(60), data: { id: 1751 } },
				status: 200,
				dripMs: 200,
			});
			const began = Date.now();
			const { error } = await runNode({
				type: op.type,
				parameters: { ...op.parameters, options: { timeout: 1000, maxTries: 1 } },
				credentials: sandboxCredentials(sandbox),
			});
			expect(error?.message).toMatch(/^The platform did not answer within 1 s when asked to /);
			expect(error?.context.data).toMatchObject({
				networkError: expect.stringMatching(/^ETIMEDOUT: /),
			});
			expect(Date.now() - began).toBeLessThan(15_000);
		},
	);
});

test('a 1 s Timeout bounds the whole exchange, every same-origin redirect included, not each hop', async () => {
	const op = caseFor('getPayslip');
	// Three hops of 700 ms each: each within the Timeout, together over twice it.
	fixture.sandbox.inject({
		operation: 'getPayslip',
		status: 302,
		location: `${fixture.credentials.hrBaseUrl}/api/v1/payslips/1751`,
		delayMs: 700,
		times: 3,
	});
	const { error } = await fixture.run(op.type, {
		...op.parameters,
		options: { timeout: 1000, maxTries: 1 },
	});
	expect(error?.message).toBe(
		'The platform did not answer within 1 s when asked to get payslip 1751',
	);
});
