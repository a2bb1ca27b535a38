// @ts-check
/**
 * Custom API Call in each node against its module's name-only sandbox routes, through
 * n8n-core's real engine: every body kind, files, the exact headers of each Header Profile
 * (read from the sandbox's request log and compared with the spec's authentication table),
 * the Business option.
 */

const { useSandbox } = require('../harness/fixture');
const { nodeClasses } = require('../harness/n8n');
const { platformHeaderNames } = require('../harness/requests');
const { CUSTOM_API_CALL_CASES } = require('../harness/customApiCallCases');
const { SPEC_PROFILES, customApiCaller } = require('./call');
const { binaryOf, oneItemWith, sha256 } = require('../projects/files');

const fixture = useSandbox();
const call = customApiCaller(fixture);

describe('one call per node against its module', () => {
	test('Accounting: invoices list, lang header in Arabic, query parameters', async () => {
		const { json, error } = await call('accounting', {
			path: '/api/v1/invoices',
			queryParameters: {
				parameter: [
					{ name: 'status', value: 'paid' },
					{ name: 'per_page', value: '5' },
				],
			},
			options: { language: 'ar', languageHeader: 'lang' },
		});
		expect(error).toBeUndefined();
		const [request] = fixture.requestsFor('invoicesList');
		expect(platformHeaderNames(request)).toEqual(['lang', 'secure-business-key', 'user-token']);
		expect(request.headers.lang).toBe('ar');
		expect(request.query).toEqual({ status: 'paid', per_page: '5' });
		expect(json[0]).toMatchObject({ current_page: 1, per_page: 5, total: 13 });
		const page = /** @type {{ data: Array<{ status: string }> }} */ (json[0]);
		expect(page.data.every((invoice) => invoice.status === 'paid')).toBe(true);
	});

	test('Ecommerce: order status change as JSON (POST, then PATCH with a path without leading slash)', async () => {
		const post = await call('ecommerce', {
			method: 'POST',
			path: '/api/v1/orders/1301/status',
			headerProfile: 'ecommerceUser',
			bodyType: 'json',
			jsonBody: '{"status":"shipped"}',
		});
		expect(post.error).toBeUndefined();
		expect(post.json).toEqual([{ id: 1301, status: 'shipped', changes: 1 }]);
		const [request] = fixture.requestsFor('orderStatusChange');
		expect(platformHeaderNames(request)).toEqual([...SPEC_PROFILES.ecommerceUser.headers].sort());
		expect(request.contentType).toBe('application/json');
		expect(request.body).toEqual({ kind: 'json', value: { status: 'shipped' } });

		const patch = await call('ecommerce', {
			method: 'PATCH',
			path: 'api/v1/orders/1301/status',
			headerProfile: 'ecommerceUser',
			bodyType: 'json',
			jsonBody: { status: 'delivered' },
		});
		expect(patch.error).toBeUndefined();
		expect(patch.json[0].status).toBe('delivered');
		expect(fixture.requestsFor('orderStatusPatch')).toHaveLength(1);
	});

	test('HR: employee get with the payslip profile; password fields never reach the output', async () => {
		const { json, error } = await call('hr', {
			path: '/api/v1/employees/1851',
			headerProfile: 'hrPayslip',
		});
		expect(error).toBeUndefined();
		expect(json[0]).toMatchObject({ id: 1851, name: 'Sara Al-Qahtani' });
		expect(json[0]).not.toHaveProperty('password');
		expect(json[0]).not.toHaveProperty('remember_token');
		const [request] = fixture.requestsFor();
		expect(platformHeaderNames(request)).toEqual([...SPEC_PROFILES.hrPayslip.headers].sort());
		expect(request.headers.uuid).toBe(fixture.credentials.clientUuid);
	});

	test('Calendar: a text body', async () => {
		const { json, error } = await call('calendar', {
			method: 'PUT',
			path: '/api/v2/business_calendars/1151/note',
			bodyType: 'text',
			textBody: 'Closed on Friday',
		});
		expect(error).toBeUndefined();
		expect(json).toEqual([{ id: 1151, note: 'Closed on Friday' }]);
		const [request] = fixture.requestsFor('calendarNote');
		expect(platformHeaderNames(request)).toEqual([...SPEC_PROFILES.calendar.headers].sort());
		expect(request.contentType).toMatch(/^text\/plain/);
		expect(request.body).toEqual({ kind: 'text', text: 'Closed on Friday' });
	});

	test('Projects: multipart with repeated files[] from binary properties, on the Management base URL', async () => {
		const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
		const pdf = Buffer.from('%PDF-1.4 sandbox report\n');
		const { json, error } = await call(
			'management',
			{
				method: 'POST',
				path: '/api/v1/attachments',
				bodyType: 'multipart',
				formFields: {
					field: [
						{ name: 'task_id', type: 'text', value: '1001' },
						{ name: 'files[]', type: 'file', binaryPropertyName: 'photo' },
						{ name: 'files[]', type: 'file', binaryPropertyName: 'report' },
						{ name: 'tags[]', type: 'text', value: 'site' },
						{ name: 'tags[]', type: 'text', value: 'march' },
					],
				},
			},
			oneItemWith({
				photo: binaryOf(png, 'image/png', 'site.png'),
				report: binaryOf(pdf, 'application/pdf', 'Report 1.pdf'),
			}),
		);
		expect(error).toBeUndefined();
		const [request] = fixture.requestsFor('attachmentUpload');
		expect(request.module).toBe('management');
		expect(platformHeaderNames(request)).toEqual([...SPEC_PROFILES.management.headers].sort());
		expect(request.body.fields).toEqual([
			['task_id', '1001'],
			['tags[]', 'site'],
			['tags[]', 'march'],
		]);
		expect(request.body.files).toEqual([
			{
				field: 'files[]',
				filename: 'site.png',
				contentType: 'image/png',
				size: png.length,
				sha256: sha256(png),
			},
			{
				field: 'files[]',
				filename: 'Report 1.pdf',
				contentType: 'application/pdf',
				size: pdf.length,
				sha256: sha256(pdf),
			},
		]);
		const uploaded = /** @type {{ files: Array<{ file_name: string }> }} */ (json[0]);
		expect(uploaded.files.map((f) => f.file_name)).toEqual(['site.png', 'Report 1.pdf']);
	});

	test('Projects: DELETE without a body, envelope status_code/success unwrapped', async () => {
		const { json, error } = await call('management', {
			method: 'DELETE',
			path: '/api/workspaces/1802',
		});
		expect(error).toBeUndefined();
		expect(json).toEqual([{ message: 'Workspace deleted successfully.' }]);
		const [request] = fixture.requestsFor('workspaceDeleteRest');
		expect(request.method).toBe('DELETE');
		expect(request.body).toEqual({ kind: 'empty' });
		expect(fixture.sandbox.state.acme.workspaces.map((w) => w.id)).not.toContain(1802);
	});

	test('Accounting: JSON body with the add-account profile', async () => {
		const lines = [
			{ account: '1010', debit: 50 },
			{ account: '4010', credit: 50 },
		];
		const { json, error } = await call('accounting', {
			method: 'POST',
			path: '/api/v1/journal_entries',
			headerProfile: 'addAccount',
			bodyType: 'json',
			jsonBody: JSON.stringify({ date: '2025-03-01', lines }),
		});
		expect(error).toBeUndefined();
		expect(json[0]).toMatchObject({ date: '2025-03-01', business_id: 101, lines });
		expect(platformHeaderNames(fixture.requestsFor('journalEntryCreate')[0])).toEqual(
			[...SPEC_PROFILES.addAccount.headers].sort(),
		);
	});

	test('chosen as the operation of another resource, it runs the same call', async () => {
		const { json, error } = await call('hr', {
			resource: 'payslip',
			path: '/api/v1/employees/1851',
			headerProfile: 'hrPayslip',
		});
		expect(error).toBeUndefined();
		expect(json[0].id).toBe(1851);
		expect(fixture.requestsFor()).toHaveLength(1);
	});
});

describe('the e2e cases (test/harness/customApiCallCases.js) through the engine', () => {
	test.each(CUSTOM_API_CALL_CASES.map((testCase) => [testCase.name, testCase]))(
		'%s',
		async (_name, testCase) => {
			const { json, error } = await fixture.run(testCase.type, testCase.parameters);
			expect(error).toBeUndefined();
			testCase.expect(json, fixture.requestsFor());
		},
	);
});

describe('header profiles', () => {
	test.each(Object.entries(SPEC_PROFILES))(
		'%s sends exactly the spec header set, with the credential values',
		async (profile, { module, headers }) => {
			const { error } = await call(/** @type {any} */ (module), {
				path: '/api/v1/profile-probe',
				headerProfile: profile,
			});
			// Nothing answers there (404): only what was sent matters.
			expect(error?.message).toContain('The platform found nothing at the address');
			expect(fixture.sandbox.requests).toHaveLength(1);
			const [request] = fixture.sandbox.requests;
			expect(platformHeaderNames(request)).toEqual([...headers].sort());
			const { credentials } = fixture;
			const expected = /** @type {Record<string, string>} */ ({
				apikey: credentials.apiKey,
				apiconnection: credentials.apiConnection,
				'secure-business-key': credentials.businessKey,
				secure_business_key: credentials.businessKey,
				userToken: credentials.userToken,
				'user-token': credentials.userToken,
				user_token: credentials.userToken,
				uuid: credentials.clientUuid,
				'platform-key': credentials.platformKey,
				platform: credentials.platform,
				'Accept-Language': 'en',
			});
			for (const name of headers)
				expect([name, request.headers[name]]).toEqual([name, expected[name]]);
		},
	);

	test("the Header Profile options of a node are its module's sets plus None, the most used first", () => {
		const profile = (/** @type {string} */ type) =>
			new (nodeClasses.get(type))().description.properties.find(
				(/** @type {any} */ p) => p.name === 'headerProfile',
			);
		const values = (/** @type {string} */ type) =>
			profile(type).options.map((/** @type {any} */ o) => o.value);
		expect(values('businessPlatformAccounting').sort()).toEqual([
			'addAccount',
			'management',
			'none',
			'salesQuote',
		]);
		expect(values('businessPlatformEcommerce').sort()).toEqual([
			'district',
			'ecommerce',
			'ecommerceUser',
			'none',
		]);
		expect(values('businessPlatformHr').sort()).toEqual(['hrPayslip', 'hrSkill', 'none']);
		expect(values('businessPlatformCalendar')).toEqual(['calendar', 'none']);
		expect(values('businessPlatformProjects')).toEqual(['management', 'none']);
		expect(profile('businessPlatformEcommerce').default).toBe('ecommerce');
		expect(profile('businessPlatformProjects').default).toBe('management');
	});

	test('None with Credential Headers sends only those; a plain header is sent as typed', async () => {
		const { error } = await call('hr', {
			path: '/api/v1/employees/1852',
			headerProfile: 'none',
			credentialHeaders: {
				header: [
					{ name: 'uuid', field: 'clientUuid' },
					{ name: 'secure_business_key', field: 'businessKey' },
				],
			},
			headers: { header: [{ name: 'X-Request-Source', value: 'n8n-test' }] },
		});
		expect(error).toBeUndefined();
		const [request] = fixture.requestsFor();
		expect(platformHeaderNames(request)).toEqual([
			'X-Request-Source',
			'secure_business_key',
			'uuid',
		]);
		expect(request.headers['X-Request-Source']).toBe('n8n-test');
	});

	test('the Business option picks another business key', async () => {
		const { json, error } = await call('accounting', {
			path: '/api/v1/invoices',
			queryParameters: { parameter: [{ name: 'per_page', value: '1' }] },
			options: { business: 'globex' },
		});
		expect(error).toBeUndefined();
		expect(fixture.requestsFor('invoicesList')[0].headers['secure-business-key']).toBe(
			fixture.sandbox.businesses.globex.key,
		);
		const page = /** @type {{ data: Array<{ business_id: number }> }} */ (json[0]);
		expect(page.data[0].business_id).toBe(202);
	});
});
