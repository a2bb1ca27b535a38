// @ts-check
/**
 * Redaction leaves ordinary output data alone (issue 52 item 3): every case the issue found
 * altered comes back byte for byte, through n8n-core's engine (HR → Skill → Create, whose answer
 * the sandbox gives as injected, with credentials differing in one field) and in the data walk
 * itself; a whole occurrence of a secret is still blanked, and the run says where in a hint
 * that never quotes the value. The echo forms in error texts: test/redaction.test.js.
 */
const { useSandbox } = require('./harness/fixture');
const { sandboxLoginCredentials } = require('../sandbox/credentials');
const { DataSecrets, dataFormsOf } = require('../nodes/shared/credential/dataSecrets');
const {
	dataSecretsOf,
	cleanData,
	redact,
	secretsOf,
} = require('../nodes/shared/credential/redaction');

const fixture = useSandbox();
const runHr = fixture.runner('businessPlatformHr');
const runHrLoggingIn = fixture.runner('businessPlatformHr', { authentication: 'login' });
const SKILL = { resource: 'skill', operation: 'create', type: 'reports', skills: 'Excel' };

const API_KEY_UUID = '550e8400-e29b-41d4-a716-446655440000';

/**
 * The issue's table: a credential field's value, and platform data that holds it only inside
 * a word or a number, or as an identifier.
 * @type {Array<{ field: string, value: string, data: string[] }>}
 */
const ROWS = [
	{ field: 'apiConnection', value: 'mysql', data: ['Migrate the MySQL reports'] },
	{ field: 'apiConnection', value: 'default', data: ['Default warehouse; uses default'] },
	{ field: 'businessKey', value: 'store', data: ['restored', 'datastore'] },
	{ field: 'loginPassword', value: 'Welcome2024', data: ['Income2024 report'] },
	{ field: 'loginPassword', value: 'Password1', data: ['user reset Password123 policy'] },
	{
		field: 'clientUuid',
		value: '00000000-0000-0000-0000-000000000000',
		data: ['Budget 100000000 SAR'],
	},
	{
		field: 'apiKey',
		value: API_KEY_UUID,
		data: ['7d444840-e29b-41d4-9a3c-0e2f1c3b5a77', 'ref 9f1c2d3e-e29b-41d4-a716-0a0b0c0d0e0f'],
	},
];

/** The Skill → Create answer, holding `texts` in a text field, a list and a nested record. @param {string[]} texts */
function skillAnswer(texts) {
	return {
		status: true,
		message: texts.join(' | '),
		response: { id: 7, type: texts[0], skills: texts, notes: { text: texts.join('\n') } },
	};
}

/**
 * Runs Skill → Create with the credential's `field` set to `value`, the platform answering
 * `answer` (a password is the Log In credential's: its login is answered too).
 * @param {string} field @param {string} value @param {unknown} answer
 */
async function runWith(field, value, answer) {
	fixture.resetPlatform();
	fixture.sandbox.inject({ operation: 'createSkill', status: 200, body: answer });
	if (field !== 'loginPassword')
		return runHr(SKILL, { credentials: { ...fixture.credentials, [field]: value } });
	fixture.sandbox.inject({
		operation: 'login',
		status: 200,
		body: { data: { token: fixture.sandbox.credentials.userToken } },
	});
	return runHrLoggingIn(SKILL, {
		credentials: sandboxLoginCredentials(fixture.sandbox, { loginPassword: value }),
	});
}

describe("the issue's table: ordinary data comes back byte for byte", () => {
	test.each(ROWS)('$field $value: $data', async ({ field, value, data }) => {
		const answer = skillAnswer(data);
		const run = await runWith(field, value, answer);
		expect(run.error).toBeUndefined();
		expect(run.json).toEqual([answer.response]);
		// No hint of a value blanked (a login says its own).
		expect(run.hints.filter((hint) => hint.message.includes('[redacted]'))).toEqual([]);
	});

	test.each(ROWS)('$field $value, in the data walk', ({ field, value, data }) => {
		const credential = {
			dataSecrets: dataSecretsOf(
				{ [field]: value },
				new Map([['', field === 'businessKey' ? value : '']]),
			),
		};
		const answer = skillAnswer(data);
		expect(cleanData(credential, answer)).toBe(answer);
	});
});

describe('a whole occurrence of a secret is blanked, and the hint says where', () => {
	test('through the engine: the field and the credential field, never the value', async () => {
		const answer = skillAnswer([`key ${API_KEY_UUID}.`, 'Migrate the MySQL reports']);
		const run = await runWith('apiKey', API_KEY_UUID, answer);
		expect(run.error).toBeUndefined();
		expect(run.json[0].type).toBe('key [redacted].');
		expect(run.json[0].skills).toEqual(['key [redacted].', 'Migrate the MySQL reports']);
		expect(run.json[0].notes).toEqual({ text: 'key [redacted].\nMigrate the MySQL reports' });
		const hints = run.hints.map((hint) => hint.message);
		expect(run.hints.every((hint) => hint.location === 'outputPane')).toBe(true);
		expect(hints).toEqual([
			...['type', 'skills', 'notes.text', 'message'].map(
				(path) =>
					`The platform's answer held the value of the credential's "API Key" in its field "${path}": the node replaced it with "[redacted]" there and left the rest of the field as the platform sent it.`,
			),
		]);
		expect(JSON.stringify(run.hints)).not.toContain(API_KEY_UUID);
	});

	test('an identifier in data is left alone, and still blanked out of error texts', async () => {
		const c = fixture.sandbox.credentials;
		const said = `connection ${c.apiConnection}, uuid ${c.clientUuid}`;
		const kept = await runWith('apiKey', c.apiKey, skillAnswer([said]));
		expect(kept.json[0].type).toBe(said);

		fixture.resetPlatform();
		fixture.sandbox.inject({
			operation: 'createSkill',
			status: 422,
			body: { status: false, message: said },
		});
		const failed = await runHr(SKILL, { continueOnFail: true });
		const text = JSON.stringify(failed.json);
		expect(text).toContain('connection [redacted], uuid [redacted]');
		expect(text).not.toContain(c.apiConnection);
		expect(text).not.toContain(c.clientUuid);
	});
});

describe('whole occurrences (dataSecrets.ts)', () => {
	const KEY = 'Tk9-x/Q2+é';
	const secrets = new DataSecrets([{ value: KEY, field: 'API Key' }], 'demo@acme.test');
	const blank = (/** @type {string} */ text) => secrets.blankOut(text, ['note']);

	test.each([
		['as typed, between spaces', `a ${KEY} b`],
		['at both ends', KEY],
		['after punctuation', `(${KEY})`],
		['upper case', `"${KEY.toUpperCase()}"`],
		['in a query string', `?key=${encodeURIComponent(KEY)}&x=1`],
		[
			'percent-encoded three times',
			encodeURIComponent(encodeURIComponent(encodeURIComponent(KEY))),
		],
		['lower-case percent-encoding', encodeURIComponent(KEY).toLowerCase()],
		['base64 with its padding', Buffer.from(KEY).toString('base64')],
		[
			'base64 of identifier:secret',
			`Basic ${Buffer.from(`demo@acme.test:${KEY}`).toString('base64')}`,
		],
		['decomposed (NFD)', KEY.normalize('NFD')],
		[
			'JSON-escaped as PHP writes it',
			JSON.stringify(KEY).slice(1, -1).replace(/\//g, '\\/').replace('é', '\\u00e9'),
		],
		['escape()', escape(KEY)],
		['HTML-escaped (OWASP)', KEY.replace(/\//g, '&#x2F;')],
		['beside a dash or a no-break space', `—${KEY}\u00a0`],
	])('%s: blanked', (_, text) => {
		expect(blank(text)).toContain('[redacted]');
		expect(blank(text)).not.toMatch(/Tk9|Q2/i);
	});

	test.each([
		['inside a word', `x${KEY}`],
		['followed by a letter', `${KEY}s`],
		['followed by an accented letter', `${KEY}é`],
		['followed by a digit', `${KEY}1`],
		['followed by a combining mark', `${KEY}\u0301`],
		['a part of it', KEY.slice(0, 7)],
	])('%s: kept byte for byte', (_, text) => {
		expect(blank(text)).toBe(text);
	});

	test('the hint: one per field, naming each credential field it matched, the rest counted', () => {
		const run = new DataSecrets([
			{ value: 'key-one-1234', field: 'API Key' },
			{ value: 'key-two-5678', field: 'Platform Key' },
		]);
		const answer = {
			data: [{ note: 'key-one-1234 key-two-5678 key-one-1234' }],
			a: 'key-one-1234',
			b: ['key-one-1234'],
			c: { d: 'key-one-1234' },
			e: 'key-one-1234',
			f: 'key-one-1234',
		};
		cleanData({ dataSecrets: run }, answer);
		const hints = run.hints();
		expect(hints[0]).toBe(
			`The platform's answer held the value of the credential's "API Key" (2 times) and "Platform Key" in its field "note": the node replaced it with "[redacted]" there and left the rest of the field as the platform sent it.`,
		);
		expect(hints.slice(1, 5).map((hint) => /field "([^"]+)"/.exec(hint)?.[1])).toEqual([
			'a',
			'b',
			'c.d',
			'e',
		]);
		expect(hints.slice(5)).toEqual(['The same was done in 1 more of its fields.']);
		expect(hints.join(' ')).not.toMatch(/key-one|key-two/);
	});

	test('every form is looked for whole, once', () => {
		const forms = dataFormsOf('a b', '');
		expect(forms).toEqual([...new Set(forms)]);
		expect(forms).toEqual(
			expect.arrayContaining(['a b', 'a%20b', 'a%2520b', 'a%252520b', 'a+b', 'ysbi']),
		);
	});

	test('error texts keep the stricter rule: a run of the secret inside a word', () => {
		const run = { secrets: secretsOf({ loginPassword: 'Password1' }, new Map()) };
		expect(redact(run, 'user reset Password123 policy')).not.toContain('Password1');
	});
});
