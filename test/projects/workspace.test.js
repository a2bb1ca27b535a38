// @ts-check
/** The Projects node, Workspace → Delete (deleteWorkspace, E6), through n8n-core's real engine against the sandbox platform. */
const { useOperation } = require('../harness/fixture');
const { expectRequest, sentHeaderNames } = require('../harness/requests');
const { HEADER_SETS } = require('../harness/headerSets');
const { succeeded, expectRunError, expectNotRepeatedAfter500 } = require('../harness/outcomes');

const { fixture, run: runProjects } = useOperation('deleteWorkspace');

describe('Workspace → Delete (deleteWorkspace, E6)', () => {
	test('sends exactly Accept, user-token, secure-business-key, Accept-Language and Content-Type with a JSON body', async () => {
		const { json, output } = await succeeded(
			runProjects({ workspaceId: '1801', businessId: '101' }),
		);

		const request = expectRequest(fixture, 'deleteWorkspace', {
			method: 'POST',
			path: '/api/v1/workspaces/delete/1801',
			business: 'acme',
			contentType: 'application/json',
			platformHeaders: HEADER_SETS.management,
			headers: {
				Accept: 'application/json',
				'Accept-Language': 'en',
				'user-token': fixture.sandbox.credentials.userToken,
				'secure-business-key': fixture.sandbox.credentials.businessKeys.acme,
			},
			body: { kind: 'json', value: { business_id: 101 } },
		});
		expect(sentHeaderNames(request)).toEqual(
			['Accept', 'Accept-Language', 'Content-Type', 'secure-business-key', 'user-token'].sort(),
		);

		expect(json).toEqual([{ deleted: true }]);
		expect(output[0].pairedItem).toEqual({ item: 0 });
		expect(fixture.sandbox.state.acme.workspaces.map((w) => w.id)).toEqual([1802, 1803]);
	});

	test('Options → Language overrides the credential default', async () => {
		const { json } = await succeeded(
			runProjects({ workspaceId: '1802', businessId: '101', options: { language: 'ar' } }),
		);
		expect(fixture.requestsFor('deleteWorkspace')[0].headers['Accept-Language']).toBe('ar');
		expect(json[0]).toEqual({ deleted: true });
	});

	test('an unknown workspace fails with the platform message and HTTP 404', async () => {
		const { error } = await runProjects({ workspaceId: '4242', businessId: '101' });
		expectRunError(error, {
			message: 'The platform has no workspace 4242',
			httpCode: '404',
			description: ['The platform said: "Workspace not found."'],
			data: {
				operation: 'Delete Workspace',
				method: 'POST',
				path: '/api/v1/workspaces/delete/{id}',
				httpCode: 404,
				item: 0,
			},
		});
	});

	test('another business id is refused by the platform with its field error (422)', async () => {
		const { error } = await runProjects({ workspaceId: '1801', businessId: '202' });
		expectRunError(error, {
			message:
				'The platform refused to delete workspace 1801: The selected business id is invalid.',
			httpCode: '422',
			description: ['- Business ID: The selected business id is invalid.'],
		});
		expect(fixture.sandbox.state.acme.workspaces).toHaveLength(3);
	});

	test('ids that are not whole numbers fail naming the parameter and item; nothing is sent', async () => {
		const { json } = await runProjects(
			{
				workspaceId: '={{ $json.w }}',
				businessId: '={{ $json.b }}',
			},
			{
				items: [{ json: { w: '../tasks', b: 101 } }, { json: { w: 1801, b: 'acme' } }],
				continueOnFail: true,
			},
		);
		expect(json[0].error).toBe('Workspace ID must be a whole number, got "../tasks"');
		expect(json[1].error).toBe('Business ID must be a whole number, got "acme"');
		expect(fixture.sandbox.requests).toHaveLength(0);
	});

	test('a delete is not repeated after a 500: the platform may have acted', () =>
		expectNotRepeatedAfter500(fixture, 'deleteWorkspace', () =>
			runProjects({
				workspaceId: '1803',
				businessId: '101',
				options: { maxTries: 3, retryDelay: 1 },
			}),
		));
});
