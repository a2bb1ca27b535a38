#!/usr/bin/env node
// @ts-check
/**
 * Source maps in a package as npm ships it that point at files it does not hold: a map whose
 * source is neither in the package nor carried in the map (`sourcesContent`), or a file whose
 * `sourceMappingURL` names a map that is not there. Such maps only send debuggers and scanners
 * looking for files no user has. The build makes no maps (tsconfig.json), and `npm run check -- scan`
 * runs this on the unpacked tarball, so a map that comes back must come with its sources.
 *
 *   node scripts/package-maps.js <unpacked package folder>   exit 0, or 1 with one line per problem
 */
const fs = require('node:fs');
const path = require('node:path');

/** @param {string} dir @returns {string[]} every file below `dir`, relative to it */
function filesIn(dir) {
	return fs
		.readdirSync(dir, { recursive: true, withFileTypes: true })
		.filter((entry) => entry.isFile())
		.map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

const MAPPED = /\.(c|m)?js$|\.d\.ts$|\.css$/;
/** The last `sourceMappingURL` comment of a script or style sheet, if any. */
const MAPPING_URL = /[#@] sourceMappingURL=([^\s*]+)[\s*/]*$/;
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * @param {string} root the unpacked package @param {string} file relative to it
 * @param {string} target a path relative to `file`'s folder
 * @returns {boolean} whether the package holds it (a URL or a path out of the package: no)
 */
function holds(root, file, target) {
	if (HAS_SCHEME.test(target)) return false;
	const resolved = path.resolve(root, path.dirname(file), decodeURIComponent(target));
	const inside = path.relative(root, resolved);
	return !inside.startsWith('..') && !path.isAbsolute(inside) && fs.existsSync(resolved);
}

/**
 * The problems of one source map: sources neither shipped nor carried in it.
 * @param {string} root @param {string} where the map file, or the file an inline map sits in
 * @param {string} json
 */
function mapProblems(root, where, json) {
	/** @type {{ sources?: unknown, sourcesContent?: unknown, sourceRoot?: unknown }} */
	let map;
	try {
		map = JSON.parse(json);
	} catch {
		return [`${where}: a source map that is not JSON`];
	}
	const sources = Array.isArray(map.sources) ? map.sources : [];
	const contents = Array.isArray(map.sourcesContent) ? map.sourcesContent : [];
	const sourceRoot = typeof map.sourceRoot === 'string' ? map.sourceRoot : '';
	return sources.flatMap((source, i) =>
		typeof contents[i] === 'string' ||
		(typeof source === 'string' && holds(root, where, path.posix.join(sourceRoot, source)))
			? []
			: [`${where}: its map points at ${sourceRoot}${source}, which the package does not hold`],
	);
}

/**
 * Every source-map reference in an unpacked package that points at a file it does not hold.
 * @param {string} root
 * @returns {string[]}
 */
function brokenSourceMaps(root) {
	/** @type {string[]} */
	const problems = [];
	for (const file of filesIn(root)) {
		if (file.endsWith('.map')) {
			problems.push(...mapProblems(root, file, fs.readFileSync(path.join(root, file), 'utf8')));
			continue;
		}
		if (!MAPPED.test(file)) continue;
		const url = MAPPING_URL.exec(fs.readFileSync(path.join(root, file), 'utf8').trimEnd())?.[1];
		if (!url) continue;
		const inline = /^data:application\/json[^,]*;base64,(.*)$/.exec(url);
		if (inline)
			problems.push(...mapProblems(root, file, Buffer.from(inline[1], 'base64').toString('utf8')));
		else if (!holds(root, file, url))
			problems.push(`${file}: names the source map ${url}, which the package does not hold`);
	}
	return problems;
}

module.exports = { brokenSourceMaps };

if (require.main === module) {
	const root = process.argv[2];
	if (!root) {
		console.error('Usage: node scripts/package-maps.js <unpacked package folder>');
		process.exitCode = 1;
	} else {
		const problems = brokenSourceMaps(path.resolve(root));
		if (problems.length > 0) {
			console.error(`Source maps pointing at files the package does not hold: ${problems.length}`);
			for (const problem of problems.slice(0, 20)) console.error(`- ${problem}`);
			if (problems.length > 20) console.error(`- and ${problems.length - 20} more`);
			process.exitCode = 1;
		} else console.log('source maps: none points at a file the package does not hold');
	}
}
