// @ts-check
/**
 * `npm run test:mutation`: the mutation score of the wait-owning code (stryker.config.mjs)
 * from a seeded random sample of its mutants, for when the full `npx stryker run` (every
 * mutant, hours on a 2-core machine) does not fit.
 *
 * It lists every mutant Stryker's instrumenter makes in the configured files, draws
 * BP_MUTATION_SAMPLE of the places they are made at (default 120: about 160 mutants) with
 * BP_MUTATION_SEED (default 43), and runs Stryker on every mutant at those places. A place's range also holds the mutants
 * nested inside it (a block's statements): scripts/mutation-sample-ignorer.mjs keeps them from
 * running, and only the mutants at drawn places are counted. It prints the score (killed and
 * timed out, over all counted but those that did not compile), its 95% Wilson interval (a little
 * narrow: mutants of one place are not independent), the counts and every survivor with its
 * place and change, and writes them to reports/mutation/sample.json. `--again` (after tests were
 * added) runs only the places where a mutant survived; `--summary-only` scores what a run left.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Instrumenter } from '@stryker-mutator/instrumenter';
import { Stryker } from '@stryker-mutator/core';
import config from '../stryker.config.mjs';

const SAMPLE = Number(process.env.BP_MUTATION_SAMPLE ?? 120);
const SEED = Number(process.env.BP_MUTATION_SEED ?? 43);
// Mostly waiting (pauses, Timeouts, the sandbox's latency): 5 runners keep 2 cores busy.
const CONCURRENCY = Number(process.env.BP_MUTATION_CONCURRENCY ?? 5);

/** The files `mutate` names: plain paths, or a folder followed by `**\/*.ts`. */
function mutatedFiles() {
	return /** @type {string[]} */ (config.mutate).flatMap((pattern) => {
		if (!pattern.endsWith('/**/*.ts')) return [pattern];
		const folder = pattern.slice(0, -'/**/*.ts'.length);
		return /** @type {string[]} */ (fs.readdirSync(folder, { recursive: true }))
			.filter((name) => name.endsWith('.ts'))
			.map((name) => path.join(folder, name))
			.sort();
	});
}

/** mulberry32, as the property test draws: the same seed draws the same sample. */
function prng(/** @type {number} */ seed) {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let x = Math.imul(a ^ (a >>> 15), 1 | a);
		x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
		return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
	};
}

/** @param {{ fileName: string, mutatorName: string, replacement?: string, location: { start: { line: number, column: number }, end: { line: number, column: number } } }} m */
const identity = (m) =>
	`${path.relative('.', m.fileName)}:${m.location.start.line}:${m.location.start.column}-${m.location.end.line}:${m.location.end.column} ${m.mutatorName} ${m.replacement}`;

const quiet = () => {};
const silentLogger = /** @type {any} */ ({
	...Object.fromEntries(
		['trace', 'debug', 'info', 'warn', 'error', 'fatal'].map((l) => [l, quiet]),
	),
	isDebugEnabled: () => false,
	isTraceEnabled: () => false,
	isInfoEnabled: () => false,
	isWarnEnabled: () => false,
	isErrorEnabled: () => false,
	isFatalEnabled: () => false,
});

const files = mutatedFiles().map((name) => ({
	name,
	mutate: true,
	content: fs.readFileSync(name, 'utf8'),
}));
const { mutants } = await new Instrumenter(silentLogger).instrument(
	/** @type {any} */ (files),
	/** @type {any} */ ({ plugins: null, excludedMutations: [], ignorers: [], noHeader: false }),
);
// The sample is of places (a node Stryker mutates), each with every mutant made there: Stryker
// runs a place's mutants together anyway, so none of its work goes uncounted.
/** @param {{ location: { start: { line: number, column: number }, end: { line: number, column: number } }, fileName: string }} m */
const placeOf = (m) =>
	`${m.fileName}:${m.location.start.line}:${m.location.start.column}-${m.location.end.line}:${m.location.end.column}`;
const places = [...new Set(mutants.map(placeOf))];
const random = prng(SEED);
const drawnPlaces = new Set();
while (drawnPlaces.size < Math.min(SAMPLE, places.length)) {
	drawnPlaces.add(places[Math.floor(random() * places.length)]);
}
const drawn = mutants.filter((m) => drawnPlaces.has(placeOf(m)));
/** A drawn mutant as Stryker reports it: lines and columns from 1 (the instrumenter's from 0). @param {any} m */
const asReported = (m) => ({
	...m,
	location: {
		start: { line: m.location.start.line + 1, column: m.location.start.column + 1 },
		end: { line: m.location.end.line + 1, column: m.location.end.column + 1 },
	},
});
const counted = new Set(drawn.map((m) => identity(asReported(m))));
const RESULTS = path.resolve('reports/mutation/sample-results.jsonl');
/** @param {string} file @returns {any[]} */
const readResults = (file) =>
	fs
		.readFileSync(file, 'utf8')
		.split('\n')
		.filter((line) => line.trim() !== '')
		.map((line) => JSON.parse(line));
const DETECTED = new Set(['Killed', 'Timeout']);
// `--summary-only`: the score of the results a run (perhaps stopped) already appended, from the
// same sources, without running Stryker again. `--again`: after tests were added (and no mutated
// file changed), runs again only the places where a mutant was not detected: a mutant the tests
// killed before, they kill still. Its results replace those places' in the score.
const summaryOnly = process.argv.includes('--summary-only');
const again = process.argv.includes('--again');
const before = summaryOnly || again ? readResults(RESULTS) : [];
const detectedBefore = new Set(before.filter((r) => DETECTED.has(r.status)).map(identity));
const toRun = again ? drawn.filter((m) => !detectedBefore.has(identity(asReported(m)))) : drawn;
// Stryker's ranges: lines from 1, columns from 0; the API's lines count from 0.
const ranges = [...new Map(toRun.map((m) => [placeOf(m), m])).values()].map(
	(m) =>
		`${m.fileName}:${m.location.start.line + 1}:${m.location.start.column}-${m.location.end.line + 1}:${m.location.end.column}`,
);
console.log(
	`Mutation sample: ${drawnPlaces.size} of ${places.length} places (seed ${SEED}), ${drawn.length} of ${mutants.length} mutants, in ${files.length} files; concurrency ${CONCURRENCY}${again ? `; again: ${toRun.length} not detected before, at ${ranges.length} places` : ''}`,
);

// Babel's lines (from 1) for the ignore-plugin that keeps the nested, undrawn mutants from running.
process.env.BP_MUTATION_DRAWN = JSON.stringify(
	toRun.map((m) => [
		m.location.start.line + 1,
		m.location.start.column,
		m.location.end.line + 1,
		m.location.end.column,
	]),
);
process.env.BP_MUTATION_RESULTS = again
	? path.resolve('reports/mutation/sample-results-again.jsonl')
	: RESULTS;
fs.mkdirSync('reports/mutation', { recursive: true });
if (!summaryOnly) fs.writeFileSync(process.env.BP_MUTATION_RESULTS, '');
// The rest of the options come from stryker.config.mjs, which Stryker reads itself.
const ran = summaryOnly
	? before
	: await new Stryker({
			mutate: ranges,
			plugins: ['@stryker-mutator/jest-runner', './scripts/mutation-sample-ignorer.mjs'],
			ignorers: ['mutation-sample'],
			concurrency: CONCURRENCY,
			reporters: ['progress-append-only', 'mutation-sample-results'],
		}).runMutationTest();
// A mutant nested in a place run again is Ignored there: its result from before stands.
const ranAgain = new Set(again ? ran.filter((r) => r.status !== 'Ignored').map(identity) : []);
const results = again
	? [
			...before.filter((r) => !ranAgain.has(identity(r))),
			...ran.filter((r) => ranAgain.has(identity(r))),
		]
	: ran;
// The merged results, so that --summary-only scores them from now on.
if (again) fs.writeFileSync(RESULTS, results.map((r) => `${JSON.stringify(r)}\n`).join(''));

const mine = results.filter((r) => counted.has(identity(r)));
/** @type {Record<string, number>} */
const byStatus = {};
for (const r of mine) byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
const detected = (byStatus.Killed ?? 0) + (byStatus.Timeout ?? 0);
const valid =
	mine.length -
	(byStatus.CompileError ?? 0) -
	(byStatus.RuntimeError ?? 0) -
	(byStatus.Ignored ?? 0);
const score = detected / valid;
// Wilson score interval, 95%.
const z = 1.96;
const centre = (score + (z * z) / (2 * valid)) / (1 + (z * z) / valid);
const half =
	(z * Math.sqrt((score * (1 - score)) / valid + (z * z) / (4 * valid * valid))) /
	(1 + (z * z) / valid);
const survivors = mine
	.filter((r) => r.status === 'Survived' || r.status === 'NoCoverage')
	.map((r) => `${r.status}: ${identity(r)}`);
const summary = {
	seed: SEED,
	places: drawnPlaces.size,
	ofPlaces: places.length,
	sample: drawn.length,
	mutants: mutants.length,
	counted: mine.length,
	byStatus,
	score: Math.round(score * 1000) / 10,
	interval95: [Math.round((centre - half) * 1000) / 10, Math.round((centre + half) * 1000) / 10],
	survivors,
};
fs.mkdirSync('reports/mutation', { recursive: true });
fs.writeFileSync('reports/mutation/sample.json', `${JSON.stringify(summary, null, 2)}\n`);
console.log(JSON.stringify(summary, null, 2));
if (mine.length !== drawn.length) {
	console.error(`Only ${mine.length} of the ${drawn.length} drawn mutants came back from Stryker`);
	process.exitCode = 1;
}
