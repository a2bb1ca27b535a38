// @ts-check
/**
 * The jest environment of a mutation run (stryker.config.mjs); with its test sequencer,
 * mutation-sequencer.cjs, it makes a mutant's run as short as its verdict allows. Stryker runs
 * every mutant in one jest process (runInBand) with a test-name filter only, so without these
 * each mutant loads every listed test file, and a killed mutant still runs every covering test
 * after the first failure: a mutant that makes every login hang waited out the per-test timeout
 * of each.
 *
 * - The dry run (no active mutant) records which file holds each test and, at each file's end,
 *   the coverage Stryker collected per test, in BP_MUTATION_COVERAGE (a JSON file).
 * - In a mutant's run the sequencer keeps only the files holding a test that reaches the mutant
 *   (all of them if it is reached outside any test), the quickest first.
 * - The first failed test decides the mutant is killed: every later test of that run is skipped.
 *
 * Neither changes a verdict: a mutant is killed when one test fails, and the files left out hold
 * no test that reaches it.
 */
const fs = require('node:fs');
const path = require('node:path');
const { TestEnvironment } = require('jest-environment-node');

const ACTIVE_MUTANT = '__STRYKER_ACTIVE_MUTANT__';
const COVERAGE_FILE = process.env.BP_MUTATION_COVERAGE;

/** Stryker's test id: the describe blocks' names and the test's, as jest's `fullName`. @param {any} test */
function fullName(test) {
	const names = [];
	for (let block = test.parent; block?.parent; block = block.parent) names.unshift(block.name);
	return [...names, test.name].join(' ').trim();
}

/** @type {{ files: Record<string, string[]>, fileMs: Record<string, number>, coverage?: { static?: Record<string, number>, perTest?: Record<string, Record<string, number>> } }} */
const recorded = { files: {}, fileMs: {} };
/** The mutant whose run already has a failed test: the rest of its run is skipped. */
let killedMutant = /** @type {string | undefined} */ (undefined);

class MutationEnvironment extends TestEnvironment {
	/** @param {any} config @param {any} context */
	constructor(config, context) {
		super(config, context);
		this.testPath = context.testPath;
	}

	/** @param {any} event @param {any} state */
	async handleTestEvent(event, state) {
		const active = process.env[ACTIVE_MUTANT];
		if (active !== undefined) {
			const skip = (/** @type {any} */ block) => {
				for (const child of block.children) {
					if (child.type === 'test') child.mode = 'skip';
					else skip(child);
				}
			};
			// Before the hooks run: a file whose every test is skipped starts no sandbox.
			if (event.name === 'run_start' && killedMutant === active) skip(state.rootDescribeBlock);
			if (event.name === 'test_done' && event.test.errors.length > 0) {
				killedMutant = active;
				skip(state.rootDescribeBlock);
			}
			return;
		}
		if (event.name === 'test_done') {
			const files = (recorded.files[fullName(event.test)] ??= []);
			if (!files.includes(this.testPath)) files.push(this.testPath);
			recorded.fileMs[this.testPath] =
				(recorded.fileMs[this.testPath] ?? 0) + (event.test.duration ?? 0);
		}
	}

	async teardown() {
		if (process.env[ACTIVE_MUTANT] === undefined && COVERAGE_FILE) {
			recorded.coverage = /** @type {any} */ (this.global).__stryker__?.mutantCoverage;
			fs.mkdirSync(path.dirname(COVERAGE_FILE), { recursive: true });
			fs.writeFileSync(COVERAGE_FILE, JSON.stringify(recorded));
		}
		await super.teardown();
	}
}

module.exports = MutationEnvironment;
