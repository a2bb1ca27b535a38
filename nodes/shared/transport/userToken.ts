/**
 * The user token with Authentication "Log In" (the Log In credential type): had before a request holds anything
 * (admission.ts), renewed where the platform refuses it (401, or 403 naming the token).
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
 * The executions of this process that log in as the same user share one login and its
 * token (SharedLogin): at an expiry, one logs in and the others wait for it. A run whose token
 * was refused takes, before logging in, the token another execution of this process got, or
 * the one stored with the credential when it is not the refused one (another worker's login).
 */
import { createHash } from 'crypto';
import type {
	ICredentialDataDecryptedObject,
	IHttpRequestOptions,
	NodeApiError,
} from 'n8n-workflow';

import { LOGIN_ONLY_HEADER } from '../credential/authenticate';
import {
	LOGIN_TOKEN_FIELD,
	LOGIN_TOKEN_OWNER_FIELD,
	loginTokenOwner,
	logsIn,
	setLoginLimits,
	takeLoginFailure,
	type LoginFailure,
} from '../credential/login';
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
	 * The run began with a token stored with the credential: the newest any process of this n8n
	 * stored, so a token this process got before the run began is no newer than it.
	 */
	startedWithToken: boolean;
	/** The login failed: every request that needs the token fails with it. */
	failure?: { failure: LoginFailure; notes: string[] };
}

/** What a login ended with: a token, a failure to show, or nothing (its execution was stopped). */
type LoginResult =
	| { token: string; owner: string }
	| { failure: LoginFailure; notes: string[] }
	| { abandoned: true };

/** One user's login, shared by the executions of this process that log in as that user. */
interface SharedLogin {
	/** The token the last login of this process gave. */
	token?: string;
	owner?: string;
	/** The platform accepted that token at least once. */
	proven: boolean;
	/** Logins in a row whose token the platform refused before accepting it once (FRESH_LOGINS_REFUSED_LIMIT). */
	unprovenRefusals: number;
	/** When that login ended (Date.now()). */
	loggedInAt: number;
	/** The login under way: who needs a token waits for it instead of logging in too. */
	pending?: Promise<LoginResult>;
}

const sessions = new WeakMap<PlatformRun, TokenSession>();

/** Logins of this process by user (Auth Base URL, identifier, password), hashed: no secret kept as text. */
const sharedLogins = new Map<string, SharedLogin>();
/** Most users remembered at once; the oldest without a login under way are forgotten first. */
const MAX_SHARED_LOGINS = 1000;

/** Forgets every shared login, as a new process would (the engine tests start each case afresh). */
export function forgetSharedLogins(): void {
	sharedLogins.clear();
}

/** Logins under way in this process: 0 once every run is over. */
export function loginsUnderWay(): number {
	return [...sharedLogins.values()].filter((login) => login.pending).length;
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

export const RENEWED_TOKEN_REFUSED_NOTE =
	'The platform refused the user token again after the node logged in anew for this request, so the node does not log in again for it: check that "Login Identifier" is a user of this business and that "Login Token Path" points at the token the other calls take.';

export const FRESH_TOKEN_REFUSED_NOTE = `The platform refused the tokens of ${FRESH_LOGINS_REFUSED_LIMIT} logins in a row before taking any of them, so the node does not log in again: check that "Login Identifier" is a user of this business and that "Login Token Path" points at the token the other calls take.`;

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
		// it. A token stored for another Auth Base URL or Login Identifier is not this user's.
		const owner = run.credentials[LOGIN_TOKEN_OWNER_FIELD];
		if (
			typeof run.credentials[LOGIN_TOKEN_FIELD] !== 'string' ||
			owner !== loginTokenOwner(run.credentials)
		)
			run.credentials[LOGIN_TOKEN_FIELD] = '';
		session = {
			refused: new Set(),
			storeRead: new Set(),
			startedAt: Date.now(),
			startedWithToken: run.credentials[LOGIN_TOKEN_FIELD] !== '',
		};
		sessions.set(run, session);
	}
	return session;
}

function sharedLoginOf(run: PlatformRun): SharedLogin {
	const key = createHash('sha256')
		.update(loginTokenOwner(run.credentials))
		.update('\n')
		.update(String(run.credentials.loginPassword ?? ''))
		.digest('base64');
	let shared = sharedLogins.get(key);
	if (!shared) {
		for (const [oldKey, old] of sharedLogins) {
			if (sharedLogins.size < MAX_SHARED_LOGINS) break;
			if (!old.pending) sharedLogins.delete(oldKey);
		}
		shared = { proven: false, unprovenRefusals: 0, loggedInAt: 0 };
		sharedLogins.set(key, shared);
	}
	return shared;
}

/** The user token requests of the run go with now ('' before its first login). */
export function currentUserToken(run: PlatformRun): string {
	return logsIn(run.credentials) ? String(run.credentials[LOGIN_TOKEN_FIELD] ?? '') : '';
}

function useToken(run: PlatformRun, token: string, owner: string): void {
	run.credentials[LOGIN_TOKEN_FIELD] = token;
	run.credentials[LOGIN_TOKEN_OWNER_FIELD] = owner;
	// Tokens got during the run are blanked out of errors and output like the stored ones.
	if (token.length >= 4 && !run.secrets.includes(token)) run.secrets.push(token);
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

/** Resolves with `promise`, or rejects once `signal` fires (the promise goes on for others). */
async function unlessStopped<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
	if (!signal) return await promise;
	if (signal.aborted) throw new ExecutionCancelledError();
	let onAbort = () => {};
	try {
		return await Promise.race([
			promise,
			new Promise<never>((_, reject) => {
				onAbort = () => reject(new ExecutionCancelledError());
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
		if (stored[LOGIN_TOKEN_OWNER_FIELD] !== loginTokenOwner(run.credentials)) return '';
		return typeof stored[LOGIN_TOKEN_FIELD] === 'string' ? stored[LOGIN_TOKEN_FIELD] : '';
	} catch {
		return '';
	}
}

/**
 * Waits until the run has a user token it may send: the one it has unless refused; else the
 * token another execution of this process got since, or the stored one when it is not the
 * refused one; else the login under way, or a login of its own. Ends on Stop; a login ends
 * within Timeout per try. Throws the login's failure, naming what happened.
 */
export async function ensureUserToken(
	context: RequestContext,
	run: PlatformRun,
	endpoint: Endpoint,
	itemIndex: number,
): Promise<void> {
	if (!logsIn(run.credentials)) return;
	const session = sessionOf(run);
	const shared = sharedLoginOf(run);
	const usable = (token: string | undefined) => !!token && !session.refused.has(token);
	for (;;) {
		if (session.failure) throw loginFailureError(run, endpoint, itemIndex, session.failure);
		if (run.cancelSignal?.aborted) throw new ExecutionCancelledError();
		const token = currentUserToken(run);
		if (usable(token)) return;
		// The token another execution of this process logged in for (first use, or after a
		// refusal), unless it is older than the stored one the run began with (queue workers).
		const sharedIsNewer = !session.startedWithToken || shared.loggedInAt >= session.startedAt;
		if (sharedIsNewer && usable(shared.token) && shared.owner) {
			useToken(run, shared.token as string, shared.owner);
			continue;
		}
		if (shared.pending) {
			const result = await unlessStopped(shared.pending, run.cancelSignal);
			if ('failure' in result) session.failure = result;
			continue;
		}
		if (token !== '' && !session.storeRead.has(token)) {
			session.storeRead.add(token);
			const stored = await storedToken(context, run);
			if (usable(stored)) useToken(run, stored, loginTokenOwner(run.credentials));
			continue;
		}
		let settle: (result: LoginResult) => void = () => {};
		shared.pending = new Promise<LoginResult>((resolve) => (settle = resolve));
		let result: LoginResult = { abandoned: true };
		try {
			result = await logInFor(context, run);
		} finally {
			shared.pending = undefined;
			settle(result);
		}
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
			shared.token = result.token;
			shared.owner = result.owner;
			shared.proven = false;
			shared.loggedInAt = Date.now();
			useToken(run, result.token, result.owner);
		} else if ('failure' in result) {
			session.failure = result;
		}
	}
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
 * Logs in through n8n (which stores the token with the credential), on a copy of the run's
 * credential with an empty token, so that the run's requests keep their token until a new one
 * is there. Tries again as for any request: a 429 within Rate Limit Wait, a server error or no
 * answer within Max Tries. Never rejects.
 */
async function logInFor(context: RequestContext, run: PlatformRun): Promise<LoginResult> {
	const { settings } = run;
	const startedAt = Date.now();
	let refusals = 0;
	for (let tries = 1; ; ) {
		if (run.cancelSignal?.aborted) return { abandoned: true };
		const signal = stopOrAfter(run.cancelSignal, settings.timeoutMs);
		const credentials: ICredentialDataDecryptedObject = {
			...run.credentials,
			[LOGIN_TOKEN_FIELD]: '',
		};
		setLoginLimits(credentials, { timeoutMs: settings.timeoutMs, signal });
		try {
			await context.helpers.httpRequestWithAuthentication.call(
				withAbortSignal(context, signal),
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
					notes: [],
				};
			}
		}
		const failure = takeLoginFailure(credentials);
		const token = String(credentials[LOGIN_TOKEN_FIELD] ?? '');
		if (run.cancelSignal?.aborted) return { abandoned: true };
		if (!failure) {
			return token === ''
				? { failure: NOT_STORED, notes: [] }
				: { token, owner: String(credentials[LOGIN_TOKEN_OWNER_FIELD] ?? '') };
		}
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
					await pauseFor(pause, run.cancelSignal);
					continue;
				}
				return { failure, notes: [rateLimitWaitNote(settings)] };
			}
			if (transient && tries < settings.maxTries && !waitTooLong) {
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
 * What the answer to a request says about its user token: `renew` where the platform refused
 * it and another token may do (the run takes none refused again, admission gets a new one); a
 * note for the item's error where a new token would not help. The token's first acceptance
 * after a login proves it.
 */
export function tokenVerdict(
	run: PlatformRun,
	endpoint: Endpoint,
	sentToken: string,
	attempt: Attempt,
): { renew: boolean; note?: string } | undefined {
	if (!sendsUserToken(endpoint)) return undefined;
	const refused = isTokenRefusal(endpoint, attempt);
	if (!logsIn(run.credentials))
		return refused ? { renew: false, note: PASTED_TOKEN_NOTE } : undefined;
	const shared = sharedLoginOf(run);
	if (!refused) {
		if (sentToken === shared.token) {
			shared.proven = true;
			shared.unprovenRefusals = 0;
		}
		return undefined;
	}
	// Tokens refused before the platform ever took one, right after logins during this run: no loop of logins.
	const session = sessionOf(run);
	if (sentToken === shared.token && !shared.proven && shared.loggedInAt >= session.startedAt) {
		// Counted once per login: the first refusal of its token.
		if (!session.refused.has(sentToken)) shared.unprovenRefusals++;
		if (shared.unprovenRefusals >= FRESH_LOGINS_REFUSED_LIMIT)
			return { renew: false, note: FRESH_TOKEN_REFUSED_NOTE };
	}
	session.refused.add(sentToken);
	return { renew: true };
}
