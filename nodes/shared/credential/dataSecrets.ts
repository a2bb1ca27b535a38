/**
 * Credential values in the item data a platform answers with (issue 52 item 3). Data the
 * platform returned goes out byte for byte unless it carries a secret: only a whole occurrence
 * of a hunted value, or of one of its encodings (dataFormsOf), is blanked, never a run cut out
 * of a word or a number. Error texts and hints, which the node writes itself, keep the stricter
 * rule of secretEchoes.ts. What was blanked, and where, is kept for the run's hint (hints()).
 *
 * A whole occurrence: neither the character before it nor the one after it (when there is one)
 * is a letter, a digit or a combining mark (Unicode L, N, M); ASCII letters compare without case.
 * So `store` is found in "the store." and "id=store&x", not in "restored" or "datastore".
 */
import { fieldPath, type KeyPath } from '../platform/envelope';

const REDACTED = '[redacted]';

/** Output fields named in hints one by one; the rest are counted. */
const HINTED_FIELDS = 5;

/** A form of a secret as looked for: ASCII lower case; the label of its credential field. */
interface Form {
	text: string;
	field: string;
}

/** Whether each UTF-16 unit is a letter, digit or mark: 0 not yet known, 1 yes, 2 no. */
const wordUnits = new Uint8Array(0x10000);
const WORD = /^[\p{L}\p{N}\p{M}]$/u;

/** Whether the unit `code` continues a word. Surrogates (emoji, rare scripts) do not: over-blanking there is the safe side. */
function isWordUnit(code: number): boolean {
	let known = wordUnits[code];
	if (known === 0) {
		known = code < 0xd800 || code > 0xdfff ? (WORD.test(String.fromCharCode(code)) ? 1 : 2) : 2;
		wordUnits[code] = known;
	}
	return known === 1;
}

/** `code` with ASCII upper case as lower case. */
const fold = (code: number) => (code >= 65 && code <= 90 ? code + 32 : code);

/** How many leading characters key a form's bucket: a text is looked up by as many. */
const KEY_LENGTH = 2;

/** Keys: the low bytes of the first two characters (ASCII letters folded), a bit set of them filters. */
const KEYS = 1 << 16;

function keyOf(text: string, at: number, length: number): number {
	const first = fold(text.charCodeAt(at)) & 0xff;
	return length === 1 ? first : (first << 8) | (fold(text.charCodeAt(at + 1)) & 0xff);
}

/** Base64 with its padding and without (cut off before a separator, or never written). */
const base64 = (text: string) => {
	const padded = Buffer.from(text).toString('base64');
	return [padded, padded.replace(/=+$/, '')];
};

const html = (text: string, apostrophe: string) =>
	text
		.replace(/&/g, '&amp;')
		.replace(/</g, '&lt;')
		.replace(/>/g, '&gt;')
		.replace(/"/g, '&quot;')
		.replace(/'/g, apostrophe);

/** Bytes outside printable ASCII as `\xNN`, as Python prints a bytes value. */
const pythonBytes = (text: string) =>
	[...Buffer.from(text)]
		.map((byte) =>
			byte >= 0x20 && byte < 0x7f
				? String.fromCharCode(byte)
				: `\\x${byte.toString(16).padStart(2, '0')}`,
		)
		.join('');

const jsonUnits = (text: string) =>
	text.replace(
		/[\u0080-\uffff]/g,
		(unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`,
	);

/**
 * The forms a value is looked for in, whole: as given (NFC and NFD, upper and lower case), percent-encoded once, twice
 * and three times (and with `+` for a space), JavaScript's escape(), JSON-escaped (with `\/` and
 * `\uXXXX`, as PHP writes it), HTML-escaped (`&#039;`, or `&#x27;` and `&#x2F;` as OWASP's
 * encoder writes it), Python's byte escapes, and base64 (standard and URL-safe, with its padding or without),
 * of the value and of `identifier:value` as a Basic header holds it. Built once per value.
 */
export function dataFormsOf(value: string, identifier: string): string[] {
	// Upper and lower case for letters beyond ASCII (ASCII letters compare without case anyway).
	const forms = [
		value,
		value.normalize('NFC'),
		value.normalize('NFD'),
		value.toUpperCase(),
		value.toLowerCase(),
	];
	let encoded = value;
	for (let times = 0; times < 3; times++) {
		encoded = encodeURIComponent(encoded);
		forms.push(encoded);
	}
	const json = JSON.stringify(value).slice(1, -1);
	const basics = [...base64(value), ...(identifier ? base64(`${identifier}:${value}`) : [])];
	forms.push(
		encodeURIComponent(value).replace(/%20/g, '+'),
		escape(value),
		json,
		jsonUnits(json).replace(/\//g, '\\/'),
		html(value, '&#039;'),
		html(value, '&#x27;').replace(/\//g, '&#x2F;'),
		pythonBytes(value),
		...basics,
		...basics.map((form) => form.replace(/\+/g, '-').replace(/\//g, '_')),
	);
	return [...new Set(forms.map((form) => form.replace(/[A-Z]/g, (c) => c.toLowerCase())))];
}

/**
 * A text being rebuilt with its echoes blanked: the pieces are joined every PIECES_JOINED, so a
 * text of many echoes holds a few flat strings, not a list of a million pieces.
 */
class Clean {
	private readonly joined: string[] = [];
	private pieces: string[] = [];

	/** The text up to an echo, then the echo blanked. */
	add(before: string): void {
		this.pieces.push(before, REDACTED);
		if (this.pieces.length >= PIECES_JOINED) {
			this.joined.push(this.pieces.join(''));
			this.pieces = [];
		}
	}

	end(rest: string): string {
		this.pieces.push(rest);
		this.joined.push(this.pieces.join(''));
		return this.joined.length === 1 ? this.joined[0] : this.joined.join('');
	}
}

const PIECES_JOINED = 4096;

/**
 * The credential values one run hunts in its item data, with where they were blanked. One per
 * run (transport/runCredential.ts): a login's token joins it (learn).
 */
export class DataSecrets {
	private readonly forms: Form[] = [];
	/** Forms by the key of their first KEY_LENGTH (or fewer) characters, longest first. */
	private buckets = new Map<number, Form[]>();
	/** A bit per key that has a bucket: most places of a text are passed on this alone. */
	private keys = new Uint8Array(KEYS / 8);
	private shortest = Infinity;
	private keyLength = KEY_LENGTH;
	/** Output field path -> credential field label -> how many values were blanked there. */
	private readonly blanked = new Map<string, Map<string, number>>();

	constructor(
		values: Array<{ value: string; field: string }>,
		private readonly identifier = '',
	) {
		for (const { value, field } of values) this.learn(value, field);
	}

	/** Hunts `value` (a credential field's, labelled `field`) too, from now on. */
	learn(value: string, field: string): void {
		const trimmed = value.trim();
		if (trimmed === '') return;
		for (const text of dataFormsOf(trimmed, this.identifier)) {
			if (this.forms.some((form) => form.text === text)) continue;
			this.forms.push({ text, field });
		}
		this.shortest = Math.min(...this.forms.map((form) => form.text.length));
		this.keyLength = Math.min(KEY_LENGTH, this.shortest);
		this.buckets = new Map();
		this.keys = new Uint8Array(KEYS / 8);
		for (const form of [...this.forms].sort((a, b) => b.text.length - a.text.length)) {
			const key = keyOf(form.text, 0, this.keyLength);
			this.keys[key >> 3] |= 1 << (key & 7);
			const bucket = this.buckets.get(key);
			if (bucket) bucket.push(form);
			else this.buckets.set(key, [form]);
		}
	}

	/** The form of a bucket that occurs whole in `text` at `at`, if any. */
	private wholeAt(text: string, at: number, bucket: Form[]): Form | undefined {
		for (const form of bucket) {
			const end = at + form.text.length;
			if (end > text.length) continue;
			if (end < text.length && isWordUnit(text.charCodeAt(end))) continue;
			let same = true;
			for (let i = 0; same && i < form.text.length; i++) {
				same = fold(text.charCodeAt(at + i)) === form.text.charCodeAt(i);
			}
			if (same) return form;
		}
		return undefined;
	}

	/** `text` with each whole occurrence blanked; `path`: where it is, for the hint. One pass, no copy of a clean text. */
	blankOut(text: string, path: KeyPath): string {
		const last = text.length - this.shortest;
		const { keys, keyLength } = this;
		let clean: Clean | undefined;
		let copied = 0;
		let where: string | undefined;
		for (let at = 0; at <= last; at++) {
			// Only where a word may start: most of a text is passed on one table look-up.
			if (at > 0 && isWordUnit(text.charCodeAt(at - 1))) continue;
			const key = keyOf(text, at, keyLength);
			if ((keys[key >> 3] & (1 << (key & 7))) === 0) continue;
			const bucket = this.buckets.get(key);
			const form = bucket && this.wholeAt(text, at, bucket);
			if (!form) continue;
			(clean ??= new Clean()).add(text.slice(copied, at));
			copied = at + form.text.length;
			this.noteBlanked((where ??= fieldPath(path)), form.field);
			at = copied - 1;
		}
		return clean ? clean.end(text.slice(copied)) : text;
	}

	private noteBlanked(path: string, field: string): void {
		let fields = this.blanked.get(path);
		if (!fields) this.blanked.set(path, (fields = new Map()));
		fields.set(field, (fields.get(field) ?? 0) + 1);
	}

	/**
	 * One sentence per output field a value was blanked in (the first HINTED_FIELDS of them):
	 * the field and the credential field it matched, never the value.
	 */
	hints(): string[] {
		const paths = [...this.blanked];
		const hints = paths.slice(0, HINTED_FIELDS).map(([path, fields]) => {
			const which = [...fields].map(
				([field, times]) => `"${field}"${times > 1 ? ` (${times} times)` : ''}`,
			);
			const where = path ? `its field "${path}"` : 'its text';
			const named =
				which.length > 1 ? `${which.slice(0, -1).join(', ')} and ${which.at(-1)}` : which[0];
			return `The platform's answer held the value of the credential's ${named} in ${where}: the node replaced it with "${REDACTED}" there and left the rest of the field as the platform sent it.`;
		});
		if (paths.length > HINTED_FIELDS)
			hints.push(`The same was done in ${paths.length - HINTED_FIELDS} more of its fields.`);
		return hints;
	}
}
