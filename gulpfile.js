// Build steps around `tsc`: clean `dist` first, then copy what tsc does not emit
// (node/credential icons and the codex files n8n reads beside each node).
const { src, dest, series } = require('gulp');
const fs = require('node:fs');
const path = require('node:path');
const { STAMP, buildInputsHash } = require('./scripts/build-inputs');

function clean(done) {
	fs.rmSync('dist', { recursive: true, force: true });
	fs.rmSync(STAMP, { force: true });
	done();
}

function copyIcons() {
	return src('icons/*.svg').pipe(dest('dist/icons'));
}

function copyCodexFiles() {
	return src('nodes/**/*.node.json').pipe(dest('dist/nodes'));
}

exports.clean = clean;
// Last: a build that failed earlier leaves no stamp, and the next buildPackage() builds again.
function stampInputs(done) {
	fs.mkdirSync(path.dirname(STAMP), { recursive: true });
	fs.writeFileSync(STAMP, buildInputsHash());
	done();
}

exports['build:assets'] = series(copyIcons, copyCodexFiles, stampInputs);
