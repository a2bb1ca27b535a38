// @ts-check
/** The Business Platform API credential's values for a sandbox; used by the tests and by `npm run dev`. */

/**
 * Credential values for the sandbox: every module pointed at it.
 * @param {Pick<import('./server').Sandbox, 'credentials' | 'baseUrls' | 'pathPrefixes'>} sandbox the object returned by startSandbox
 * @param {Record<string, any>} [overrides]
 */
function sandboxCredentials(sandbox, overrides = {}) {
	const c = sandbox.credentials;
	return {
		apiKey: c.apiKey,
		apiConnection: c.apiConnection,
		businessKey: c.businessKeys.acme,
		additionalBusinessKeys: `globex=${c.businessKeys.globex}`,
		userToken: c.userToken,
		clientUuid: c.clientUuid,
		platformKey: c.platformKey,
		platform: c.platform,
		language: 'en',
		accountingBaseUrl: sandbox.baseUrls.accounting,
		ecommerceBaseUrl: sandbox.baseUrls.ecommerce,
		hrBaseUrl: sandbox.baseUrls.hr,
		calendarBaseUrl: sandbox.baseUrls.calendar,
		managementBaseUrl: sandbox.baseUrls.management,
		categoriesPathPrefix: sandbox.pathPrefixes.categories,
		favoritesPathPrefix: sandbox.pathPrefixes.favorites,
		...overrides,
	};
}

module.exports = { sandboxCredentials };
