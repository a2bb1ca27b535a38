// @ts-check
/**
 * The codex search aliases (nodes/<Node>/<Node>.node.json) promise only what the nodes do: none
 * names an operation the platform lists by name only, which no node offers (Custom API Call
 * reaches those; sandbox/routes.js NAME_ONLY_ROUTES has them).
 */
const fs = require('node:fs');
const path = require('node:path');

const NODES = path.join(__dirname, '..', '..', 'nodes');
const NOT_OFFERED = [
	/invoice/i,
	/journal/i,
	/order status/i,
	/abandoned/i,
	/employee/i,
	/staff/i,
	/event/i,
	/^note$/i,
	/attendance/i,
	/payment/i,
	/schedul/i,
];

test('no codex alias names an operation the nodes do not have', () => {
	const codexFiles = fs
		.readdirSync(NODES)
		.map((node) => path.join(NODES, node, `${node}.node.json`))
		.filter((file) => fs.existsSync(file));
	expect(codexFiles.length).toBeGreaterThanOrEqual(6);
	for (const file of codexFiles) {
		const { alias } = JSON.parse(fs.readFileSync(file, 'utf8'));
		const promising = alias.filter((/** @type {string} */ word) =>
			NOT_OFFERED.some((pattern) => pattern.test(word)),
		);
		expect([path.basename(file), promising]).toEqual([path.basename(file), []]);
	}
});
