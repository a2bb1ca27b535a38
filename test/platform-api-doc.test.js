// @ts-check
/**
 * docs/platform-api.md is generated from the package's request table (scripts/platform-api-doc.js):
 * it must be what the generator writes now, and say for every endpoint what the transport sends.
 */
const fs = require('node:fs');
const { platformApiDoc, DOC } = require('../scripts/platform-api-doc');
const { ENDPOINTS } = require('../nodes/shared/platform/endpoints');
const { MODULE_BASE_URL_FIELDS } = require('../nodes/shared/platform/credentialFields');

const committed = fs.readFileSync(DOC, 'utf8');

test('docs/platform-api.md is what `npm run generate` generates from endpoints.ts (else run it)', () => {
	// On a difference: run `npm run generate` and commit docs/platform-api.md.
	expect(committed).toBe(platformApiDoc());
});

test('each endpoint has its section: method, base URL field, path, every header, body', () => {
	for (const [key, endpoint] of Object.entries(ENDPOINTS)) {
		const start = committed.indexOf(`\n### ${key}: ${endpoint.title}\n`);
		expect([key, start]).not.toEqual([key, -1]);
		const end = committed.indexOf('\n### ', start + 1);
		const section = committed.slice(start, end === -1 ? undefined : end);
		const path = endpoint.path.replace(/\{(categories|favorites)\}/, '{$1PathPrefix}');
		expect(section).toContain(
			`\`${endpoint.method} {${MODULE_BASE_URL_FIELDS[endpoint.module]}}${path}\``,
		);
		for (const [header, field] of Object.entries(endpoint.credentialHeaders))
			expect(section).toContain(`\`${header}\` (\`${field}\`)`);
		if ('languageHeader' in endpoint) expect(section).toContain(`\`${endpoint.languageHeader}\``);
		expect(section).toContain(`- Body: `);
	}
});
