// @ts-check
/**
 * Robustness against answers that say "success" but lack what the spec marks required
 * (E5 `data`, E7 `response`, E10 `data.task`, E15 `response`), while E12's documented
 * `data: null` stays a success; and Task → Update with nothing to change, refused before
 * anything is sent. Through n8n-core's real engine against the sandbox platform, whose
 * fault injection returns the custom bodies.
 */
const { useSandbox } = require('./harness/fixture');
const { ENDPOINTS } = require('../nodes/shared/platform/endpoints');

const fixture = useSandbox();
const runEcommerce = fixture.runner('businessPlatformEcommerce');
const runHr = fixture.runner('businessPlatformHr');
const runProjects = fixture.runner('businessPlatformProjects');

/** A success envelope without the payload, per operation: the spec's envelope with the payload left out. */
const CASES = [
	{
		endpoint: 'getDistrict',
		payload: 'data',
		does: 'get district 3',
		run: () => runEcommerce({ resource: 'district', operation: 'get', districtId: '3' }),
		body: { status: true, message: 'District found' },
		creates: false,
	},
	{
		endpoint: 'createSkill',
		payload: 'response',
		does: 'create the skill',
		run: () => runHr({ resource: 'skill', operation: 'create', type: 'welding', skills: 'MIG' }),
		body: { status: true, message: 'Skill created', response: null },
		creates: true,
	},
	{
		endpoint: 'updateTask',
		payload: 'data.task',
		does: 'update task 1001',
		run: () =>
			runProjects({
				resource: 'task',
				operation: 'update',
				taskId: '1001',
				updateFields: { name: 'Renamed' },
			}),
		body: {
			status_code: 200,
			code: 1020,
			hint: 'Processed Successfully',
			success: true,
			data: { message: 'Task updated' },
		},
		creates: true,
	},
	{
		endpoint: 'getPayslip',
		payload: 'response',
		does: 'get payslip 1751',
		run: () => runHr({ resource: 'payslip', operation: 'get', payslipId: '1751' }),
		body: { status: true, message: 'Payslip' },
		creates: false,
	},
];

describe.each(CASES)(
	'$endpoint: a success answer without $payload fails the item',
	({ endpoint, payload, does, run, body, creates }) => {
		test('with a message saying what is missing, the platform message and the details', async () => {
			fixture.sandbox.inject({ operation: endpoint, status: 200, body });
			const { json, error } = await run();
			expect(json).toEqual([]);
			expect(error?.message).toBe(
				`The platform answered without the record it should send back, when asked to ${does}`,
			);
			expect(error?.description).toContain(`Its answer has no "${payload}"`);
			expect(error?.description).toContain(
				`The platform said: "${body.message ?? body.data?.message}"`,
			);
			// A create or update reported as done is flagged: it was probably carried out.
			expect(String(error?.description).includes('the change was probably made')).toBe(creates);
			expect(error?.context.data).toMatchObject({
				operation: /** @type {Record<string, { title: string }>} */ (ENDPOINTS)[endpoint].title,
				httpCode: 200,
				item: 0,
			});
			// Not retried: the platform answered.
			expect(fixture.requestsFor(endpoint)).toHaveLength(1);
		});

		test('the same operation with its payload still succeeds', async () => {
			const { json, error } = await run();
			expect(error).toBeUndefined();
			expect(json).toHaveLength(1);
			expect(json[0]).toHaveProperty('id');
		});
	},
);

test("E12's documented data: null stays a success: the output is the platform's message", async () => {
	fixture.sandbox.inject({
		operation: 'updateCatalogComment',
		status: 200,
		body: { status: true, message: 'Comment updated', data: null },
	});
	const { json, error } = await runEcommerce({
		resource: 'catalogComment',
		operation: 'update',
		commentId: '1251',
		status: true,
	});
	expect(error).toBeUndefined();
	expect(json).toEqual([{ success: true, message: 'Comment updated' }]);
});

test('Task → Update with nothing to change is refused before sending, naming what could be set', async () => {
	const { json, error } = await runProjects(
		{ resource: 'task', operation: 'update', taskId: '1001', updateFields: {} },
		{ items: [{ json: {} }, { json: {} }], continueOnFail: true },
	);
	expect(error).toBeUndefined();
	expect(json).toEqual(
		[0, 1].map((item) => ({
			error:
				'Nothing to update: add a field under Update Fields (for example Name, Status, Priority, Due Date, Note or Input Binary Fields), an Assignment or a Time Tracking entry',
			description: 'Nothing was sent to the platform for this item.',
			details: { item },
		})),
	);
	expect(fixture.sandbox.requests).toHaveLength(0);
});
