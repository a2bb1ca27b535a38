// @ts-check
/**
 * Loaded into the n8n process of the endurance run (NODE_OPTIONS=--require): on SIGUSR2 it runs
 * a full garbage collection and prints one line with the memory left, so that the run compares
 * what n8n keeps, not where V8's collector happened to be. Nothing else in n8n changes.
 */
const v8 = require('node:v8');
const vm = require('node:vm');

v8.setFlagsFromString('--expose-gc');
/** @type {() => void} */
const gc = vm.runInNewContext('gc');

process.on('SIGUSR2', () => {
	gc();
	const { rss, heapUsed, external } = process.memoryUsage();
	process.stderr.write(
		`[endurance-gc-probe] rss=${rss} heapUsed=${heapUsed} external=${external}\n`,
	);
});
