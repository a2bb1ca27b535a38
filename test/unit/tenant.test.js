// @ts-check
/** The trigger's tenant fingerprint: a real SHA-256 (checked against Node's), never the key. */
const { createHash } = require('node:crypto');
const { sha256Hex, tenantOf } = require('../../nodes/BusinessPlatformEcommerceTrigger/tenant');

test('sha256Hex matches node:crypto for empty, short, block-edge, multi-block and non-ASCII texts', () => {
	const texts = [
		'',
		'abc',
		'a'.repeat(55),
		'a'.repeat(56),
		'a'.repeat(64),
		'x'.repeat(1000),
		'مفتاح-ü-😀',
	];
	for (const text of texts)
		expect(sha256Hex(text)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
});

test('tenantOf: 16 hex characters that change with the base URL and with the key, and hold neither', () => {
	const a = tenantOf('http://127.0.0.1:1/ecommerce', 'sbx_bizkey_acme_4b9e2c71d0a3');
	expect(a).toMatch(/^[0-9a-f]{16}$/);
	expect(tenantOf('http://127.0.0.1:1/ecommerce', 'sbx_bizkey_globex_8d1f6a3e5c27')).not.toBe(a);
	expect(tenantOf('http://localhost:1/ecommerce', 'sbx_bizkey_acme_4b9e2c71d0a3')).not.toBe(a);
	expect(tenantOf('http://127.0.0.1:1/ecommerce', 'sbx_bizkey_acme_4b9e2c71d0a3')).toBe(a);
});
