// @ts-check
/**
 * The login's texts never show a secret (issue 36 items 3 and 4): a login answer that echoes
 * the password HTML-escaped, percent-encoded (UTF-8 bytes included, either case), as JSON
 * `\uXXXX` (surrogate pairs included), with its tags stripped or across the 300-character
 * cut is blanked on both paths a login failure reaches the user: the credential's Test (the
 * message preAuthentication throws, which n8n shows) and the item's error (n8n-core's real
 * engine). And the token a login gives is checked as a pasted User Token is.
 */
const { Container } = require('@n8n/di');
const { OutboundHttp } = require('@n8n/backend-network');

const { useSandbox } = require('./harness/fixture');
const { echoForms, leakedRuns } = require('./harness/echoes');
const { sandboxLoginCredentials } = require('../sandbox/credentials');
const { BusinessPlatformLogInApi } = require('../credentials/BusinessPlatformLogInApi.credentials');

const fixture = useSandbox();
const runHr = fixture.runner('businessPlatformHr');
/** The same node with the Log In credential type (Authentication "Log In"). */
const runHrLoggingIn = fixture.runner('businessPlatformHr', { authentication: 'login' });

/** Every ASCII character escapers treat specially, and a space. */
const PASSWORD = 'Hq7&<Vb9>"Lm3/%+ Zk5!Wy8';
/** Two-byte, three-byte and four-byte UTF-8 (a surrogate pair in JSON) characters. */
const NON_ASCII = 'Qx4ég€😀Jn2';

/** Runs of each secret that any echo keeps literally: none may reach the user. */
/** @type {Record<string, string[]>} */
const STARTS_AND_ENDS = { [PASSWORD]: ['Hq7', 'Zk5', 'Wy8'], [NON_ASCII]: ['Qx4', 'Jn2'] };

const isAlnum = (/** @type {string} */ c) => /[A-Za-z0-9]/.test(c);
/** @param {(c: string) => string} escape escapes each character that is not a letter or digit */
const escapeEach = (/** @type {string} */ secret, escape) =>
	[...secret].map((c) => (isAlnum(c) ? c : escape(c))).join('');
const utf8Percent = (/** @type {string} */ c) =>
	[...Buffer.from(c)].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
const jsonUnits = (/** @type {string} */ c, upper = false) =>
	c
		.split('')
		.map((unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`)
		.map((escaped) => (upper ? escaped.toUpperCase().replace('\\U', '\\u') : escaped))
		.join('');
const HTML_NAMED = /** @type {Record<string, string>} */ ({
	'&': '&amp;',
	'<': '&lt;',
	'>': '&gt;',
	'"': '&quot;',
});

/** The forms an answer may echo a secret in, by name. */
const ECHO_FORMS = {
	literal: (/** @type {string} */ s) => s,
	'HTML-escaped': (/** @type {string} */ s) =>
		escapeEach(s, (c) => HTML_NAMED[c] ?? `&#${c.codePointAt(0)};`),
	'HTML hex entities': (/** @type {string} */ s) =>
		escapeEach(s, (c) => `&#x${(c.codePointAt(0) ?? 0).toString(16)};`),
	'percent-encoded': (/** @type {string} */ s) => escapeEach(s, utf8Percent),
	'percent-encoded, lower case': (/** @type {string} */ s) =>
		escapeEach(s, (c) => utf8Percent(c).toLowerCase()),
	'form-encoded': (/** @type {string} */ s) =>
		escapeEach(s, (c) => (c === ' ' ? '+' : utf8Percent(c))),
	'JSON \\u escapes': (/** @type {string} */ s) => escapeEach(s, (c) => jsonUnits(c)),
	'JSON \\u escapes, upper case': (/** @type {string} */ s) =>
		escapeEach(s, (c) => jsonUnits(c, true)),
};

/**
 * Login answers echoing `echo`: JSON whose message holds it (sent as text where JSON would
 * decode the escapes), a plain-text 401 (its tags are stripped), and the echo across the
 * 300-character cut of the platform's message.
 */
const ANSWERS = {
	'a JSON message': (/** @type {string} */ echo) => ({
		contentType: 'application/json',
		body: `{"status":false,"message":"Wrong password ${echo.replace(/"/g, '\\"')} for this user"}`,
	}),
	'a plain-text 401': (/** @type {string} */ echo) => ({
		contentType: 'text/plain',
		body: `Wrong password ${echo} for this user`,
	}),
	'an echo across the 300-character cut': (/** @type {string} */ echo) => ({
		contentType: 'text/plain',
		body: `Wrong password, ${'see the log '.repeat(23)}${echo} again`,
	}),
};

const CASES = Object.entries(STARTS_AND_ENDS).flatMap(([secret]) =>
	Object.entries(ECHO_FORMS).flatMap(([form, encode]) =>
		Object.entries(ANSWERS).map(([answer, build]) => [
			`${secret === PASSWORD ? 'ASCII' : 'non-ASCII'} password, ${form}, in ${answer}`,
			secret,
			build(encode(secret)),
		]),
	),
);

/** The login refusing with `answer`, for every login of the test. */
function refuseLoginWith(/** @type {{ contentType: string, body: string }} */ answer) {
	fixture.sandbox.inject({ operation: 'login', status: 401, times: Infinity, ...answer });
}

/** What the credential's Test shows: n8n runs preAuthentication with its plain httpRequest and shows what it throws. */
async function credentialTestMessage(/** @type {Record<string, any>} */ credentials) {
	const httpRequest = (/** @type {any} */ options) =>
		Container.get(OutboundHttp).requests().request(options);
	try {
		await new BusinessPlatformLogInApi().preAuthentication.call(
			/** @type {any} */ ({ helpers: { httpRequest } }),
			credentials,
		);
	} catch (error) {
		return /** @type {Error} */ (error).message;
	}
	throw new Error('the login was expected to fail');
}

/** Everything an item-error run leaves behind: output items, and the error n8n saves with the execution. */
async function itemErrorText(/** @type {Record<string, any>} */ credentials) {
	const texts = [];
	for (const continueOnFail of [true, false]) {
		const run = await runHrLoggingIn(
			{ resource: 'skill', operation: 'create', type: 'x', skills: 'Excel' },
			{ credentials: { ...credentials }, continueOnFail },
		);
		const error = /** @type {any} */ (run.error);
		texts.push(
			JSON.stringify(run.json),
			error
				? JSON.stringify({ ...error, message: error.message, description: error.description })
				: '',
		);
	}
	return texts.join('\n');
}

function expectBlanked(/** @type {string} */ text, /** @type {string} */ secret) {
	// The echo was there and is blanked ("[redacte" where the cut falls inside the marker).
	expect(text).toContain('[redacte');
	for (const run of STARTS_AND_ENDS[secret]) expect(text).not.toContain(run);
}

/** The paths a refused login's answer shows on: the credential's Test and an item's error. */
const LOGIN_PATHS = /** @type {const} */ (['credential Test', 'item error']);

/**
 * What `path` shows after the login, with `secret` as the password, was refused with `answer`:
 * the refusal said, and (item error) no request sent without a token.
 * @param {typeof LOGIN_PATHS[number]} path @param {string} secret
 * @param {{ contentType: string, body: string }} answer
 */
async function refusedLoginText(path, secret, answer) {
	refuseLoginWith(answer);
	const credentials = sandboxLoginCredentials(fixture.sandbox, { loginPassword: secret });
	const text =
		path === 'credential Test'
			? await credentialTestMessage(credentials)
			: await itemErrorText(credentials);
	expect(text).toContain('Log in failed: the platform refused the login');
	if (path === 'item error') expect(fixture.requestsFor('createSkill')).toHaveLength(0);
	return text;
}

describe('an echo of the login password is blanked in every form', () => {
	for (const path of LOGIN_PATHS)
		test.each(CASES)(`%s: ${path}`, async (_, secret, answer) => {
			const text = await refusedLoginText(
				path,
				/** @type {string} */ (secret),
				/** @type {any} */ (answer),
			);
			expectBlanked(text, /** @type {string} */ (secret));
		});
});

/**
 * The twelve forms of issue 43 (item 4) a login answer echoed the password in: all blanked on
 * both paths (harness/echoes.js looks for them independently of the nodes' redaction).
 */
describe('an echo of the login password in any decoding (issue 43)', () => {
	const SECRET = 'Hq7&<Vb9>"Lm3/%+ Zk5é😀Wy8';
	const FORMS = echoForms('demo@acme.sandbox.test');

	test('the oracle sees every form', () => {
		for (const [form, encode] of Object.entries(FORMS)) {
			expect([
				form,
				leakedRuns(SECRET, `Wrong password ${encode(SECRET)} for this user`),
			]).not.toEqual([form, []]);
		}
	});

	const answer = (/** @type {string} */ echo) => ({
		contentType: 'text/plain',
		body: `Wrong password ${echo} for this user`,
	});

	for (const path of LOGIN_PATHS)
		test.each(Object.entries(FORMS))(`%s: ${path}`, async (_, encode) => {
			const text = await refusedLoginText(path, SECRET, answer(encode(SECRET)));
			expect(text).toContain('[redacte');
			expect(leakedRuns(SECRET, text)).toEqual([]);
		});
});

describe('the token a login gives is checked as a pasted User Token is', () => {
	const TOKENS = {
		'a line break inside': 'sbx_tok\r\nX-Injected: 1',
		'a character beyond Latin-1': 'sbx_tok\u0100en_1234',
		'an emoji': 'sbx_tok😀en_1234',
		'3 characters': 'abc',
		// Shorter than the run of a secret blanked out of output (issue 43 item 5).
		'6 characters': 'Ab3dE1',
		'3 characters and a line break': 'abc\r\n',
	};

	test.each(Object.entries(TOKENS))(
		'%s: the items fail naming the login and Login Token Path, nothing is sent with it',
		async (_, token) => {
			fixture.sandbox.inject({
				operation: 'login',
				status: 200,
				times: Infinity,
				body: { status: true, data: { token } },
			});
			const credentials = sandboxLoginCredentials(fixture.sandbox);
			const { json } = await runHrLoggingIn(
				{ resource: 'skill', operation: 'create', type: 'x', skills: 'Excel' },
				{ credentials, continueOnFail: true },
			);
			expect(json[0].error).toMatch(/^Log in failed: The token at "data\.token" /);
			expect(json[0].description).toContain('"Login Token Path"');
			expect(JSON.stringify(json)).not.toContain(token.trim());
			expect(credentials.loginToken).toBe('');
			expect(fixture.requestsFor('createSkill')).toHaveLength(0);

			expect(await credentialTestMessage(sandboxLoginCredentials(fixture.sandbox))).toMatch(
				/^Log in failed: The token at "data\.token" /,
			);
		},
	);

	test.each(Object.entries(TOKENS))(
		'%s as a pasted User Token: refused the same way, naming the field',
		async (_, token) => {
			const { json } = await runHr(
				{ resource: 'skill', operation: 'create', type: 'x', skills: 'Excel' },
				{ credentials: { ...fixture.credentials, userToken: token }, continueOnFail: true },
			);
			expect(String(json[0].error)).toMatch(/^The credential field "User Token" /);
			expect(JSON.stringify(json)).not.toContain(token.trim());
			expect(fixture.requestsFor()).toHaveLength(0);
		},
	);
});
