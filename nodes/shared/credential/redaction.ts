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

/** Shortest credential value blanked out of error texts; shorter ones are not worth hiding. */
const MIN_SECRET_LENGTH = 4;

/**
 * A user token, pasted or given by the login, checked before it is sent: as every header
 * value (no line break or control character, nothing beyond Latin-1), and long enough to be
 * blanked out of error texts. Refused naming `parameter`, never quoting the token.
 */
export function assertUsableUserToken(token: string, parameter: string): string {
	assertHeaderSafe(token, parameter);
	if (token.length < MIN_SECRET_LENGTH) {
		throw new ParameterError(
			parameter,
			`is shorter than ${MIN_SECRET_LENGTH} characters, too short for a user token (and to be kept out of error messages)`,
		);
	}
	return token;
}

/** Shortest credential value blanked out of output data; shorter ones could be ordinary words. */
const MIN_SECRET_IN_DATA = 8;

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
	return [...new Set(values)].filter((value) => value.length >= MIN_SECRET_LENGTH);
}

const caseless = (text: string) =>
	text.replace(/[a-z]/gi, (letter) => `[${letter.toLowerCase()}${letter.toUpperCase()}]`);

const NAMED_ENTITIES: Record<string, string[]> = {
	'&': ['amp'],
	'<': ['lt'],
	'>': ['gt'],
	'"': ['quot'],
	"'": ['apos'],
	'/': ['sol'],
};

/** `\uXXXX` as JSON writes one UTF-16 unit, either case. */
const jsonEscapeOf = (unit: number): string =>
	`\\\\${caseless('u')}${caseless(unit.toString(16).padStart(4, '0'))}`;

/** `%C3%A9` as a URL writes a character's UTF-8 bytes, either case; none for a lone surrogate. */
function percentEncodingOf(character: string): string | undefined {
	try {
		return caseless(encodeURIComponent(character));
	} catch {
		return undefined;
	}
}

/**
 * A pattern for one character in every form an answer may echo it: as is, JSON-escaped
 * (`\/`, `\"`, `\u0041`, `\ud83d\ude00` for a character beyond 16 bits), HTML-escaped
 * (`&amp;`, `&#039;`, `&#x2F;`) or percent-encoded (`%2F`, `+` for a space, `%C3%A9` for
 * the UTF-8 bytes of a non-ASCII one). Letters and digits are never escaped by these, so
 * they stay literal.
 */
function anyEchoOf(character: string): string {
	if (/[A-Za-z0-9]/.test(character)) return character;
	const code = character.codePointAt(0) ?? 0;
	const hex = code.toString(16);
	const forms = [
		character.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&'),
		`&#0*${code};`,
		`&#${caseless('x')}0*${caseless(hex)};`,
		...(NAMED_ENTITIES[character] ?? []).map((name) => `&${name};`),
		// split('') gives UTF-16 units: a character beyond 16 bits is written as its surrogate pair.
		character
			.split('')
			.map((unit) => jsonEscapeOf(unit.charCodeAt(0)))
			.join(''),
	];
	if ('/"\\'.includes(character)) forms.push(`\\\\\\${character}`);
	const percent = code < 0x80 ? `%${caseless(hex.padStart(2, '0'))}` : percentEncodingOf(character);
	if (percent) forms.push(percent);
	if (character === ' ') forms.push('\\+');
	return `(?:${forms.join('|')})`;
}

interface EchoMatcher {
	/** The longest run of letters and digits: every echo holds it, so a text without it is skipped fast. */
	anchor: string;
	pattern: RegExp;
}

/** Matchers by secret; a credential has a handful of values, so a small cache holds every run's. */
const matchers = new Map<string, EchoMatcher>();
const MAX_CACHED_MATCHERS = 200;

function matcherOf(secret: string): EchoMatcher {
	let matcher = matchers.get(secret);
	if (matcher) return matcher;
	if (matchers.size >= MAX_CACHED_MATCHERS) matchers.clear();
	const runs = secret.match(/[A-Za-z0-9]+/g) ?? [''];
	matcher = {
		anchor: runs.reduce((longest, run) => (run.length > longest.length ? run : longest)),
		pattern: new RegExp([...secret].map(anyEchoOf).join(''), 'g'),
	};
	matchers.set(secret, matcher);
	return matcher;
}

interface RunMatchers {
	/** How many secrets the list had when these were built: a token learnt by a login is added to it. */
	count: number;
	/** Error texts blank every secret, */
	all: EchoMatcher[];
	/** output data only the longer ones. */
	inData: EchoMatcher[];
}

/** The matchers of a run's secrets, built once per run (per secrets list) and kept while the run is. */
const runMatchers = new WeakMap<string[], RunMatchers>();

function matchersOf(secrets: string[]): RunMatchers {
	let matchers = runMatchers.get(secrets);
	if (!matchers || matchers.count !== secrets.length) {
		matchers = {
			count: secrets.length,
			all: secrets.map(matcherOf),
			inData: secrets.filter((secret) => secret.length >= MIN_SECRET_IN_DATA).map(matcherOf),
		};
		runMatchers.set(secrets, matchers);
	}
	return matchers;
}

/** `text` with every echo of the secrets, in any of their escaped forms, blanked out; a clean text costs one substring check per secret. */
function blankOut(matchers: EchoMatcher[], text: string): string {
	let clean = text;
	for (const { anchor, pattern } of matchers) {
		if (clean.includes(anchor)) clean = clean.replace(pattern, REDACTED);
	}
	return clean;
}

/** A text shown to the user, with the credential's secrets blanked out. Redact first, then shorten. */
export function redact(run: HasSecrets, text: string): string {
	return blankOut(matchersOf(run.secrets).all, text);
}

/** An answer's body (JSON value or text) with the secrets blanked out of every string, before any part of it is quoted or cut. */
export function redactBody<T>(run: HasSecrets, body: T): T {
	const { all } = matchersOf(run.secrets);
	return mapLeaves(
		body,
		() => false,
		(text) => blankOut(all, text),
	);
}

/**
 * In one pass over a response: password-like fields removed (isSecretField), and credential
 * values it echoes (at any depth) blanked out.
 */
export function cleanData<T>(run: HasSecrets, value: T): T {
	const { inData } = matchersOf(run.secrets);
	return mapLeaves(value, isSecretField, (text) => blankOut(inData, text));
}
