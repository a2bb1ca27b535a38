// @ts-check
/**
 * The forms a platform was seen echoing a secret in (issue 43 item 4), and an oracle that
 * finds an echo independently of the nodes' redaction: a run of 8 characters of the secret,
 * without case, in a text or in any of its decodings (applied to each other three times over).
 */

const base64 = (/** @type {string} */ text) => Buffer.from(text).toString('base64');
const pythonBytes = (/** @type {string} */ text) =>
	[...Buffer.from(text)]
		.map((b) =>
			b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : `\\x${b.toString(16).padStart(2, '0')}`,
		)
		.join('');
const htmlNamed = (/** @type {string} */ text) =>
	text
		.replace(/&/g, '&amp;')
		.replace(/</g, '&lt;')
		.replace(/>/g, '&gt;')
		.replace(/"/g, '&quot;')
		.replace(/é/g, '&eacute;');

/**
 * The twelve forms, by name: two blanked before issue 43, and the ten that leaked.
 * @param {string} identifier the user name a Basic header pairs the secret with
 * @returns {Record<string, (secret: string) => string>}
 */
const echoForms = (identifier) => ({
	'as typed': (secret) => secret,
	'percent-encoded': (secret) => encodeURIComponent(secret),
	base64: (secret) => base64(secret),
	'base64 of identifier:secret, as in a Basic header': (secret) =>
		base64(`${identifier}:${secret}`),
	// After "Wrong password ", the secret's encoding starts before the 300-character cut and ends after it.
	'base64 across the 300-character cut': (secret) =>
		`${'see the log '.repeat(20)}${base64(`${identifier}:${secret}`)}`,
	'percent-encoded twice': (secret) => encodeURIComponent(encodeURIComponent(secret)),
	'HTML named entities': (secret) => htmlNamed(secret),
	"JavaScript's escape()": (secret) => escape(secret),
	'decomposed (NFD)': (secret) => secret.normalize('NFD'),
	'upper case': (secret) => secret.toUpperCase(),
	'its first 13 characters': (secret) => secret.slice(0, 13),
	'Python byte escapes': (secret) => `b'${pythonBytes(secret)}'`,
});

/** @type {Record<string, string>} */
const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', eacute: 'é' };

/** @type {Array<(text: string) => string>} */
const DECODINGS = [
	// JSON as the tests print what the user is shown.
	(t) => t.replace(/\\(["\\/])/g, '$1'),
	(t) =>
		t.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
			try {
				return decodeURIComponent(run);
			} catch {
				return run;
			}
		}),
	(t) => unescape(t),
	(t) => t.replace(/&(amp|lt|gt|quot|eacute);/g, (_, name) => ENTITIES[name]),
	(t) =>
		t.replace(/(?:\\x[0-9a-f]{2})+/gi, (run) =>
			Buffer.from(run.replace(/\\x/gi, ''), 'hex').toString('utf8'),
		),
	(t) =>
		t.replace(/[A-Za-z0-9+/]{12,}={0,2}/g, (run) => Buffer.from(run, 'base64').toString('utf8')),
];

/**
 * The runs of 8 characters of `secret` that `text` shows, as it is or decoded.
 * @param {string} secret @param {string} text
 */
function leakedRuns(secret, text) {
	let texts = [text];
	for (let round = 0; round < 3; round++) {
		texts = [...new Set([...texts, ...texts.flatMap((t) => DECODINGS.map((decode) => decode(t)))])];
	}
	const fold = (/** @type {string} */ t) => t.normalize('NFC').toLowerCase();
	const folded = texts.map(fold);
	const runs = [];
	for (let at = 0; at + 8 <= secret.length; at++) {
		const run = fold(secret).slice(at, at + 8);
		if (folded.some((t) => t.includes(run))) runs.push(run);
	}
	return runs;
}

module.exports = { echoForms, leakedRuns };
