/**
 * Admission: the one owner of every wait a request makes before it goes out (DESIGN.md, "Waits
 * in the request path"). Taken in one fixed order, so no two requests can each hold what the
 * other waits for:
 *   1. the user token (userToken.ts), for a request that sends one: a login holds nothing while
 *      it runs (the token itself is read again when the request goes out, after every wait);
 *   2. the bytes of the request's files (uploadBudget.ts): of known size before they are read,
 *      of unknown size once read and measured;
 *   3. the slot of its business's shared limit (rateLimit/runLimiter.ts), last, just before
 *      the bytes go out. The platform's refusal pause and pace hold requests here.
 * A request holding a slot therefore waits for nothing but its answer, which Timeout bounds;
 * one holding bytes waits only for a slot, which those answers free.
 *
 * Every wait ends on Stop (the execution's cancel signal), reading a file included. The login
 * ends within Timeout per try (and its retries within Max Tries and Rate Limit Wait); the waits
 * for bytes and for a slot are queues behind requests that hold nothing else and each end
 * within Timeout, so they always move on. Whatever fails, admit() gives back what it took
 * before it throws, and the attempt gives back the rest in its one `finally` (Admitted.giveBack).
 */
import { ExecutionCancelledError } from '../platform/errors';
import type { Endpoint } from '../platform/endpoints';
import type { RequestContext } from './context';
import type { Outcome, Release, WaitLimit } from './rateLimit/runLimiter';
import type { FilePart } from './multipart';
import type { PreparedRequest } from './request';
import type { PlatformRun } from './run';
import { ensureUserToken } from './userToken';

/** What an answer tells the shared limit (rateLimit/runLimiter.ts Release). */
export interface SlotAnswer {
	outcome: Outcome;
	sentAt: number;
	retryAfterMs?: number;
	pauseMs: number;
}

/** One attempt admitted: its files read, holding their bytes and a slot. */
export interface Admitted {
	files: Map<FilePart, Buffer>;
	/** Gives back the slot (with what the answer said; neutral without one) and the bytes. Once. */
	giveBack(answer?: SlotAnswer): void;
}

/**
 * The limit of a wait for its turn (bytes or a slot): Stop. No clock: these are queues behind
 * requests that each end within Timeout and pauses the platform asked for (at most 60 s each,
 * bounded by Rate Limit Wait for the refused request); a deadline here would fail items
 * healthy work is about to let through (DESIGN.md, "Waits in the request path").
 */
function turnWait(run: PlatformRun): WaitLimit | undefined {
	const cancel = run.cancelSignal;
	return cancel && { signal: cancel, ended: () => new ExecutionCancelledError() };
}

/**
 * Reads every file of the request: those of unknown size are measured by it. A read is n8n's
 * (its binary data store: a disk, or a network store such as S3) and may never end: Stop ends
 * the wait for it at once, and the read left behind is ignored.
 */
async function readFiles(parts: FilePart[], run: PlatformRun): Promise<Map<FilePart, Buffer>> {
	const files = new Map<FilePart, Buffer>();
	for (const part of parts) files.set(part, await untilStop(part.read(), run.cancelSignal));
	return files;
}

/** `promise`'s outcome, or ExecutionCancelledError as soon as `signal` fires. */
async function untilStop<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
	if (!signal) return await promise;
	return await new Promise<T>((resolve, reject) => {
		const stop = () => reject(new ExecutionCancelledError());
		if (signal.aborted) stop();
		signal.addEventListener('abort', stop, { once: true });
		promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
	});
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
		const until = turnWait(run);
		await upload.take(request.knownUploadBytes, until);
		const files = await readFiles(request.fileParts, run);
		// What the recorded sizes did not tell (a size unknown, stale, or set by a Code node): all
		// the bytes read, where that is more than was taken. A request holding bytes never waits
		// for more, so it gives back what it holds and waits for all it read, holding nothing.
		let unknownBytes = 0;
		for (const contents of files.values()) unknownBytes += contents.byteLength;
		if (unknownBytes > request.knownUploadBytes) upload.giveBack();
		else unknownBytes = 0;
		await upload.take(unknownBytes, until);
		const askedAt = Date.now();
		const release: Release = await run.limiter.acquire(request.limitKey, until);
		run.activity.gotLimitSlot(askedAt);
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
