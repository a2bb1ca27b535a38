// @ts-check
/**
 * How the install test reads its loopback registry's log (test/e2e/local-registry.js): only a
 * package's own paths name it. npm with its default configuration also posts its audit
 * (`/-/npm/v1/security/...`), which names no package; read as a tarball it named "".
 */
const { readRegistryLog } = require('../e2e/local-registry');

test("a lookup and a tarball name their package, scoped or not; npm's own endpoints name none", () => {
	expect(
		readRegistryLog([
			'/n8n-nodes-business-platform',
			'/n8n-workflow',
			'/n8n-nodes-business-platform/-/n8n-nodes-business-platform-0.1.0.tgz',
			'/@n8n/node-cli',
			'/@n8n/node-cli/-/node-cli-0.2.0.tgz',
			'/-/npm/v1/security/advisories/bulk',
			'/-/npm/v1/security/audits/quick',
			'/-/ping',
		]),
	).toEqual({
		looked: ['n8n-nodes-business-platform', 'n8n-workflow', '@n8n/node-cli'],
		fetched: ['n8n-nodes-business-platform', '@n8n/node-cli'],
		other: ['/-/npm/v1/security/advisories/bulk', '/-/npm/v1/security/audits/quick', '/-/ping'],
	});
});
