// @ts-check
import path from 'node:path';

// One seed for the property test in every run: the dry run's coverage and each mutant's run see
// the same rounds, so a mutant's result does not depend on which rounds a seed happened to draw.
process.env.BP_WAITS_SEED ??= '43';
// Where the dry run records each test's file and coverage, for the mutants' runs
// (scripts/mutation-environment.cjs); an absolute path, as Stryker's runners work in a copy.
process.env.BP_MUTATION_COVERAGE ??= path.resolve('reports/mutation/dry-run-coverage.json');
/**
 * Mutation testing of the code that owns a request's waits (`npx stryker run`; a seeded sample: `npm run test:mutation`, StrykerJS
 * with its jest runner; docs/testing.md, Mutation testing): small changes to the wait helpers
 * (waits.ts), admission, the upload budget, the user token and its login's retry loop, and the
 * shared limits, each run against the tests of those waits; and to the redaction of secrets,
 * against its tests. A mutant no test fails on is a wait (or an echo) the tests would let break.
 *
 * Not part of `npm test` or `npm run test:slow`: it runs those tests once per mutant, which takes hours on the 2-core
 * project machine. `concurrency: 1` keeps it to one jest process beside whatever else runs.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
	mutate: [
		'nodes/shared/transport/waits.ts',
		'nodes/shared/transport/admission.ts',
		'nodes/shared/transport/uploadBudget.ts',
		// The user token's life, and the retry loop the login's tries and pauses run in.
		'nodes/shared/transport/userToken.ts',
		'nodes/shared/transport/retryLoop.ts',
		'nodes/shared/transport/rateLimit/**/*.ts',
		// The item queue: how many items run at once, and that none starts after a failure or Stop.
		'nodes/shared/node/itemQueue.ts',
		// Secrets kept out of errors (secretEchoes.ts, in the decodings of escapeDecoding.ts) and
		// out of item data, whole occurrences only (dataSecrets.ts).
		'nodes/shared/credential/secretEchoes.ts',
		'nodes/shared/credential/escapeDecoding.ts',
		'nodes/shared/credential/dataSecrets.ts',
	],
	testRunner: 'jest',
	jest: {
		projectType: 'custom',
		configFile: 'jest.config.js',
		config: {
			// Stryker resolves the environment itself, from the project's folder: no <rootDir> there.
			testEnvironment: './scripts/mutation-environment.cjs',
			testSequencer: '<rootDir>/scripts/mutation-sequencer.cjs',
			// The tests of these waits: every engine test goes through admission, and running them
			// all for each mutant would take days.
			testMatch: [
				'<rootDir>/test/waits.property.test.js',
				'<rootDir>/test/waits.test.js',
				'<rootDir>/test/unit/itemQueue.test.js',
				'<rootDir>/test/concurrency.test.js',
				'<rootDir>/test/userToken.test.js',
				'<rootDir>/test/limiter.test.js',
				'<rootDir>/test/sharedLimits.test.js',
				'<rootDir>/test/projects/task-upload-bytes.test.js',
				// The retry loop's requests: refusals, Retry-After, Max Tries.
				'<rootDir>/test/retries.test.js',
				// What a run says it went through: refusals, pauses, retries, logins.
				'<rootDir>/test/hints.test.js',
				// The wait helpers and a slot's wait, each alone.
				'<rootDir>/test/unit/waits.test.js',
				'<rootDir>/test/unit/runLimiter.test.js',
				'<rootDir>/test/unit/adaptiveLimit.test.js',
				// Secrets in errors and in item data, in every echo form.
				'<rootDir>/test/redaction.test.js',
				'<rootDir>/test/loginSecrets.test.js',
				'<rootDir>/test/dataSecrets.test.js',
				'<rootDir>/test/unit/secretEchoes.test.js',
			],
		},
		enableFindRelatedTests: false,
	},
	// Each mutant runs only the tests that reach it.
	coverageAnalysis: 'perTest',
	concurrency: 1,
	// A mutant that makes a wait hang fails the test that waits: jest's own per-test timeout
	// (jest.config.js) ends it, and the mutant counts as killed. Stryker's timeout is only the
	// last resort (a hang outside any test), far above a slow run's time on a busy machine: with
	// 60 s, runs at a load of 16 were cut short and counted as killed although no test failed.
	timeoutMS: 300_000,
	timeoutFactor: 3,
	// The first run of all those tests, for coverage: Stryker's 5-minute default is too short on a
	// busy 2-core machine (it ran past it at a load of 16).
	dryRunTimeoutMinutes: 20,
	ignorePatterns: ['dist', 'reports', '.cache', 'test-results'],
	reporters: ['clear-text', 'progress', 'html'],
	htmlReporter: { fileName: 'reports/mutation/index.html' },
	// The last sample's survivors (docs/testing.md, Last score), none a bug left in the code:
	// - equivalent: runLimiter.ts `if (at < 0) return` never taken (a waiter leaves once: grant and
	//   leave drop both listeners, and Node's EventTarget skips one removed during the dispatch);
	//   dataSecrets.ts `end < text.length` (past the end charCodeAt is NaN, no word character);
	//   userToken.ts `?? ''` → another text naming no token; the store read at the start with no
	//   token (the store holds none then, or a newer login the shared login hands over);
	//   `loggedInAt >= startedAt` → `>` (a tie within one millisecond);
	// - tested outside this set: the Engine 2.0 preview's refusal of the login (engineV2.e2e.js, 2);
	// - a test gap left: a login try that failed reusing the token another execution's login got
	//   meanwhile (`shared.logins > loginsBefore`); the "1 other call" wording, tested since.
	thresholds: { high: 90, low: 80, break: null },
	tempDirName: '.stryker-tmp',
	cleanTempDir: 'always',
};
