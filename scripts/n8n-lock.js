// @ts-check
/**
 * `node scripts/n8n-lock.js <n8n version>`: pins an n8n install (scripts/install-n8n.sh) to the
 * tree npm resolved for it, by copying the lockfile of its folder in the install cache to
 * scripts/n8n-locks/<version>/package-lock.json, each package's tarball URL added (npm leaves
 * them out when omit-lockfile-registry-resolved is set). install-n8n.sh then runs `npm ci` from
 * it: npm fetches the tarballs at once instead of resolving 2000 packages one level after
 * another, minutes on a fresh machine (docs/testing.md, The install cache). A version without a lockfile
 * here is resolved by `npm install`, as before.
 */
const fs = require('node:fs');
const path = require('node:path');

const { INSTALL_CACHE } = require('./install-cache');

const REGISTRY = 'https://registry.npmjs.org';

/** @param {string} version */
function pin(version) {
	const lock = JSON.parse(
		fs.readFileSync(path.join(INSTALL_CACHE, `n8n-${version}`, 'package-lock.json'), 'utf8'),
	);
	for (const [where, entry] of Object.entries(lock.packages)) {
		if (!where || entry.link || entry.resolved) continue;
		// An alias (npm:other@x) names the real package; otherwise the folder does.
		const name =
			entry.name ?? where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length);
		entry.resolved = `${REGISTRY}/${name}/-/${name.split('/').pop()}-${entry.version}.tgz`;
	}
	const target = path.join(__dirname, 'n8n-locks', version, 'package-lock.json');
	fs.mkdirSync(path.dirname(target), { recursive: true });
	fs.writeFileSync(target, `${JSON.stringify(lock, null, '\t')}\n`);
	console.log(`${target}: ${Object.keys(lock.packages).length - 1} packages`);
}

const [version] = process.argv.slice(2);
if (!version) {
	console.error('usage: node scripts/n8n-lock.js <n8n version>');
	process.exit(1);
}
pin(version);
