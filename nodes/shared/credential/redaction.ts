/**
 * Secrets never reach the user: credential values are blanked out of error texts and out of
 * any response data that echoes them, and password-like response fields are removed.
 */
import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { SECRET_FIELDS } from './fields';
import { ParameterError } from '../platform/errors';
import { mapLeaves } from '../platform/envelope';
import { assertHeaderSafe } from '../values/wire';

/**
 * Field names whose values are secrets in any response (the spec's employee and branch
 * records carry `password` and `remember_token`): passwords, tokens, keys and secrets.
 */
const SECRET_FIELD =
	/^(.*password.*|.*token|.*api_?key|.*business_?key|.*private_?key|.*secret.*)$/i;

/** Whether a response field holds a password-like value that never reaches the output. */
function isSecretField(key: string): boolean {
	return SECRET_FIELD.test(key);
}

interface HasSecrets {
	/** Secret values to blank out of anything shown to the user. */
	secrets: string[];
}

/**
 * The one threshold of secrets (issue 43 item 5): a run of this many characters of a secret is
 * blanked wherever it shows (a shorter secret, whole), in error texts and output data alike,
 * and a user token (pasted or given by the login) must be at least this long: one a platform
 * echoes is blanked in output as in errors.
 */
const MIN_SECRET_RUN = 8;

/**
 * A user token, pasted or given by the login, checked before it is sent: as every header
 * value (no line break or control character, nothing beyond Latin-1), and long enough to be
 * blanked out of errors and output. Refused naming `parameter`, never quoting the token.
 */
export function assertUsableUserToken(token: string, parameter: string): string {
	assertHeaderSafe(token, parameter);
	if (token.length < MIN_SECRET_RUN) {
		throw new ParameterError(
			parameter,
			`is shorter than ${MIN_SECRET_RUN} characters, too short for a user token (and to be kept out of errors and output)`,
		);
	}
	return token;
}

const REDACTED = '[redacted]';

/**
 * The credential's secret values, business keys included: each as typed and trimmed (a
 * header value reaches the platform without the whitespace around it, and may come back so).
 */
export function secretsOf(
	credentials: ICredentialDataDecryptedObject,
	businessKeys: Map<string, string>,
): string[] {
	const values = [
		...SECRET_FIELDS.map((field) => String(credentials[field] ?? '')),
		...businessKeys.values(),
	].flatMap((value) => [value, value.trim()]);
	return [...new Set(values)].filter((value) => foldText(value).text.trim() !== '');
}

/** Adds a token learnt during the run (a login's) to the secrets its texts and output never show. */
export function learnSecret(run: HasSecrets, token: string): void {
	if (!run.secrets.includes(token)) run.secrets.push(token);
}

/*
 * How an echo is found. A secret shows in a text when a run of MIN_SECRET_RUN of its characters
 * does (all of it when it is shorter, or has no run but of letters), compared without case,
 * accents or the difference between a space and `+`, in the text as it is and in its decodings:
 * percent-encoding (UTF-8 bytes, `%uXXXX` as JavaScript's escape() writes, nested), backslash
 * escapes (JSON's `\uXXXX` and `\/`, Python's `\xc3\xa9`) and HTML entities (numeric and named,
 * `&eacute;`). Base64 is not decoded: the secret's own base64, at each byte alignment, is looked
 * for as a secret is, so it is found alone or inside `identifier:secret` as in a Basic header.
 * What matches is blanked in the text as given: each decoded character keeps the span of the
 * text it came from.
 */

/** Where each character of a view came from in the original text; undefined: the same place. */
interface View {
	text: string;
	from?: number[];
	to?: number[];
}

/** The accents NFD splits off Latin (and Greek, Cyrillic) letters. */
const ACCENTS = /[\u0300-\u036f]/g;
const NOT_ASCII = /[\u0080-\uffff]/;
const FOLDS_APART = /\u00a0|[\u0300-\u036f]/;

/** One character as compared: no accent, lower case, `+` and a no-break space as a space. */
function foldCharacter(character: string): string {
	if (character === '+' || character === '\u00a0') return ' ';
	if (character.charCodeAt(0) < 0x80) return character.toLowerCase();
	return character.normalize('NFD').replace(ACCENTS, '').toLowerCase();
}

/** `text` lower case, `+` as a space (form-encoding writes a space so): what ASCII folds to. */
const foldAscii = (text: string) => {
	const lower = text.toLowerCase();
	return lower.includes('+') ? lower.replaceAll('+', ' ') : lower;
};

/** `text` as compared; `samePlaces`: each of its characters where it was in `text`. */
function foldText(text: string): { text: string; samePlaces: boolean } {
	if (!NOT_ASCII.test(text)) return { text: foldAscii(text), samePlaces: true };
	const decomposed = text.normalize('NFD');
	const bare = FOLDS_APART.test(decomposed)
		? decomposed.replace(ACCENTS, '').replaceAll('\u00a0', '+')
		: decomposed;
	const folded = foldAscii(bare);
	// Most text (Arabic included) has no accent to drop: each character stays where it was.
	return {
		text: folded,
		samePlaces: decomposed === text && bare === decomposed && folded.length === text.length,
	};
}

/** `text` as compared, with where each of its characters came from in `text`: built only for a text that shows a secret. */
function foldWithPlaces(text: string): View {
	const from: number[] = [];
	const to: number[] = [];
	let folded = '';
	let at = 0;
	for (const character of text) {
		const same = foldCharacter(character);
		folded += same;
		for (let i = 0; i < same.length; i++) {
			from.push(at);
			to.push(at + character.length);
		}
		at += character.length;
	}
	return { text: folded, from, to };
}

/** Runs of a secret that count: a run of letters only is an ordinary word ("password"), not a sign of the secret. */
const ORDINARY_WORD = /^\p{L}+$/u;
/**
 * Runs are looked for where a text holds one of their 4-character pieces, checked at every 5th
 * place: a run of 8 always holds the piece at one of those. Pieces are kept as hashed bits, so
 * a text costs no string of its own per place.
 */
const PIECE = 4;
const PIECE_STRIDE = MIN_SECRET_RUN - PIECE + 1;
const PIECE_BITS = 1 << 18;

/** The hash of the 4 characters of `text` at `at`. */
function pieceHash(text: string, at: number): number {
	let hash = 0;
	for (let i = at; i < at + PIECE; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x9e3779b1);
	return (hash >>> 0) % PIECE_BITS;
}

/** The folded runs of a run's secrets, to look up. */
interface SecretRuns {
	/** How many secrets the list had when built: a token learnt by a login is added to it. */
	count: number;
	runs: Set<string>;
	/** A bit set by pieceHash for each piece of a run: a text's piece with its bit clear is in no run. */
	pieces: Uint8Array;
	/** Secrets shorter than a run, folded, and those with no run that counts: found whole. */
	whole: string[];
}

/**
 * A secret as base64 may write it inside a longer text (`identifier:secret` as in a Basic
 * header): at each of the three byte alignments, standard and URL-safe, without the characters
 * that share bits with its neighbours.
 */
function base64Forms(secret: string): string[] {
	const bytes = Buffer.from(secret);
	return [0, 1, 2].flatMap((shift) => {
		const encoded = Buffer.concat([Buffer.alloc(shift), bytes]).toString('base64');
		const from = shift === 0 ? 0 : Math.ceil((shift * 8) / 6);
		const to = Math.floor(((shift + bytes.length) * 8) / 6);
		const stable = encoded.slice(from, to);
		return [stable, stable.replace(/\+/g, '-').replace(/\//g, '_')];
	});
}

function runsOf(secrets: string[]): SecretRuns {
	const found: SecretRuns = {
		count: secrets.length,
		runs: new Set(),
		pieces: new Uint8Array(PIECE_BITS / 8),
		whole: [],
	};
	const add = (form: string, wordsCount: boolean) => {
		const { text } = foldText(form);
		let counted = false;
		for (let at = 0; at + MIN_SECRET_RUN <= text.length; at++) {
			const run = text.slice(at, at + MIN_SECRET_RUN);
			if (!wordsCount && ORDINARY_WORD.test(run)) continue;
			counted = true;
			found.runs.add(run);
			for (let piece = 0; piece + PIECE <= MIN_SECRET_RUN; piece++) {
				const hash = pieceHash(run, piece);
				found.pieces[hash >> 3] |= 1 << (hash & 7);
			}
		}
		return counted;
	};
	for (const secret of secrets) {
		if (!add(secret, false)) {
			const { text } = foldText(secret);
			if (text.trim() !== '') found.whole.push(text);
		}
		// An encoding is no word: every run of it counts.
		for (const encoded of base64Forms(secret)) add(encoded, true);
	}
	return found;
}

/** The runs of a run's secrets, built once per secrets list and kept while the list is. */
const runsBySecrets = new WeakMap<string[], SecretRuns>();

function secretRunsOf(secrets: string[]): SecretRuns {
	let runs = runsBySecrets.get(secrets);
	if (!runs || runs.count !== secrets.length) {
		runs = runsOf(secrets);
		runsBySecrets.set(secrets, runs);
	}
	return runs;
}

type Span = [number, number];

/** Spans of `folded` holding a run of a secret. */
function spansIn(secrets: SecretRuns, folded: string): Span[] {
	const spans: Span[] = [];
	const last = folded.length - MIN_SECRET_RUN;
	for (let piece = 0; piece + PIECE <= folded.length && last >= 0; piece += PIECE_STRIDE) {
		const hash = pieceHash(folded, piece);
		if ((secrets.pieces[hash >> 3] & (1 << (hash & 7))) === 0) continue;
		// The runs holding this piece start at most MIN_SECRET_RUN - PIECE before it.
		for (let at = Math.max(0, piece - MIN_SECRET_RUN + PIECE); at <= Math.min(piece, last); at++) {
			if (secrets.runs.has(folded.slice(at, at + MIN_SECRET_RUN))) {
				spans.push([at, at + MIN_SECRET_RUN]);
			}
		}
	}
	for (const secret of secrets.whole) {
		for (let at = folded.indexOf(secret); at >= 0; at = folded.indexOf(secret, at + 1)) {
			spans.push([at, at + secret.length]);
		}
	}
	return spans;
}

/** A span of `view` as a span of the text it was decoded from. */
function spanBack(view: View, [start, end]: Span): Span {
	return [view.from?.[start] ?? start, view.to?.[end - 1] ?? end];
}

/** Spans of the original text, by `view`, holding a run of a secret. */
function echoesIn(secrets: SecretRuns, view: View, out: Span[]): void {
	const folded = foldText(view.text);
	let spans = spansIn(secrets, folded.text);
	if (spans.length === 0) return;
	let places: View = folded;
	if (!folded.samePlaces) {
		places = foldWithPlaces(view.text);
		spans = spansIn(secrets, places.text);
	}
	for (const span of spans) out.push(spanBack(view, spanBack(places, span)));
}

/** Percent-encoding nested more than this is not looked into. */
const MAX_DECODINGS = 3;

/**
 * One escape: `%uXXXX`, `%XX`, `\u{X}`, `\uXXXX`, Python's `\UXXXXXXXX` (a case of its own: not
 * `\u` and 8 characters), `\xXX`, `\` and any character, `&#xX;`, `&#N;`, `&name;`.
 */
const ESCAPE =
	/%u([0-9a-fA-F]{4})|%([0-9a-fA-F]{2})|\\u\{([0-9a-fA-F]{1,6})\}|\\u([0-9a-fA-F]{4})|\\U([0-9a-fA-F]{8})|\\x([0-9a-fA-F]{2})|\\([^\r\n])|&#[xX]([0-9a-fA-F]{1,6});?|&#([0-9]{1,7});?|&([a-zA-Z][a-zA-Z0-9]{1,31});/g;

/** ESCAPE without `g`: testing with it would move where matchAll starts. */
const ANY_ESCAPE = new RegExp(ESCAPE.source);

/** Whether `text` holds an escape to decode: most texts do not, and are only looked up as they are. */
function hasEscape(text: string): boolean {
	if (!text.includes('%') && !text.includes('&') && !text.includes('\\')) return false;
	return ANY_ESCAPE.test(text);
}

const NAMED_ENTITIES: Record<string, string> = {
	amp: '&',
	lt: '<',
	gt: '>',
	quot: '"',
	apos: "'",
	sol: '/',
	bsol: '\\',
	nbsp: ' ',
	excl: '!',
	num: '#',
	dollar: '$',
	percnt: '%',
	lpar: '(',
	rpar: ')',
	ast: '*',
	plus: '+',
	comma: ',',
	period: '.',
	colon: ':',
	semi: ';',
	equals: '=',
	quest: '?',
	commat: '@',
	lsqb: '[',
	rsqb: ']',
	lowbar: '_',
	grave: '`',
	lcub: '{',
	rcub: '}',
	verbar: '|',
	tilde: '~',
	hat: '^',
	euro: '€',
	pound: '£',
	yen: '¥',
	cent: '¢',
	sect: '§',
	deg: '°',
	szlig: 'ß',
	aelig: 'æ',
	oslash: 'ø',
	eth: 'ð',
	thorn: 'þ',
};

/** `&eacute;` and its kind: a letter and an accent, which folding drops anyway. */
const ACCENTED_LETTER =
	/^([a-z])(acute|grave|circ|uml|tilde|ring|cedil|caron|macr|breve|dot|ogon|dblac)$/i;

/** A named entity's character, or undefined for a name not known here. */
function namedEntity(name: string): string | undefined {
	return NAMED_ENTITIES[name.toLowerCase()] ?? ACCENTED_LETTER.exec(name)?.[1];
}

const BACKSLASH_ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };

function fromCodePoint(code: number): string | undefined {
	return code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
}

/**
 * Builds a decoded view; `placed`: each character with the span of the original text it came
 * from (only needed once a secret shows in the decoding, which is rare).
 */
class Decoding {
	text = '';
	readonly from: number[] = [];
	readonly to: number[] = [];
	/** Bytes in a row (`%C3%A9`, `\xc3\xa9`), decoded together as UTF-8, with their spans. */
	private bytes: Array<{ byte: number; span: Span }> = [];

	constructor(
		private readonly source: View,
		private readonly placed: boolean,
	) {}

	/** The original span of `source`'s characters [start, end). */
	private spanOf(start: number, end: number): Span {
		return this.placed ? spanBack(this.source, [start, end]) : [0, 0];
	}

	add(characters: string, [from, to]: Span): void {
		this.text += characters;
		for (let i = 0; this.placed && i < characters.length; i++) {
			this.from.push(from);
			this.to.push(to);
		}
	}

	copy(start: number, end: number): void {
		// Nothing between two bytes: they stay one sequence.
		if (start === end) return;
		this.flushBytes();
		const { text, from, to } = this.source;
		this.text += text.slice(start, end);
		for (let at = start; this.placed && at < end; at++) {
			this.from.push(from?.[at] ?? at);
			this.to.push(to?.[at] ?? at + 1);
		}
	}

	escape(characters: string, start: number, end: number): void {
		this.flushBytes();
		this.add(characters, this.spanOf(start, end));
	}

	byte(byte: number, start: number, end: number): void {
		this.bytes.push({ byte, span: this.spanOf(start, end) });
	}

	/** UTF-8 where the bytes are (a secret's non-ASCII characters), Latin-1 where they are not. */
	flushBytes(): void {
		const bytes = this.bytes;
		this.bytes = [];
		for (let at = 0; at < bytes.length; ) {
			const lead = bytes[at].byte;
			const length = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
			const sequence = bytes.slice(at, at + length);
			const valid =
				length > 1 &&
				sequence.length === length &&
				sequence.slice(1).every(({ byte }) => (byte & 0xc0) === 0x80);
			const take = valid ? length : 1;
			const characters = valid
				? Buffer.from(sequence.map(({ byte }) => byte)).toString('utf8')
				: String.fromCharCode(lead);
			this.add(characters, [bytes[at].span[0], bytes[at + take - 1].span[1]]);
			at += take;
		}
	}

	view(): View {
		this.flushBytes();
		return this.placed ? { text: this.text, from: this.from, to: this.to } : { text: this.text };
	}
}

/** The character one escape (a match of ESCAPE, not a byte) stands for; undefined for an unknown name. */
function unescape(match: RegExpMatchArray): string | undefined {
	const [, jsUnit, , braced, jsonUnit, long, , escaped, htmlHex, htmlDecimal, name] = match;
	const unit = jsUnit ?? jsonUnit;
	if (unit) return String.fromCharCode(parseInt(unit, 16));
	const hexCode = braced ?? long ?? htmlHex;
	if (hexCode) return fromCodePoint(parseInt(hexCode, 16));
	if (htmlDecimal) return fromCodePoint(parseInt(htmlDecimal, 10));
	if (escaped) return BACKSLASH_ESCAPES[escaped] ?? escaped;
	return name ? namedEntity(name) : undefined;
}

/** `view` with one layer of escapes decoded; `placed`: with where each character came from. */
function decodeOnce(view: View, placed: boolean): View {
	const decoding = new Decoding(view, placed);
	let copied = 0;
	for (const match of view.text.matchAll(ESCAPE)) {
		const start = match.index;
		const end = start + match[0].length;
		const byte = match[2] ?? match[6];
		const character = byte === undefined ? unescape(match) : undefined;
		if (byte === undefined && character === undefined) continue;
		decoding.copy(copied, start);
		if (byte !== undefined) decoding.byte(parseInt(byte, 16), start, end);
		else decoding.escape(character as string, start, end);
		copied = end;
	}
	decoding.copy(copied, view.text.length);
	return decoding.view();
}

/** Spans of `text` that echo a secret, as it is or in a decoding. */
function echoSpans(secrets: SecretRuns, text: string): Span[] {
	const spans: Span[] = [];
	echoesIn(secrets, { text }, spans);
	let decoded = text;
	for (let depth = 1; depth <= MAX_DECODINGS && hasEscape(decoded); depth++) {
		const next = decodeOnce({ text: decoded }, false).text;
		if (next === decoded) break;
		decoded = next;
		if (spansIn(secrets, foldText(decoded).text).length === 0) continue;
		// A secret shows in this decoding: decoded again, now with where each character came from.
		let view: View = { text };
		for (let layer = 0; layer < depth; layer++) view = decodeOnce(view, true);
		echoesIn(secrets, view, spans);
	}
	return spans;
}

/** `text` with every echo of the secrets blanked out; a clean text costs one pass of lookups. */
function blankOut(secrets: SecretRuns, text: string): string {
	if (text.length < MIN_SECRET_RUN && secrets.whole.length === 0) return text;
	const spans = echoSpans(secrets, text).sort((a, b) => a[0] - b[0]);
	if (spans.length === 0) return text;
	const merged: Span[] = [];
	for (const [start, end] of spans) {
		const last = merged[merged.length - 1];
		if (last && start <= last[1]) last[1] = Math.max(last[1], end);
		else merged.push([start, end]);
	}
	let clean = '';
	let copied = 0;
	for (const [start, end] of merged) {
		clean += text.slice(copied, start) + REDACTED;
		copied = end;
	}
	return clean + text.slice(copied);
}

/** A text shown to the user, with the credential's secrets blanked out. Redact first, then shorten. */
export function redact(run: HasSecrets, text: string): string {
	return blankOut(secretRunsOf(run.secrets), text);
}

/** An answer's body (JSON value or text) with the secrets blanked out of every string, before any part of it is quoted or cut. */
export function redactBody<T>(run: HasSecrets, body: T): T {
	const secrets = secretRunsOf(run.secrets);
	return mapLeaves(
		body,
		() => false,
		(text) => blankOut(secrets, text),
	);
}

/**
 * In one pass over a response: password-like fields removed (isSecretField), and credential
 * values it echoes (at any depth) blanked out.
 */
export function cleanData<T>(run: HasSecrets, value: T): T {
	const secrets = secretRunsOf(run.secrets);
	return mapLeaves(value, isSecretField, (text) => blankOut(secrets, text));
}
