// @ts-check
/**
 * Error texts with the credential's secrets blanked out (nodes/shared/credential/secretEchoes.ts),
 * to the character: what is blanked, and that the text around it stays as it was.
 */
const {
	dataSecretsOf,
	learnSecret,
	redact,
	secretsOf,
} = require('../../nodes/shared/credential/redaction');

/** `text` as an error shows it, with `secret` the credential's password. */
const shown = (/** @type {string} */ secret, /** @type {string} */ text) =>
	redact({ secrets: secretsOf({ loginPassword: secret }, new Map()) }, text);

test('a run of a secret inside a word is blanked, and nothing around it', () => {
	// "password" alone is an ordinary word: only the runs holding the digit count.
	expect(shown('Password1', 'user reset Password123 policy')).toBe(
		'user reset P[redacted]23 policy',
	);
	expect(shown('s3cr3tKey9', 'key s3cr3tKey9; next')).toBe('key [redacted]; next');
});

test('a secret shorter than a run is blanked wherever it shows, ignoring case', () => {
	expect(shown('store', 'restored datastore, Store: store!')).toBe(
		're[redacted]d data[redacted], [redacted]: [redacted]!',
	);
	expect(shown('store', 'store restored')).toBe('[redacted] re[redacted]d');
	// A text shorter than a run is searched for the short secrets.
	expect(shown('store', 'store!')).toBe('[redacted]!');
});

test('accented text before the secret: the blank lands on the secret', () => {
	expect(shown('s3cr3tKey9', 'Café über Straße: s3cr3tKey9, end')).toBe(
		'Café über Straße: [redacted], end',
	);
	expect(shown('s3cr3tKey9', 'Ｃａｆé s3cr3tKéy9 ﬃ end')).toBe('Ｃａｆé [redacted] ﬃ end');
	// An accent typed apart, and Hangul, which NFD splits into letters: the compared text is
	// shorter or longer than the one shown.
	expect(shown('s3cr3tKey9', 'Cafe\u0301 한국 s3cr3tKey9 end')).toBe(
		'Cafe\u0301 한국 [redacted] end',
	);
	// A space written as form-encoding's "+" or a no-break space, in such a text.
	expect(shown('my secret 99', 'Café: my+secret+99 end')).toBe('Café: [redacted] end');
	expect(shown('my secret 99', 'Café: my\u00a0secret\u00a099 end')).toBe('Café: [redacted] end');
});

test("escapes no run of the text shows: JavaScript's \\u{X} and Python's \\UXXXXXXXX", () => {
	expect(shown('s3cr3tKey9', 'x \\u{73}3c\\u{72}3t\\u{4b}ey\\u{39} y')).toBe('x [redacted] y');
	expect(shown('s3cr3tKey9', 'x \\U000000733c\\U000000723t\\U0000004bey\\U00000039 y')).toBe(
		'x [redacted] y',
	);
});

/** `text` percent-encoded byte by byte, as UTF-8. */
const percent = (/** @type {string} */ text) =>
	[...Buffer.from(text)].map((byte) => `%${byte.toString(16)}`).join('');

test('escapes that stand for no character are left as they are, and the echo after them is found', () => {
	// Past the last code point, an entity no one defined, bytes that are no UTF-8.
	expect(
		shown('s3cr3tKey9', `&#x110000; \\u{110000} &nosuchentity; x ${percent('s3cr3tKey9')} y`),
	).toBe('&#x110000; \\u{110000} &nosuchentity; x [redacted] y');
	// %e2 starts three bytes; %41 ("A") cannot continue them: it is the secret's first letter.
	expect(shown('Abcdef12', `x %e2%82${percent('Abcdef12')} y`)).toBe('x %e2%82[redacted] y');
});

test('the last code point, U+10FFFF, is decoded', () => {
	expect(shown('abc\u{10ffff}defgh1', 'x abc\\u{10ffff}defgh1 y')).toBe('x [redacted] y');
	expect(shown('abc\u{10ffff}defgh1', 'x abc&#x10ffff;defgh1 y')).toBe('x [redacted] y');
});

test('a run that ends the text is found wherever it starts', () => {
	// The run's only piece the search looks at (every 5th character) ends with the text.
	expect(shown('Abcdef12', ':Abcdef12')).toBe(':[redacted]');
});

test('an echo found in a decoding is blanked as that decoding shows it, not decoded further', () => {
	// The secret holds "%41": percent-encoded once it reads "%2541", decoded twice "A".
	expect(shown('ab%41cdef9', 'x ab%2541cdef9 y')).toBe('x [redacted] y');
});

test('echoes found in decodings before plain ones are blanked in place', () => {
	expect(
		shown('s3cr3tKey9', `${percent('s3cr3tKey9')} and s3cr3tKey9 and ${percent('s3cr3tKey9')}`),
	).toBe('[redacted] and [redacted] and [redacted]');
});

test('percent-encoding three layers deep is decoded: MAX_DECODINGS', () => {
	expect(shown('s3cr3tKey9', `x ${percent('s3cr3tKey9').replaceAll('%', '%2525')} y`)).toBe(
		'x [redacted] y',
	);
});

test("a token learnt during the run (a login's) is blanked from then on", () => {
	const credential = {
		secrets: secretsOf({ loginPassword: 'Password1' }, new Map()),
		dataSecrets: dataSecretsOf({}, new Map()),
	};
	// Long enough to be searched: the secrets' runs are built, and kept for the next text.
	expect(redact(credential, 'a first error text of the run')).toBe('a first error text of the run');
	learnSecret(credential, 't0ken-learnt-42');
	expect(redact(credential, 'token t0ken-learnt-42 refused')).toBe('token [redacted] refused');
});

test('base64 echoes count even where a run is letters only', () => {
	// "nrXzH3BlA" is "bnJYekgzQmxB" in base64: letters only, no ordinary word.
	expect(shown('nrXzH3BlA', 'Basic bnJYekgzQmxB ok')).toBe('Basic [redacted] ok');
});

test('lower case keeps the length of every character NFD leaves as it is (foldText relies on it)', () => {
	const changed = [];
	for (let code = 0; code <= 0x10ffff; code++) {
		if (code >= 0xd800 && code <= 0xdfff) continue;
		const character = String.fromCodePoint(code);
		if (character.normalize('NFD') !== character) continue;
		if (character.toLowerCase().length !== character.length) changed.push(code.toString(16));
	}
	expect(changed).toEqual([]);
});
