#!/usr/bin/env node
// @ts-check
/**
 * CHANGELOG.md is written by hand, under a `## Unreleased` heading at its top. The release
 * (release-it, .release-it.json) only dates that heading; nothing generates or replaces entries.
 *
 *   node scripts/changelog.js check              exit 1 unless `## Unreleased` has entries
 *   node scripts/changelog.js notes              print the entries (release-it shows them)
 *   node scripts/changelog.js release <version>  `## Unreleased` becomes `## <version> (<date>)`
 */
const fs = require('node:fs');
const path = require('node:path');

const CHANGELOG = path.join(process.cwd(), 'CHANGELOG.md');
const UNRELEASED = /^## Unreleased[ \t]*$/m;

/**
 * The `## Unreleased` section of a changelog: where its heading is and its entries.
 * @param {string} text
 */
function unreleasedSection(text) {
	const heading = UNRELEASED.exec(text);
	const firstSection = text.search(/^## /m);
	if (!heading || heading.index !== firstSection)
		throw new Error(
			'CHANGELOG.md: the first section must be "## Unreleased", with what this release changes',
		);
	const bodyStart = heading.index + heading[0].length;
	const next = text.slice(bodyStart).search(/^## /m);
	const body = text.slice(bodyStart, next === -1 ? undefined : bodyStart + next);
	if (body.trim() === '')
		throw new Error('CHANGELOG.md: "## Unreleased" has no entries; write what changed first');
	return { start: heading.index, end: bodyStart, body };
}

/**
 * The changelog with its `## Unreleased` heading replaced by the version and the day.
 * @param {string} text @param {string} version @param {Date} [date]
 */
function dateRelease(text, version, date = new Date()) {
	if (!/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(version))
		throw new Error(`Not a version: "${version}"`);
	const { start, end } = unreleasedSection(text);
	const day = date.toISOString().slice(0, 10);
	return `${text.slice(0, start)}## ${version} (${day})${text.slice(end)}`;
}

function main() {
	const [command, version] = process.argv.slice(2);
	const text = fs.readFileSync(CHANGELOG, 'utf8');
	if (command === 'check') unreleasedSection(text);
	else if (command === 'notes') process.stdout.write(unreleasedSection(text).body.trim() + '\n');
	else if (command === 'release') fs.writeFileSync(CHANGELOG, dateRelease(text, version ?? ''));
	else throw new Error('Usage: node scripts/changelog.js check | notes | release <version>');
}

if (require.main === module) {
	try {
		main();
	} catch (error) {
		console.error(error instanceof Error ? error.message : error);
		process.exitCode = 1;
	}
}

module.exports = { unreleasedSection, dateRelease };
