/**
 * What a failed login tells the user: what failed, what to check and the platform's words,
 * its secrets blanked. Kept per credential object for the transport (transport/userToken.ts),
 * which reads it instead of parsing the error n8n wraps around it.
 */
import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { parseBusinessKeys } from './businessKeys';
import { redact, secretsOf } from './redaction';

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
 * The failure of the last login, per credential object. n8n calls preAuthentication with the
 * very object the transport handed to the request (credentialsDecrypted), so the transport
 * reads the failure here instead of parsing n8n's wrapped error.
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
export const secretsOfLogin = (credentials: ICredentialDataDecryptedObject) => ({
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
export function failLogin(
	credentials: ICredentialDataDecryptedObject,
	failure: LoginFailure,
): never {
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
