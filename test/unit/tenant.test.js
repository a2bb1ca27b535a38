// @ts-check
/** The trigger's tenant fingerprint: a SHA-256 cut to 64 bits, never the key. */
const { tenantOf } = require('../../nodes/BusinessPlatformEcommerceTrigger/tenant');

test('tenantOf: 16 hex characters that change with the base URL and with the key, and hold neither', () => {
	const a = tenantOf('http://127.0.0.1:1/ecommerce', 'sbx_bizkey_acme_4b9e2c71d0a3');
	expect(a).toMatch(/^[0-9a-f]{16}$/);
	expect(tenantOf('http://127.0.0.1:1/ecommerce', 'sbx_bizkey_globex_8d1f6a3e5c27')).not.toBe(a);
	expect(tenantOf('http://localhost:1/ecommerce', 'sbx_bizkey_acme_4b9e2c71d0a3')).not.toBe(a);
	expect(tenantOf('http://127.0.0.1:1/ecommerce', 'sbx_bizkey_acme_4b9e2c71d0a3')).toBe(a);
});
