// @ts-check
/**
 * Parameters that hold an expression are read ahead for the next items in one loop
 * (nodes/shared/node/readAhead.ts), through n8n-core's real engine against the sandbox: each
 * item still gets its own values, across more items than one read-ahead holds, and an
 * expression that fails for one item fails that item alone and at its own place.
 */
const { useSandbox } = require('./harness/fixture');
const { expectPairedItems } = require('./harness/requests');

const fixture = useSandbox();
const runHr = fixture.runner('businessPlatformHr', { resource: 'payslip', operation: 'get' });

/** More items than one read-ahead (16); for item FAILING the expression names a node the workflow lacks. */
const COUNT = 40;
const FAILING = 23;
const PAYSLIP_IDS = [1751, 1752];
const items = Array.from({ length: COUNT }, (_, i) => ({
	json: { id: PAYSLIP_IDS[i % 2], fails: i === FAILING },
}));
// The expression itself fails for that item, in n8n's runtime.
const PARAMETERS = {
	payslipId: "={{ $json.fails ? $('No Such Node').item.json.id : $json.id }}",
	options: { concurrency: 3 },
};

test('payslip get: each item is read with its own values, and an item whose expression fails is that item alone under Continue On Fail', async () => {
	const { output, error } = await runHr(PARAMETERS, { items, continueOnFail: true });
	expect(error).toBeUndefined();
	expectPairedItems(
		output,
		items.map((_, i) => i),
	);
	output.forEach((item, i) => {
		if (i === FAILING) expect(String(item.json.error)).toMatch(/Referenced node doesn't exist/);
		else expect(item.json).toMatchObject({ id: PAYSLIP_IDS[i % 2] });
	});
	const paths = fixture.requestsFor('getPayslip').map((request) => request.path);
	const expected = items
		.filter((_, i) => i !== FAILING)
		.map((item) => `/api/v1/payslips/${item.json.id}`);
	expect(paths.sort()).toEqual(expected.sort());
});

test('payslip get: without Continue On Fail, the run fails at the item whose expression fails, after the items before it', async () => {
	const { error } = await runHr(PARAMETERS, { items });
	expect(error?.message).toMatch(/Referenced node doesn't exist/);
	expect(JSON.stringify(error)).toContain(`"itemIndex":${FAILING}`);
	// No item after the failing one starts; those before it ran.
	const requested = fixture.requestsFor('getPayslip').length;
	expect(requested).toBeGreaterThanOrEqual(FAILING - 3);
	expect(requested).toBeLessThanOrEqual(FAILING);
});
