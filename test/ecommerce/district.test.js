// @ts-check
/** The Ecommerce node, District → Get (getDistrict, E5), through n8n-core's real engine against the sandbox platform. */
const { useOperation } = require('../harness/fixture');
const { expectRequest } = require('../harness/requests');
const { succeeded, expectRunError } = require('../harness/outcomes');

// The full record (Simplify off): what Simplify keeps is checked per operation in test/operations.test.js.
const { fixture, run: getDistrict } = useOperation('getDistrict', { simple: false });

describe('District → Get (getDistrict, E5)', () => {
	test('sends only apikey and apiconnection and outputs the district', async () => {
		const { json } = await succeeded(getDistrict({ districtId: '3' }));
		const request = expectRequest(fixture, 'getDistrict', {
			method: 'GET',
			path: '/api/user_districts/3',
			rawQuery: '',
			platformHeaders: ['apiconnection', 'apikey'],
		});
		expect(request.headers.apikey).toBe(fixture.sandbox.credentials.apiKey);
		expect(request.headers.apiconnection).toBe(fixture.sandbox.credentials.apiConnection);
		expect(json).toEqual([{ id: 3, name_ar: 'النخيل', name_en: 'Al Nakheel' }]);
	});

	test('an unknown district fails with the platform message and HTTP 404', async () => {
		const { error } = await getDistrict({ districtId: '77' });
		expectRunError(error, {
			message: 'The platform has no district 77',
			httpCode: '404',
			description: ['The platform said: "District not found."'],
		});
	});
});
