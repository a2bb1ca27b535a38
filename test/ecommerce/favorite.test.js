// @ts-check
/** The Ecommerce node, Favorite → Toggle (toggleFavorite, E4) on catalog items, through n8n-core's real engine against the sandbox platform. */
const { useOperation } = require('../harness/fixture');
const { platformHeaderNames } = require('../harness/requests');
const { HEADER_SETS } = require('../harness/headerSets');
const { succeeded, expectRunError, expectEmptyCredentialField } = require('../harness/outcomes');

const { fixture, run: toggleFavorite } = useOperation('toggleFavorite');

describe('Favorite → Toggle (toggleFavorite, E4)', () => {
	test('PUT with an empty text/plain body on the configured favorites prefix; adds, then removes', async () => {
		const { json } = await succeeded(
			toggleFavorite(
				{
					catalogId: '={{ $json.id }}',
					options: { concurrency: 1 },
				},
				{ items: [{ json: { id: 1701 } }, { json: { id: 1701 } }] },
			),
		);
		const requests = fixture.requestsFor('toggleFavorite');
		expect(requests).toHaveLength(2);
		for (const request of requests) {
			expect(request).toMatchObject({
				method: 'PUT',
				path: '/api/v1/favorites/store_and_delete/1701',
				status: 200,
			});
			expect(request.contentType).toBe('text/plain');
			expect(request.body).toEqual({ kind: 'empty' });
			expect(platformHeaderNames(request)).toEqual(HEADER_SETS.ecommerceUserLanguage);
			expect(request.headers['Accept-Language']).toBe('en');
		}
		expect(json).toEqual([
			{ catalog_id: 1701, is_favorite: true, action: 'added' },
			{ catalog_id: 1701, is_favorite: false, action: 'removed' },
		]);
	});

	test('the Language option sets Accept-Language', async () => {
		await toggleFavorite({ catalogId: '1702', options: { language: 'ar' } });
		expect(fixture.requestsFor('toggleFavorite')[0].headers['Accept-Language']).toBe('ar');
		expect(fixture.sandbox.state.acme.favorites).not.toContain(1702);
	});

	test('an unknown catalog item fails with the platform message and HTTP 404', async () => {
		const { error } = await toggleFavorite({ catalogId: '4242' });
		expectRunError(error, {
			message: 'The platform has no catalog item 4242',
			httpCode: '404',
			description:
				'Check "Catalog Item ID" and the credential\'s "Favorites Path Prefix", and that the record belongs to the business this item acts for.\nThe platform said: "Catalog item not found."',
		});
	});

	test('an empty Favorites Path Prefix names the credential field', async () => {
		await expectEmptyCredentialField(
			fixture,
			toggleFavorite,
			{ catalogId: '1701' },
			{
				field: 'favoritesPathPrefix',
				label: 'Favorites Path Prefix',
				operation: 'Toggle Favorite',
			},
		);
		expect(fixture.sandbox.requests).toHaveLength(0);
	});
});
