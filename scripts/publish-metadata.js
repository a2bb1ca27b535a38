#!/usr/bin/env node
// @ts-check
/**
 * Refuses a release while package.json still holds placeholders for what npm and n8n show of
 * the package: the author's e-mail on a reserved example domain, or the homepage and repository
 * guessed before the project had its home. `npm run release` checks it first (.release-it.json
 * before:init) and the Publish workflow again before it publishes; docs/releasing.md says what
 * to set. In GitHub Actions the repository must also be the one the workflow runs in: npm's
 * provenance statement names it, and npm refuses a package whose repository differs.
 *
 *   node scripts/publish-metadata.js   exit 0, or 1 with one line per placeholder
 */
const fs = require('node:fs');
const path = require('node:path');

/** The values written before the project had a home: guesses, never published. */
const GUESSED = {
	homepage: 'https://github.com/business-platform/n8n-nodes-business-platform#readme',
	repository: 'git+https://github.com/business-platform/n8n-nodes-business-platform.git',
};

/**
 * Domains reserved for examples and tests (RFC 2606, RFC 6761): no mailbox answers there.
 * @param {string} domain
 */
const reservedDomain = (domain) =>
	/^(example\.(com|net|org)|example|test|invalid|localhost)$/i.test(domain) ||
	/\.(example|test|invalid|localhost)$/i.test(domain);

/**
 * The placeholders in a package manifest, one message each (empty: none).
 * @param {any} manifest package.json's content
 * @param {NodeJS.ProcessEnv} [env] GITHUB_REPOSITORY ("owner/name") where GitHub Actions sets it
 * @returns {string[]}
 */
function placeholdersIn(manifest, env = process.env) {
	/** @type {string[]} */
	const problems = [];
	const email = typeof manifest.author === 'object' ? manifest.author?.email : undefined;
	const domain = typeof email === 'string' ? email.split('@')[1] : undefined;
	if (!domain) problems.push("author.email is missing: the maintainers' address");
	else if (reservedDomain(domain))
		problems.push(
			`author.email ${email} is on a reserved example domain: set the maintainers' address`,
		);
	if (!manifest.homepage || manifest.homepage === GUESSED.homepage)
		problems.push(
			`homepage ${manifest.homepage ?? '(missing)'} is a guess: set the project's page`,
		);
	const repository =
		typeof manifest.repository === 'string' ? manifest.repository : manifest.repository?.url;
	if (!repository || repository === GUESSED.repository)
		problems.push(
			`repository.url ${repository ?? '(missing)'} is a guess: set the GitHub repository`,
		);
	else if (env.GITHUB_REPOSITORY) {
		const named = /github\.com[/:]([^/]+\/[^/]+?)(\.git)?$/i.exec(repository)?.[1];
		if (named?.toLowerCase() !== env.GITHUB_REPOSITORY.toLowerCase())
			problems.push(
				`repository.url ${repository} is not ${env.GITHUB_REPOSITORY}, where this workflow runs (npm's provenance check refuses it)`,
			);
	}
	return problems;
}

module.exports = { GUESSED, placeholdersIn };

if (require.main === module) {
	const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8'));
	const problems = placeholdersIn(manifest);
	if (problems.length > 0) {
		console.error(
			'Not releasing: package.json holds placeholders (docs/releasing.md, Before the first publish):',
		);
		for (const problem of problems) console.error(`- ${problem}`);
		process.exitCode = 1;
	}
}
