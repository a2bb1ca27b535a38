// @ts-check
/**
 * Where installs of tools the tests need (Node 22/24, the n8n app, the verification scanner,
 * npm's Postgres) live: outside the checkout, keyed by version, so that every clone on one
 * machine (a CI runner, worktrees) reuses them, as CI services cache installs. BP_INSTALL_CACHE
 * moves it; run data (n8n user folders, logs) stays in the project's own .cache/.
 * Run directly it prints the folder, for the shell scripts.
 */
const os = require('node:os');
const path = require('node:path');

const INSTALL_CACHE = path.resolve(
	process.env.BP_INSTALL_CACHE ||
		path.join(
			process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'),
			'n8n-nodes-business-platform',
		),
);

module.exports = { INSTALL_CACHE };

if (require.main === module) process.stdout.write(`${INSTALL_CACHE}\n`);
