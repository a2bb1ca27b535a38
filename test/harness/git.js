// @ts-check
/** Git in scratch repositories, for the tests that run a release in one (release-it needs a pushed branch). */
const { spawnSync } = require('node:child_process');

/**
 * Runs git in `cwd` and returns its output, trimmed; throws with the output when it fails.
 * @param {string} cwd
 * @param {string[]} args
 */
function git(cwd, ...args) {
	const result = spawnSync('git', args, {
		cwd,
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	const output = `${result.stdout}${result.stderr}`;
	if (result.status !== 0)
		throw new Error(`git ${args.join(' ')} exited ${result.status}:\n${output}`);
	return output.trim();
}

/**
 * Makes the tree in `checkout` a repository with one commit, its main branch pushed to a new
 * bare repository `remote` and tracking it as origin.
 * @param {string} checkout
 * @param {string} remote
 * @param {string} message the commit's
 */
function commitAndPush(checkout, remote, message) {
	git(checkout, 'init', '--quiet', '--bare', remote);
	git(checkout, 'init', '--quiet', '-b', 'main');
	git(checkout, 'config', 'user.name', 'Release Test');
	git(checkout, 'config', 'user.email', 'release-test@example.invalid');
	git(checkout, 'add', '.');
	git(checkout, 'commit', '--quiet', '-m', message);
	git(checkout, 'remote', 'add', 'origin', remote);
	git(checkout, 'push', '--quiet', '-u', 'origin', 'main');
}

module.exports = { git, commitAndPush };
