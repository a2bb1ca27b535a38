/**
 * One login attempt, through n8n: the credential's preAuthentication runs when the hidden Login
 * Token is empty, and n8n stores the new token with the credential (encrypted; later executions
 * and queue workers read it). It is started with a request that carries an empty token to n8n
 * and that the credential's `authenticate` stops before anything is sent
 * (credential/authenticate.ts LOGIN_ONLY_HEADER): the login holds no slot and no bytes, and runs
 * within the node's Timeout and Stop (credential/login.ts setLoginLimits).
 */
import type { ICredentialDataDecryptedObject, IHttpRequestOptions } from 'n8n-workflow';

import { LOGIN_ONLY_HEADER } from '../credential/authenticate';
import { setLoginLimits } from '../credential/login';
import { takeLoginFailure, type LoginFailure } from '../credential/loginFailure';
import { LOGIN_TOKEN_FIELD } from '../credential/loginToken';
import { ParameterError } from '../platform/errors';
import { withAbortSignal, type RequestContext } from './context';
import { causeChain } from './retries';
import type { PlatformRun } from './run';

/** What one login attempt (one exchange with the login) ended with. */
export type AttemptResult = { token: string } | { failure: LoginFailure } | { abandoned: true };

const NOT_STORED: LoginFailure = {
	message: 'Log in failed: n8n did not store the token the login gave',
	check: 'Save the credential, then run again',
};

/**
 * n8n's own refusal to run the Log In credential, raised before anything is sent: its Engine
 * 2.0 preview refuses every credential type with an expirable field (an UnimplementedError,
 * which n8n-core wraps in a NodeApiError). n8n's message, or undefined for any other error.
 */
function engineRefusalOf(error: unknown): string | undefined {
	for (const current of causeChain(error)) {
		if (current.name === 'UnimplementedError') return String(current.message);
	}
	return undefined;
}

/**
 * What to do about it, in the message itself: Engine 2.0 keeps only an error's message in the
 * run data (checked in n8n 2.41.1, test/e2e/engineV2.e2e.js).
 */
const ENGINE_REFUSED_ADVICE =
	"Run this workflow on n8n's default engine instead of the Engine 2.0 preview, or choose a Business Platform API credential in the node's Credential field";

/**
 * The item's error when n8n refused to run the Log In credential for a request (engineRefusalOf):
 * not a network failure to try again; undefined for any other error or credential type.
 */
export function engineRefusalError(run: PlatformRun, error: unknown): ParameterError | undefined {
	if (!run.credential.logsIn) return undefined;
	const refusal = engineRefusalOf(error);
	if (refusal === undefined) return undefined;
	return new ParameterError(
		'A Business Log In API credential',
		`cannot run here: n8n refused its credential before anything was sent (${refusal}). ${ENGINE_REFUSED_ADVICE}`,
	);
}

/** Never sent (authenticate stops it); a host that cannot resolve, should a future n8n send it anyway. */
const LOGIN_ONLY_REQUEST: IHttpRequestOptions = {
	method: 'GET',
	url: 'http://login-only.invalid/',
	headers: { [LOGIN_ONLY_HEADER]: '1' },
};

/**
 * One login attempt through n8n (which stores the token with the credential), on a copy of the
 * run's credential with an empty token: the run's requests keep their token (loginSession.ts)
 * until a new one is there. Ends at `deadline` (the try's Timeout, or Stop). Never rejects.
 */
export async function loginAttempt(
	context: RequestContext,
	run: PlatformRun,
	deadline: AbortSignal,
): Promise<AttemptResult> {
	const credentials: ICredentialDataDecryptedObject = {
		...run.credential.values,
		[LOGIN_TOKEN_FIELD]: '',
	};
	setLoginLimits(credentials, { timeoutMs: run.settings.timeoutMs, signal: deadline });
	try {
		await context.helpers.httpRequestWithAuthentication.call(
			withAbortSignal(context, deadline),
			run.credential.type,
			{ ...LOGIN_ONLY_REQUEST, headers: { ...LOGIN_ONLY_REQUEST.headers } },
			{ credentialsDecrypted: { ...run.credential.decrypted, data: credentials } },
		);
	} catch (error) {
		// Expected: authenticate stops the request once n8n has run the login. The login's
		// outcome is on the credential copy: its token, or its failure. Unless n8n refused
		// to run the login at all.
		const refusal = engineRefusalOf(error);
		if (refusal !== undefined) {
			return {
				failure: {
					message: `Log in failed: n8n refused to run it (${refusal}). ${ENGINE_REFUSED_ADVICE}`,
					check: "n8n's Engine 2.0 preview does not run a credential that logs in yet",
				},
			};
		}
	}
	const failure = takeLoginFailure(credentials);
	const token = String(credentials[LOGIN_TOKEN_FIELD] ?? '');
	if (run.cancelSignal?.aborted) return { abandoned: true };
	if (failure) return { failure };
	return token === '' ? { failure: NOT_STORED } : { token };
}
