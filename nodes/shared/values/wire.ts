/**
 * Checks of what goes on the wire: header values, path segments, base URLs and path prefixes
 * from items or the credential. Used by the transport, the credential and Custom API Call;
 * they throw ParameterError naming the parameter or field.
 */
import { ParameterError } from '../platform/errors';
import type { PathParamType } from '../platform/endpoints';
import { requireInteger, requireString, show } from './parameters';

/** C0 controls, DEL and C1 controls: never part of a header, a path segment or a name. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

/** Beyond Latin-1: an HTTP header cannot carry it, and the HTTP client silently drops it. */
const BEYOND_LATIN_1 = /[\u0100-\uffff]/;

/**
 * Header values with CR, LF or other control characters could split or forge headers; one
 * with a character beyond Latin-1 would reach the platform with that character dropped.
 */
export function assertHeaderSafe(value: string, parameter: string): string {
	if (CONTROL_CHARACTERS.test(value)) {
		throw new ParameterError(parameter, 'contains a line break or control character');
	}
	if (BEYOND_LATIN_1.test(value)) {
		throw new ParameterError(
			parameter,
			'contains a character an HTTP header cannot carry (only Latin-1 characters can be sent): check that it was copied whole and unchanged',
		);
	}
	return value;
}

/**
 * One URL path segment, validated by its type in the spec and percent-encoded, so that an
 * id can never reach another endpoint (`../x`, `%2e%2e`, `1?a=b`, `a/b`).
 */
export function toPathSegment(value: unknown, type: PathParamType, parameter: string): string {
	if (type === 'integer') return requireInteger(value, parameter);
	const text = requireString(value, parameter);
	if (type === 'customerSupplierType') {
		if (text !== '1' && text !== '2') {
			throw new ParameterError(
				parameter,
				`must be 1 (customer) or 2 (supplier), got ${show(value)}`,
			);
		}
		return text;
	}
	let decoded = text;
	try {
		decoded = decodeURIComponent(text);
	} catch {
		// Not percent-encoded text: checked and encoded as it is.
	}
	for (const candidate of [text, decoded]) {
		if (candidate === '.' || candidate === '..' || /[/\\]/.test(candidate)) {
			throw new ParameterError(parameter, `must be a single id, not a path, got ${show(value)}`);
		}
	}
	if (CONTROL_CHARACTERS.test(decoded)) {
		throw new ParameterError(parameter, 'contains a control character');
	}
	return encodeURIComponent(text);
}

/**
 * Characters a base URL may not hold, because the URL parser reads them as something other
 * than the address: `\` is a `/` in http(s) URLs (so `https://evil.example\@p.example.com`
 * goes to evil.example), `@` ends a user name, and `?` or `#` turns the operation's path into
 * a query or fragment even with nothing after them.
 */
export const BASE_URL_REFUSED_CHARACTERS = /[\\@?#]/;

/**
 * A base URL from the credential: http or https, nothing but scheme, host, port and path;
 * returned as parsed, without a trailing slash, so a request goes where the parser says.
 */
export function toBaseUrl(value: unknown, parameter: string): string {
	const text = requireString(value, parameter);
	// The URL parser silently drops tabs and line breaks; refuse them instead.
	if (CONTROL_CHARACTERS.test(text))
		throw new ParameterError(parameter, 'contains a line break or control character');
	const refused = BASE_URL_REFUSED_CHARACTERS.exec(text);
	if (refused) {
		throw new ParameterError(
			parameter,
			`must be a plain address such as https://platform.example.com/api, without "${refused[0]}"`,
		);
	}
	const url = URL.canParse(text) ? new URL(text) : undefined;
	if (!url) throw new ParameterError(parameter, `is not a valid URL, got ${show(value)}`);
	if (url.protocol !== 'http:' && url.protocol !== 'https:') {
		throw new ParameterError(parameter, `must start with http:// or https://, got ${show(value)}`);
	}
	return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

/** A configured path prefix such as `api/v1/ecomm_categories`: each segment checked and encoded. */
export function toPathPrefix(value: unknown, parameter: string): string {
	const text = requireString(value, parameter).replace(/^\/+|\/+$/g, '');
	return text
		.split('/')
		.map((segment) => toPathSegment(segment, 'string', parameter))
		.join('/');
}
