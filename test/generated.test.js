// @ts-check
/**
 * The files scripts/generate.js writes from the code (each node's actions/index.ts, README's
 * Operations table, docs/operations.md's table and node sections, docs/platform-api.md) are
 * what it writes now: a new operation's rows and entries come from its files, not by hand.
 * The script runs in its own process (it formats with Prettier, which jest's module system
 * cannot load).
 */
const { spawnSync } = require('node:child_process');
const path = require('node:path');

test('every generated file is what `npm run generate` writes (else run it and commit)', () => {
	const check = spawnSync(
		process.execPath,
		[path.join(__dirname, '..', 'scripts', 'generate.js')],
		{
			encoding: 'utf8',
		},
	);
	// On a failure: the files that differ, each with the command that rewrites it.
	expect({ stale: check.stdout.trim(), error: check.stderr.trim() }).toEqual({
		stale: '',
		error: '',
	});
	expect(check.status).toBe(0);
});
