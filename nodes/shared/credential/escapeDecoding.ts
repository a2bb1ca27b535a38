/**
 * The decodings a secret's echo is looked for in (secretEchoes.ts): percent-encoding (UTF-8
 * bytes, `%uXXXX` as JavaScript's escape() writes), backslash escapes (JSON's `\uXXXX` and `\/`,
 * Python's `\xc3\xa9`) and HTML entities (numeric and named, `&eacute;`), one layer at a time.
 * Each decoded character can keep the span of the text it came from, so that an echo is
 * blanked in the text as given.
 */

/** Where each character of a view came from in the original text; undefined: the same place. */
export interface View {
	text: string;
	from?: number[];
	to?: number[];
}

export type Span = [number, number];

/** A span of `view` as a span of the text it was decoded from. */
export function spanBack(view: View, [start, end]: Span): Span {
	return [view.from?.[start] ?? start, view.to?.[end - 1] ?? end];
}

/** Percent-encoding nested more than this is not looked into. */
export const MAX_DECODINGS = 3;

/**
 * One escape: `%uXXXX`, `%XX`, `\u{X}`, `\uXXXX`, Python's `\UXXXXXXXX` (a case of its own: not
 * `\u` and 8 characters), `\xXX`, `\` and any character, `&#xX;`, `&#N;`, `&name;`.
 */
const ESCAPE =
	/%u([0-9a-fA-F]{4})|%([0-9a-fA-F]{2})|\\u\{([0-9a-fA-F]{1,6})\}|\\u([0-9a-fA-F]{4})|\\U([0-9a-fA-F]{8})|\\x([0-9a-fA-F]{2})|\\([^\r\n])|&#[xX]([0-9a-fA-F]{1,6});?|&#([0-9]{1,7});?|&([a-zA-Z][a-zA-Z0-9]{1,31});/g;

/** ESCAPE without `g`: testing with it would move where matchAll starts. */
const ANY_ESCAPE = new RegExp(ESCAPE.source);

/** Whether `text` holds an escape to decode: most texts do not, and are only looked up as they are. */
export function hasEscape(text: string): boolean {
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
export function decodeOnce(view: View, placed: boolean): View {
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
