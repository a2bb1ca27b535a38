/**
 * The logins of this process, shared by user: the executions that log in as the same user share
 * each login attempt and its token. At an expiry, one sends the login and the others join it,
 * each bounded by its own Timeout (one try of its login: loginSession.ts retries it under its own
 * Max Tries and Rate Limit Wait). An attempt ended by its sender's own limits or Stop is no
 * answer for the others: they try under theirs.
 *
 * Users are told apart by a digest of their login fields (credential/loginToken.ts loginIdentity):
 * no secret is kept as text.
 */
import { createHash } from 'crypto';

import { loginTimeoutFailure, type LoginFailure } from '../credential/loginFailure';
import { loginIdentity } from '../credential/loginToken';
import type { RequestContext } from './context';
import { loginAttempt, type AttemptResult } from './loginAttempt';
import type { PlatformRun } from './run';
import { stopOrAfter, unlessEnded } from './waits';

/**
 * What an attempt tells the executions that joined it: its token, the platform's answer, or
 * nothing (its sender's own Timeout or Stop ended it: each joiner tries under its own limits).
 */
type JoinedResult = { token: string } | { failure: LoginFailure } | { endedByItsSender: true };

/** One user's login, shared by the executions of this process that log in as that user. */
export interface SharedLogin {
	/** The token the last login of this process gave. */
	token?: string;
	/** Logins of this process that gave a token: a login sees another's token by it. */
	logins: number;
	/** The platform accepted that token at least once. */
	proven: boolean;
	/** Requests the platform accepted that token for. */
	accepted: number;
	/** Logins in a row whose token the platform refused before accepting it once (userToken.ts FRESH_LOGINS_REFUSED_LIMIT). */
	unprovenRefusals: number;
	/** When that login ended (Date.now()). */
	loggedInAt: number;
	/** The login attempt under way: who needs a token joins it instead of logging in too. */
	attempt?: Promise<JoinedResult>;
	/** Executions waiting for that attempt, which another one sent. */
	joiners: number;
}

/** Logins of this process by user (a digest of loginIdentity). */
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
export function loginJoiners(): number {
	let joiners = 0;
	for (const login of sharedLogins.values()) joiners += login.joiners;
	return joiners;
}

/** The shared login of the run's user. */
export function sharedLoginOf(run: PlatformRun): SharedLogin {
	const key = createHash('sha256').update(loginIdentity(run.credential.values)).digest('base64');
	let shared = sharedLogins.get(key);
	if (!shared) {
		for (const [oldKey, old] of sharedLogins) {
			if (sharedLogins.size < MAX_SHARED_LOGINS) break;
			if (!old.attempt) sharedLogins.delete(oldKey);
		}
		shared = {
			logins: 0,
			proven: false,
			accepted: 0,
			unprovenRefusals: 0,
			loggedInAt: 0,
			joiners: 0,
		};
		sharedLogins.set(key, shared);
	}
	return shared;
}

/**
 * One try of this run's login, within its Timeout: the token a login of the process got since
 * `loginsBefore`; else the attempt under way, joined; else an attempt of its own. A joined
 * attempt its sender's own Timeout or Stop ended says nothing: the try goes on.
 */
export async function loginTry(
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
		shared.joiners++;
		let joined: JoinedResult | undefined;
		try {
			joined = await unlessEnded(shared.attempt, deadline);
		} finally {
			shared.joiners--;
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
