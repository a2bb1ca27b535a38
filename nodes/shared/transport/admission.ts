/**
 * Admission: the waits one attempt of a request makes before it goes out, taken in one fixed
 * order, so no two requests can each hold what the other waits for:
 *   1. the user token (userToken.ts), for a request that sends one: a login holds nothing while
 *      it runs (the token itself is read again when the request goes out, after every wait);
 *   2. the memory the request's files hold while they are sent (uploadBudget.ts): at most about
 *      1 MiB for a file streamed from n8n's binary data store, the whole file for one read into
 *      a buffer (inline data). First what is known before the files are opened (inline data: its
 *      recorded size); then, where the files opened hold more (a size unknown, stale, or set
 *      by a Code node), all they hold, taken again holding nothing;
 *   3. the slot of its business's shared limit (rateLimit/runLimiter.ts), last, just before
 *      the bytes go out. The pace, and the pause after a refusal, hold requests here; that pause
 *      is reckoned where the answer is read (platformRequest.ts, retries.ts refusalPause) and
 *      handed to the shared limit with the slot.
 * A request holding a slot therefore waits for nothing but its answer, which Timeout bounds;
 * one holding bytes waits only for a slot, which those answers free.
 *
 * Not here: the pause before a retry (retryLoop.ts, run by platformRequest.ts) and the login's
 * own tries and pauses (userToken.ts), which hold nothing. Every wait ends on Stop (the
 * execution's cancel signal; waits.ts), reading a file included. The waits for bytes and for a
 * slot are queues behind requests that hold nothing else and each end within Timeout, so they
 * always move on. Whatever fails, admit() gives back what it took before it throws, and the
 * attempt gives back the rest in its one `finally` (Admitted.giveBack).
 */
import type { Endpoint } from '../platform/endpoints';
import type { RequestContext } from './context';
import type { Outcome, Release } from './rateLimit/runLimiter';
import type { FilePart, OpenFile } from './multipart';
import type { PreparedRequest } from './request';
import type { PlatformRun } from './run';
import { ensureUserToken } from './userToken';
import { stopLimit, untilStop } from './waits';

/** What an answer tells the shared limit (rateLimit/runLimiter.ts Release). */
export interface SlotAnswer {
	outcome: Outcome;
	sentAt: number;
	retryAfterMs?: number;
	pauseMs: number;
}

/** One attempt admitted: its files opened, holding their memory's bytes and a slot. */
export interface Admitted {
	files: Map<FilePart, OpenFile>;
	/** Gives back the slot (with what the answer said; neutral without one) and the bytes. Once. */
	giveBack(answer?: SlotAnswer): void;
}

/**
 * Opens every file of the request for this attempt (a streamed file is read again from its
 * start: a stream is read once). Opening is n8n's (its binary data store: a disk, or a network
 * store such as S3) and may never end: Stop ends the wait for it at once, and the work left
 * behind is ignored.
 */
async function openFiles(parts: FilePart[], run: PlatformRun): Promise<Map<FilePart, OpenFile>> {
	const files = new Map<FilePart, OpenFile>();
	for (const part of parts) files.set(part, await untilStop(part.open(), run.cancelSignal));
	return files;
}

/** Waits for everything one attempt of `request` needs, in the fixed order; holds nothing when it throws. */
export async function admit(
	context: RequestContext,
	run: PlatformRun,
	request: PreparedRequest,
	endpoint: Endpoint,
	itemIndex: number,
): Promise<Admitted> {
	await ensureUserToken(context, run, endpoint, itemIndex);
	const upload = run.uploads.hold();
	let admitted = false;
	try {
		// Queues behind requests that each end within Timeout: Stop alone ends these waits (waits.ts).
		const until = stopLimit(run.cancelSignal);
		await upload.take(request.knownHeldBytes, until);
		const files = await openFiles(request.fileParts, run);
		// The recorded sizes may not tell them all (a size unknown, stale, or set by a Code node).
		// Where the files opened hold more than was taken, the request takes all they hold; as one
		// holding bytes never waits for more, it first gives back what it holds.
		let heldBytes = 0;
		for (const file of files.values()) heldBytes += file.heldBytes;
		if (heldBytes > request.knownHeldBytes) {
			upload.giveBack();
			await upload.take(heldBytes, until);
		}
		const askedAt = Date.now();
		const release: Release = await run.limiter.acquire(request.limitKey, until);
		run.activity.gotLimitSlot(askedAt, itemIndex);
		admitted = true;
		let givenBack = false;
		return {
			files,
			giveBack(answer) {
				if (givenBack) return;
				givenBack = true;
				upload.giveBack();
				if (answer) release(answer.outcome, answer.sentAt, answer.retryAfterMs, answer.pauseMs);
				else release('neutral');
			},
		};
	} finally {
		// A file that cannot be read, Stop, a wait past its bound: the bytes taken go back.
		if (!admitted) upload.giveBack();
	}
}
