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

/**
 * The Log In credential's values (businessPlatformLogInApi: its fixed userTokenSource 'login'
 * included, as n8n fills it in from the type's default) for logging in at the sandbox with the
 * login's default field names and token path, no token stored yet.
 * @param {any} sandbox the object returned by startSandbox
 * @param {Record<string, any>} [overrides]
 * @returns {Record<string, any>}
 */
function sandboxLoginCredentials(sandbox, overrides = {}) {
	return sandboxCredentials(sandbox, {
		userTokenSource: 'login',
		userToken: '',
		authBaseUrl: sandbox.baseUrls.auth,
		loginIdentifier: sandbox.credentials.loginEmail,
		loginPassword: sandbox.credentials.loginPassword,
		loginIdentifierField: 'email',
		loginPasswordField: 'password',
		loginTokenPath: 'data.token',
		loginToken: '',
		loginTokenFor: '',
		...overrides,
	});
}

module.exports = { sandboxCredentials, sandboxLoginCredentials };
