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

/**
 * What `npm run sandbox` and `npm run dev` print of a sandbox, to type into a credential of
 * one's own: its Base URLs, path prefixes and credential values. These are the sandbox's fixed
 * demo values (sandbox/data/basics.js), no real user's secrets.
 * @param {any} sandbox the object returned by startSandbox
 * @returns {string[]}
 */
function sandboxSummary(sandbox) {
	const c = sandbox.credentials;
	return [
		'Base URLs:',
		...Object.entries(sandbox.baseUrls).map(
			([name, value]) => `  ${String(name).padEnd(12)} ${value}`,
		),
		'',
		'Path prefixes:',
		`  categories   ${sandbox.pathPrefixes.categories}`,
		`  favorites    ${sandbox.pathPrefixes.favorites}`,
		'',
		'Credential values:',
		`  API key              ${c.apiKey}`,
		`  API connection       ${c.apiConnection}`,
		`  User token           ${c.userToken}`,
		`  Client UUID          ${c.clientUuid}`,
		`  Platform key         ${c.platformKey}`,
		`  Platform             ${c.platform}`,
		`  Business key (acme, id ${sandbox.businesses.acme.id})     ${c.businessKeys.acme}`,
		`  Business key (globex, id ${sandbox.businesses.globex.id})   ${c.businessKeys.globex}`,
		`  Login (POST ${sandbox.baseUrls.auth}/api/login)  ${c.loginEmail} / ${c.loginPassword}`,
	];
}

module.exports = { sandboxCredentials, sandboxLoginCredentials, sandboxSummary };
