/**
 * The user token with Authentication "Log In" (the Log In credential type), as the request path
 * sees it: had before a request that sends it holds anything (ensureUserToken, admission.ts),
 * read again when the request goes out (the process's newest: userTokenToSend), renewed where the
 * platform refuses it (401, or 403 naming the token: tokenVerdict). Requests that send no user
 * token never log in.
 *
 * The run's token lives in its login session (loginSession.ts); the logins of this process are
 * shared by user (sharedLogins.ts); one login goes through n8n, which runs the credential's
 * preAuthentication and stores the token with the credential (loginAttempt.ts). The login is a
 * request like any other: a 429 is waited out (Retry-After, the refusal backoff, Rate Limit
 * Wait), a server error or no answer is tried again under Max Tries, each try within Timeout.
 */
import type { ICredentialsDecrypted, NodeApiError } from 'n8n-workflow';

import type { LoginFailure } from '../credential/loginFailure';
import { LOGIN_TOKEN_FIELD } from '../credential/loginToken';
import { platformError } from '../errors/nodeErrors';
import { namesWord } from '../errors/text';
import type { Attempt } from '../platform/attempt';
import { errorMessageOf, parseBody } from '../platform/envelope';
import type { Endpoint } from '../platform/endpoints';
import type { RequestContext } from './context';
import {
	currentUserToken,
	logInUnderOwnLimits,
	sessionOf,
	storedToken,
	takeNewestToken,
	useToken,
} from './loginSession';
import type { PlatformRun } from './run';
import { sharedLoginOf } from './sharedLogins';
import { throwIfStopped } from './waits';

export const PASTED_TOKEN_NOTE =
	"The User Token may have expired: paste a new one into the credential, or choose a Business Log In API credential in the node's Credential field, which logs in and renews the token by itself.";

/**
 * Logins in a row whose fresh token the platform refused before taking it once, after which the
 * node stops logging in. One such refusal is no proof of a broken login: another n8n process
 * (a queue worker) may have used up or revoked the token the stored credential shares, while
 * this one had not yet sent it. A login whose tokens are never taken stops here.
 */
const FRESH_LOGINS_REFUSED_LIMIT = 3;

export const FRESH_TOKEN_REFUSED_NOTE = `The platform refused the tokens of ${FRESH_LOGINS_REFUSED_LIMIT} logins in a row before taking any of them, so the node does not log in again: check that "Login Identifier" is a user of this business and that "Login Token Path" points at the token the other calls take.`;

/**
 * Renewals of one request's token: each a token the platform took for other calls or not yet
 * tried (logins whose tokens it never takes stop at FRESH_LOGINS_REFUSED_LIMIT). A platform that
 * refuses one call with tokens it takes for others would otherwise make it log in forever.
 */
const RENEWALS_PER_REQUEST = 3;

/** The item's note when its request was refused a token again after RENEWALS_PER_REQUEST renewals. */
export function renewalsRefusedNote(acceptedBefore: number): string {
	const taken =
		acceptedBefore > 0
			? ` (the platform had taken the last one for ${acceptedBefore} other ${acceptedBefore === 1 ? 'call' : 'calls'})`
			: '';
	return `The platform refused the user token of this request ${RENEWALS_PER_REQUEST + 1} times, each time right after the node got a newer one${taken}, so the node does not log in again for it: the refusal may concern this call rather than the token (check that "Login Identifier" may do it), or the platform's tokens expire before a request gets out. Run this item again.`;
}

function sendsUserToken(endpoint: Endpoint): boolean {
	return Object.values(endpoint.credentialHeaders).includes('userToken');
}

/**
 * A refusal for the user token: 401, unless the platform names another credential header it
 * refused ("Invalid apikey header."); 403 only when it names the token.
 */
function isTokenRefusal(endpoint: Endpoint, attempt: Attempt): boolean {
	if (attempt.kind !== 'response') return false;
	if (attempt.statusCode !== 401 && attempt.statusCode !== 403) return false;
	const message = errorMessageOf(parseBody(attempt.body).value) ?? '';
	const headers = Object.entries(endpoint.credentialHeaders);
	const namesToken =
		/token/i.test(message) ||
		headers.some(([header, source]) => source === 'userToken' && namesWord(message, header));
	if (attempt.statusCode === 403) return namesToken;
	const namesOther = headers.some(
		([header, source]) => source !== 'userToken' && namesWord(message, header),
	);
	return namesToken || !namesOther;
}

function loginFailureError(
	run: PlatformRun,
	endpoint: Endpoint,
	itemIndex: number,
	{ failure, notes }: { failure: LoginFailure; notes: string[] },
): NodeApiError {
	return platformError(run, endpoint, itemIndex, {
		message: failure.message,
		check: `${failure.check}.`,
		platformMessage: failure.platformMessage,
		httpCode: failure.httpCode,
		notes: [
			...notes,
			'Nothing was sent for this item: it needs the user token the login would give.',
		],
	});
}

/**
 * Waits until the run has a user token it may send, when `endpoint` sends one: the process's
 * newest unless refused; else the stored one when it is not the refused one; else a login
 * (logInUnderOwnLimits). Ends on Stop; a login ends within this run's Timeout per try, Max Tries
 * and Rate Limit Wait. Throws the login's failure, naming what happened.
 */
export async function ensureUserToken(
	context: RequestContext,
	run: PlatformRun,
	endpoint: Endpoint,
	itemIndex: number,
): Promise<void> {
	if (!run.credential.logsIn || !sendsUserToken(endpoint)) return;
	const session = sessionOf(run);
	const shared = sharedLoginOf(run);
	for (;;) {
		if (session.failure) throw loginFailureError(run, endpoint, itemIndex, session.failure);
		throwIfStopped(run.cancelSignal);
		if (takeNewestToken(run, session, shared)) continue;
		const token = currentUserToken(run);
		if (token !== '' && !session.refused.has(token)) return;
		if (token !== '' && !session.storeRead.has(token)) {
			session.storeRead.add(token);
			const readAt = Date.now();
			const stored = await storedToken(context, run);
			if (stored !== '' && !session.refused.has(stored)) {
				useToken(run, session, stored, readAt);
				run.activity.tokenReused();
			}
			continue;
		}
		session.login ??= logInUnderOwnLimits(context, run, shared).finally(() => {
			session.login = undefined;
		});
		const result = await session.login;
		if (
			'token' in result &&
			session.refused.has(result.token) &&
			session.taken.has(result.token) &&
			!session.givenBack.has(result.token)
		) {
			// A token the platform took, then refused, has expired: the login gave back a stale one. Once more.
			session.givenBack.add(result.token);
		} else if ('token' in result && session.refused.has(result.token)) {
			// The login gave again the very token the platform refused: logging in once more would loop.
			session.failure = {
				failure: {
					message: 'The platform refused the token its login gives',
					check:
						'Check that "Login Identifier" is a user of this business and that "Login Token Path" points at the token the other calls take',
				},
				notes: [],
			};
		} else if ('token' in result) {
			useToken(run, session, result.token, shared.loggedInAt);
		} else if ('failure' in result) {
			session.failure = result;
		}
	}
}

/**
 * The user token a request of `endpoint` goes out with, read when it goes out (after its
 * waits): the process's newest one the run did not have refused; '' for a request that sends
 * none.
 */
export function userTokenToSend(run: PlatformRun, endpoint: Endpoint): string {
	if (!run.credential.logsIn || !sendsUserToken(endpoint)) return '';
	takeNewestToken(run, sessionOf(run), sharedLoginOf(run));
	return currentUserToken(run);
}

/**
 * Stands for the Login Token in a request that sends none: n8n runs the credential's login
 * before any request whose credential has an empty Login Token; this one needs no token.
 */
const NO_TOKEN_SENT = 'no-user-token-sent';

/**
 * The credential a request is sent with (n8n's `credentialsDecrypted`): with Log In, a copy
 * holding the token chosen for it (userTokenToSend), so n8n never logs in on its own: for a
 * request that sends no token, a stand-in (NO_TOKEN_SENT) no header carries.
 */
export function credentialToSend(run: PlatformRun, userToken: string): ICredentialsDecrypted {
	const { decrypted, logsIn, values } = run.credential;
	if (!logsIn) return decrypted;
	return { ...decrypted, data: { ...values, [LOGIN_TOKEN_FIELD]: userToken || NO_TOKEN_SENT } };
}

/**
 * What the answer to a request says about the user token it went with: `renew` where the
 * platform refused it and another token may do (the run takes none refused again, admission
 * gets a new one); a note for the item's error where a new token would not help: logins whose
 * tokens the platform never takes (FRESH_LOGINS_REFUSED_LIMIT), or a request refused after
 * `renewals` renewals already (RENEWALS_PER_REQUEST). The token's first acceptance after a
 * login proves it.
 */
export function tokenVerdict(
	run: PlatformRun,
	endpoint: Endpoint,
	sentToken: string,
	attempt: Attempt,
	renewals: number,
): { renew: boolean; note?: string } | undefined {
	if (!sendsUserToken(endpoint)) return undefined;
	const refused = isTokenRefusal(endpoint, attempt);
	if (!run.credential.logsIn)
		return refused ? { renew: false, note: PASTED_TOKEN_NOTE } : undefined;
	const shared = sharedLoginOf(run);
	const ofLastLogin = sentToken === shared.token;
	const session = sessionOf(run);
	if (!refused || (ofLastLogin && shared.proven)) session.taken.add(sentToken);
	if (!refused) {
		if (ofLastLogin) {
			shared.proven = true;
			shared.accepted++;
			shared.unprovenRefusals = 0;
		}
		return undefined;
	}
	// Tokens refused before the platform ever took one, right after logins during this run: no loop of logins.
	if (ofLastLogin && !shared.proven && shared.loggedInAt >= session.startedAt) {
		// Counted once per login: the first refusal of its token.
		if (!session.refused.has(sentToken)) shared.unprovenRefusals++;
		if (shared.unprovenRefusals >= FRESH_LOGINS_REFUSED_LIMIT)
			return { renew: false, note: FRESH_TOKEN_REFUSED_NOTE };
	}
	session.refused.add(sentToken);
	if (renewals >= RENEWALS_PER_REQUEST)
		return { renew: false, note: renewalsRefusedNote(ofLastLogin ? shared.accepted : 0) };
	return { renew: true };
}
