/**
 * Pure checks of Custom API Call input: the path stays below the module's base URL, header
 * and query names are plain tokens, and no plain header can stand in for a credential one.
 * They throw ParameterError, which the node reports with the item before anything is sent.
 */
import { ParameterError } from '../errors/classes';
import { CONTROL_CHARACTERS, assertHeaderSafe } from '../node/validation';

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

/** Headers that the HTTP client sets from the request itself. */
const PROTOCOL_HEADERS = new Set(['host', 'content-length', 'transfer-encoding', 'connection']);

/**
 * Plain headers (name -> value), refusing credential header names (case-insensitively:
 * a plain `APIKEY` would otherwise carry a typed-in secret past the credential) and the
 * headers the request sets itself.
 */
export function toPlainHeaders(
	entries: Array<{ name?: unknown; value?: unknown }>,
	credentialNames: ReadonlySet<string>,
	reserved: ReadonlySet<string>,
): Record<string, string> {
	const headers: Record<string, string> = {};
	const seen = new Set<string>();
	for (const entry of entries) {
		const name = requireHeaderName(entry.name, 'Headers → Name');
		const lower = name.toLowerCase();
		if (credentialNames.has(lower)) {
			throw new ParameterError(
				`Headers → "${name}"`,
				'is a credential header: choose it in Header Profile or Credential Headers, so its value comes from the credential',
			);
		}
		if (PROTOCOL_HEADERS.has(lower) || reserved.has(lower)) {
			throw new ParameterError(
				`Headers → "${name}"`,
				'is set by the node itself and cannot be given here',
			);
		}
		if (seen.has(lower)) throw new ParameterError(`Headers → "${name}"`, 'is given twice');
		seen.add(lower);
		headers[name] = assertHeaderSafe(String(entry.value ?? ''), `Headers → "${name}"`);
	}
	return headers;
}

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
		if (Object.hasOwn(query, name))
			throw new ParameterError(`Query Parameters → "${name}"`, 'is given twice');
		query[name] = String(entry.value ?? '');
	}
	return query;
}
