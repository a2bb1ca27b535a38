// @ts-check
/** The trigger's tenant fingerprint: an HMAC keyed with the API Key, cut to 64 bits, never the key. */
const { createHash } = require('node:crypto');

const { legacyTenantOf, tenantOf } = require('../../nodes/BusinessPlatformEcommerceTrigger/tenant');

const URL_A = 'http://127.0.0.1:1/ecommerce';
const KEY_A = 'sbx_bizkey_acme_4b9e2c71d0a3';
const API_KEY = 'sbx_apikey_7c1e9a2f';

test('tenantOf: a marked 64-bit fingerprint that changes with the base URL, the business key and the API Key, and holds none of them', () => {
	const a = tenantOf(URL_A, KEY_A, API_KEY);
	expect(a).toMatch(/^k1:[0-9a-f]{16}$/);
	expect(tenantOf(URL_A, 'sbx_bizkey_globex_8d1f6a3e5c27', API_KEY)).not.toBe(a);
	expect(tenantOf('http://localhost:1/ecommerce', KEY_A, API_KEY)).not.toBe(a);
	expect(tenantOf(URL_A, KEY_A, `${API_KEY}x`)).not.toBe(a);
	expect(tenantOf(URL_A, KEY_A, API_KEY)).toBe(a);
	for (const part of [URL_A, KEY_A, API_KEY]) expect(a).not.toContain(part);
});

test('without the API Key, the base URL and the right business key do not give the fingerprint', () => {
	const unkeyed = createHash('sha256').update(`${URL_A}\n${KEY_A}`).digest('hex').slice(0, 16);
	expect(tenantOf(URL_A, KEY_A, API_KEY)).not.toContain(unkeyed);
	expect(tenantOf(URL_A, KEY_A, '')).not.toBe(tenantOf(URL_A, KEY_A, API_KEY));
});

test('legacyTenantOf: the unkeyed fingerprint of state stored before, recognised to keep that state', () => {
	expect(legacyTenantOf(URL_A, KEY_A)).toBe(
		createHash('sha256').update(`${URL_A}\n${KEY_A}`).digest('hex').slice(0, 16),
	);
});
