/**
 * What one node run went through on its way, counted over all its items: the platform's
 * refusals and the pauses they asked for, waits for the business's shared limit and for the
 * run's upload bytes, logins, retries and timeouts. The transport writes to it with one call
 * where each happens; activityHints() turns it into the sentences the router shows in the
 * output pane (node/router.ts). Counts and durations only: never a token, a key or a name.
 */
import { UPLOAD_BYTES_IN_FLIGHT } from './uploadBudget';

/** A stretch of time, [start, end) in Date.now() ms. */
type Interval = [start: number, end: number];

/** Waits for the shared limit shorter than this are the limit working as it should: not said. */
export const LONG_LIMIT_WAIT_MS = 1_000;

export class RunActivity {
	private refusals = 0;
	private refused503 = false;
	/** The pauses the platform asked for after refusing this run's requests. */
	private readonly refusalPauses: Interval[] = [];
	/** Waits for a slot of the business's shared limit longer than LONG_LIMIT_WAIT_MS. */
	private readonly limitWaits: Interval[] = [];
	private readonly uploadWaits: Interval[] = [];
	private logins = 0;
	private tokenRefusals = 0;
	private tokensReused = 0;
	private serverErrorRetries = 0;
	private noAnswerRetries = 0;
	private timeouts = 0;

	/** The platform refused a request as too many (429, or 503 with Retry-After); every request of the business pauses `pauseMs` from now. */
	refused(pauseMs: number, statusCode = 429): void {
		this.refusals++;
		if (statusCode !== 429) this.refused503 = true;
		const now = Date.now();
		this.refusalPauses.push([now, now + pauseMs]);
	}

	/** A request got its slot of the shared limit, having asked for it at `askedAt`. */
	gotLimitSlot(askedAt: number): void {
		const now = Date.now();
		if (now - askedAt > LONG_LIMIT_WAIT_MS) this.limitWaits.push([askedAt, now]);
	}

	/** A request got the bytes for its files, having waited for them since `since`. */
	gotUploadBytes(since: number): void {
		this.uploadWaits.push([since, Date.now()]);
	}

	/** The run logged in itself (the Log In credential). */
	loggedIn(): void {
		this.logins++;
	}

	/** The platform refused the user token a request carried: the run gets another. */
	tokenRefused(): void {
		this.tokenRefusals++;
	}

	/** The run took the token another execution's login got, instead of logging in itself. */
	tokenReused(): void {
		this.tokensReused++;
	}

	/** A request (or the login) is tried again after a server error or no answer. */
	retried(after: 'serverError' | 'noAnswer'): void {
		if (after === 'serverError') this.serverErrorRetries++;
		else this.noAnswerRetries++;
	}

	/** A request got no complete answer within Timeout. */
	timedOut(): void {
		this.timeouts++;
	}

	/** What the run went through, one sentence per kind; empty when it went straight through. */
	sentences(timeoutMs: number): string[] {
		const hints: string[] = [];
		const pauses = merged(this.refusalPauses);
		if (this.refusals > 0) {
			hints.push(
				`The platform refused ${count(this.refusals, 'request')} as too many (${this.refused503 ? '429, or 503 with Retry-After' : '429'}); the run paused ${duration(lengthOf(pauses))} in all for them.`,
			);
		}
		// The run's own refusals' pauses are said above: only the rest of a wait is the shared limit's.
		const limitWaits = this.limitWaits
			.map((wait) => without(merged([wait]), pauses))
			.filter((rest) => lengthOf(rest) > LONG_LIMIT_WAIT_MS);
		if (limitWaits.length > 0) {
			const waited = lengthOf(merged(limitWaits.flat()));
			hints.push(
				`${count(limitWaits.length, 'request')} waited more than a second for the business's shared limit (shared by every execution for this business); ${duration(waited)} in all.`,
			);
		}
		const login = [
			...(this.tokenRefusals > 0
				? [`the platform refused the user token ${times(this.tokenRefusals)}`]
				: []),
			...(this.logins > 0 ? [`the node logged in ${times(this.logins)}`] : []),
			...(this.tokensReused > 0
				? [`the node used the token of another execution's login ${times(this.tokensReused)}`]
				: []),
		];
		if (login.length > 0) hints.push(`Log In credential: ${login.join('; ')}.`);
		const retries = this.serverErrorRetries + this.noAnswerRetries;
		if (retries > 0) {
			const why = [
				...(this.serverErrorRetries > 0 ? [`${this.serverErrorRetries} after a server error`] : []),
				...(this.noAnswerRetries > 0 ? [`${this.noAnswerRetries} after no answer`] : []),
			];
			hints.push(
				`The node tried requests again ${times(retries)}: ${why.join(', ')} (Options → Max Tries).`,
			);
		}
		if (this.timeouts > 0) {
			hints.push(
				`${count(this.timeouts, 'request')} got no complete answer within the Timeout of ${duration(timeoutMs)} (Options → Timeout).`,
			);
		}
		if (this.uploadWaits.length > 0) {
			const waited = lengthOf(merged(this.uploadWaits));
			hints.push(
				`${count(this.uploadWaits.length, 'upload')} waited ${duration(waited)} in all for room in the run's ${UPLOAD_BYTES_IN_FLIGHT / (1024 * 1024)} MiB of files on their way.`,
			);
		}
		return hints;
	}
}

/** Sorted, disjoint stretches covering the same time. */
function merged(intervals: Interval[]): Interval[] {
	const sorted = [...intervals].sort((a, b) => a[0] - b[0]);
	const result: Interval[] = [];
	for (const [start, end] of sorted) {
		const last = result[result.length - 1];
		if (last && start <= last[1]) last[1] = Math.max(last[1], end);
		else if (end > start) result.push([start, end]);
	}
	return result;
}

/** The parts of `intervals` (merged) outside `holes` (merged). */
function without(intervals: Interval[], holes: Interval[]): Interval[] {
	const result: Interval[] = [];
	for (const [start, end] of intervals) {
		let from = start;
		for (const [holeStart, holeEnd] of holes) {
			if (holeEnd <= from || holeStart >= end) continue;
			if (holeStart > from) result.push([from, holeStart]);
			from = Math.max(from, holeEnd);
		}
		if (from < end) result.push([from, end]);
	}
	return result;
}

function lengthOf(intervals: Interval[]): number {
	return intervals.reduce((sum, [start, end]) => sum + (end - start), 0);
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
const times = (n: number) => (n === 1 ? '1 time' : `${n} times`);

/** "0.4 s", "42.0 s", "3 min 5 s". */
function duration(ms: number): string {
	if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
	const seconds = Math.round(ms / 1000);
	return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}
