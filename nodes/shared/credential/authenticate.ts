/**
 * How credential values reach a request without the node seeing them: placeholders the
 * transport presets, the credential's `authenticate` that fills them, the business keys.
 */
import type { ICredentialDataDecryptedObject, IHttpRequestOptions } from 'n8n-workflow';

import type { CredentialHeaderSource } from '../platform/credentialFields';
import { ENDPOINTS, type EndpointId } from '../platform/endpoints';
import { parseBusinessKeys } from './businessKeys';
import { credentialLanguage, credentialText } from './fields';
import { loggedInJustNow } from './login';
import { logsIn, userTokenField } from './loginToken';

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
	if (source === 'language') return credentialLanguage(credentials);
	// The user token is the pasted one, or the login's (login.ts).
	return (
		credentialText(credentials, source === 'userToken' ? userTokenField(credentials) : source) ||
		undefined
	);
}

/**
 * Marks a request made only so that n8n runs the credential's login (preAuthentication) and
 * stores its token: `authenticate`, which n8n calls after the login, stops it before anything
 * is sent (transport/userToken.ts loginAttempt), so the login waits for no slot and holds none.
 */
export const LOGIN_ONLY_HEADER = 'x-business-platform-login-only';

/**
 * Marks the credential's Test request (properties.ts CREDENTIAL_TEST); never sent. With the Log
 * In type, the Test checks the login fields as they are now: a token stored before (got with
 * another password, say) proves nothing about them.
 */
export const CREDENTIAL_TEST_HEADER = 'x-business-platform-credential-test';

/**
 * Thrown by `authenticate` in the Log In credential's Test when no login ran for it (a token
 * was stored): n8n takes the 401 as an expired token, runs the credential's login with the
 * fields as they are now and sends the Test again (n8n-core httpRequestWithAuthentication
 * re-sends once after a 401). A failed login is then the Test's answer.
 */
class LoginToCheck extends Error {
	readonly response = { status: 401 };

	constructor() {
		super("The credential's Test logs in first, to check the login fields");
		this.name = 'LoginToCheck';
	}
}

/** The credential's `authenticate`: fills the placeholders the transport preset. */
export async function fillCredentialHeaders(
	credentials: ICredentialDataDecryptedObject,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	if (requestOptions.headers?.[LOGIN_ONLY_HEADER] !== undefined) {
		throw new Error('Logged in only: this request is not sent');
	}
	const headers = { ...(requestOptions.headers ?? {}) };
	if (headers[CREDENTIAL_TEST_HEADER] !== undefined) {
		delete headers[CREDENTIAL_TEST_HEADER];
		if (logsIn(credentials) && !loggedInJustNow(credentials)) throw new LoginToCheck();
	}
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
