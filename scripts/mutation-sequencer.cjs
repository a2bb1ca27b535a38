// @ts-check
/**
 * The test sequencer of a mutation run (stryker.config.mjs): in a mutant's run, only the test
 * files holding a test that reaches the mutant (every file if it is reached outside any test), the
 * quickest first, from what the dry run recorded (scripts/mutation-environment.cjs says why).
 */
const fs = require('node:fs');
const Sequencer = require('@jest/test-sequencer').default;

const ACTIVE_MUTANT = '__STRYKER_ACTIVE_MUTANT__';
const COVERAGE_FILE = process.env.BP_MUTATION_COVERAGE;

/** @type {any} */
let dryRun;

class MutationSequencer extends Sequencer {
	/** @param {any[]} tests */
	sort(tests) {
		const active = process.env[ACTIVE_MUTANT];
		if (active === undefined || !COVERAGE_FILE) return super.sort(tests);
		dryRun ??= JSON.parse(fs.readFileSync(COVERAGE_FILE, 'utf8'));
		const { files, fileMs, coverage } = dryRun;
		const ms = (/** @type {any} */ test) => fileMs[test.path] ?? Infinity;
		const quickestFirst = [...tests].sort((a, b) => ms(a) - ms(b));
		if (!coverage?.perTest || coverage.static?.[active]) return quickestFirst;
		const reaching = new Set();
		for (const [testId, mutants] of Object.entries(coverage.perTest)) {
			if (mutants[active]) for (const file of files[testId] ?? []) reaching.add(file);
		}
		const kept = quickestFirst.filter((test) => reaching.has(test.path));
		// A test the dry run did not place (a name it could not match): every file, as Stryker would.
		return kept.length > 0 ? kept : quickestFirst;
	}
}

module.exports = MutationSequencer;
