/**
 * How an echo of a secret is found and blanked out of an error text (redaction.ts uses it):
 * secrets folded into runs, looked up by hashed pieces, in the text and in its decodings
 * (escapeDecoding.ts). Item data has a rule of its own, whole occurrences only (dataSecrets.ts).
 */
import {
	MAX_DECODINGS,
	decodeOnce,
	hasEscape,
	spanBack,
	type Span,
	type View,
} from './escapeDecoding';

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

/**
 * The one threshold of secrets (issue 43 item 5): a run of this many characters of a secret is
 * blanked wherever it shows in an error text (a shorter secret, whole), and a user token
 * (pasted or given by the login) must be at least this long.
 */
export const MIN_SECRET_RUN = 8;

const REDACTED = '[redacted]';

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
export function foldText(text: string): { text: string; samePlaces: boolean } {
	if (!NOT_ASCII.test(text)) return { text: foldAscii(text), samePlaces: true };
	const decomposed = text.normalize('NFD');
	const bare = FOLDS_APART.test(decomposed)
		? decomposed.replace(ACCENTS, '').replaceAll('\u00a0', '+')
		: decomposed;
	const folded = foldAscii(bare);
	// Most text (Arabic included) has no accent to drop: each character stays where it was. Lower
	// case keeps the length of every character NFD leaves as it is (test/unit/secretEchoes.test.js).
	return { text: folded, samePlaces: decomposed === text && bare === decomposed };
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
export interface SecretRuns {
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

export function secretRunsOf(secrets: string[]): SecretRuns {
	let runs = runsBySecrets.get(secrets);
	if (!runs || runs.count !== secrets.length) {
		runs = runsOf(secrets);
		runsBySecrets.set(secrets, runs);
	}
	return runs;
}

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
export function blankOut(secrets: SecretRuns, text: string): string {
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
