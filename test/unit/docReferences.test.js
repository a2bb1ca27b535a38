// @ts-check
/**
 * The release scripts and workflows send maintainers to a section of a document, as
 * "docs/releasing.md, Before the first publish": every such section exists, under that heading.
 * (scripts/publish-metadata.js named "Before the first release", a heading the document never had.)
 */
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.join(__dirname, '..', '..');
/** Where the references are: what maintainers read when a release or its checks stop. */
const READ_BY_MAINTAINERS = ['scripts', '.github', '.ci', '.release-it.json'];
/** `<file>.md, <Heading>`, the heading ending at punctuation or the end of the line */
const REFERENCE = /\b((?:[\w-]+\/)*[\w-]+\.md), ([A-Z][\w`' -]*?)(?=[),:;."]|$)/gm;

/** @param {string} entry a file or folder below the root @returns {string[]} its files */
function filesOf(entry) {
	const full = path.join(ROOT, entry);
	if (!fs.statSync(full).isDirectory()) return [entry];
	return fs
		.readdirSync(full, { recursive: true, withFileTypes: true })
		.filter((file) => file.isFile())
		.map((file) => path.relative(ROOT, path.join(file.parentPath, file.name)));
}

/** @param {string} file a Markdown file below the root @returns {string[]} its headings' text */
const headingsOf = (file) =>
	[...fs.readFileSync(path.join(ROOT, file), 'utf8').matchAll(/^#+ (.+?)[ \t]*$/gm)].map(
		(heading) => heading[1],
	);

test('every "<document>.md, <Heading>" the release scripts and workflows name is a heading of that document', () => {
	const references = READ_BY_MAINTAINERS.flatMap(filesOf).flatMap((file) =>
		[...fs.readFileSync(path.join(ROOT, file), 'utf8').matchAll(REFERENCE)].map((match) => ({
			in: file,
			document: match[1],
			heading: match[2],
		})),
	);
	// The check sees the reference the release's first refusal prints.
	expect(references).toContainEqual(
		expect.objectContaining({ in: path.join('scripts', 'publish-metadata.js') }),
	);
	const missing = references.filter(
		(reference) =>
			!fs.existsSync(path.join(ROOT, reference.document)) ||
			!headingsOf(reference.document).includes(reference.heading),
	);
	expect(missing).toEqual([]);
});
