/**
 * The login session of one run (Authentication "Log In"): the user token its requests go with,
 * which lives here and nowhere else (the run's credential values are never written), the
 * tokens the platform refused it, and its login under way, tried again under the run's own
 * Timeout, Max Tries and Rate Limit Wait in the one retry loop (retryLoop.ts).
 *
 * A run starts with the token stored with the credential, when it is this user's. A run whose
 * token was refused takes, before logging in, the token another execution of this process got
 * (sharedLogins.ts), or the one stored with the credential when it is not the refused one
 * (another worker's login).
 */
import type { LoginFailure } from '../credential/loginFailure';
import {
	LOGIN_TOKEN_FIELD,
	LOGIN_TOKEN_OWNER_FIELD,
	tokenBelongsTo,
} from '../credential/loginToken';
import { learnSecret } from '../credential/redaction';
import { rateLimitWaitNote } from '../errors/nodeErrors';
import type { RequestContext } from './context';
import { retryAfterMs } from './retries';
import { withRetries } from './retryLoop';
import type { PlatformRun } from './run';
import { loginTry, type SharedLogin } from './sharedLogins';

/** What a login (its tries and pauses, under one execution's limits) ended with. */
export type LoginResult =
	| { token: string }
	| { failure: LoginFailure; notes: string[] }
	| { abandoned: true };

/** The token state of one run. */
export interface LoginSession {
	/** The user token the run's requests go with now ('' before its first login). */
	token: string;
	/** Tokens the platform refused during this run: not sent again. */
	refused: Set<string>;
	/** Tokens the platform took for a call (this run's, or the process's last login once proven): refused later, they expired. */
	taken: Set<string>;
	/** Taken tokens a login gave back after their refusal: a second time, the login is broken. */
	givenBack: Set<string>;
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

const sessions = new WeakMap<PlatformRun, LoginSession>();

/** The run's login session, begun with the token stored with the credential when it is this user's. */
export function sessionOf(run: PlatformRun): LoginSession {
	let session = sessions.get(run);
	if (!session) {
		// A credential saved before the token field existed lacks it; a token stored for other
		// login fields (another password, address or identifier) is not this user's.
		const { values } = run.credential;
		const stored = values[LOGIN_TOKEN_FIELD];
		const owner = values[LOGIN_TOKEN_OWNER_FIELD];
		const token = tokenBelongsTo(values, stored, owner) ? stored : '';
		const startedAt = Date.now();
		session = {
			token,
			refused: new Set(),
			taken: new Set(),
			givenBack: new Set(),
			storeRead: new Set(),
			startedAt,
			tokenSince: token !== '' ? startedAt : -Infinity,
		};
		sessions.set(run, session);
	}
	return session;
}

/** The user token requests of the run go with now ('' before its first login, or without Log In). */
export function currentUserToken(run: PlatformRun): string {
	return run.credential.logsIn ? sessionOf(run).token : '';
}

/** The run sends `token` from now on, the newest it knows since `since` (LoginSession.tokenSince). */
export function useToken(
	run: PlatformRun,
	session: LoginSession,
	token: string,
	since: number,
): void {
	session.token = token;
	session.tokenSince = since;
	// Tokens got during the run are blanked out of errors and output like the stored ones.
	learnSecret(run.credential, token);
}

/**
 * Takes the token a login of this process got since the run's own (another execution's), unless
 * the run had it refused. Whether it did.
 */
export function takeNewestToken(
	run: PlatformRun,
	session: LoginSession,
	shared: SharedLogin,
): boolean {
	const { token } = shared;
	if (token === undefined || session.refused.has(token) || token === session.token) return false;
	if (shared.loggedInAt < session.tokenSince) return false;
	useToken(run, session, token, shared.loggedInAt);
	run.activity.tokenReused();
	return true;
}

/** The token stored with the credential now (another execution's or worker's login), if it is this user's. */
export async function storedToken(context: RequestContext, run: PlatformRun): Promise<string> {
	try {
		const stored = await context.getCredentials(run.credential.type);
		const token = stored[LOGIN_TOKEN_FIELD];
		const owner = stored[LOGIN_TOKEN_OWNER_FIELD];
		return tokenBelongsTo(run.credential.values, token, owner) ? token : '';
	} catch {
		return '';
	}
}

/**
 * Logs in under this run's own limits: each try bounded by its Timeout (a login attempt of its
 * own, or one another execution sent, joined: sharedLogins.ts loginTry), tried again as any
 * request is (retryLoop.ts): a 429 within Rate Limit Wait, a server error or no answer within
 * Max Tries. Takes the token any login of the process gets meanwhile. Never rejects: Stop
 * abandons it.
 */
export async function logInUnderOwnLimits(
	context: RequestContext,
	run: PlatformRun,
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
				const outcome = await loginTry(context, run, shared, loginsBefore);
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
		// Stopped during a pause (waits.ts pauseFor): its tries never reject (loginTry).
		return { abandoned: true };
	}
}
