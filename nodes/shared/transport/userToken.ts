/**
 * The user token of Authentication "Log In" (the Log In credential type), its whole life. The
 * login request itself, run by n8n as the credential's preAuthentication, is credential/login.ts;
 * the stored token's fields, credential/loginToken.ts. Requests that send no user token never
 * log in.
 *
 * What a run's token can be, and what moves it (LoginSession; `ensureUserToken` waits for one
 * it may send before a request takes anything else, admission.ts):
 *
 *   none      The credential stores no token for its login fields as they are now (a stored
 *             one the run begins in use). The first request that sends one: renewing.
 *   in use    Requests go out with it, read as each goes out (userTokenToSend): the newest token
 *             of this process the run has not had refused, so a token another execution got
 *             meanwhile is taken at once. The platform refuses it (401, or 403 naming the token:
 *             tokenVerdict): refused.
 *   refused   Never sent again by the run. A newer token of this process, else the one stored
 *             with the credential (another worker's login), is in use; else: renewing. A token
 *             the platform took and then refused has expired. Only tokens it never took prove a
 *             broken login: after FRESH_LOGINS_REFUSED_LIMIT logins in a row, failed. A request
 *             refused with RENEWALS_PER_REQUEST + 1 tokens fails alone.
 *   renewing  A login under way, which the run's requests wait for. One login per user of a
 *             credential in this process: an execution joins the attempt another one sent
 *             (SharedLogin.attempt), each bounded by its own Timeout per try, Max Tries, Rate
 *             Limit Wait and Stop; an attempt its sender's own limits ended tells the joiners
 *             nothing. A token: in use. A token the run had refused: if the platform had taken
 *             it, it expired and the login gave a stale one: renewing once more; if it never took
 *             it, failed. The platform's refusal, or the run's limits spent: failed. Stop: the
 *             run ends.
 *   failed    Every request of the run that sends the token fails with the login's failure,
 *             saying nothing was sent. The next run logs in again.
 *
 * Why not n8n-core's own renewal (it runs preAuthentication again after a 401, once per
 * request): at an expiry every request in flight is refused at once and each would log in, a
 * herd of logins for one token; executions running side by side (and queue workers) would each
 * log in too, none taking the token another just got, though they share the platform's limits;
 * that re-send obeys none of the run's Timeout, Max Tries or Rate Limit Wait, and a multipart
 * body is not sent again at all. So every request carries a token n8n never renews
 * (credentialToSend), and a login goes through n8n only to run preAuthentication and have n8n
 * store the token, encrypted, for later executions and workers (loginAttempt).
 */
import { createHash } from 'crypto';
import type {
	ICredentialDataDecryptedObject,
	ICredentialsDecrypted,
	IHttpRequestOptions,
	NodeApiError,
} from 'n8n-workflow';

import { LOGIN_ONLY_HEADER } from '../credential/authenticate';
import {
	loginTimeoutFailure,
	setLoginLimits,
	takeLoginFailure,
	type LoginFailure,
} from '../credential/login';
import {
	LOGIN_TOKEN_FIELD,
	LOGIN_TOKEN_OWNER_FIELD,
	loginIdentity,
	tokenBelongsTo,
} from '../credential/loginToken';
import { learnSecret } from '../credential/redaction';
import { platformError, rateLimitWaitNote } from '../errors/nodeErrors';
import { namesWord } from '../errors/text';
import type { Attempt } from '../platform/attempt';
import type { Endpoint } from '../platform/endpoints';
import { errorMessageOf, parseBody } from '../platform/envelope';
import { ParameterError } from '../platform/errors';
import { withAbortSignal, type RequestContext } from './context';
import { causeChain, retryAfterMs } from './retries';
import { withRetries } from './retryLoop';
import type { PlatformRun } from './run';
import { stopOrAfter, throwIfStopped, unlessEnded } from './waits';

export const PASTED_TOKEN_NOTE =
	"The User Token may have expired: paste a new one into the credential, or choose a Business Log In API credential in the node's Credential field, which logs in and renews the token by itself.";

/**
 * Logins in a row whose fresh token the platform refused before taking it once, after which the
 * node stops logging in. One such refusal is no proof of a broken login: another n8n process
 * (a queue worker) may have used up or revoked the token the stored credential shares, while
 * this one had not yet sent it.
 */
const FRESH_LOGINS_REFUSED_LIMIT = 3;

const FRESH_TOKEN_REFUSED_NOTE = `The platform refused the tokens of ${FRESH_LOGINS_REFUSED_LIMIT} logins in a row before taking any of them, so the node does not log in again: check that "Login Identifier" is a user of this business and that "Login Token Path" points at the token the other calls take.`;

/**
 * Renewals of one request's token: each a token the platform took for other calls or not yet
 * tried. A platform that refuses one call with tokens it takes for others would otherwise make
 * it log in forever.
 */
const RENEWALS_PER_REQUEST = 3;

function renewalsRefusedNote(acceptedBefore: number): string {
	const taken =
		acceptedBefore > 0
			? ` (the platform had taken the last one for ${acceptedBefore} other ${acceptedBefore === 1 ? 'call' : 'calls'})`
			: '';
	return `The platform refused the user token of this request ${RENEWALS_PER_REQUEST + 1} times, each time right after the node got a newer one${taken}, so the node does not log in again for it: the refusal may concern this call rather than the token (check that "Login Identifier" may do it), or the platform's tokens expire before a request gets out. Run this item again.`;
}

const GIVES_REFUSED_TOKEN: LoginFailure = {
	message: 'The platform refused the token its login gives',
	check:
		'Check that "Login Identifier" is a user of this business and that "Login Token Path" points at the token the other calls take',
};

const NOT_STORED: LoginFailure = {
	message: 'Log in failed: n8n did not store the token the login gave',
	check: 'Save the credential, then run again',
};

/** What one login attempt (one exchange with the login, or one joined) ended with. */
type AttemptResult = { token: string } | { failure: LoginFailure } | { abandoned: true };

/** What a login (its tries and pauses, under one execution's limits) ended with. */
type LoginResult =
	| { token: string }
	| { failure: LoginFailure; notes: string[] }
	| { abandoned: true };

/**
 * What an attempt tells the executions that joined it: its token, the platform's answer, or
 * nothing (its sender's own Timeout or Stop ended it: each joiner tries under its own limits).
 */
type JoinedResult = { token: string } | { failure: LoginFailure } | { endedByItsSender: true };

/** One user's login in this process, shared by the executions that log in with the same credential and login fields. */
interface SharedLogin {
	/** The token the last login of this process gave. */
	token?: string;
	/** Logins of this process that gave a token: a login sees another's token by it. */
	logins: number;
	/** When that login ended (Date.now()). */
	loggedInAt: number;
	/** The platform accepted that token at least once. */
	proven: boolean;
	/** Requests the platform accepted that token for. */
	accepted: number;
	/** Logins in a row whose token the platform refused before accepting it once (FRESH_LOGINS_REFUSED_LIMIT). */
	unprovenRefusals: number;
	/** The login attempt under way: who needs a token joins it instead of logging in too. */
	attempt?: Promise<JoinedResult>;
}

/** The token of one run (the states at the top of this file). */
interface LoginSession {
	/** The token the run's requests go with now ('' before its first login: none). */
	token: string;
	/** Since when that token is the newest the run knows (Date.now()): a login of this process that ended at or after it gave a newer one. */
	tokenSince: number;
	/** When the run began: a login before it did not "just" give its token. */
	startedAt: number;
	/** Tokens the platform refused during this run: never sent again. */
	refused: Set<string>;
	/** Tokens the platform took for a call (the run's, or the process's last login once proven): refused later, they expired. */
	taken: Set<string>;
	/** Taken tokens a login gave back after their refusal: a second time, the login is broken. */
	givenBack: Set<string>;
	/** Refused tokens for which the credential's stored token was read already. */
	storeRead: Set<string>;
	/** The run's login under way (renewing): its requests wait for it. */
	login?: Promise<LoginResult>;
	/** The login failed: every request that sends the token fails with it. */
	failure?: { failure: LoginFailure; notes: string[] };
}

/** Logins of this process, by a digest of the credential's id and login fields (no secret kept as text). */
const sharedLogins = new Map<string, SharedLogin>();
/** Most users remembered at once; the oldest without a login under way are forgotten first. */
const MAX_SHARED_LOGINS = 1000;

const sessions = new WeakMap<PlatformRun, LoginSession>();

function sharedLoginOf(run: PlatformRun): SharedLogin {
	// The same fields in another n8n credential store their token apart: they log in apart.
	const key = createHash('sha256')
		.update(`${run.credential.decrypted.id}\n${loginIdentity(run.credential.values)}`)
		.digest('base64');
	let shared = sharedLogins.get(key);
	if (!shared) {
		for (const [oldKey, old] of sharedLogins) {
			if (sharedLogins.size < MAX_SHARED_LOGINS) break;
			if (!old.attempt) sharedLogins.delete(oldKey);
		}
		shared = { logins: 0, loggedInAt: 0, proven: false, accepted: 0, unprovenRefusals: 0 };
		sharedLogins.set(key, shared);
	}
	return shared;
}

/** The run's token, begun with the one stored with the credential when it is this user's (in use), else none. */
function sessionOf(run: PlatformRun): LoginSession {
	let session = sessions.get(run);
	if (!session) {
		// A credential saved before the token field existed lacks it; a token stored for other
		// login fields (another password, address or identifier) is not this user's.
		const { values } = run.credential;
		const stored = values[LOGIN_TOKEN_FIELD];
		const token = tokenBelongsTo(values, stored, values[LOGIN_TOKEN_OWNER_FIELD]) ? stored : '';
		const startedAt = Date.now();
		session = {
			token,
			// A token stored when the run began is the newest any process of this n8n stored then.
			tokenSince: token !== '' ? startedAt : -Infinity,
			startedAt,
			refused: new Set(),
			taken: new Set(),
			givenBack: new Set(),
			storeRead: new Set(),
		};
		sessions.set(run, session);
	}
	return session;
}

/** The run sends `token` from now on, the newest it knows since `since`. */
function useToken(run: PlatformRun, session: LoginSession, token: string, since: number): void {
	session.token = token;
	session.tokenSince = since;
	// Tokens got during the run are blanked out of errors and output like the stored ones.
	learnSecret(run.credential, token);
}

/** Takes the token a login of this process got since the run's own (another execution's), unless the run had it refused. Whether it did. */
function takeNewestToken(run: PlatformRun, session: LoginSession, shared: SharedLogin): boolean {
	const { token } = shared;
	if (token === undefined || session.refused.has(token) || token === session.token) return false;
	if (shared.loggedInAt < session.tokenSince) return false;
	useToken(run, session, token, shared.loggedInAt);
	run.activity.tokenReused();
	return true;
}

/** The token stored with the credential now (another execution's or worker's login), if it is this user's. */
async function storedToken(context: RequestContext, run: PlatformRun): Promise<string> {
	try {
		const stored = await context.getCredentials(run.credential.type);
		const token = stored[LOGIN_TOKEN_FIELD];
		return tokenBelongsTo(run.credential.values, token, stored[LOGIN_TOKEN_OWNER_FIELD])
			? token
			: '';
	} catch {
		return '';
	}
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

/** What to do about it, in the message itself: Engine 2.0 keeps only an error's message in the run data (test/e2e/engineV2.e2e.js). */
const ENGINE_REFUSED_ADVICE =
	"Run this workflow on n8n's default engine instead of the Engine 2.0 preview, or choose a Business Platform API credential in the node's Credential field";

/** The item's error when n8n refused to run the Log In credential for a request; undefined for any other error or credential type. */
export function engineRefusalError(run: PlatformRun, error: unknown): ParameterError | undefined {
	if (!run.credential.logsIn) return undefined;
	const refusal = engineRefusalOf(error);
	if (refusal === undefined) return undefined;
	return new ParameterError(
		'A Business Log In API credential',
		`cannot run here: n8n refused its credential before anything was sent (${refusal}). ${ENGINE_REFUSED_ADVICE}`,
	);
}

/** Never sent (authenticate stops it: LOGIN_ONLY_HEADER); a host that cannot resolve, should a future n8n send it anyway. */
const LOGIN_ONLY_REQUEST: IHttpRequestOptions = {
	method: 'GET',
	url: 'http://login-only.invalid/',
	headers: { [LOGIN_ONLY_HEADER]: '1' },
};

/**
 * One login attempt through n8n, which runs preAuthentication (the Login Token is empty) and
 * stores the token with the credential; on a copy of the run's credential, so the run's requests
 * keep their token until a new one is there. Holds no slot and no bytes. Ends at `deadline` (the
 * try's Timeout, or Stop). Never rejects.
 */
async function loginAttempt(
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
		// Expected: authenticate stops the request once n8n has run the login, whose outcome is on
		// the credential copy. Unless n8n refused to run the login at all.
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

/** A login attempt of this run, which other executions join while it runs. Records its token for the process. */
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
 * One try of the run's login, within its Timeout: a token a login of the process got since
 * `loginsBefore` that the run has not had refused; else the attempt under way, joined; else an
 * attempt of its own. A joined attempt its sender's own Timeout or Stop ended says nothing: the
 * try goes on.
 */
async function loginTry(
	context: RequestContext,
	run: PlatformRun,
	session: LoginSession,
	shared: SharedLogin,
	loginsBefore: number,
): Promise<AttemptResult> {
	const { timeoutMs } = run.settings;
	const deadline = stopOrAfter(run.cancelSignal, timeoutMs);
	for (;;) {
		if (run.cancelSignal?.aborted) return { abandoned: true };
		const { token } = shared;
		if (shared.logins > loginsBefore && token !== undefined && !session.refused.has(token)) {
			run.activity.tokenReused();
			return { token };
		}
		if (deadline.aborted) return { failure: loginTimeoutFailure(timeoutMs) };
		if (!shared.attempt) return await ownAttempt(context, run, shared, deadline);
		const joined = await unlessEnded(shared.attempt, deadline);
		if (joined === undefined || 'endedByItsSender' in joined) continue;
		if ('token' in joined) run.activity.tokenReused();
		return joined;
	}
}

/**
 * Logs in under this run's own limits, tried again as any request is (retryLoop.ts): a 429
 * waited out within Rate Limit Wait, a server error or no answer within Max Tries, each try
 * within Timeout. Never rejects: Stop abandons it.
 */
async function logInUnderOwnLimits(
	context: RequestContext,
	run: PlatformRun,
	session: LoginSession,
	shared: SharedLogin,
): Promise<LoginResult> {
	const loginsBefore = shared.logins;
	try {
		// The login holds no slot: the loop itself waits out the pause after a refusal.
		const ended = await withRetries<LoginResult, LoginFailure>(
			run,
			{ waitsOutRefusals: true },
			async () => {
				if (run.cancelSignal?.aborted) return { done: { abandoned: true } };
				const sentAt = Date.now();
				const outcome = await loginTry(context, run, session, shared, loginsBefore);
				if (!('failure' in outcome)) return { done: outcome };
				const { transient } = outcome.failure;
				const retryAfter =
					transient?.retryAfter === undefined
						? undefined
						: retryAfterMs({ 'retry-after': transient.retryAfter as string });
				return {
					failed: outcome.failure,
					how: {
						retryAfter,
						refusal: transient?.kind === 'rateLimited',
						retryable: transient !== undefined,
						noAnswer: transient?.kind === 'noAnswer',
						sentAt,
					},
				};
			},
		);
		if ('done' in ended) return ended.done;
		const { failed: failure, how, tries } = ended;
		if (how.refusal) return { failure, notes: [rateLimitWaitNote(run.settings)] };
		const notes = failure.transient
			? [`The login was tried ${tries} times (Options → Max Tries).`]
			: [];
		return { failure, notes };
	} catch {
		// Stopped during a pause (waits.ts pauseFor): its tries never reject.
		return { abandoned: true };
	}
}

function sendsUserToken(endpoint: Endpoint): boolean {
	return Object.values(endpoint.credentialHeaders).includes('userToken');
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
 * Waits until the run has a user token it may send, when `endpoint` sends one (in use): the
 * process's newest unless refused; else the stored one unless refused; else a login (renewing).
 * Ends on Stop. Throws the login's failure (failed), naming what happened.
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
		const { token, refused } = session;
		if (token !== '' && !refused.has(token)) return;
		if (token !== '' && !session.storeRead.has(token)) {
			session.storeRead.add(token);
			const readAt = Date.now();
			const stored = await storedToken(context, run);
			if (stored !== '' && !refused.has(stored)) {
				useToken(run, session, stored, readAt);
				run.activity.tokenReused();
			}
			continue;
		}
		session.login ??= logInUnderOwnLimits(context, run, session, shared).finally(() => {
			session.login = undefined;
		});
		const result = await session.login;
		if (!('token' in result)) {
			if ('failure' in result) session.failure = result;
			continue;
		}
		const given = result.token;
		if (!refused.has(given)) useToken(run, session, given, shared.loggedInAt);
		else if (session.taken.has(given) && !session.givenBack.has(given)) {
			// A token the platform took, then refused, has expired: the login gave a stale one. Once more.
			session.givenBack.add(given);
		} else {
			// A token the platform never took, or given back twice: logging in again would loop.
			session.failure = { failure: GIVES_REFUSED_TOKEN, notes: [] };
		}
	}
}

/**
 * The user token a request of `endpoint` goes out with, read when it goes out (after its waits):
 * the process's newest the run did not have refused; '' for a request that sends none.
 */
export function userTokenToSend(run: PlatformRun, endpoint: Endpoint): string {
	if (!run.credential.logsIn || !sendsUserToken(endpoint)) return '';
	const session = sessionOf(run);
	takeNewestToken(run, session, sharedLoginOf(run));
	return session.token;
}

/**
 * Stands for the Login Token in a request that sends none: n8n runs the credential's login
 * before any request whose credential has an empty Login Token; this one needs no token.
 */
const NO_TOKEN_SENT = 'no-user-token-sent';

/**
 * The credential a request is sent with (n8n's `credentialsDecrypted`): with Log In, a copy
 * holding the token chosen for it (userTokenToSend), so n8n never logs in on its own; for a
 * request that sends no token, a stand-in (NO_TOKEN_SENT) no header carries.
 */
export function credentialToSend(run: PlatformRun, userToken: string): ICredentialsDecrypted {
	const { decrypted, logsIn, values } = run.credential;
	if (!logsIn) return decrypted;
	return { ...decrypted, data: { ...values, [LOGIN_TOKEN_FIELD]: userToken || NO_TOKEN_SENT } };
}

/**
 * A refusal for the user token: 401, unless the platform names another credential header it
 * refused ("Invalid apikey header."); 403 only when it names the token.
 */
function isTokenRefusal(endpoint: Endpoint, attempt: Attempt): boolean {
	if (attempt.kind !== 'response') return false;
	if (attempt.statusCode !== 401 && attempt.statusCode !== 403) return false;
	const message = errorMessageOf(parseBody(attempt.body).value) ?? '';
	// Every user token header's name says "token" (user_token, user-token, userToken).
	const namesToken = /token/i.test(message);
	if (attempt.statusCode === 403) return namesToken;
	const headers = Object.entries(endpoint.credentialHeaders);
	const namesOther = headers.some(
		([header, source]) => source !== 'userToken' && namesWord(message, header),
	);
	return namesToken || !namesOther;
}

/**
 * What the answer to a request says about the user token it went with (in use or refused):
 * `renew` where the platform refused it and another token may do; a note for the item's error
 * where a new one would not help: logins whose tokens the platform never takes
 * (FRESH_LOGINS_REFUSED_LIMIT), or a request refused after `renewals` renewals already
 * (RENEWALS_PER_REQUEST). The token's first acceptance after a login proves it.
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
	const session = sessionOf(run);
	const ofLastLogin = sentToken === shared.token;
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
