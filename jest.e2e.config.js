/**
 * End-to-end tests in the real n8n app: `npm run test:e2e` (n8n 2.x, every suite), and with
 * BP_N8N_VERSION=1 (n8n 1.x) or =min (the oldest supported n8n, package.json's engines.n8n)
 * `npm run test:e2e -- test/e2e/app.e2e.js` (the `n8n execute` suite). The n8n version comes from
 * BP_N8N_VERSION (scripts/n8n-app.js); each is installed into the install cache (scripts/install-cache.js) on its first run.
 */
/** @type {import('jest').Config} */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test/e2e'],
	testMatch: ['**/*.e2e.js'],
	testTimeout: 120000,
	globalSetup: '<rootDir>/test/e2e/build-once.js',
};
