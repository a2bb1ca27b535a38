// Build steps around `tsc`: clean `dist` first, then copy what tsc does not emit
// (node/credential icons and the codex files n8n reads beside each node).
const { src, dest, series } = require('gulp');
const fs = require('node:fs');

function clean(done) {
	fs.rmSync('dist', { recursive: true, force: true });
	done();
}

function copyIcons() {
	return src('icons/*.svg').pipe(dest('dist/icons'));
}

function copyCodexFiles() {
	return src('nodes/**/*.node.json').pipe(dest('dist/nodes'));
}

exports.clean = clean;
exports['build:assets'] = series(copyIcons, copyCodexFiles);
