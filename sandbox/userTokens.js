// @ts-check
'use strict';

/**
 * User tokens the sandbox's login issues ({auth_url}/api/login), and their expiry: after a
 * time, after a number of uses, or at once (expireAll), as a test sets it. An expired token is
 * refused like the platform refuses one (401, or 403 when configured), before the operation
 * runs: nothing is carried out. The fixed pasted token (CREDENTIALS.userToken) never expires.
 */

const crypto = require('node:crypto');

/**
 * @typedef {object} TokenPolicy
 * @property {number} lifetimeMs  a token is refused this long after its login (default: never)
 * @property {number} maxUses     a token is refused after this many accepted requests (default: never)
 * @property {401 | 403} refusal  the status an expired token gets
 *
 * @typedef {'valid' | 'expired' | 'unknown'} TokenCheck
 */

/** @returns {TokenPolicy} */
const defaults = () => ({ lifetimeMs: Infinity, maxUses: Infinity, refusal: 401 });

function createUserTokens() {
	let policy = defaults();
	/** @type {Map<string, { issuedAt: number, uses: number, expired: boolean }>} */
	const tokens = new Map();
	let logins = 0;

	return {
		/** @param {Partial<TokenPolicy>} next */
		configure(next) {
			policy = { ...policy, ...next };
		},
		get policy() {
			return { ...policy };
		},
		/** Successful logins since the last reset. */
		get logins() {
			return logins;
		},
		/** Every token issued since the last reset (a test looks for them where no secret may be). */
		get issued() {
			return [...tokens.keys()];
		},
		/** A new token, as a successful login gives it. */
		issue() {
			logins++;
			const token = `sbx_login_${crypto.randomBytes(12).toString('hex')}`;
			tokens.set(token, { issuedAt: Date.now(), uses: 0, expired: false });
			return token;
		},
		/**
		 * Checks a token a request carries; an accepted one counts a use.
		 * @param {string} token @returns {TokenCheck}
		 */
		use(token) {
			const entry = tokens.get(token);
			if (!entry) return 'unknown';
			if (
				entry.expired ||
				Date.now() - entry.issuedAt >= policy.lifetimeMs ||
				entry.uses >= policy.maxUses
			) {
				entry.expired = true;
				return 'expired';
			}
			entry.uses++;
			return 'valid';
		},
		/** Every token issued so far expires now. */
		expireAll() {
			for (const entry of tokens.values()) entry.expired = true;
		},
		/** The answer to a request with an expired token. */
		refusal() {
			return policy.refusal === 403
				? { status: 403, body: { status: false, message: 'Token expired.' } }
				: {
						status: 401,
						body: { status: false, message: 'Unauthenticated. The user token has expired.' },
					};
		},
		reset() {
			policy = defaults();
			tokens.clear();
			logins = 0;
		},
	};
}

/** @typedef {ReturnType<typeof createUserTokens>} UserTokens */

module.exports = { createUserTokens };
