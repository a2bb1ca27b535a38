// @ts-check
/**
 * Mutation testing of the code that owns a request's waits (`npm run test:mutation`, StrykerJS
 * with its jest runner; docs/testing.md, Mutation testing): small changes to admission, the
 * upload budget, the user token and the shared limits, each run against the tests of those
 * waits. A mutant no test fails on is a wait the tests would let break.
 *
 * Not part of `npm test` or `npm run test:slow`: it runs those tests once per mutant, which takes hours on the 2-core
 * project machine. `concurrency: 1` keeps it to one jest process beside whatever else runs.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
	mutate: [
		'nodes/shared/transport/admission.ts',
		'nodes/shared/transport/uploadBudget.ts',
		'nodes/shared/transport/userToken.ts',
		'nodes/shared/transport/rateLimit/**/*.ts',
	],
	testRunner: 'jest',
	jest: {
		projectType: 'custom',
		configFile: 'jest.config.js',
		config: {
			// The tests of these waits: every engine test goes through admission, and running them
			// all for each mutant would take days.
			testMatch: [
				'<rootDir>/test/waits.property.test.js',
				'<rootDir>/test/waits.test.js',
				'<rootDir>/test/userToken.test.js',
				'<rootDir>/test/limiter.test.js',
				'<rootDir>/test/sharedLimits.test.js',
				'<rootDir>/test/projects/task-upload-bytes.test.js',
			],
		},
		enableFindRelatedTests: false,
	},
	// Each mutant runs only the tests that reach it.
	coverageAnalysis: 'perTest',
	concurrency: 1,
	// A mutant that makes a wait hang is caught by this timeout (reported as Timeout, killed).
	timeoutMS: 60_000,
	ignorePatterns: ['dist', 'reports', '.cache', 'test-results'],
	reporters: ['clear-text', 'progress', 'html'],
	htmlReporter: { fileName: 'reports/mutation/index.html' },
	thresholds: { high: 90, low: 80, break: null },
	tempDirName: '.stryker-tmp',
	cleanTempDir: 'always',
};
