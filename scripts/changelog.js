#!/usr/bin/env node
// @ts-check
/**
 * CHANGELOG.md is written by hand, under a `## Unreleased` heading at its top. The release
 * (release-it, .release-it.json) only dates that heading; nothing generates entries.
 *
 * A prerelease (`0.2.0-rc.0`) dates `## Unreleased` as its own section, so its testers read what
 * it changed. The final release after it gathers the entries of every prerelease since the last
 * final release, with its own new ones, into its one section, and the prereleases' sections go:
 * people upgrade from one final release to the next (n8n's installer and `npm install` take
 * npm's `latest`, never an rc), so that section must hold all they get. The rc's tag keeps its
 * section as it was.
 *
 *   node scripts/changelog.js check [<version>]  exit 1 unless there is something to release
 *                                                (as <version>, once release-it knows it)
 *   node scripts/changelog.js notes              print the entries (release-it shows them)
 *   node scripts/changelog.js release <version>  a prerelease: `## Unreleased` becomes
 *                                                `## <version> (<date>)`; a release: that heading
 *                                                over the entries of its prereleases and `## Unreleased`
 */
const fs = require('node:fs');
const path = require('node:path');

const CHANGELOG = path.join(process.cwd(), 'CHANGELOG.md');
const VERSION = /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/;
const UNRELEASED = /^Unreleased[ \t]*$/;
const RELEASED = /^(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?) \((\d{4}-\d{2}-\d{2})\)[ \t]*$/;

/**
 * @typedef {{ title: string, version?: string, day?: string, start: number, bodyStart: number,
 *   end: number, body: string }} Section a `## ` section: its heading's title, where it starts,
 *   where its entries start and where it ends, and its entries
 */

/** @param {string} text @returns {Section[]} the changelog's `## ` sections, in order */
function sectionsOf(text) {
	const headings = [...text.matchAll(/^## (.*)$/gm)];
	return headings.map((heading, i) => {
		const start = /** @type {number} */ (heading.index);
		const bodyStart = start + heading[0].length;
		const end =
			i + 1 < headings.length ? /** @type {number} */ (headings[i + 1].index) : text.length;
		const released = RELEASED.exec(heading[1]);
		return {
			title: heading[1],
			version: released?.[1],
			day: released?.[2],
			start,
			bodyStart,
			end,
			body: text.slice(bodyStart, end),
		};
	});
}

const isPrerelease = (/** @type {string} */ version) => version.includes('-');

/**
 * What the next release takes from a changelog: its `## Unreleased` section (if any) and the
 * sections of the prereleases since the last final release, newest first, as they are written.
 * @param {string} text
 */
function pendingSections(text) {
	const sections = sectionsOf(text);
	const unreleased = sections[0] && UNRELEASED.test(sections[0].title) ? sections[0] : undefined;
	const prereleases = [];
	for (const section of sections.slice(unreleased ? 1 : 0)) {
		if (!section.version || !isPrerelease(section.version)) break;
		prereleases.push(section);
	}
	if (!unreleased && prereleases.length === 0)
		throw new Error(
			'CHANGELOG.md: the first section must be "## Unreleased", with what this release changes',
		);
	return { unreleased, prereleases };
}

/**
 * The `## Unreleased` section of a changelog: where its heading is and its entries.
 * @param {string} text
 */
function unreleasedSection(text) {
	const { unreleased } = pendingSections(text);
	if (!unreleased)
		throw new Error(
			'CHANGELOG.md: the first section must be "## Unreleased", with what this release changes',
		);
	if (unreleased.body.trim() === '')
		throw new Error('CHANGELOG.md: "## Unreleased" has no entries; write what changed first');
	return { start: unreleased.start, end: unreleased.bodyStart, body: unreleased.body };
}

/**
 * Several sections' entries as one: text before any `### ` heading first, then each `### `
 * group once, in the order first met, with its entries from every section in the given order.
 * @param {string[]} bodies oldest first
 */
function mergeEntries(bodies) {
	/** @type {string[]} */
	const loose = [];
	/** @type {Map<string, string[]>} */
	const groups = new Map();
	for (const body of bodies)
		for (const part of body.split(/^(?=### )/m)) {
			if (!part.startsWith('### ')) {
				if (part.trim()) loose.push(part.trim());
				continue;
			}
			const lineEnd = part.indexOf('\n');
			const title = (lineEnd === -1 ? part : part.slice(0, lineEnd)).trim();
			const entries = lineEnd === -1 ? '' : part.slice(lineEnd + 1).trim();
			const group = groups.get(title) ?? [];
			if (entries) group.push(entries);
			groups.set(title, group);
		}
	return [
		...loose,
		...[...groups].map(([title, entries]) => [title, ...entries].join('\n\n')),
	].join('\n\n');
}

/**
 * Refuses, with what to do, a release of `version` that would have no entries. Without a
 * version (before release-it knows it): refuses when no release could have any.
 * @param {string} text @param {string} [version]
 */
function checkRelease(text, version) {
	if (version === undefined) {
		const { prereleases } = pendingSections(text);
		if (prereleases.length === 0) unreleasedSection(text);
		return;
	}
	releaseChangelog(text, version);
}

/**
 * The changelog as `version` is released on `date`. A prerelease, or a release with no
 * prerelease before it: `## Unreleased` becomes `## <version> (<day>)`, nothing else changes. A
 * release after prereleases: one `## <version> (<day>)` section takes the place of theirs and of
 * `## Unreleased`, with their entries, oldest first, and a line naming them.
 * @param {string} text @param {string} version @param {Date} [date]
 */
function releaseChangelog(text, version, date = new Date()) {
	if (!VERSION.test(version)) throw new Error(`Not a version: "${version}"`);
	const day = date.toISOString().slice(0, 10);
	const heading = `## ${version} (${day})`;
	const { unreleased, prereleases } = pendingSections(text);
	if (isPrerelease(version) || prereleases.length === 0) {
		const { start, end } = unreleasedSection(text);
		return `${text.slice(0, start)}${heading}${text.slice(end)}`;
	}
	const oldestFirst = [...prereleases].reverse();
	const entries = mergeEntries([...oldestFirst.map((s) => s.body), unreleased?.body ?? '']);
	if (entries === '')
		throw new Error(
			`CHANGELOG.md: nothing to release as ${version}: "## Unreleased" and the prereleases below it have no entries`,
		);
	const named = oldestFirst.map((s) => `${s.version} (${s.day})`);
	const list =
		named.length === 1 ? named[0] : `${named.slice(0, -1).join(', ')} and ${named.at(-1)}`;
	const start = (unreleased ?? prereleases[0]).start;
	const end = /** @type {Section} */ (prereleases.at(-1)).end;
	const rest = text.slice(end);
	return `${text.slice(0, start)}${heading}\n\nWith the changes first released in ${list}.\n\n${entries}\n${rest ? `\n${rest}` : ''}`;
}

/**
 * What release-it shows before it asks for the version: the entries under `## Unreleased`, and
 * the prereleases a final release would gather too.
 * @param {string} text
 */
function releaseNotes(text) {
	const { unreleased, prereleases } = pendingSections(text);
	const lines = [];
	if (unreleased?.body.trim()) lines.push(unreleased.body.trim());
	if (prereleases.length > 0)
		lines.push(
			`(A final release also gathers the entries of ${prereleases
				.map((s) => s.version)
				.reverse()
				.join(', ')}, below.)`,
		);
	return lines.join('\n\n') + '\n';
}

function main() {
	const [command, version] = process.argv.slice(2);
	const text = fs.readFileSync(CHANGELOG, 'utf8');
	if (command === 'check') checkRelease(text, version);
	else if (command === 'notes') process.stdout.write(releaseNotes(text));
	else if (command === 'release')
		fs.writeFileSync(CHANGELOG, releaseChangelog(text, version ?? ''));
	else
		throw new Error(
			'Usage: node scripts/changelog.js check [<version>] | notes | release <version>',
		);
}

if (require.main === module) {
	try {
		main();
	} catch (error) {
		console.error(error instanceof Error ? error.message : error);
		process.exitCode = 1;
	}
}

module.exports = { unreleasedSection, checkRelease, releaseChangelog, releaseNotes };
