/**
 * The user token's renewal, around each request that sends one. With User Token Source
 * "Log In", a request the platform refuses for its token (401, or 403 naming the token) gets
 * one login and one more try: a refusal means the platform did nothing, so creates too.
 *
 * The login itself is n8n's: the credential's preAuthentication runs when the hidden Login
 * Token is empty, inside the request n8n sends next, and n8n stores the new token with the
 * credential (encrypted; later executions and queue workers reuse it). Emptying the token on
 * the run's credential object (the one handed to every request as credentialsDecrypted) is
 * therefore how a renewal starts. One request at a time may send with an empty token: the
 * others of the run wait for its login instead of each logging in.
 */
import type { IHttpRequestOptions, NodeApiError } from 'n8n-workflow';

import { CREDENTIAL_FIELD_LABELS } from '../credential/fields';
import {
	LOGIN_TOKEN_FIELD,
	LOGIN_TOKEN_OWNER_FIELD,
	loginTokenOwner,
	logsIn,
	takeLoginFailure,
	type LoginFailure,
} from '../credential/login';
import { platformError, emptyCredentialFieldError } from '../errors/nodeErrors';
import { namesWord } from '../errors/text';
import type { Attempt } from '../platform/attempt';
import { errorMessageOf, parseBody } from '../platform/envelope';
import type { Endpoint } from '../platform/endpoints';
import { isBlank } from '../values/parameters';
import { toBaseUrl } from '../values/wire';
import type { PlatformRun } from './run';

/** The token state of one run. */
interface TokenSession {
	/** Bumped by every login of this run: which token a request was sent with. */
	generation: number;
	/** The current token came from a login of this run. */
	fromLogin: boolean;
	/** The platform accepted the current token at least once. */
	proven: boolean;
	/** The login under way; requests wait for it. */
	login?: Promise<void>;
	/** The login failed: every request that needs the token fails with it. */
	failure?: LoginFailure;
}

const sessions = new WeakMap<PlatformRun, TokenSession>();

export const PASTED_TOKEN_NOTE =
	'The User Token may have expired: paste a new one into the credential, or set the node\'s "Authentication" to "Log In" with a "Business Platform Log In API" credential, which logs in and renews the token by itself.';

const FRESH_TOKEN_REFUSED_NOTE =
	'The platform refused the token its login had just given, so the node does not log in again: check that "Login Identifier" is a user of this business and that "Login Token Path" points at the token the other calls take.';

function sendsUserToken(endpoint: Endpoint): boolean {
	return Object.values(endpoint.credentialHeaders).includes('userToken');
}

/**
 * A refusal for the user token: 401, unless the platform names another credential header it
 * refused ("Invalid apikey header."); 403 only when it names the token.
 */
function isTokenRefusal(endpoint: Endpoint, attempt: Attempt | NodeApiError): boolean {
	if (attempt instanceof Error || attempt.kind !== 'response') return false;
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

/**
 * Checks the login fields where a request needs the user token and the credential logs in:
 * before anything is sent, naming the field (the login itself checks the rest).
 */
export function checkLoginFields(run: PlatformRun, endpoint: Endpoint): void {
	if (run.checkedFields.has('authBaseUrl')) return;
	for (const field of ['authBaseUrl', 'loginIdentifier', 'loginPassword']) {
		if (isBlank(run.credentials[field]))
			throw emptyCredentialFieldError(CREDENTIAL_FIELD_LABELS[field], endpoint);
	}
	const url = toBaseUrl(run.credentials.authBaseUrl, 'The credential field "Auth Base URL"');
	run.checkedFields.set('authBaseUrl', url);
}

function sessionOf(run: PlatformRun): TokenSession {
	let session = sessions.get(run);
	if (!session) {
		// n8n logs in only for an empty string: a credential saved before this field existed lacks
		// it. A token stored for another Auth Base URL or Login Identifier is not this user's.
		const owner = run.credentials[LOGIN_TOKEN_OWNER_FIELD];
		if (
			typeof run.credentials[LOGIN_TOKEN_FIELD] !== 'string' ||
			owner !== loginTokenOwner(run.credentials)
		)
			run.credentials[LOGIN_TOKEN_FIELD] = '';
		session = { generation: 0, fromLogin: false, proven: false };
		sessions.set(run, session);
	}
	return session;
}

const tokenOf = (run: PlatformRun) => String(run.credentials[LOGIN_TOKEN_FIELD] ?? '');

function loginFailureError(
	run: PlatformRun,
	endpoint: Endpoint,
	itemIndex: number,
	failure: LoginFailure,
): NodeApiError {
	return platformError(run, endpoint, itemIndex, {
		message: failure.message,
		check: `${failure.check}.`,
		platformMessage: failure.platformMessage,
		httpCode: failure.httpCode,
		notes: ['Nothing was sent for this item: it needs the user token the login would give.'],
	});
}

type Transmit = (options: IHttpRequestOptions) => Promise<Attempt | NodeApiError>;

interface Sent {
	attempt: Attempt | NodeApiError;
	generation: number;
}

/**
 * Sends once the token is there: waits for a login under way; with an empty token this
 * request is the one that logs in (n8n's preAuthentication runs inside it). Nothing is awaited
 * between the last check and the send, so no second request finds the token empty.
 */
async function sendWithToken(
	run: PlatformRun,
	session: TokenSession,
	endpoint: Endpoint,
	itemIndex: number,
	options: IHttpRequestOptions,
	transmit: Transmit,
): Promise<Sent> {
	while (session.login) await session.login;
	if (session.failure) throw loginFailureError(run, endpoint, itemIndex, session.failure);
	if (tokenOf(run) !== '')
		return { attempt: await transmit(options), generation: session.generation };

	let done = () => {};
	session.login = new Promise<void>((resolve) => (done = resolve));
	try {
		takeLoginFailure(run.credentials);
		const attempt = await transmit(options);
		const token = tokenOf(run);
		const failure = takeLoginFailure(run.credentials);
		if (failure || token === '') {
			session.failure = failure ?? {
				message: 'Log in failed: n8n did not store the token the login gave',
				check: 'Save the credential, then run again',
			};
		} else {
			session.generation++;
			session.fromLogin = true;
			session.proven = false;
			// Tokens got during the run are blanked out of errors and output like the stored ones.
			if (token.length >= 4) run.secrets.push(token);
		}
		if (session.failure) throw loginFailureError(run, endpoint, itemIndex, session.failure);
		return { attempt, generation: session.generation };
	} finally {
		session.login = undefined;
		done();
	}
}

/**
 * Sends one attempt of a request (`options`, rebuilt by `prepare` for the one more try) and
 * renews the user token where the platform refuses it. Returns the answer to go on with and
 * the notes its error should carry if it fails.
 */
export async function sendWithUserToken(
	run: PlatformRun,
	endpoint: Endpoint,
	itemIndex: number,
	options: IHttpRequestOptions,
	prepare: () => Promise<IHttpRequestOptions>,
	transmit: Transmit,
): Promise<{ attempt: Attempt | NodeApiError; notes: string[] }> {
	if (!logsIn(run.credentials)) {
		const attempt = await transmit(options);
		const refused = sendsUserToken(endpoint) && isTokenRefusal(endpoint, attempt);
		return { attempt, notes: refused ? [PASTED_TOKEN_NOTE] : [] };
	}

	// n8n logs in before any request of a credential whose token is empty, whether the
	// request sends the token or not: every request of the run passes the same gate.
	const session = sessionOf(run);
	const first = await sendWithToken(run, session, endpoint, itemIndex, options, transmit);
	if (!sendsUserToken(endpoint)) return { attempt: first.attempt, notes: [] };
	if (!isTokenRefusal(endpoint, first.attempt)) {
		if (first.generation === session.generation) session.proven = true;
		return { attempt: first.attempt, notes: [] };
	}
	if (first.generation === session.generation) {
		// A token refused before the platform ever took it, right after a login: no loop of logins.
		if (session.fromLogin && !session.proven)
			return { attempt: first.attempt, notes: [FRESH_TOKEN_REFUSED_NOTE] };
		// Renew: the next request to go out logs in; those refused meanwhile wait for it.
		if (!session.login) run.credentials[LOGIN_TOKEN_FIELD] = '';
	}
	const again = await prepare();
	const second = await sendWithToken(run, session, endpoint, itemIndex, again, transmit);
	if (isTokenRefusal(endpoint, second.attempt))
		return { attempt: second.attempt, notes: [FRESH_TOKEN_REFUSED_NOTE] };
	if (second.generation === session.generation) session.proven = true;
	return { attempt: second.attempt, notes: [] };
}
