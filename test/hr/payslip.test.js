// @ts-check
/** The HR node, Payslip → Get (getPayslip, E15), through n8n-core's real engine against the sandbox platform. */
const { useOperation } = require('../harness/fixture');
const { expectPairedItems, expectRequest } = require('../harness/requests');
const { succeeded, expectRunError, expectEmptyCredentialField } = require('../harness/outcomes');

const { fixture, run: runHr } = useOperation('getPayslip');

describe('Payslip → Get (getPayslip, E15)', () => {
	test('sends exactly uuid and secure_business_key and, with Simplify off, outputs the payslip without secrets', async () => {
		const { json } = await succeeded(runHr({ payslipId: '1751', simple: false }));
		expectRequest(fixture, 'getPayslip', {
			method: 'GET',
			path: '/api/v1/payslips/1751',
			business: 'acme',
			platformHeaders: ['secure_business_key', 'uuid'],
			headers: {
				uuid: fixture.sandbox.credentials.clientUuid,
				secure_business_key: fixture.sandbox.credentials.businessKeys.acme,
			},
		});

		expect(json).toHaveLength(1);
		const payslip = /** @type {{ items: unknown[], employee: { id: number } }} */ (json[0]);
		expect(payslip).toMatchObject({ id: 1751, net_price: 11525, employee_id: 1851 });
		expect(payslip.items).toHaveLength(4);
		expect(payslip.employee.id).toBe(1851);
		expect(payslip.employee).not.toHaveProperty('password');
		expect(payslip.employee).not.toHaveProperty('remember_token');
		expect(JSON.stringify(json)).not.toMatch(/password|remember_token/);
	});

	test('simplified by default: the pay figures and the employee by ID and name, no personal data', async () => {
		const { json } = await succeeded(runHr({ payslipId: '1751' }));
		expect(json).toEqual([
			{
				id: 1751,
				reference: 751,
				employee_id: 1851,
				employee_name: 'Sara Al-Qahtani',
				description: 'January 2025 salary',
				created_date: '2025-01-31',
				currency: '1',
				earnings_items_total: 12500,
				deductions_item_total: 975,
				net_price: 11525,
			},
		]);
	});
	test('an unknown payslip fails with the platform message and HTTP 404', async () => {
		const { error } = await runHr({ payslipId: '999999' });
		expectRunError(error, {
			message: 'The platform has no payslip 999999',
			httpCode: '404',
			description:
				'Check "Payslip ID", and that the record belongs to the business this item acts for.\nThe platform said: "Payslip not found."',
		});
		// The technical facts are in the error's details (n8n's error panel), not in its texts.
		expect(error?.context.data).toEqual({
			operation: 'Get Payslip',
			method: 'GET',
			path: '/api/v1/payslips/{payslip_id}',
			httpCode: 404,
			item: 0,
			tries: 1,
			platformMessage: 'Payslip not found.',
		});
	});

	test("another business's payslip is not visible (tenant isolation)", async () => {
		const { error } = await runHr({ payslipId: '2751' });
		expect(error?.httpCode).toBe('404');
	});

	test('Options → Business picks an additional business per item', async () => {
		const { json } = await succeeded(
			runHr(
				{ payslipId: '={{ $json.payslip }}', options: { business: '={{ $json.business }}' } },
				{
					items: [
						{ json: { payslip: 1751, business: '' } },
						{ json: { payslip: 2751, business: 'globex' } },
					],
				},
			),
		);
		expect(json.map((p) => p.id)).toEqual([1751, 2751]);
		expect(fixture.sortedFor('getPayslip', (r) => r.business)).toEqual(['acme', 'globex']);
	});

	test('an unknown business name fails that item before any request', async () => {
		const { json } = await runHr(
			{ payslipId: '1751', options: { business: 'initech' } },
			{ continueOnFail: true },
		);
		expect(json[0].error).toBe(
			'Business "initech" is not one of the credential\'s Additional Business Keys',
		);
		expect(fixture.sandbox.requests).toHaveLength(0);
	});

	test('a wrong credential value fails with the platform message and never shows the secret', async () => {
		const wrongUuid = 'wrong-client-uuid-123456';
		const { error } = await runHr(
			{ payslipId: '1751' },
			{ credentials: { ...fixture.credentials, clientUuid: wrongUuid } },
		);
		expectRunError(error, {
			httpCode: '401',
			message:
				'The platform did not accept the credential\'s "Client UUID" when asked to get payslip 1751',
			description: ['The platform said: "Unauthenticated. Invalid uuid header."'],
		});
		expect(
			JSON.stringify({ message: error?.message, description: error?.description }),
		).not.toContain(wrongUuid);
	});

	test('an id that is not a number fails naming the parameter and item, and nothing is sent', async () => {
		const { error } = await runHr({ payslipId: '../../skills' });
		expect(error?.message).toBe('Payslip ID must be a whole number, got "../../skills"');
		expect(fixture.sandbox.requests).toHaveLength(0);
	});

	test('an empty HR Base URL names the credential field', async () => {
		await expectEmptyCredentialField(
			fixture,
			runHr,
			{ payslipId: '1751' },
			{
				field: 'hrBaseUrl',
				label: 'HR Base URL',
				operation: 'Get Payslip',
			},
		);
	});

	test('status: false on HTTP 200 is an error carrying the platform message', async () => {
		fixture.sandbox.inject({
			operation: 'getPayslip',
			statusFalse: true,
			message: 'Payslip is being recalculated',
		});
		const { error } = await runHr({ payslipId: '1751' });
		expect(error?.message).toBe(
			'The platform refused to get payslip 1751: Payslip is being recalculated',
		);
		expect(error?.context.data).toMatchObject({ httpCode: 200, item: 0 });
	});

	test('continueOnFail: the failing item carries its error, paired with its input; the others go through', async () => {
		const { output } = await runHr(
			{ payslipId: '={{ $json.id }}' },
			{
				items: [
					{ json: { id: 1751 } },
					{ json: { id: 424242 } },
					{ json: { id: 'x' } },
					{ json: { id: 1752 } },
				],
				continueOnFail: true,
			},
		);
		expectPairedItems(output, [0, 1, 2, 3]);
		expect(output[0].json.id).toBe(1751);
		expect(output[1].json).toMatchObject({ httpCode: '404' });
		expect(output[1].json.error).toBe('The platform has no payslip 424242');
		expect(output[1].json.details).toMatchObject({
			operation: 'Get Payslip',
			httpCode: 404,
			item: 1,
		});
		expect(output[2].json.error).toBe('Payslip ID must be a whole number, got "x"');
		expect(output[3].json.id).toBe(1752);
	});
});
