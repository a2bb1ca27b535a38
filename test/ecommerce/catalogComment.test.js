// @ts-check
/** The Ecommerce node, Catalog Comment → Update (updateCatalogComment, E12) on catalog items, through n8n-core's real engine against the sandbox platform. */
const { useOperation } = require('../harness/fixture');
const { expectRequest, multipartFields } = require('../harness/requests');
const { HEADER_SETS } = require('../harness/headerSets');
const { succeeded, expectRunError } = require('../harness/outcomes');

const { fixture, run: updateComment } = useOperation('updateCatalogComment');

describe('Catalog Comment → Update (updateCatalogComment, E12)', () => {
	test('multipart _method=PUT and status 1; outputs the success message (the platform returns no record)', async () => {
		const { json } = await succeeded(updateComment({ commentId: '1251', status: true }));
		const request = expectRequest(fixture, 'updateCatalogComment', {
			method: 'POST',
			path: '/api/v1/catalog-comments/1251',
			contentType: expect.stringMatching(/^multipart\/form-data; boundary=/),
			platformHeaders: HEADER_SETS.ecommerceUser,
		});
		expect(multipartFields(request)).toEqual([
			['_method', 'PUT'],
			['status', '1'],
		]);
		expect(json).toEqual([{ success: true, message: 'Comment updated successfully.' }]);
		expect(fixture.sandbox.state.acme.comments[0].status).toBe('1');
	});

	test('status off is sent as 0', async () => {
		await updateComment({ commentId: '1252', status: false });
		expect(multipartFields(fixture.requestsFor('updateCatalogComment')[0])).toEqual([
			['_method', 'PUT'],
			['status', '0'],
		]);
		expect(fixture.sandbox.state.acme.comments[1].status).toBe('0');
	});

	test('an unknown comment fails with the platform message and HTTP 404', async () => {
		const { error } = await updateComment({ commentId: '2251', status: true });
		expectRunError(error, {
			message: 'The platform has no catalog comment 2251',
			httpCode: '404',
			description: ['The platform said: "Comment not found."'],
		});
	});
});
