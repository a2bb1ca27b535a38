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
	// test time is waiting (pauses, Timeouts, the sandbox's latency; `npm test` used about 250 s of
	// CPU against 460 s of test files), so three workers there keep both cores busy (docs/testing.md,
	// Two tiers, has the figures), and the tests hold on a busy machine. A number: jest reads a
	// percentage above 100% as that many workers ('150%' started 150).
	maxWorkers: 3,
	// Tests at once in a file, for the tests declared concurrent: the fault matrix's refusal group
	// (test/harness/faultMatrix.js), whose runs mostly wait out pauses.
	maxConcurrency: 10,
};
