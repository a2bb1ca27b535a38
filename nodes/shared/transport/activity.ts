/**
 * What one node run went through on its way, counted over all its items: the platform's
 * refusals and the pauses they asked for, waits for the business's shared limit and for the
 * run's upload bytes, logins, retries and timeouts. The transport writes to it with one call
 * where each happens; sentences() turns it into the hints the router shows in the output pane
 * (node/router.ts), each saying what happened in the user's words and what to change if it
 * matters. Counts and durations only: never a token, a key or a name.
 */
import { REQUEST_SETTING_BOUNDS } from '../values/settings';
import { UPLOAD_BYTES_IN_FLIGHT } from './uploadBudget';

/** A stretch of time, [start, end) in Date.now() ms. */
export type Interval = [start: number, end: number];

/** One item's wait for a slot of the business's shared limit. */
export interface LimitWait {
	item: number;
	during: Interval;
}

/** Waits for the shared limit shorter than this are the limit working as it should: not said. */
export const LONG_LIMIT_WAIT_MS = 1_000;

const { concurrency, maxTries, rateLimitWait, timeout } = REQUEST_SETTING_BOUNDS;

const STATUS_NAMES: Record<number, string> = {
	429: 'Too Many Requests',
	503: 'Service Unavailable',
};

export class RunActivity {
	/** The HTTP codes of those refusals: 429, and 503 with Retry-After. */
	private readonly refusalCodes = new Set<number>();
	/** The pauses the platform asked for after refusing this run's requests. */
	private readonly refusalPauses: Interval[] = [];
	/** Waits for a slot of the business's shared limit longer than LONG_LIMIT_WAIT_MS. */
	private readonly limitWaits: LimitWait[] = [];
	private readonly uploadWaits: Interval[] = [];
	private logins = 0;
	private tokenRefusals = 0;
	private tokensReused = 0;
	private serverErrorRetries = 0;
	private noAnswerRetries = 0;
	private timeouts = 0;

	/** The platform refused a request as too many (429, or 503 with Retry-After); every request of the business pauses `pauseMs` from now. */
	refused(pauseMs: number, statusCode = 429): void {
		this.refusalCodes.add(statusCode);
		const now = Date.now();
		this.refusalPauses.push([now, now + pauseMs]);
	}

	/** A request of item `item` got its slot of the shared limit, having asked for it at `askedAt`. */
	gotLimitSlot(askedAt: number, item: number): void {
		const now = Date.now();
		if (now - askedAt > LONG_LIMIT_WAIT_MS) this.limitWaits.push({ item, during: [askedAt, now] });
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

	/**
	 * The run took a newer token (the process's newest, or the stored one) instead of logging in.
	 * Its own login's token can come this way too, so a hint never calls it another execution's.
	 */
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
		if (this.refusalPauses.length > 0) {
			const codes = [...this.refusalCodes].sort((a, b) => a - b);
			const named =
				codes.length > 1
					? codes.join(' and ')
					: `${codes[0]} ${STATUS_NAMES[codes[0]] ?? ''}`.trim();
			hints.push(
				`The platform asked the node to slow down (${named}), so the run paused ${duration(lengthOf(pauses))} in all; if items fail on it, raise ${rateLimitWait.label} or lower ${concurrency.label}.`,
			);
		}
		// The run's own refusals' pauses are said above: only the rest of a wait is the shared limit's.
		const waits = longWaitsOutside(this.limitWaits, pauses);
		if (waits.items > 0) {
			hints.push(
				`${count(waits.items, 'item')} waited ${duration(waits.ms)} in all to be sent, as this business's requests were already at the pace the platform accepts; if other workflows use this business at the same time, running them apart lets this one finish sooner.`,
			);
		}
		const login = this.loginSentence();
		if (login) hints.push(login);
		const retries = this.serverErrorRetries + this.noAnswerRetries;
		if (retries > 0) {
			const why =
				this.noAnswerRetries === 0
					? 'a server error'
					: this.serverErrorRetries === 0
						? 'no answer'
						: `a server error (${times(this.serverErrorRetries)}) or no answer (${times(this.noAnswerRetries)})`;
			hints.push(
				`The node retried ${times(retries)} after ${why} from the platform; if items still fail this way, raise ${maxTries.label}.`,
			);
		}
		if (this.timeouts > 0) {
			hints.push(
				`The platform took longer than the ${duration(timeoutMs)} Timeout to answer (${times(this.timeouts)}); if it is slow rather than down, raise ${timeout.label} above ${timeoutMs}.`,
			);
		}
		if (this.uploadWaits.length > 0) {
			hints.push(
				`The run waited ${duration(lengthOf(merged(this.uploadWaits)))} in all to send files, as the node keeps at most ${UPLOAD_BYTES_IN_FLIGHT / (1024 * 1024)} MiB of files on their way at once.`,
			);
		}
		return hints;
	}

	/** A renewal is information, not a failure; where the new token came from is not the user's concern. */
	private loginSentence(): string | undefined {
		const again = this.logins > 1 ? ` (${times(this.logins)})` : '';
		if (this.tokenRefusals === 0) {
			return this.logins > 0 ? `The node logged in to get a user token${again}.` : undefined;
		}
		if (this.logins > 0) return `The user token had expired, so the node logged in again${again}.`;
		if (this.tokensReused > 0) {
			return 'The user token had expired, so the node took a newer one from another login instead of logging in again.';
		}
		return 'The platform refused the user token, and the node got no new one.';
	}
}

/**
 * The shared-limit waits worth saying: those of `waits` longer than LONG_LIMIT_WAIT_MS outside
 * `pauses` (the run's refusal pauses, said on their own), as the items that waited and the time
 * the run spent in such waits outside the pauses. One sort of each list and a binary search per
 * wait, not each wait against every pause: 20k of each took seconds so (bench/hints.js).
 */
export function longWaitsOutside(
	waits: LimitWait[],
	pauses: Interval[],
): { items: number; ms: number } {
	const holes = merged(pauses);
	/** pausedBefore[i]: the length of holes[0..i). */
	const pausedBefore = [0];
	for (const [start, end] of holes)
		pausedBefore.push(pausedBefore[pausedBefore.length - 1] + end - start);
	/** The pause time before `t`. */
	const pausedUntil = (t: number): number => {
		let low = 0;
		let high = holes.length;
		while (low < high) {
			const middle = (low + high) >> 1;
			if (holes[middle][0] < t) low = middle + 1;
			else high = middle;
		}
		if (low === 0) return 0;
		const [start, end] = holes[low - 1];
		return pausedBefore[low - 1] + Math.min(end, t) - start;
	};
	const outside = ([start, end]: Interval) => end - start - (pausedUntil(end) - pausedUntil(start));
	const long = waits.filter((wait) => outside(wait.during) > LONG_LIMIT_WAIT_MS);
	const ms = merged(long.map((wait) => wait.during)).reduce((sum, wait) => sum + outside(wait), 0);
	return { items: new Set(long.map((wait) => wait.item)).size, ms };
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

function lengthOf(intervals: Interval[]): number {
	return intervals.reduce((sum, [start, end]) => sum + (end - start), 0);
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
const times = (n: number) => (n === 1 ? 'once' : `${n} times`);

/** "0.4 s", "42.0 s", "3 min 5 s". */
function duration(ms: number): string {
	if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
	const seconds = Math.round(ms / 1000);
	return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}
