/**
 * The User Token by login: the login request, where the token is in the answer and which
 * failure each answer is. The platform publishes neither the login's request nor its answer
 * (platform-api.md: "not shown"), so the names it sends the identifier and password under and
 * the token's place in the answer are credential fields, with defaults that are assumptions
 * (docs/credentials.md: User Token). Where the token is kept: loginToken.ts.
 *
 * n8n runs the login: the credential's `preAuthentication` calls logIn when the hidden,
 * expirable `loginToken` field is empty, stores the token encrypted with the credential and
 * hands it to every later execution. The token's life (when to log in, who waits for it) is
 * transport/userToken.ts, which empties the field to renew it.
 */
import type { ICredentialDataDecryptedObject, IDataObject, IHttpRequestHelper } from 'n8n-workflow';

import {
	LOGIN_TOKEN_FIELD,
	LOGIN_TOKEN_OWNER_FIELD,
	loginSetting,
	loginTokenOwner,
	logsIn,
} from './loginToken';
import { parseBusinessKeys } from './businessKeys';
import { assertUsableUserToken, redact, redactBody, secretsOf } from './redaction';
import { credentialLanguage } from './fields';
import { LOGIN_PATH, labelOf } from '../platform/credentialFields';
import { isRecord, errorMessageOf, parseBody, valueAt } from '../platform/envelope';
import { toBaseUrl } from '../values/wire';

/** What a failed login tells the user: what failed, what to check, the platform's words. */
export interface LoginFailure {
	message: string;
	check: string;
	platformMessage?: string;
	httpCode?: number;
	/**
	 * A failure another try may get past, as for any request: the platform's rate limit (its
	 * Retry-After header as sent), a server error, no answer (or none within Timeout).
	 */
	transient?: { kind: 'rateLimited' | 'serverError' | 'noAnswer'; retryAfter?: unknown };
}

/**
 * The failure of the last login, its secrets blanked, per credential object. n8n calls
 * preAuthentication with the very object the transport handed to the request
 * (credentialsDecrypted), so the transport reads the failure here instead of parsing the error
 * n8n wraps around it.
 */
const failures = new WeakMap<object, LoginFailure>();

export function takeLoginFailure(credentials: object): LoginFailure | undefined {
	const failure = failures.get(credentials);
	failures.delete(credentials);
	return failure;
}

/** A login that got no whole answer within the node's Timeout (its own or joined: transport/userToken.ts). */
export function loginTimeoutFailure(timeoutMs: number): LoginFailure {
	return {
		message: `Log in failed: the platform's login did not answer within ${timeoutMs} ms (the node's Timeout)`,
		check:
			'Check that the platform is reachable from n8n, or raise Options → Timeout (Ms) if its login is slow',
		transient: { kind: 'noAnswer' },
	};
}

/**
 * The secrets a login's texts never show, in any echoed form: the password, any token, every
 * key of the credential; blanked as the nodes blank them (redaction.ts).
 */
const secretsOfLogin = (credentials: ICredentialDataDecryptedObject) => ({
	secrets: secretsOf(credentials, parseBusinessKeys(credentials)),
});

/** Longest platform message a login failure quotes, cut only after its secrets are blanked. */
const MAX_PLATFORM_MESSAGE = 300;

/** Thrown out of preAuthentication; n8n shows its message (the credential's Test does). */
class LoginError extends Error {
	constructor(failure: LoginFailure) {
		const said = failure.platformMessage ? ` The platform said: "${failure.platformMessage}"` : '';
		super(`${failure.message}. ${failure.check}${said}`);
		this.name = 'LoginError';
	}
}

/** Keeps the failure, its secrets blanked, for the transport, and throws it out of the login. */
function failLogin(credentials: ICredentialDataDecryptedObject, failure: LoginFailure): never {
	const run = secretsOfLogin(credentials);
	const clean: LoginFailure = {
		...failure,
		message: redact(run, failure.message),
		check: redact(run, failure.check),
		platformMessage:
			failure.platformMessage &&
			redact(run, failure.platformMessage).slice(0, MAX_PLATFORM_MESSAGE),
	};
	failures.set(credentials, clean);
	throw new LoginError(clean);
}

/**
 * Longest wait for the login's answer where no node run bounds it (the credential's Test): the
 * whole answer, however slowly it arrives. A node's login runs within its Timeout and Stop
 * (setLoginLimits).
 */
const LOGIN_TIMEOUT_MS = 30_000;

/** What bounds one login attempt of a node run: its Timeout, and a signal firing at it or at Stop. */
export interface LoginLimits {
	timeoutMs: number;
	signal: AbortSignal;
}

/**
 * Credential objects a login just ran on: n8n assigns the login's output to the very object it
 * then authenticates the request with, so `authenticate` knows the credential's Test logged in
 * with the fields as they are now (authenticate.ts CREDENTIAL_TEST_HEADER).
 */
const freshLogins = new WeakSet<object>();

export function loggedInJustNow(credentials: object): boolean {
	return freshLogins.has(credentials);
}

/** The limits of the login n8n runs next with this credential object (transport/userToken.ts sets them). */
const loginLimits = new WeakMap<object, LoginLimits>();

export function setLoginLimits(credentials: object, limits: LoginLimits): void {
	loginLimits.set(credentials, limits);
}

const CHECK_LOGIN =
	'Check the credential\'s "Login Identifier" and "Login Password"; if the platform\'s login takes them under other names, set "Login Identifier Field" and "Login Password Field"';

/** Field names of the answer, never their values: where a token might be, for Login Token Path. */
function fieldPaths(value: unknown, prefix = '', out: string[] = []): string[] {
	if (!isRecord(value) || out.length >= 12) return out;
	for (const [key, child] of Object.entries(value)) {
		const path = prefix ? `${prefix}.${key}` : key;
		if (isRecord(child)) fieldPaths(child, path, out);
		else out.push(path);
		if (out.length >= 12) break;
	}
	return out;
}

/** The login's address, or the failure naming Auth Base URL. */
export function loginUrl(credentials: ICredentialDataDecryptedObject): string {
	try {
		return (
			toBaseUrl(credentials.authBaseUrl, `The credential field "${labelOf('authBaseUrl')}"`) +
			LOGIN_PATH
		);
	} catch (error) {
		return failLogin(credentials, {
			message: `Log in failed: ${(error as Error).message}`,
			check: 'Enter the address of the platform\'s login in the credential\'s "Auth Base URL"',
		});
	}
}

/**
 * Logs in and returns the token under LOGIN_TOKEN_FIELD; with a pasted token, nothing. Never
 * follows a redirect (the password would go with it) and never shows the answer: a failure
 * names the step and the credential fields to check, with the platform's own message.
 */
export async function logIn(
	helper: IHttpRequestHelper,
	credentials: ICredentialDataDecryptedObject,
): Promise<IDataObject> {
	if (!logsIn(credentials)) return {};
	const url = loginUrl(credentials);
	const identifierField = loginSetting(credentials, 'loginIdentifierField');
	const passwordField = loginSetting(credentials, 'loginPasswordField');
	const tokenPath = loginSetting(credentials, 'loginTokenPath');
	for (const field of ['loginIdentifier', 'loginPassword'] as const) {
		const label = labelOf(field);
		if (String(credentials[field] ?? '') === '') {
			failLogin(credentials, {
				message: `Log in failed: the credential field "${label}" is empty`,
				check: `Enter the ${label.toLowerCase()} of the platform user the calls act as`,
			});
		}
	}

	const limits = loginLimits.get(credentials);
	const timeoutMs = limits?.timeoutMs ?? LOGIN_TIMEOUT_MS;
	// The one bound of the exchange: the whole answer, however slowly it arrives, within Timeout,
	// and Stop. No client timeout beside it: two timers firing together made a silent login read
	// as unreachable whenever the client's fired first.
	const deadline = limits?.signal ?? AbortSignal.timeout(timeoutMs);
	let response: { statusCode: number; body: unknown; headers: IDataObject };
	try {
		// The plain httpRequest is deliberate: this runs inside the credential's preAuthentication,
		// whose helper offers only it (as in n8n's own credentials); the login carries no credential
		// headers, and httpRequestWithAuthentication would run preAuthentication again.
		response = (await helper.helpers.httpRequest({
			method: 'POST',
			url,
			headers: {
				'Content-Type': 'application/json',
				Accept: 'application/json',
				'Accept-Language': credentialLanguage(credentials),
			},
			body: JSON.stringify({
				[identifierField]: String(credentials.loginIdentifier),
				[passwordField]: String(credentials.loginPassword),
			}),
			abortSignal: deadline,
			disableFollowRedirect: true,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			encoding: 'text',
			json: false,
		})) as typeof response;
	} catch {
		// The network error's own text may carry the address and its code, which n8n rewrites.
		if (deadline.aborted) return failLogin(credentials, loginTimeoutFailure(timeoutMs));
		return failLogin(credentials, {
			message: 'Log in failed: the platform\'s login at the "Auth Base URL" could not be reached',
			check: 'Check the credential\'s "Auth Base URL", and that the platform is reachable from n8n',
			transient: { kind: 'noAnswer' },
		});
	}

	const { statusCode } = response;
	const { value } = parseBody(response.body);
	// Blanked before errorMessageOf strips tags or cuts the text: a cut or stripped echo no longer matches.
	const platformMessage = errorMessageOf(redactBody(secretsOfLogin(credentials), value));
	if (statusCode >= 300 && statusCode < 400) {
		const location = response.headers?.location;
		const target =
			typeof location === 'string' && URL.canParse(location, url)
				? new URL(location, url).origin
				: 'an address it did not give';
		return failLogin(credentials, {
			message: `Log in failed: the login answered with a redirect (HTTP ${statusCode}) to ${target}, which the credential does not follow, so the password is not sent there`,
			check: `Put the login's own address in the credential's "Auth Base URL" (the login is "${labelOf('authBaseUrl')}" + ${LOGIN_PATH})`,
			httpCode: statusCode,
		});
	}
	if (statusCode === 404 || statusCode === 405) {
		return failLogin(credentials, {
			message: `Log in failed: nothing answers at the "Auth Base URL" + ${LOGIN_PATH} (HTTP ${statusCode})`,
			check: 'Check the credential\'s "Auth Base URL"',
			platformMessage,
			httpCode: statusCode,
		});
	}
	if (statusCode === 429) {
		return failLogin(credentials, {
			message: `Log in failed: the platform's login received too many requests (HTTP 429)`,
			check:
				'The platform limits how often it is asked: run again later, or raise Options → Rate Limit Wait (Seconds)',
			platformMessage,
			httpCode: statusCode,
			transient: { kind: 'rateLimited', retryAfter: response.headers?.['retry-after'] },
		});
	}
	if (statusCode >= 500) {
		return failLogin(credentials, {
			message: `Log in failed: the platform's login failed with a server error (HTTP ${statusCode})`,
			check:
				"This is usually temporary: run again later. If it keeps failing, contact the platform's support",
			platformMessage,
			httpCode: statusCode,
			transient: { kind: 'serverError', retryAfter: response.headers?.['retry-after'] },
		});
	}
	const refused =
		statusCode >= 400 || (isRecord(value) && (value.status === false || value.success === false));
	if (refused) {
		return failLogin(credentials, {
			message: 'Log in failed: the platform refused the login',
			check: CHECK_LOGIN,
			platformMessage,
			httpCode: statusCode,
		});
	}
	const token = valueAt(value, tokenPath);
	if (typeof token !== 'string' || token.trim() === '') {
		const fields = fieldPaths(value);
		return failLogin(credentials, {
			message: `Log in failed: the login's answer has no token at "${tokenPath}"`,
			check: `Set the credential's "Login Token Path" to where the answer holds the token${fields.length ? ` (the answer has the fields ${fields.join(', ')})` : ' (the answer is not a JSON object)'}`,
			httpCode: statusCode,
		});
	}
	try {
		// Checked as a pasted User Token is, before n8n stores it and sends it.
		assertUsableUserToken(token.trim(), `The token at "${tokenPath}"`);
	} catch (error) {
		// A ParameterError naming the token's place, never quoting the token.
		return failLogin(credentials, {
			message: `Log in failed: ${(error as Error).message}`,
			check: `Check that the credential's "${labelOf('loginTokenPath')}" points at the user token in the login's answer; if it does, the platform's login gave a token that cannot be sent: contact the platform's support`,
			httpCode: statusCode,
		});
	}
	freshLogins.add(credentials);
	return {
		[LOGIN_TOKEN_FIELD]: token.trim(),
		[LOGIN_TOKEN_OWNER_FIELD]: loginTokenOwner(credentials, token.trim()),
	};
}
