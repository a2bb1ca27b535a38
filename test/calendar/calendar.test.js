// @ts-check
/** The Calendar node, Calendar → Get Many (listCalendars, E11), through n8n-core's real engine against the sandbox platform. */
const { useOperation } = require('../harness/fixture');
const { expectPairedItems, expectRequest } = require('../harness/requests');
const { succeeded, expectRunError } = require('../harness/outcomes');

const { fixture, run: runCalendar } = useOperation('listCalendars');

describe('Calendar → Get Many (listCalendars, E11)', () => {
	test('sends exactly user_token and secure_business_key with a multipart body, one output item per calendar', async () => {
		const { json, output } = await succeeded(
			runCalendar({ userType: 'user', type: 'user', returnAll: true }),
		);

		expectRequest(fixture, 'listCalendars', {
			method: 'POST',
			path: '/api/v2/all_business_calendars_list',
			business: 'acme',
			contentType: expect.stringMatching(/^multipart\/form-data; boundary=/),
			platformHeaders: ['secure_business_key', 'user_token'],
			headers: {
				user_token: fixture.sandbox.credentials.userToken,
				secure_business_key: fixture.sandbox.credentials.businessKeys.acme,
			},
			body: {
				kind: 'multipart',
				fields: [
					['user_type', 'user'],
					['type', 'user'],
				],
				files: [],
			},
		});

		expect(json).toEqual([
			{ id: 1151, name: 'Acme Company Calendar' },
			{ id: 1152, name: 'Sales Team' },
		]);
		expectPairedItems(output, [0, 0]);
	});

	test('User Type and Type default to user, and Limit keeps the first calendars', async () => {
		const { json } = await succeeded(runCalendar({ limit: 1 }));
		expect(fixture.requestsFor('listCalendars')[0].body.fields).toEqual([
			['user_type', 'user'],
			['type', 'user'],
		]);
		expect(json).toEqual([{ id: 1151, name: 'Acme Company Calendar' }]);
	});

	test('other values are sent as given', async () => {
		await succeeded(runCalendar({ userType: 'employee', type: 'business', returnAll: true }));
		expect(fixture.requestsFor('listCalendars')[0].body.fields).toEqual([
			['user_type', 'employee'],
			['type', 'business'],
		]);
	});

	test('each input item lists the calendars of its business, paired with it', async () => {
		const { output } = await succeeded(
			runCalendar(
				{ returnAll: true, options: { retryDelay: 1, business: '={{ $json.business }}' } },
				{ items: [{ json: { business: 'globex' } }, { json: { business: '' } }] },
			),
		);
		expect(output.map((item) => [item.json.id, item.pairedItem])).toEqual([
			[2151, { item: 0 }],
			[1151, { item: 1 }],
			[1152, { item: 1 }],
		]);
	});

	test('an empty calendar list gives no output items', async () => {
		fixture.sandbox.state.acme.calendars = [];
		const { json } = await succeeded(runCalendar({ returnAll: true }));
		expect(json).toEqual([]);
	});

	test('an empty Type fails naming the parameter and item; nothing is sent', async () => {
		const { error } = await runCalendar({ type: ' ', returnAll: true });
		expect(error?.message).toBe('Type is required');
		expect(fixture.sandbox.requests).toHaveLength(0);
	});

	test('a 422 shows the platform message and its field errors', async () => {
		fixture.sandbox.inject({
			operation: 'listCalendars',
			status: 422,
			body: {
				message: 'The selected user type is invalid.',
				errors: { user_type: ['The selected user type is invalid.'] },
			},
		});
		const { error } = await runCalendar({ userType: 'robot', returnAll: true });
		expectRunError(error, {
			message: 'The platform refused to list the calendars: The selected user type is invalid.',
			httpCode: '422',
			description: ['- User Type: The selected user type is invalid.'],
			data: {
				operation: 'List Calendars',
				method: 'POST',
				path: '/api/v2/all_business_calendars_list',
				httpCode: 422,
				item: 0,
			},
		});
	});

	test('a wrong user token fails with the platform message (401) and never shows the token', async () => {
		const wrongToken = 'wrong-user-token-987654';
		const { error } = await runCalendar(
			{ returnAll: true },
			{ credentials: { ...fixture.credentials, userToken: wrongToken } },
		);
		expectRunError(error, {
			message:
				'The platform did not accept the credential\'s "User Token" when asked to list the calendars',
			httpCode: '401',
		});
		expect(error?.description).toMatch(/The platform said: "Unauthenticated\./);
		expect(
			JSON.stringify({ message: error?.message, description: error?.description }),
		).not.toContain(wrongToken);
	});

	test('status: false on HTTP 200 is an error carrying the platform message', async () => {
		fixture.sandbox.inject({
			operation: 'listCalendars',
			statusFalse: true,
			message: 'Calendars are not enabled for this business',
		});
		const { error } = await runCalendar({ returnAll: true });
		expect(error?.message).toBe(
			'The platform refused to list the calendars: Calendars are not enabled for this business',
		);
	});

	test('a response without the list is an error, not an empty result', async () => {
		fixture.sandbox.inject({
			operation: 'listCalendars',
			status: 200,
			body: { status: true, message: 'OK', data: null },
		});
		const { json } = await runCalendar({ returnAll: true }, { continueOnFail: true });
		expect(json).toEqual([
			{
				error: 'The platform answered without a calendar list',
				description:
					"The platform's answer was not as expected: expected the list in data.data of the response.",
				details: {
					operation: 'List Calendars',
					method: 'POST',
					path: '/api/v2/all_business_calendars_list',
					item: 0,
				},
			},
		]);
	});

	test('a read is retried after a 503 and succeeds', async () => {
		fixture.sandbox.inject({ operation: 'listCalendars', status: 503 });
		const { json } = await succeeded(runCalendar({ returnAll: true }));
		expect(json).toHaveLength(2);
		expect(fixture.requestsFor('listCalendars').map((r) => r.status)).toEqual([503, 200]);
	});
});
