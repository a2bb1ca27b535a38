// @ts-check
/** A credential whose login token another execution renews while a run uses it. */
const { loginTokenOwner } = require('../../nodes/shared/credential/loginToken');

/**
 * Expires the token the credential holds (from a run's login) and has another worker log in
 * meanwhile: the credential store gives the old token on the run's first read and the newer one
 * from the second read on, stored as n8n stores a login's output, with the digest binding it to
 * the login fields.
 * @param {{ userTokens: { expireAll(): void, issue(): string } }} sandbox
 * @param {Record<string, any>} credentials
 * @returns {{ first: string, newer: string, stored: () => string }} the old token, the newer
 *   one, and what the store holds now (a write by the node included)
 */
function renewedMeanwhile(sandbox, credentials) {
	const first = credentials.loginToken;
	sandbox.userTokens.expireAll();
	const newer = sandbox.userTokens.issue();
	let reads = 0;
	let stored = first;
	const firstOwner = credentials.loginTokenFor;
	Object.defineProperty(credentials, 'loginToken', {
		enumerable: true,
		get: () => (reads++ === 0 ? first : (stored = newer)),
		set: (value) => (stored = value),
	});
	Object.defineProperty(credentials, 'loginTokenFor', {
		enumerable: true,
		get: () => (stored === first ? firstOwner : loginTokenOwner(credentials, newer)),
		set: () => {},
	});
	return { first, newer, stored: () => stored };
}

module.exports = { renewedMeanwhile };
