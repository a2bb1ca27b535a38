/** End-to-end tests in the real n8n app: `npm run test:e2e` (installs n8n into .cache/ on first run). */
/** @type {import('jest').Config} */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test/e2e'],
	testMatch: ['**/*.e2e.js'],
	testTimeout: 120000,
};
