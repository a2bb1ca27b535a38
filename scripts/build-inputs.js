// @ts-check
/**
 * What `npm run build` reads (the sources, icons and build settings) as one hash, which the build
 * writes beside its output: the end-to-end tests, `npm run dev`, the queue test and the benchmark
 * then build only when a source changed since the last build (scripts/n8n-app.js
 * buildPackage). A build that finds dist/ in use by a running n8n suite would delete it under
 * that suite; when nothing changed, nothing is rebuilt, so suites can run side by side.
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const INPUT_FOLDERS = ['nodes', 'credentials', 'icons'];
const INPUT_FILES = ['package.json', 'tsconfig.json', 'gulpfile.js'];
/** Outside dist/, which npm publishes. */
const STAMP = path.join(ROOT, '.cache', 'build-inputs.sha256');

/** @param {string} folder relative to ROOT @returns {string[]} its files, relative, sorted */
function filesUnder(folder) {
	return fs
		.readdirSync(path.join(ROOT, folder), { recursive: true, withFileTypes: true })
		.filter((entry) => entry.isFile())
		.map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)))
		.sort();
}

/** @returns {string} the hash of every input's path and contents */
function buildInputsHash() {
	const hash = crypto.createHash('sha256');
	for (const file of [...INPUT_FOLDERS.flatMap(filesUnder), ...INPUT_FILES]) {
		hash.update(`${file}\0`);
		hash.update(fs.readFileSync(path.join(ROOT, file)));
		hash.update('\0');
	}
	return hash.digest('hex');
}

/** Whether dist/ was built from the inputs as they are now. */
function builtFromCurrentInputs() {
	if (!fs.existsSync(path.join(ROOT, 'dist'))) return false;
	try {
		return fs.readFileSync(STAMP, 'utf8') === buildInputsHash();
	} catch {
		return false;
	}
}

module.exports = { STAMP, buildInputsHash, builtFromCurrentInputs };
