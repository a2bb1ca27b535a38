/** @type {import('jest').Config} */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.js'],
	// Node sources are TypeScript; tests and the sandbox are plain JavaScript.
	transform: { '^.+\\.ts$': ['ts-jest', { diagnostics: false }] },
	moduleFileExtensions: ['ts', 'js', 'json'],
	setupFiles: ['<rootDir>/test/harness/setup-env.js'],
	testTimeout: 30000,
};
