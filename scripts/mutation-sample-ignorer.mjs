// @ts-check
/**
 * Stryker ignore-plugin of `npm run test:mutation` (scripts/mutation-sample.mjs): only
 * the drawn mutants run. A drawn mutant's range also holds the mutants nested in it (a block's
 * statements); this ignores every node that neither is a drawn mutant's node nor holds one, so
 * those nested mutants are reported Ignored instead of run. The drawn places come in
 * BP_MUTATION_DRAWN: [startLine, startColumn, endLine, endColumn] with Babel's lines (from 1).
 *
 * Also a reporter that appends each mutant's result to BP_MUTATION_RESULTS as it comes (one JSON
 * line each), so a run stopped early still leaves what it measured.
 */
import fs from 'node:fs';
import { declareValuePlugin, PluginKind } from '@stryker-mutator/api/plugin';

/** @type {number[][]} */
const drawn = JSON.parse(process.env.BP_MUTATION_DRAWN ?? '[]');

/** @param {{ line: number, column: number }} a @param {{ line: number, column: number }} b */
const before = (a, b) => a.line < b.line || (a.line === b.line && a.column <= b.column);

export const strykerPlugins = [
	declareValuePlugin(PluginKind.Ignore, 'mutation-sample', {
		/** @param {{ node: { loc?: { start: { line: number, column: number }, end: { line: number, column: number } } | null } }} path */
		shouldIgnore(path) {
			const loc = path.node.loc;
			if (!loc) return undefined;
			const holdsOrIs = drawn.some(
				([line, column, endLine, endColumn]) =>
					before(loc.start, { line, column }) &&
					before({ line: endLine, column: endColumn }, loc.end),
			);
			return holdsOrIs ? undefined : 'not drawn in this sample';
		},
	}),
	declareValuePlugin(PluginKind.Reporter, 'mutation-sample-results', {
		/** @param {{ fileName: string, mutatorName: string, replacement?: string, status: string, location: object }} result */
		onMutantTested(result) {
			const file = process.env.BP_MUTATION_RESULTS;
			if (!file) return;
			const { fileName, mutatorName, replacement, status, location } = result;
			fs.appendFileSync(
				file,
				`${JSON.stringify({ fileName, mutatorName, replacement, status, location })}\n`,
			);
		},
	}),
];
