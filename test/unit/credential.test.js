// @ts-check
const { BusinessPlatformApi } = require('../../credentials/BusinessPlatformApi.credentials');
const {
	BusinessPlatformLogInApi,
} = require('../../credentials/BusinessPlatformLogInApi.credentials');
const { credentialPlaceholder } = require('../../nodes/shared/credential/authenticate');
const {
	parseBusinessKeys,
	refuseUnreadableBusinessKeys,
} = require('../../nodes/shared/credential/businessKeys');
const { CREDENTIAL_DISPLAY_NAMES } = require('../../nodes/shared/credential/fields');
const { requestSettingOptions } = require('../../nodes/shared/node/descriptions');
const {
	DEFAULT_CONCURRENCY,
	DEFAULT_REQUEST_SETTINGS,
} = require('../../nodes/shared/values/settings');

const credential = new BusinessPlatformApi();
const logInCredential = new BusinessPlatformLogInApi();
/** @param {import('n8n-workflow').ICredentialType} type */
const namesOf = (type) => type.properties.map((p) => p.name);
/** The keys both credential types start with, in the order users need them. */
const KEY_FIELD_NAMES = ['apiKey', 'apiConnection', 'businessKey', 'additionalBusinessKeys'];
const values = {
	apiKey: 'key-aaaa',
	businessKey: 'biz-default',
	additionalBusinessKeys: 'north = biz-north,\nsouth=biz-south,',
	userToken: 'tok-1111',
	language: 'ar',
};

test('authenticate fills exactly the preset placeholders and nothing else', async () => {
	const authenticate = /** @type {Function} */ (credential.authenticate);
	const options = await authenticate(values, {
		url: 'http://x',
		headers: {
			apikey: credentialPlaceholder('apiKey'),
			secure_business_key: credentialPlaceholder('businessKey', 'south'),
			'Accept-Language': credentialPlaceholder('language'),
			Accept: 'application/json',
		},
	});
	expect(options.headers).toEqual({
		apikey: 'key-aaaa',
		secure_business_key: 'biz-south',
		'Accept-Language': 'ar',
		Accept: 'application/json',
	});
});

test('a placeholder without a value fails instead of sending the placeholder', async () => {
	const authenticate = /** @type {Function} */ (credential.authenticate);
	await expect(
		authenticate(values, {
			url: 'http://x',
			headers: { uuid: credentialPlaceholder('clientUuid') },
		}),
	).rejects.toThrow('no value for header "uuid"');
});

test('business keys: the default plus name=key pairs', () => {
	expect([...parseBusinessKeys(values)]).toEqual([
		['', 'biz-default'],
		['north', 'biz-north'],
		['south', 'biz-south'],
	]);
});

test('business keys that cannot be read one way only are refused, naming the field, never quoting a key', () => {
	expect(() => refuseUnreadableBusinessKeys(values)).not.toThrow();
	const refusal = (/** @type {string} */ additionalBusinessKeys) => {
		try {
			refuseUnreadableBusinessKeys({ ...values, additionalBusinessKeys });
		} catch (error) {
			return /** @type {Error} */ (error).message;
		}
		return undefined;
	};
	expect(refusal('north=biz-no,rth-rest')).toBe(
		'The credential field "Additional Business Keys" has no "=" in its entry 2 of 2: write name=key pairs separated by commas or new lines (a key cannot contain a comma or a line break)',
	);
	expect(refusal('north=a\nnorth=b')).toContain('names the business "north" twice');
	expect(refusal('=biz-x')).toContain('has no business name before "=" in its entry 1 of 1');
	expect(refusal('north=')).toContain('has no key after "north=" in its entry 1 of 1');
	// Keys are read trimmed, the default one too.
	expect([
		...parseBusinessKeys({ businessKey: ' biz-default \n', additionalBusinessKeys: ' a = k ' }),
	]).toEqual([
		['', 'biz-default'],
		['a', 'k'],
	]);
});

test('every secret field is a password field', () => {
	const secretNames = [
		...KEY_FIELD_NAMES,
		'userToken',
		'loginPassword',
		'loginToken',
		'clientUuid',
		'platformKey',
	];
	for (const name of secretNames) {
		const type = namesOf(credential).includes(name) ? credential : logInCredential;
		const property = type.properties.find((p) => p.name === name);
		expect([name, property?.typeOptions?.password]).toEqual([name, true]);
	}
});

test('request settings defaults shown in the editor are the ones the transport uses', () => {
	const defaults = Object.fromEntries(
		requestSettingOptions.map((o) => [o.name, /** @type {any} */ (o).default]),
	);
	expect(defaults).toEqual({
		business: '',
		concurrency: DEFAULT_CONCURRENCY,
		concurrencyMode: 'adaptive',
		maxTries: DEFAULT_REQUEST_SETTINGS.maxTries,
		rateLimitWait: DEFAULT_REQUEST_SETTINGS.rateLimitWaitMs / 1000,
		retryDelay: DEFAULT_REQUEST_SETTINGS.retryDelayMs,
		timeout: DEFAULT_REQUEST_SETTINGS.timeoutMs,
	});
});

test("the credential test sends E16's exact credential headers, filled by authenticate", async () => {
	const request = /** @type {any} */ (credential.test).request;
	expect(request).toMatchObject({ url: '/api/v1/news', method: 'GET', qs: { per_page: 1 } });
	const authenticate = /** @type {Function} */ (credential.authenticate);
	const options = await authenticate(
		{ ...values, apiConnection: 'conn-1234' },
		{ url: request.url, headers: request.headers },
	);
	expect(options.headers).toEqual({
		apikey: 'key-aaaa',
		apiconnection: 'conn-1234',
		'secure-business-key': 'biz-default',
	});
});

/** The fields both types share, after the keys and the User Token's own fields. */
const PLATFORM_FIELD_NAMES = [
	'clientUuid',
	'platformKey',
	'platform',
	'accountingBaseUrl',
	'calendarBaseUrl',
	'ecommerceBaseUrl',
	'hrBaseUrl',
	'managementBaseUrl',
	'categoriesPathPrefix',
	'favoritesPathPrefix',
	'language',
	'testNotice',
];

test('pasted token: fields in the order users need them (keys, token, ids, base URLs, prefixes); names unchanged, no login field', () => {
	expect(namesOf(credential)).toEqual([...KEY_FIELD_NAMES, 'userToken', ...PLATFORM_FIELD_NAMES]);
});

test('errors name each credential type as the editor shows it', () => {
	expect(CREDENTIAL_DISPLAY_NAMES).toEqual({
		paste: credential.displayName,
		login: logInCredential.displayName,
	});
});

test('Engine 2.0: only the Log In type has an expirable field and a preAuthentication', () => {
	const expirable = (/** @type {import('n8n-workflow').ICredentialType} */ type) =>
		type.properties.filter((p) => p.typeOptions?.expirable).map((p) => p.name);
	expect(expirable(credential)).toEqual([]);
	expect(/** @type {any} */ (credential).preAuthentication).toBeUndefined();
	expect(expirable(logInCredential)).toEqual(['loginToken']);
	expect(typeof logInCredential.preAuthentication).toBe('function');
});

test('the two types share every field but the User Token, defined once: same definitions, same test', () => {
	const shared = (/** @type {import('n8n-workflow').ICredentialType} */ type) =>
		type.properties.filter((p) => p.name !== 'testNotice' && namesOf(credential).includes(p.name));
	expect(shared(logInCredential)).toEqual(shared(credential).filter((p) => p.name !== 'userToken'));
	expect(logInCredential.test).toBe(credential.test);
	expect(logInCredential.authenticate).toBe(credential.authenticate);
});

test('Log In: the keys, the login fields, the hidden token and its owner, then the shared fields', () => {
	expect(namesOf(logInCredential)).toEqual([
		...KEY_FIELD_NAMES,
		'userTokenSource',
		'authBaseUrl',
		'loginIdentifier',
		'loginPassword',
		'loginIdentifierField',
		'loginPasswordField',
		'loginTokenPath',
		'loginToken',
		'loginTokenFor',
		...PLATFORM_FIELD_NAMES,
	]);
	// The login code recognises the Log In type by this fixed value (login.ts, logsIn).
	expect(logInCredential.properties.find((p) => p.name === 'userTokenSource')).toMatchObject({
		type: 'hidden',
		default: 'login',
	});
});

test('each field hints which nodes use it, derived from the endpoint table', () => {
	const hints = Object.fromEntries(credential.properties.map((p) => [p.name, p.hint]));
	expect(hints.clientUuid).toBe('Used by the HR node.');
	expect(hints.apiConnection).toBe('Used by the Ecommerce node and the Ecommerce Trigger.');
	expect(hints.platformKey).toBe('Used by the Accounting node (Update Sales Quote).');
	expect(hints.favoritesPathPrefix).toBe('Used by the Ecommerce node (Toggle Favorite).');
	expect(hints.businessKey).toContain('the Ecommerce node (all but Get District)');
	for (const property of [...credential.properties, ...logInCredential.properties].filter(
		(p) => !['language', 'testNotice'].includes(p.name) && p.type !== 'hidden',
	)) {
		expect([property.name, typeof property.hint]).toEqual([property.name, 'string']);
	}
});

test('the credential test names the fields it checks for each refusal', () => {
	const rules = /** @type {any[]} */ (/** @type {any} */ (credential.test).rules);
	const byCode = Object.fromEntries(
		rules
			.filter((r) => r.type === 'responseCode')
			.map((r) => [r.properties.value, r.properties.message]),
	);
	expect(byCode[401]).toContain('API Key, API Connection and Business Key');
	expect(byCode[404]).toContain('Ecommerce Base URL');
	const refusedOn200 = rules.find((r) => r.type === 'responseSuccessBody');
	expect(refusedOn200.properties).toMatchObject({ key: 'status', value: false });
	expect(refusedOn200.properties.message).toContain('API Key, API Connection and Business Key');
});
