// @ts-check
/**
 * Every operation's full run from the shared table (test/harness/operationCases/) through
 * n8n-core's real engine: the same parameters and checks the e2e suite runs in the n8n app,
 * so a case that is wrong shows here, without the app.
 */
const { NodeHelpers } = require('n8n-workflow');

const { useSandbox } = require('./harness/fixture');
const { nodeClasses } = require('./harness/n8n');
const { PERSONAL_DATA_FIELDS } = require('../nodes/shared/node/output');
const {
	OPERATION_CASES,
	fullRunParameters,
	checkFullRun,
	withOptions,
} = require('./harness/operationCases');

const fixture = useSandbox();

test.each(OPERATION_CASES.map((op) => [op.endpoint, op]))('%s full run', async (_code, op) => {
	const { json, error } = await fixture.run(
		op.type,
		withOptions(fullRunParameters(op), { retryDelay: 10 }),
	);
	expect(error).toBeUndefined();
	checkFullRun(op, json, fixture.requestsFor());
});

/*
 * Simplify (n8n's guideline: a record of more than ten fields gets a Simplify that keeps at most
 * ten) and personal data. Per operation offering it, its case's `simplified`: the fields its
 * hint promises, in order (a field the platform left out of the record is left out too).
 */

/** The names of every field in a value, at any depth. */
function fieldNames(/** @type {unknown} */ value) {
	/** @type {string[]} */
	const names = [];
	const visit = (/** @type {unknown} */ node) => {
		if (Array.isArray(node)) node.forEach(visit);
		else if (typeof node === 'object' && node !== null) {
			for (const [key, child] of Object.entries(node)) {
				names.push(key);
				visit(child);
			}
		}
	};
	visit(value);
	return names;
}

/** Whether the node offers a parameter of that name for the operation (display options on resource and operation). */
function offers(
	/** @type {import('./harness/operationCases').OperationCase} */ op,
	/** @type {string} */ name,
) {
	const NodeClass = nodeClasses.get(op.type);
	return new NodeClass().description.properties.some(
		(/** @type {any} */ property) =>
			property.name === name &&
			property.displayOptions?.show?.resource?.includes(op.parameters.resource) &&
			property.displayOptions?.show?.operation?.includes(op.parameters.operation),
	);
}

/** The case's parameters without any Simplify or Output choice: what a new node runs with. */
function defaultsOf(/** @type {import('./harness/operationCases').OperationCase} */ op) {
	const { simple, output, fields, ...parameters } = fullRunParameters(op);
	return withOptions(parameters, { retryDelay: 10 });
}

describe.each(OPERATION_CASES.map((op) => [op.endpoint, op]))('%s output', (_endpoint, op) => {
	test('a record of more than ten fields offers Simplify, on by default, keeping at most ten without personal data', async () => {
		const raw = await fixture.run(op.type, { ...defaultsOf(op), simple: false });
		expect(raw.error).toBeUndefined();
		const rawFields = Object.keys(raw.json[0]).length;
		const offered = offers(op, 'simple');
		// On a failure: add `simplified: [the fields Simplify keeps]` to the case in caseFile.
		expect({ caseFile: op.caseFile, simplified: op.simplified !== undefined }).toEqual({
			caseFile: op.caseFile,
			simplified: offered,
		});
		if (!offered) {
			expect(rawFields).toBeLessThanOrEqual(10);
			return;
		}
		fixture.sandbox.reset();
		const simple = await fixture.run(op.type, defaultsOf(op));
		expect(simple.error).toBeUndefined();
		expect(simple.json.length).toBe(raw.json.length);
		for (const record of simple.json) {
			expect(Object.keys(record)).toEqual(op.simplified);
			expect(fieldNames(record).filter((name) => PERSONAL_DATA_FIELDS.includes(name))).toEqual([]);
		}
		if (op.personalData) {
			// The full record, with Simplify off, still has them: the check above can fail.
			expect(
				fieldNames(raw.json[0]).filter((name) => PERSONAL_DATA_FIELDS.includes(name)),
			).not.toEqual([]);
		}
	});
});

describe.each(OPERATION_CASES.filter((op) => op.simplified).map((op) => [op.endpoint, op]))(
	'%s as an AI tool: Output',
	(_endpoint, op) => {
		const tool = `${op.type}Tool`;

		test('Simplified by default: the fields Simplify keeps', async () => {
			const { json, error } = await fixture.run(tool, defaultsOf(op));
			expect(error).toBeUndefined();
			expect(Object.keys(json[0])).toEqual(op.simplified);
		});

		test('Raw: the whole record; Selected Fields: the ID and the fields picked', async () => {
			const regular = await fixture.run(op.type, { ...defaultsOf(op), simple: false });
			fixture.sandbox.reset();
			const raw = await fixture.run(tool, { ...defaultsOf(op), output: 'raw' });
			expect(raw.error).toBeUndefined();
			expect(Object.keys(raw.json[0])).toEqual(Object.keys(regular.json[0]));
			fixture.sandbox.reset();
			const picked = await fixture.run(tool, {
				...defaultsOf(op),
				output: 'fields',
				fields: ['status', 'created_at'],
			});
			expect(picked.error).toBeUndefined();
			expect(Object.keys(picked.json[0])).toEqual(
				['id', 'status', 'created_at'].filter((field) => field in regular.json[0]),
			);
		});

		test("a new node's defaults: Simplify on for the node, Output Simplified for its tool (no Simplify there)", () => {
			const NodeClass = nodeClasses.get(op.type);
			const { description } = new NodeClass();
			const values = { resource: op.parameters.resource, operation: op.parameters.operation };
			const node = /** @type {any} */ ({ typeVersion: 1, parameters: values });
			const defaults = (/** @type {any} */ nodeDescription) =>
				/** @type {Record<string, unknown>} */ (
					NodeHelpers.getNodeParameters(
						description.properties,
						values,
						true,
						false,
						node,
						nodeDescription,
					)
				);
			const regular = defaults(description);
			expect(regular.simple).toBe(true);
			expect(regular).not.toHaveProperty('output');
			const asTool = defaults({ ...description, name: `${description.name}Tool` });
			expect(asTool.output).toBe('simple');
			expect(asTool).not.toHaveProperty('simple');
		});
	},
);

// Every delete outputs one shape, n8n's convention (nodes/shared/node/output.ts, deletedOutput).
describe.each(
	OPERATION_CASES.filter((op) => op.parameters.operation === 'delete').map((op) => [
		op.endpoint,
		op,
	]),
)('%s, a delete', (_endpoint, op) => {
	test('outputs { deleted: true } for its item, and nothing else', async () => {
		const { json, error } = await fixture.run(op.type, op.parameters);
		expect(error).toBeUndefined();
		expect({ caseFile: op.caseFile, output: json }).toEqual({
			caseFile: op.caseFile,
			output: [{ deleted: true }],
		});
	});
});
