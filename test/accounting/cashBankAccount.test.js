// @ts-check
/** The Accounting node, Cash/Bank Account → Create (createCashBankAccount, E9), through n8n-core's real engine against the sandbox platform. */
const { useSandbox } = require('../harness/fixture');
const { expectRequest, expectPairedItems } = require('../harness/requests');
const { succeeded, expectRunError } = require('../harness/outcomes');

const fixture = useSandbox();
const runAccounting = fixture.runner('businessPlatformAccounting');

const ACCOUNT = {
	resource: 'cashBankAccount',
	operation: 'create',
	name: 'Front Desk Cash',
	representativeId: '42',
	businessId: '101',
};

describe('Cash/Bank Account → Create (createCashBankAccount, E9)', () => {
	test('sends exactly apikey and secure_business_key with a JSON body of strings, type cash by default, and outputs the account', async () => {
		const { json } = await succeeded(runAccounting({ ...ACCOUNT }));

		const request = expectRequest(fixture, 'createCashBankAccount', {
			method: 'POST',
			path: '/api/add_account_v2',
			contentType: 'application/json',
			business: 'acme',
			platformHeaders: ['apikey', 'secure_business_key'],
			headers: {
				apikey: fixture.sandbox.credentials.apiKey,
				secure_business_key: fixture.sandbox.credentials.businessKeys.acme,
			},
			body: {
				kind: 'json',
				value: {
					name: 'Front Desk Cash',
					type: 'cash',
					representative_id: '42',
					business_id: '101',
				},
			},
		});
		expect(Object.keys(request.body.value)).toEqual([
			'name',
			'type',
			'representative_id',
			'business_id',
		]);

		expect(json).toEqual([
			expect.objectContaining({
				id: 1103,
				name: 'Front Desk Cash',
				type: 'cash',
				representative_id: '42',
				business_id: '101',
			}),
		]);
		expect(fixture.sandbox.state.acme.accounts.map((a) => a.name)).toContain('Front Desk Cash');
	});

	test('another type is sent as given: bank is accepted, an unknown one shows the platform 422', async () => {
		const bank = await runAccounting({
			...ACCOUNT,
			name: 'SNB Current',
			accountType: 'bank',
			representativeId: 43,
		});
		expect(bank.error).toBeUndefined();
		expect(bank.json[0]).toMatchObject({ type: 'bank', representative_id: '43' });

		const savings = await runAccounting({ ...ACCOUNT, accountType: 'savings' });
		expect(savings.error?.message).toBe(
			'The platform refused to create the cash/bank account: The selected type is invalid.',
		);
		expect(savings.error?.httpCode).toBe('422');
		expect(savings.error?.description).toContain('- type: The selected type is invalid.');
		expect(fixture.requestsFor('createCashBankAccount').map((r) => r.body.value.type)).toEqual([
			'bank',
			'savings',
		]);
	});

	test("another business's id is refused by the platform with its message", async () => {
		const { error } = await runAccounting({ ...ACCOUNT, businessId: '202' });
		expectRunError(error, {
			message:
				'The platform refused to create the cash/bank account: The selected business id is invalid.',
			description: ['- Business ID: The selected business id is invalid.'],
			data: {
				operation: 'Create Cash/Bank Account',
				method: 'POST',
				path: '/api/add_account_v2',
				httpCode: 422,
				item: 0,
			},
		});
		expect(fixture.sandbox.state.acme.accounts).toHaveLength(2);
	});

	test('each item may act for another business (Options → Business)', async () => {
		const { json } = await succeeded(
			runAccounting(
				{
					...ACCOUNT,
					businessId: '={{ $json.businessId }}',
					options: { retryDelay: 1, business: '={{ $json.business }}' },
				},
				{
					items: [
						{ json: { businessId: 101, business: '' } },
						{ json: { businessId: 202, business: 'globex' } },
					],
				},
			),
		);
		expect(json.map((a) => [a.id, a.business_id])).toEqual([
			[1103, '101'],
			[2102, '202'],
		]);
	});

	test('bad ids and an empty name are refused before any request; continueOnFail keeps the items paired', async () => {
		const { output } = await runAccounting(
			{ ...ACCOUNT, name: '={{ $json.name }}', representativeId: '={{ $json.rep }}' },
			{
				items: [
					{ json: { name: 'Till 1', rep: 'abc' } },
					{ json: { name: '', rep: 42 } },
					{ json: { name: 'Till 3', rep: 0 } },
					{ json: { name: 'Till 4', rep: 42 } },
				],
				continueOnFail: true,
			},
		);
		expectPairedItems(output, [0, 1, 2, 3]);
		expect(output[0].json.error).toBe('Representative ID must be a whole number, got "abc"');
		expect(output[1].json.error).toBe('Name is required');
		expect(output[2].json.error).toBe('Representative ID must be 1 or more, got 0');
		expect(output[3].json).toMatchObject({ name: 'Till 4', type: 'cash' });
		expect(fixture.requestsFor('createCashBankAccount')).toHaveLength(1);
	});
});
