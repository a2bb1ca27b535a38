/**
 * The user token with Authentication "Log In" (the Log In credential type): had before a request
 * that sends it holds anything (admission.ts), read again when the request goes out (the
 * process's newest), renewed where the platform refuses it (401, or 403 naming the token).
 * Requests that send no user token never log in.
 *
 * The login itself is n8n's: the credential's preAuthentication runs when the hidden Login
 * Token is empty, and n8n stores the new token with the credential (encrypted; later
 * executions and queue workers read it). The transport starts it with a request that only
 * carries an empty token to n8n and that the credential's `authenticate` stops before anything
 * is sent (credential/authenticate.ts LOGIN_ONLY_HEADER): the login holds no slot and no
 * bytes, and runs within the node's Timeout and Stop (credential/login.ts setLoginLimits).
 * It is a request like any other: a 429 is waited out (Retry-After, the refusal backoff,
 * Rate Limit Wait), a server error or no answer is tried again under Max Tries.
 *
 * The executions of this process that log in as the same user share each login attempt and its
 * token (SharedLogin): at an expiry, one sends the login and the others join it, each bounded
 * by its own Timeout, Max Tries and Rate Limit Wait. An attempt ended by its sender's own limits
 * or Stop is no answer for the others: they try under theirs. A run whose token was refused
 * takes, before logging in, the token another execution of this process got, or the one stored
 * with the credential when it is not the refused one (another worker's login).
 */
import { createHash } from 'crypto';
import type {
	ICredentialDataDecryptedObject,
	ICredentialsDecrypted,
	IHttpRequestOptions,
	NodeApiError,
} from 'n8n-workflow';

import { LOGIN_ONLY_HEADER } from '../credential/authenticate';
import { setLoginLimits } from '../credential/login';
import {
	loginTimeoutFailure,
	takeLoginFailure,
	type LoginFailure,
} from '../credential/loginFailure';
import {
	LOGIN_TOKEN_FIELD,
	LOGIN_TOKEN_OWNER_FIELD,
	loginIdentity,
	loginTokenOwner,
	logsIn,
	tokenBelongsTo,
} from '../credential/loginToken';
import { learnSecret } from '../credential/redaction';
import { ExecutionCancelledError, ParameterError } from '../platform/errors';
import { platformError, rateLimitWaitNote } from '../errors/nodeErrors';
import { namesWord } from '../errors/text';
import type { Attempt } from '../platform/attempt';
import { errorMessageOf, parseBody } from '../platform/envelope';
import type { Endpoint } from '../platform/endpoints';
import { withAbortSignal, type RequestContext } from './context';
import { pauseFor } from './rateLimit/runLimiter';
import { backoffDelay, causeChain, refusalPause, retryAfterMs } from './retries';
import type { PlatformRun } from './run';

/** The token state of one run. */
interface TokenSession {
	/** Tokens the platform refused during this run: not sent again. */
	refused: Set<string>;
	/** Refused tokens for which the credential's stored token was read already. */
	storeRead: Set<string>;
	/** When the run began (Date.now()): a login before it did not "just" give its token. */
	startedAt: number;
	/**
	 * Since when the run's token is the newest it knows (Date.now()): a login of this process
	 * that ended at or after it gave a newer one. A token stored with the credential when the run
	 * began is the newest any process of this n8n stored then: it counts from the run's start.
	 */
	tokenSince: number;
	/** The login failed: every request that needs the token fails with it. */
	failure?: { failure: LoginFailure; notes: string[] };
	/** The run's login under way: its requests, under the same limits, wait for it. */
	login?: Promise<LoginResult>;
}

/** What one login attempt (one exchange with the login) ended with. */
type AttemptResult = { token: string } | { failure: LoginFailure } | { abandoned: true };

/**
 * What an attempt tells the executions that joined it: its token, the platform's answer, or
 * nothing (its sender's own Timeout or Stop ended it: each joiner tries under its own limits).
 */
type JoinedResult = { token: string } | { failure: LoginFailure } | { endedByItsSender: true };

/** What a login (its tries and pauses, under one execution's limits) ended with. */
type LoginResult =
	| { token: string }
	| { failure: LoginFailure; notes: string[] }
	| { abandoned: true };

/** One user's login, shared by the executions of this process that log in as that user. */
interface SharedLogin {
	/** The token the last login of this process gave. */
	token?: string;
	/** Logins of this process that gave a token: a login sees another's token by it. */
	logins: number;
	/** The platform accepted that token at least once. */
	proven: boolean;
	/** Requests the platform accepted that token for. */
	accepted: number;
	/** Logins in a row whose token the platform refused before accepting it once (FRESH_LOGINS_REFUSED_LIMIT). */
	unprovenRefusals: number;
	/** When that login ended (Date.now()). */
	loggedInAt: number;
	/** The login attempt under way: who needs a token joins it instead of logging in too. */
	attempt?: Promise<JoinedResult>;
}

const sessions = new WeakMap<PlatformRun, TokenSession>();

/** Logins of this process by user (loginIdentity), hashed: no secret kept as text. */
const sharedLogins = new Map<string, SharedLogin>();
/** Most users remembered at once; the oldest without a login under way are forgotten first. */
const MAX_SHARED_LOGINS = 1000;

/** Forgets every shared login, as a new process would (the engine tests start each case afresh). */
export function forgetSharedLogins(): void {
	sharedLogins.clear();
}

/** Login attempts under way in this process: 0 once every run is over. */
export function loginsUnderWay(): number {
	return [...sharedLogins.values()].filter((login) => login.attempt).length;
}

/** Executions waiting for a login attempt another one sent (the engine tests watch them join). */
let joiners = 0;
export function loginJoiners(): number {
	return joiners;
}

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

const NOT_STORED: LoginFailure = {
	message: 'Log in failed: n8n did not store the token the login gave',
	check: 'Save the credential, then run again',
};

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

function sessionOf(run: PlatformRun): TokenSession {
	let session = sessions.get(run);
	if (!session) {
		// n8n logs in only for an empty string: a credential saved before this field existed lacks
		// it. A token stored for other login fields (another password, address or identifier) is
		// not this user's.
		if (
			!tokenBelongsTo(
				run.credentials,
				run.credentials[LOGIN_TOKEN_FIELD],
				run.credentials[LOGIN_TOKEN_OWNER_FIELD],
			)
		)
			run.credentials[LOGIN_TOKEN_FIELD] = '';
		const startedAt = Date.now();
		session = {
			refused: new Set(),
			storeRead: new Set(),
			startedAt,
			tokenSince: run.credentials[LOGIN_TOKEN_FIELD] !== '' ? startedAt : -Infinity,
		};
		sessions.set(run, session);
	}
	return session;
}

function sharedLoginOf(run: PlatformRun): SharedLogin {
	const key = createHash('sha256').update(loginIdentity(run.credentials)).digest('base64');
	let shared = sharedLogins.get(key);
	if (!shared) {
		for (const [oldKey, old] of sharedLogins) {
			if (sharedLogins.size < MAX_SHARED_LOGINS) break;
			if (!old.attempt) sharedLogins.delete(oldKey);
		}
		shared = { logins: 0, proven: false, accepted: 0, unprovenRefusals: 0, loggedInAt: 0 };
		sharedLogins.set(key, shared);
	}
	return shared;
}

/** The user token requests of the run go with now ('' before its first login). */
export function currentUserToken(run: PlatformRun): string {
	return logsIn(run.credentials) ? String(run.credentials[LOGIN_TOKEN_FIELD] ?? '') : '';
}

/** The run sends `token` from now on, the newest it knows since `since` (TokenSession.tokenSince). */
function useToken(run: PlatformRun, session: TokenSession, token: string, since: number): void {
	run.credentials[LOGIN_TOKEN_FIELD] = token;
	run.credentials[LOGIN_TOKEN_OWNER_FIELD] = loginTokenOwner(run.credentials, token);
	session.tokenSince = since;
	// Tokens got during the run are blanked out of errors and output like the stored ones.
	learnSecret(run, token);
}

/**
 * Takes the token a login of this process got since the run's own (another execution's), unless
 * the run had it refused. Whether it did.
 */
function takeNewestToken(run: PlatformRun, session: TokenSession, shared: SharedLogin): boolean {
	const { token } = shared;
	if (token === undefined || session.refused.has(token) || token === currentUserToken(run))
		return false;
	if (shared.loggedInAt < session.tokenSince) return false;
	useToken(run, session, token, shared.loggedInAt);
	run.activity.tokenReused();
	return true;
}

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
	if (!logsIn(run.credentials)) return undefined;
	const refusal = engineRefusalOf(error);
	if (refusal === undefined) return undefined;
	return new ParameterError(
		'A Business Log In API credential',
		`cannot run here: n8n refused its credential before anything was sent (${refusal}). ${ENGINE_REFUSED_ADVICE}`,
	);
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

/** `promise`'s value, or undefined as soon as `signal` fires (the promise goes on for others). */
async function unlessAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T | undefined> {
	if (signal.aborted) return undefined;
	let onAbort = () => {};
	try {
		return await Promise.race([
			promise,
			new Promise<undefined>((resolve) => {
				onAbort = () => resolve(undefined);
				signal.addEventListener('abort', onAbort, { once: true });
			}),
		]);
	} finally {
		signal.removeEventListener('abort', onAbort);
	}
}

/** The token stored with the credential now (another execution's or worker's login), if it is this user's. */
async function storedToken(context: RequestContext, run: PlatformRun): Promise<string> {
	try {
		const stored = await context.getCredentials(run.credential.type);
		const token = stored[LOGIN_TOKEN_FIELD];
		return tokenBelongsTo(run.credentials, token, stored[LOGIN_TOKEN_OWNER_FIELD]) ? token : '';
	} catch {
		return '';
	}
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
	if (!logsIn(run.credentials) || !sendsUserToken(endpoint)) return;
	const session = sessionOf(run);
	const shared = sharedLoginOf(run);
	for (;;) {
		if (session.failure) throw loginFailureError(run, endpoint, itemIndex, session.failure);
		if (run.cancelSignal?.aborted) throw new ExecutionCancelledError();
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
		if ('token' in result && session.refused.has(result.token)) {
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
	if (!logsIn(run.credentials) || !sendsUserToken(endpoint)) return '';
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
	if (!logsIn(run.credentials)) return run.credential;
	return {
		...run.credential,
		data: { ...run.credentials, [LOGIN_TOKEN_FIELD]: userToken || NO_TOKEN_SENT },
	};
}

/** A signal firing at Stop or after `ms`. */
function stopOrAfter(cancel: AbortSignal | undefined, ms: number): AbortSignal {
	const timeout = AbortSignal.timeout(ms);
	return cancel ? AbortSignal.any([cancel, timeout]) : timeout;
}

/** Never sent (authenticate stops it); a host that cannot resolve, should a future n8n send it anyway. */
const LOGIN_ONLY_REQUEST: IHttpRequestOptions = {
	method: 'GET',
	url: 'http://login-only.invalid/',
	headers: { [LOGIN_ONLY_HEADER]: '1' },
};

/**
 * Logs in under this run's own limits: each try bounded by its Timeout (a login attempt of its
 * own, or one another execution sent, joined), tried again as for any request: a 429 within
 * Rate Limit Wait, a server error or no answer within Max Tries. Takes the token any login of
 * the process gets meanwhile. Never rejects.
 */
async function logInUnderOwnLimits(
	context: RequestContext,
	run: PlatformRun,
	shared: SharedLogin,
): Promise<LoginResult> {
	const { settings } = run;
	const startedAt = Date.now();
	const loginsBefore = shared.logins;
	let refusals = 0;
	for (let tries = 1; ; ) {
		if (run.cancelSignal?.aborted) return { abandoned: true };
		const outcome = await loginTry(context, run, shared, loginsBefore);
		if (!('failure' in outcome)) return outcome;
		const { failure } = outcome;
		try {
			const { transient } = failure;
			const retryAfter =
				transient?.retryAfter === undefined
					? undefined
					: retryAfterMs({ 'retry-after': transient.retryAfter as string });
			const waitTooLong = retryAfter !== undefined && retryAfter > settings.maxRetryAfterMs;
			if (transient?.kind === 'rateLimited') {
				// Never acted on: not a try. Rate Limit Wait bounds how long the login keeps waiting.
				const pause = refusalPause(refusals + 1, retryAfter, settings.maxRetryAfterMs);
				if (!waitTooLong && Date.now() + pause - startedAt <= settings.rateLimitWaitMs) {
					refusals++;
					run.activity.refused(pause);
					await pauseFor(pause, run.cancelSignal);
					continue;
				}
				return { failure, notes: [rateLimitWaitNote(settings)] };
			}
			if (transient && tries < settings.maxTries && !waitTooLong) {
				run.activity.retried(transient.kind === 'noAnswer' ? 'noAnswer' : 'serverError');
				await pauseFor(retryAfter ?? backoffDelay(settings, tries), run.cancelSignal);
				tries++;
				continue;
			}
			const notes = transient ? [`The login was tried ${tries} times (Options → Max Tries).`] : [];
			return { failure, notes };
		} catch {
			// Stopped during a pause.
			return { abandoned: true };
		}
	}
}

/**
 * One try of this run's login, within its Timeout: the token a login of the process got since
 * `loginsBefore`; else the attempt under way, joined; else an attempt of its own. A joined
 * attempt its sender's own Timeout or Stop ended says nothing: the try goes on.
 */
async function loginTry(
	context: RequestContext,
	run: PlatformRun,
	shared: SharedLogin,
	loginsBefore: number,
): Promise<AttemptResult> {
	const { timeoutMs } = run.settings;
	const deadline = stopOrAfter(run.cancelSignal, timeoutMs);
	for (;;) {
		if (run.cancelSignal?.aborted) return { abandoned: true };
		if (shared.logins > loginsBefore && shared.token !== undefined) {
			run.activity.tokenReused();
			return { token: shared.token };
		}
		if (deadline.aborted) return { failure: loginTimeoutFailure(timeoutMs) };
		if (!shared.attempt) return await ownAttempt(context, run, shared, deadline);
		joiners++;
		let joined: JoinedResult | undefined;
		try {
			joined = await unlessAborted(shared.attempt, deadline);
		} finally {
			joiners--;
		}
		if (joined === undefined || 'endedByItsSender' in joined) continue;
		if ('token' in joined) run.activity.tokenReused();
		return joined;
	}
}

/**
 * A login attempt of this run, which others join (SharedLogin.attempt) while it runs. Records
 * its token for the process.
 */
async function ownAttempt(
	context: RequestContext,
	run: PlatformRun,
	shared: SharedLogin,
	deadline: AbortSignal,
): Promise<AttemptResult> {
	let settle: (result: JoinedResult) => void = () => {};
	shared.attempt = new Promise<JoinedResult>((resolve) => (settle = resolve));
	let forJoiners: JoinedResult = { endedByItsSender: true };
	try {
		const result = await loginAttempt(context, run, deadline);
		if ('token' in result) {
			shared.token = result.token;
			shared.logins++;
			shared.proven = false;
			shared.accepted = 0;
			shared.loggedInAt = Date.now();
			run.activity.loggedIn();
			forJoiners = result;
		} else if ('failure' in result && !(deadline.aborted && result.failure.transient)) {
			// The platform's answer (or n8n's), the same for every execution of this user.
			forJoiners = result;
		}
		return result;
	} finally {
		shared.attempt = undefined;
		settle(forJoiners);
	}
}

/**
 * One login attempt through n8n (which stores the token with the credential), on a copy of the
 * run's credential with an empty token, so that the run's requests keep their token until a
 * new one is there. Ends at `deadline` (the try's Timeout, or Stop). Never rejects.
 */
async function loginAttempt(
	context: RequestContext,
	run: PlatformRun,
	deadline: AbortSignal,
): Promise<AttemptResult> {
	const credentials: ICredentialDataDecryptedObject = {
		...run.credentials,
		[LOGIN_TOKEN_FIELD]: '',
	};
	setLoginLimits(credentials, { timeoutMs: run.settings.timeoutMs, signal: deadline });
	try {
		await context.helpers.httpRequestWithAuthentication.call(
			withAbortSignal(context, deadline),
			run.credential.type,
			{ ...LOGIN_ONLY_REQUEST, headers: { ...LOGIN_ONLY_REQUEST.headers } },
			{
				credentialsDecrypted: {
					id: run.credential?.id ?? '',
					name: run.credential?.name ?? '',
					type: run.credential.type,
					data: credentials,
				},
			},
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
	if (!logsIn(run.credentials))
		return refused ? { renew: false, note: PASTED_TOKEN_NOTE } : undefined;
	const shared = sharedLoginOf(run);
	const ofLastLogin = sentToken === shared.token;
	if (!refused) {
		if (ofLastLogin) {
			shared.proven = true;
			shared.accepted++;
			shared.unprovenRefusals = 0;
		}
		return undefined;
	}
	// Tokens refused before the platform ever took one, right after logins during this run: no loop of logins.
	const session = sessionOf(run);
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
