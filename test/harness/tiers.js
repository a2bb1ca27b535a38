// @ts-check
/**
 * The slow tier: test files that take minutes, run by `npm run test:slow` (jest.slow.config.js)
 * after `npm test` in `.ci/run` (one job beside the e2e suites) and the GitHub
 * workflows; `npm test` (jest.config.js) runs
 * every other `*.test.js`. test/testFiles.test.js checks each file is in exactly one tier.
 * Globs over the files' paths, as jest's testMatch reads them.
 */
const SLOW_TESTS = [
	// `npm run release` in a scratch copy: npm ci, lint, build and a release-it run per release.
	'**/test/release.test.js',
	// The CONTRIBUTING.md steps for a new operation in a scratch copy, then jest on that copy.
	'**/test/add-operation.test.js',
	// Seeded rounds of executions, faults and Stop; a mutation run (`npm run test:mutation`,
	// stryker.config.mjs) runs it too.
	'**/*.property.test.js',
];

module.exports = { SLOW_TESTS };
