// @ts-check
/**
 * Every operation's full run from the shared table (test/harness/operationCases.js) through
 * n8n-core's real engine: the same parameters and checks the e2e suite runs in the n8n app,
 * so a case that is wrong shows here, without the app.
 */
const { useSandbox } = require('./harness/fixture');
const {
	OPERATION_CASES,
	fullRunParameters,
	checkFullRun,
	withOptions,
} = require('./harness/operationCases');

const fixture = useSandbox();

test.each(OPERATION_CASES.map((op) => [op.code, op]))('%s full run', async (_code, op) => {
	const { json, error } = await fixture.run(
		op.type,
		withOptions(fullRunParameters(op), { retryDelay: 10 }),
	);
	expect(error).toBeUndefined();
	checkFullRun(op, json, fixture.requestsFor());
});
