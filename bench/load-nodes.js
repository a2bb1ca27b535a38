// @ts-check
/**
 * Measures how long the built package takes to load, as n8n loads it: every credential and
 * node file listed in package.json's `n8n` section required and instantiated once, with
 * n8n-workflow and luxon already loaded (n8n has both in memory before it loads community
 * packages). Run in a fresh process by bench/run.js; prints the milliseconds as JSON.
 */
const path = require('node:path');

const root = path.resolve(__dirname, '..');
require('n8n-workflow');
require('luxon');

const manifest = require(path.join(root, 'package.json')).n8n;
const started = performance.now();
let nodes = 0;
for (const file of [...manifest.credentials, ...manifest.nodes]) {
	const exported = require(path.join(root, file));
	for (const Class of Object.values(exported)) {
		if (typeof Class !== 'function') continue;
		const instance = new Class();
		if (instance.description?.properties) nodes++;
	}
}
const ms = performance.now() - started;
process.stdout.write(JSON.stringify({ ms, nodes }));
