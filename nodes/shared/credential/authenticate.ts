/**
 * How credential values reach a request without the node seeing them: placeholders the
 * transport presets, the credential's `authenticate` that fills them, the business keys.
 */
import type { ICredentialDataDecryptedObject, IHttpRequestOptions } from 'n8n-workflow';

import { ENDPOINTS, type CredentialHeaderSource, type EndpointId } from '../platform/endpoints';
import { CREDENTIAL_FIELD_LABELS, credentialText } from './fields';
import { ParameterError } from '../errors/classes';
import { userTokenField } from './login';

/**
 * The node never sees secret values. It presets each credential header with a placeholder
 * naming the credential field (and, for the business key, the business), and the
 * credential's `authenticate` swaps placeholders for values. A placeholder that is not
 * swapped holds a NUL character, which Node's HTTP client refuses to send.
 */
const PLACEHOLDER_PREFIX = '\u0000business-platform-credential:';

export function credentialPlaceholder(
	source: CredentialHeaderSource | 'language',
	business = '',
): string {
	return `${PLACEHOLDER_PREFIX}${source}:${business}`;
}

export const DEFAULT_BUSINESS = '';

/**
 * Business name -> business key, from the default Business Key (name '') and the
 * Additional Business Keys field: `name=key` pairs separated by commas or new lines. Entries
 * that cannot be read one way only are left out; `problem` names the first of them
 * (refuseUnreadableBusinessKeys).
 */
function readBusinessKeys(credentials: ICredentialDataDecryptedObject): {
	keys: Map<string, string>;
	problem?: ParameterError;
} {
	const keys = new Map<string, string>();
	const defaultKey = credentialText(credentials, 'businessKey');
	if (defaultKey) keys.set(DEFAULT_BUSINESS, defaultKey);
	const field = `The credential field "${CREDENTIAL_FIELD_LABELS.additionalBusinessKeys}"`;
	const entries = credentialText(credentials, 'additionalBusinessKeys')
		.split(/[\n,]/)
		.map((entry) => entry.trim())
		.filter((entry) => entry !== '');
	let problem: ParameterError | undefined;
	entries.forEach((entry, index) => {
		const separator = entry.indexOf('=');
		const name = entry.slice(0, Math.max(0, separator)).trim();
		const key = entry.slice(separator + 1).trim();
		const which = `its entry ${index + 1} of ${entries.length}`;
		let refusal: string | undefined;
		// Never quote the entry: after a comma inside a key, it is the rest of that key.
		if (separator < 0)
			refusal = `has no "=" in ${which}: write name=key pairs separated by commas or new lines (a key cannot contain a comma or a line break)`;
		else if (!name) refusal = `has no business name before "=" in ${which}`;
		else if (!key) refusal = `has no key after "${name}=" in ${which}`;
		else if (keys.has(name))
			refusal = `names the business "${name}" twice: give each business once (or a key holds a comma, which it cannot)`;
		if (refusal) problem ??= new ParameterError(field, refusal);
		else keys.set(name, key);
	});
	return { keys, problem };
}

/** Business name -> business key; the default Business Key under the name ''. */
export function parseBusinessKeys(
	credentials: ICredentialDataDecryptedObject,
): Map<string, string> {
	return readBusinessKeys(credentials).keys;
}

/**
 * Refuses, naming the field, Additional Business Keys that cannot be read one way only: an
 * entry that is not name=key (what a key holding a comma leaves behind) and a name given
 * twice (which would silently act with one of its keys). A key holding a comma followed by
 * `x=y` cannot be told from two pairs: the field's description says keys hold no commas.
 */
export function refuseUnreadableBusinessKeys(credentials: ICredentialDataDecryptedObject): void {
	const { problem } = readBusinessKeys(credentials);
	if (problem) throw problem;
}

/** Resolves one placeholder; undefined when the credential has no value for it. */
function resolvePlaceholder(
	credentials: ICredentialDataDecryptedObject,
	placeholder: string,
): string | undefined {
	// Only the first colon ends the field name: a business name may hold colons itself ("shop:eu").
	const rest = placeholder.slice(PLACEHOLDER_PREFIX.length);
	const colon = rest.indexOf(':');
	const source = colon < 0 ? rest : rest.slice(0, colon);
	const business = colon < 0 ? '' : rest.slice(colon + 1);
	if (source === 'businessKey') return parseBusinessKeys(credentials).get(business);
	if (source === 'language') return credentialText(credentials, 'language') || 'en';
	// The user token is the pasted one, or the login's (login.ts).
	return (
		credentialText(credentials, source === 'userToken' ? userTokenField(credentials) : source) ||
		undefined
	);
}

/**
 * Marks a request made only so that n8n runs the credential's login (preAuthentication) and
 * stores its token: `authenticate`, which n8n calls after the login, stops it before anything
 * is sent (transport/userToken.ts), so the login waits for no slot and holds none.
 */
export const LOGIN_ONLY_HEADER = 'x-business-platform-login-only';

/** The credential's `authenticate`: fills the placeholders the transport preset. */
export async function fillCredentialHeaders(
	credentials: ICredentialDataDecryptedObject,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	if (requestOptions.headers?.[LOGIN_ONLY_HEADER] !== undefined) {
		throw new Error('Logged in only: this request is not sent');
	}
	const headers = { ...(requestOptions.headers ?? {}) };
	for (const [name, value] of Object.entries(headers)) {
		if (typeof value !== 'string' || !value.startsWith(PLACEHOLDER_PREFIX)) continue;
		const resolved = resolvePlaceholder(credentials, value);
		if (resolved === undefined) {
			// The transport checks the credential before any request; this guards direct use.
			throw new Error(`The Business Platform credential has no value for header "${name}"`);
		}
		headers[name] = resolved;
	}
	return { ...requestOptions, headers };
}

/**
 * Headers for a request the credential itself sends (its test): the endpoint's credential
 * headers, preset with placeholders for `authenticate` to fill, as the transport does.
 */
export function placeholderHeadersOf(endpointId: EndpointId): Record<string, string> {
	const headers: Record<string, string> = {};
	for (const [name, source] of Object.entries(ENDPOINTS[endpointId].credentialHeaders)) {
		headers[name] = credentialPlaceholder(source);
	}
	return headers;
}
