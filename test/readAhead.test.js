// @ts-check
/**
 * Parameters that hold an expression are read ahead for the next items in one loop
 * (nodes/shared/node/readAhead.ts), through n8n-core's real engine against the sandbox: each
 * item still gets its own values, across more items than one read-ahead holds, and an
 * expression that fails for one item fails that item alone and at its own place. And what the
 * idle time reads (the item queue's IdleWork), on n8n's side a context that notes each read.
 */
const { readingAhead } = require('../nodes/shared/node/readAhead');
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

/** @param {number} from @param {number} to @returns {number[]} from, from + 1, ..., to - 1 */
const range = (from, to) => Array.from({ length: to - from }, (_, i) => from + i);

test('in idle time the next items are read a slice at a time, at most 256 past the last item started, each once, and each item gets its own value or error', () => {
	/** @type {number[]} */
	const readsByN8n = [];
	const n8nContext = /** @type {any} */ ({
		getNode: () => ({ parameters: { payslipId: '={{ $json.id }}' } }),
		getNodeParameter: (/** @type {string} */ _name, /** @type {number} */ itemIndex) => {
			readsByN8n.push(itemIndex);
			if (itemIndex === 7) throw new Error('item 7: the expression failed');
			return `id of item ${itemIndex}`;
		},
	});
	const { context, readWhileIdle: idleWork } = readingAhead(n8nContext, ['payslipId'], 600);
	expect(idleWork).toBeDefined();
	const readWhileIdle = /** @type {() => boolean} */ (idleWork);
	expect(readWhileIdle()).toBe(true);
	expect(readsByN8n).toEqual(range(0, 4));
	while (readWhileIdle());
	expect(readsByN8n).toEqual(range(0, 256));
	// The items start in order and get what was read, n8n reading nothing again.
	for (const itemIndex of range(0, 10)) {
		const read = () => context.getNodeParameter('payslipId', itemIndex);
		if (itemIndex === 7) expect(read).toThrow('item 7: the expression failed');
		else expect(read()).toBe(`id of item ${itemIndex}`);
	}
	expect(readsByN8n).toHaveLength(256);
	// With item 9 started, idle time may read up to item 264, and no further.
	while (readWhileIdle());
	expect(readsByN8n.slice(256)).toEqual(range(256, 265));
	// Near the end: no item past the last is read.
	expect(context.getNodeParameter('payslipId', 500)).toBe('id of item 500');
	while (readWhileIdle());
	expect(Math.max(...readsByN8n)).toBe(599);
	expect(new Set(readsByN8n).size).toBe(readsByN8n.length);
});

test('with no parameter holding an expression there is nothing to read ahead, and no idle work', () => {
	const n8nContext = /** @type {any} */ ({
		getNode: () => ({ parameters: { payslipId: '1751' } }),
		getNodeParameter: () => '1751',
	});
	const { context, readWhileIdle } = readingAhead(n8nContext, ['payslipId'], 600);
	expect(readWhileIdle).toBeUndefined();
	expect(context).toBe(n8nContext);
});
