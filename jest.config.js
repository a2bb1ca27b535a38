/**
 * `npm test`: every test file but the slow tier's (test/harness/tiers.js, `npm run test:slow`).
 */
const { SLOW_TESTS } = require('./test/harness/tiers');

/** @type {import('jest').Config} */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.js', ...SLOW_TESTS.map((glob) => `!${glob}`)],
	// Node sources are TypeScript; tests and the sandbox are plain JavaScript.
	transform: { '^.+\\.ts$': ['ts-jest', { diagnostics: false }] },
	moduleFileExtensions: ['ts', 'js', 'json'],
	setupFiles: ['<rootDir>/test/harness/setup-env.js'],
	testTimeout: 30000,
	// Jest's default is one worker fewer than the cores: one on the project's 2-core machine. Most
	// test time is waiting (pauses, timeouts, the sandbox's latency), so a worker per core halves
	// `npm test` (6.5 to about 4 minutes there) and the tests hold on a busy machine.
	maxWorkers: '100%',
};
