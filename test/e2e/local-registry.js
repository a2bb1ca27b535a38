// @ts-check
/**
 * An npm registry on loopback that holds one package: a packed tarball (`npm pack`), served as
 * the public registry serves it (a packument with the version's manifest, its tarball URL and
 * integrity, `latest` pointing at it, and the tarball). Any other name answers 404, as for a
 * package that does not exist: an install that needs anything beyond this package fails.
 * What it was asked for is recorded, so a test can say which names npm looked up.
 */
const crypto = require('node:crypto');
const { execFileSync } = require('node:child_process');
const http = require('node:http');

/**
 * The package.json inside a tarball made by `npm pack`.
 * @param {string} tarball
 */
function manifestOf(tarball) {
	return JSON.parse(
		execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' }),
	);
}

/**
 * Starts the registry; `close()` stops it.
 * @param {string} tarball a file made by `npm pack`
 * @returns {Promise<{ url: string, requested: string[], close: () => Promise<void> }>}
 */
async function startLocalRegistry(tarball) {
	const bytes = require('node:fs').readFileSync(tarball);
	const manifest = manifestOf(tarball);
	const fileName = `${manifest.name}-${manifest.version}.tgz`;
	/** @type {string[]} */
	const requested = [];
	/** @type {string} */
	let url = '';
	const server = http.createServer((request, response) => {
		const pathname = decodeURIComponent(new URL(String(request.url), 'http://registry').pathname);
		requested.push(pathname);
		if (request.method === 'GET' && pathname === `/${manifest.name}`) {
			const packument = {
				name: manifest.name,
				'dist-tags': { latest: manifest.version },
				versions: {
					[manifest.version]: {
						...manifest,
						_id: `${manifest.name}@${manifest.version}`,
						dist: {
							tarball: `${url}/${manifest.name}/-/${fileName}`,
							shasum: crypto.createHash('sha1').update(bytes).digest('hex'),
							integrity: `sha512-${crypto.createHash('sha512').update(bytes).digest('base64')}`,
						},
					},
				},
			};
			response.writeHead(200, { 'Content-Type': 'application/json' });
			response.end(JSON.stringify(packument));
		} else if (request.method === 'GET' && pathname === `/${manifest.name}/-/${fileName}`) {
			response.writeHead(200, {
				'Content-Type': 'application/octet-stream',
				'Content-Length': bytes.length,
			});
			response.end(bytes);
		} else {
			response.writeHead(404, { 'Content-Type': 'application/json' });
			response.end(JSON.stringify({ error: 'Not found' }));
		}
	});
	await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
	url = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`;
	return {
		url,
		requested,
		close: () =>
			new Promise((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
}

module.exports = { manifestOf, startLocalRegistry };
