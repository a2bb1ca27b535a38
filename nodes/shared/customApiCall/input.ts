/**
 * Pure checks of Custom API Call input: the path stays below the module's base URL, header
 * and query names are plain tokens, and no plain header can stand in for a credential one.
 * They throw ParameterError, which the node reports with the item before anything is sent.
 */
import { ParameterError } from '../platform/errors';
import { CONTROL_CHARACTERS, assertHeaderSafe } from '../values/wire';

/** RFC 9110 token: the characters a header name may have. */
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

const PATH_HINT = "a path relative to the module's base URL, such as /api/v1/invoices";

function decodeSegment(segment: string, parameter: string): string {
	let decoded: string | undefined;
	try {
		decoded = decodeURIComponent(segment);
	} catch {
		// Reported below: a lone % is not a path the user meant.
	}
	if (decoded === undefined)
		throw new ParameterError(parameter, `has a broken percent-encoding in "${segment}"`);
	return decoded;
}

/**
 * The path as it goes after the base URL: `/` + segments, each percent-encoded once.
 * Refused: a scheme or host (`https://x`, `//x`), backslashes, `.` and `..` segments (also
 * percent-encoded), `?` and `#` (Query Parameters has its own field), control characters.
 */
export function toRelativePath(value: unknown, parameter = 'Path'): string {
	if (typeof value !== 'string' || value.trim() === '') {
		throw new ParameterError(parameter, `is required: ${PATH_HINT}`);
	}
	const text = value.trim();
	if (CONTROL_CHARACTERS.test(text))
		throw new ParameterError(parameter, 'contains a line break or control character');
	if (/^[a-z][a-z0-9+.-]*:/i.test(text) || text.startsWith('//') || text.includes('\\')) {
		throw new ParameterError(
			parameter,
			`must not be an absolute URL or name a host: give ${PATH_HINT}`,
		);
	}
	if (text.includes('?') || text.includes('#')) {
		throw new ParameterError(
			parameter,
			'must not contain ? or #: put query parameters in Query Parameters',
		);
	}
	const segments = text.replace(/^\/+/, '').split('/');
	const encoded = segments.map((segment, index) => {
		const decoded = decodeSegment(segment, parameter);
		if (decoded === '.' || decoded === '..') {
			throw new ParameterError(
				parameter,
				`must not contain "." or ".." segments, got "${segment}"`,
			);
		}
		if (CONTROL_CHARACTERS.test(decoded))
			throw new ParameterError(parameter, 'contains an encoded control character');
		if (/[/\\?#]/.test(decoded)) {
			throw new ParameterError(
				parameter,
				`must not hide "/", "\\", "?" or "#" in percent-encoding, got "${segment}"`,
			);
		}
		// Empty segments would make `//`; only a trailing slash is kept.
		if (decoded === '' && index !== segments.length - 1) {
			throw new ParameterError(parameter, 'must not contain empty segments (//)');
		}
		return encodeURIComponent(decoded);
	});
	return `/${encoded.join('/')}`;
}

/** A header or query name: a plain token, no spaces or control characters. */
export function requireHeaderName(value: unknown, parameter: string): string {
	const name = typeof value === 'string' ? value.trim() : '';
	if (!HEADER_NAME.test(name)) {
		throw new ParameterError(
			parameter,
			`must be a header name of letters, digits and -_., got ${JSON.stringify(value)}`,
		);
	}
	return name;
}

/**
 * A header name as platforms compare them: case-insensitively, and with `_` read as `-`
 * (PHP and CGI servers turn both into one name, so `platform_key` arrives as `platform-key`).
 */
export function foldHeaderName(name: string): string {
	return name.toLowerCase().replace(/_/g, '-');
}

/**
 * Headers the HTTP connection itself sets or consumes (Host, the body's framing, and the
 * hop-by-hop headers of RFC 9110 7.6.1): proxies read, log or drop them, so neither a typed-in
 * value nor a credential value belongs there. Folded names; any `proxy-*` name too.
 */
const CONNECTION_HEADERS = new Set([
	'host',
	'content-length',
	'connection',
	'keep-alive',
	'transfer-encoding',
	'te',
	'trailer',
	'upgrade',
]);

/** Refuses a header name the connection sets itself (`Host`, hop-by-hop names, `Proxy-*`). */
export function refuseConnectionHeader(name: string, parameter: string): void {
	const folded = foldHeaderName(name);
	if (CONNECTION_HEADERS.has(folded) || folded.startsWith('proxy-')) {
		throw new ParameterError(
			parameter,
			'is a header the HTTP connection sets itself (Host, Connection, Keep-Alive, Transfer-Encoding, TE, Trailer, Upgrade, Proxy-*): it cannot be given here',
		);
	}
}

/**
 * Plain headers (name -> value), refusing credential header names (compared folded: a plain
 * `APIKEY` or `platform_key` would otherwise carry a typed-in secret past the credential), the
 * headers the connection sets and those the node sets itself. `credentialNames` and `reserved`
 * hold folded names.
 */
export function toPlainHeaders(
	entries: Array<{ name?: unknown; value?: unknown }>,
	credentialNames: ReadonlySet<string>,
	reserved: ReadonlySet<string>,
): Record<string, string> {
	const headers: Record<string, string> = {};
	const seen = new Map<string, string>();
	for (const entry of entries) {
		const name = requireHeaderName(entry.name, 'Headers → Name');
		const folded = foldHeaderName(name);
		if (credentialNames.has(folded)) {
			throw new ParameterError(
				`Headers → "${name}"`,
				'is a credential header (platforms read - and _ in a header name alike, in any case): choose it in Header Profile or Credential Headers, so its value comes from the credential',
			);
		}
		refuseConnectionHeader(name, `Headers → "${name}"`);
		if (reserved.has(folded)) {
			throw new ParameterError(
				`Headers → "${name}"`,
				'is set by the node itself and cannot be given here',
			);
		}
		const earlier = seen.get(folded);
		if (earlier !== undefined) {
			throw new ParameterError(
				`Headers → "${name}"`,
				earlier === name
					? 'is given twice'
					: `is given twice: as "${earlier}" too, which platforms read as the same header`,
			);
		}
		seen.set(folded, name);
		headers[name] = assertHeaderSafe(String(entry.value ?? ''), `Headers → "${name}"`);
	}
	return headers;
}

/**
 * Query names n8n's HTTP client drops without a word (n8n-workflow's unsafe object
 * properties): refused, so a parameter is never silently left out.
 */
const DROPPED_QUERY_NAMES = new Set(['__proto__', 'prototype', 'constructor']);

/** Query parameters (name -> value); a name may appear once. */
export function toQuery(
	entries: Array<{ name?: unknown; value?: unknown }>,
): Record<string, string> {
	const query: Record<string, string> = {};
	for (const entry of entries) {
		const name = typeof entry.name === 'string' ? entry.name.trim() : '';
		if (name === '') throw new ParameterError('Query Parameters → Name', 'is required');
		if (CONTROL_CHARACTERS.test(name))
			throw new ParameterError('Query Parameters → Name', 'contains a control character');
		if (DROPPED_QUERY_NAMES.has(name)) {
			throw new ParameterError(
				`Query Parameters → "${name}"`,
				"is a name n8n's HTTP client leaves out of every request (__proto__, prototype and constructor): it cannot be sent",
			);
		}
		if (Object.hasOwn(query, name))
			throw new ParameterError(`Query Parameters → "${name}"`, 'is given twice');
		query[name] = String(entry.value ?? '');
	}
	return query;
}
