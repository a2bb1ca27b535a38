// @ts-check
/**
 * Where Custom API Call is offered: last in every Resource and Operation list (so n8n adds
 * none of its own), hidden from AI-tool variants unless allowed, and refused at run time in a
 * tool without the opt-in.
 */
const { NodeHelpers } = require('n8n-workflow');

const { useSandbox } = require('../harness/fixture');
const { nodeClasses } = require('../harness/n8n');
const { NODE_OF_MODULE, customApiCaller } = require('./call');

const fixture = useSandbox();
const call = customApiCaller(fixture);

/** @param {string} type */
const propertiesOf = (type) => new (nodeClasses.get(type))().description.properties;

test.each(Object.values(NODE_OF_MODULE))(
	'%s: every Resource and Operation list ends with exactly one "Custom API Call"',
	(type) => {
		const pickers = propertiesOf(type).filter(
			(/** @type {any} */ p) => p.name === 'resource' || p.name === 'operation',
		);
		const resources = pickers.find((/** @type {any} */ p) => p.name === 'resource');
		// One Operation list per resource, Custom API Call's own included.
		expect(pickers).toHaveLength(resources.options.length + 1);
		for (const picker of pickers) {
			const names = picker.options.map((/** @type {any} */ o) => o.name);
			expect(names.filter((/** @type {string} */ n) => n === 'Custom API Call')).toHaveLength(1);
			expect(names.at(-1)).toBe('Custom API Call');
			// The others stay sorted by name, as n8n's lint wants them.
			const others = names.slice(0, -1);
			expect(others).toEqual([...others].sort((a, b) => a.localeCompare(b)));
		}
		// Saved workflows rely on the defaults: the first resource, not Custom API Call.
		expect(resources.default).not.toBe('customApiCall');
	},
);

test('the trigger has no Custom API Call (it has no resource list)', () => {
	const names = propertiesOf('businessPlatformEcommerceTrigger').flatMap((/** @type {any} */ p) =>
		(p.options ?? []).map((/** @type {any} */ o) => o.name),
	);
	expect(names).not.toContain('Custom API Call');
});

/**
 * What n8n's editor shows, by n8n's own display rules: the Custom API Call entry of the
 * Resource picker and the opt-in parameter, in the node and in its tool variant.
 * @param {boolean} tool
 * @param {Record<string, any>} parameters
 */
function shown(tool, parameters) {
	const description = new (nodeClasses.get('businessPlatformEcommerce'))().description;
	const typeDescription = tool ? { ...description, name: `${description.name}Tool` } : description;
	const node = /** @type {any} */ ({
		name: 'n',
		type: typeDescription.name,
		typeVersion: 1,
		parameters,
	});
	const values =
		NodeHelpers.getNodeParameters(
			typeDescription.properties,
			parameters,
			true,
			false,
			node,
			typeDescription,
		) ?? {};
	const resource = typeDescription.properties.find((/** @type {any} */ p) => p.name === 'resource');
	const option = resource.options.find((/** @type {any} */ o) => o.value === 'customApiCall');
	const optIn = typeDescription.properties.find(
		(/** @type {any} */ p) => p.name === 'allowCustomApiCall',
	);
	return {
		option: NodeHelpers.displayParameter(values, option, node, typeDescription),
		optIn: NodeHelpers.displayParameter(values, optIn, node, typeDescription),
	};
}

test('the tool variant hides Custom API Call until Allow Custom API Call is on; the node shows it', () => {
	expect(shown(false, {})).toEqual({ option: true, optIn: false });
	expect(shown(true, {})).toEqual({ option: false, optIn: true });
	expect(shown(true, { allowCustomApiCall: true })).toEqual({ option: true, optIn: true });
});

test('a tool node refuses the call without the opt-in and sends nothing; with it, the call runs', async () => {
	const refused = await call('ecommerce', { path: '/api/v1/abandoned_orders' }, { tool: true });
	expect(refused.error?.message).toContain('not offered to AI tools');
	expect(fixture.sandbox.requests).toHaveLength(0);

	const allowed = await call(
		'ecommerce',
		{ path: '/api/v1/abandoned_orders', allowCustomApiCall: true },
		{ tool: true },
	);
	expect(allowed.error).toBeUndefined();
	expect(allowed.json.map((o) => o.id)).toEqual([1301, 1302]);
});

test("a table operation's parameters stay with their resource; Custom API Call's show under any resource", () => {
	const properties = propertiesOf('businessPlatformHr');
	const path = properties.find((/** @type {any} */ p) => p.name === 'path');
	expect(path.displayOptions.show).toEqual({ operation: ['customApiCall'] });
	const payslipId = properties.find((/** @type {any} */ p) => p.name === 'payslipId');
	expect(payslipId.displayOptions.show).toEqual({ resource: ['payslip'], operation: ['get'] });
});
