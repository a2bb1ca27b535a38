// @ts-check
'use strict';

/**
 * Login at {auth_url}/api/login (its shape is not in the spec; a stand-in with the shape the
 * credential assumes by default: JSON email and password, the token at data.token). Each login
 * issues a new token that expires as the test sets it (../userTokens.js).
 */

const { Validator } = require('../validation');
const { succeeded, unprocessable } = require('./common');

/**
 * @typedef {import('./common').Ctx} Ctx
 * @typedef {import('./common').Result} Result
 */

/** Success texts, English and Arabic. */
const MESSAGES = {
	loggedIn: ['Logged in successfully.', 'تم تسجيل الدخول بنجاح.'],
};

// ---------------------------------------------------------------------------------------
// Login at {auth_url}/api/login (shape not in the spec; a minimal stand-in)

/** @param {Ctx} ctx @returns {Result} */
function login(ctx) {
	const v = new Validator();
	const email = v.check('email', ctx.input.email, { required: true });
	const password = v.check('password', ctx.input.password, { required: true });
	if (v.failed) return unprocessable(v);
	const creds = ctx.shared.credentials;
	if (email !== creds.loginEmail || password !== creds.loginPassword) {
		return {
			status: 401,
			body: { status: false, message: 'These credentials do not match our records.' },
		};
	}
	return succeeded(MESSAGES.loggedIn, ctx.lang, {
		data: {
			token: ctx.shared.userTokens.issue(),
			token_type: 'Bearer',
			user: { id: 42, name: 'Sandbox Demo User', email },
		},
	});
}

module.exports = { login };
