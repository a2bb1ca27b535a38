// @ts-check
/**
 * An npm registry on loopback that holds one package: a packed tarball (`npm pack`), served as
 * the public registry serves it (a packument with the version's manifest, its tarball URL and
 * integrity, `latest` pointing at it, and the tarball). Any other name answers 404, as for a
 * package that does not exist: an install that needs anything beyond this package fails.
 * What it was asked for is recorded, so a test can say which names npm looked up
 * (readRegistryLog).
 *
 * n8n's Community Nodes install names the public registry itself (`npm pack ... --registry=
 * https://registry.npmjs.org`; another registry needs an enterprise licence), so startRegistryProxy
 * puts the same registry behind an HTTPS proxy for npm (npm_config_https_proxy) that answers for
 * registry.npmjs.org with a certificate of a certificate authority made for the test
 * (npm_config_cafile) and refuses every other host.
 */
const crypto = require('node:crypto');
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const http = require('node:http');
const https = require('node:https');
const path = require('node:path');

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
 * Starts the registry; `close()` stops it. `handler` answers its requests (startRegistryProxy
 * serves it over TLS too).
 * @param {string} tarball a file made by `npm pack`
 * @returns {Promise<{ url: string, requested: string[], handler: http.RequestListener, close: () => Promise<void> }>}
 */
async function startLocalRegistry(tarball) {
	const bytes = require('node:fs').readFileSync(tarball);
	const manifest = manifestOf(tarball);
	const fileName = `${manifest.name}-${manifest.version}.tgz`;
	/** @type {string[]} */
	const requested = [];
	/** @type {string} */
	let url = '';
	/** @type {http.RequestListener} */
	const handler = (request, response) => {
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
							// On the host it was asked on: this server's, or the proxied registry's.
							tarball: `${'encrypted' in request.socket ? 'https' : 'http'}://${request.headers.host}/${manifest.name}/-/${fileName}`,
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
	};
	const server = http.createServer(handler);
	await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
	url = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`;
	return {
		url,
		requested,
		handler,
		close: () =>
			new Promise((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
}

/**
 * An HTTPS proxy in front of `registry`, for npm: CONNECT to `host`:443 reaches the registry,
 * over TLS with a certificate for `host` signed by a certificate authority made in `folder`
 * (its certificate is `caFile`); any other host is refused.
 * @param {{ handler: http.RequestListener }} registry @param {string} folder
 * @param {string} [host]
 * @returns {Promise<{ url: string, caFile: string, tunnelled: string[], close: () => Promise<void> }>}
 */
async function startRegistryProxy(registry, folder, host = 'registry.npmjs.org') {
	const file = (/** @type {string} */ name) => path.join(folder, name);
	const openssl = (/** @type {string[]} */ ...args) =>
		execFileSync('openssl', args, { stdio: 'pipe' });
	openssl(
		'req',
		'-x509',
		'-newkey',
		'rsa:2048',
		'-nodes',
		'-days',
		'1',
		'-subj',
		'/CN=Test registry CA',
		'-keyout',
		file('ca.key'),
		'-out',
		file('ca.pem'),
	);
	openssl(
		'req',
		'-newkey',
		'rsa:2048',
		'-nodes',
		'-subj',
		`/CN=${host}`,
		'-keyout',
		file('host.key'),
		'-out',
		file('host.csr'),
	);
	fs.writeFileSync(file('host.ext'), `subjectAltName=DNS:${host}\n`);
	openssl(
		'x509',
		'-req',
		'-in',
		file('host.csr'),
		'-CA',
		file('ca.pem'),
		'-CAkey',
		file('ca.key'),
		'-CAcreateserial',
		'-days',
		'1',
		'-extfile',
		file('host.ext'),
		'-out',
		file('host.pem'),
	);
	const tls = https.createServer(
		{ key: fs.readFileSync(file('host.key')), cert: fs.readFileSync(file('host.pem')) },
		registry.handler,
	);
	/** @type {string[]} */
	const tunnelled = [];
	/** @type {Set<import('node:net').Socket>} */
	const sockets = new Set();
	const proxy = http.createServer((_request, response) => {
		response.writeHead(405);
		response.end();
	});
	proxy.on('connect', (request, socket) => {
		const target = String(request.url);
		tunnelled.push(target);
		if (target !== `${host}:443`) {
			socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
			return;
		}
		sockets.add(/** @type {import('node:net').Socket} */ (socket));
		socket.on('close', () => sockets.delete(/** @type {import('node:net').Socket} */ (socket)));
		socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
		tls.emit('connection', socket);
	});
	await new Promise((resolve) => proxy.listen(0, '127.0.0.1', () => resolve(undefined)));
	const port = /** @type {import('node:net').AddressInfo} */ (proxy.address()).port;
	return {
		url: `http://127.0.0.1:${port}`,
		caFile: file('ca.pem'),
		tunnelled,
		close: () =>
			new Promise((resolve) => {
				for (const socket of sockets) socket.destroy();
				proxy.closeAllConnections();
				proxy.close(() => resolve());
			}),
	};
}

/** A package name in a registry path (decoded): `name` or `@scope/name`; none starts with `-`. */
const NAME = String.raw`(?:@[^/]+/)?[^/@-][^/]*`;
const PACKUMENT = new RegExp(`^/(${NAME})$`);
const TARBALL = new RegExp(`^/(${NAME})/-/[^/]+\\.tgz$`);

/**
 * What registry paths (decoded, as `requested` holds them) asked for: the names whose versions
 * were looked up, those whose tarball was fetched, and the other paths, such as those of npm's
 * own endpoints under `/-/` (its audit, `/-/npm/v1/security/...`), which name no package.
 * @param {string[]} paths
 */
function readRegistryLog(paths) {
	/** @type {Set<string>} */ const looked = new Set();
	/** @type {Set<string>} */ const fetched = new Set();
	/** @type {string[]} */ const other = [];
	for (const pathname of paths) {
		const tarball = TARBALL.exec(pathname);
		const packument = PACKUMENT.exec(pathname);
		if (tarball) fetched.add(tarball[1]);
		else if (packument) looked.add(packument[1]);
		else other.push(pathname);
	}
	return { looked: [...looked], fetched: [...fetched], other };
}

module.exports = { manifestOf, readRegistryLog, startLocalRegistry, startRegistryProxy };
