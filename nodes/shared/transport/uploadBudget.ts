/**
 * Bounds the memory the files of one node run's requests hold, beside the limiter's bound on
 * requests: what is held, not what goes on the wire (a file streamed from n8n's binary data
 * store holds at most about 1 MiB; one read into a buffer holds all of it; multipart.ts). A
 * request takes what all its files hold before it asks for a slot (admission.ts: what is known
 * before they are opened, then all they hold once opened) and gives it back with its answer or
 * on any throw. A file larger than the whole budget still goes, alone.
 */
import type { WaitLimit } from './waits';

/** Bytes of memory the files of one node run's requests on their way hold at once. */
export const UPLOAD_BYTES_IN_FLIGHT = 32 * 1024 * 1024;

/** The bytes one request holds; given back at once, however many files it read. */
export interface UploadHold {
	/**
	 * Takes `bytes` more; waits only while this request holds nothing and the budget is spent,
	 * and stops waiting (taking nothing) when `until` fires.
	 */
	take(bytes: number, until?: WaitLimit): Promise<void>;
	giveBack(): void;
}

interface BytesWaiter {
	bytes: number;
	go: () => void;
}

export class UploadBudget {
	private inUse = 0;
	private readonly waiting: BytesWaiter[] = [];

	constructor(
		readonly capacity: number = UPLOAD_BYTES_IN_FLIGHT,
		/** Told when a request got its bytes after waiting for them since `since` (run activity). */
		private readonly onWaited?: (since: number) => void,
	) {}

	/** A hold for one attempt of one request. */
	hold(): UploadHold {
		let held = 0;
		return {
			take: async (bytes, until) => {
				if (bytes <= 0) return;
				// A request that already holds bytes never waits for more: two half-served requests could wait on each other.
				if (held === 0 && !this.fits(bytes)) {
					const since = Date.now();
					await this.wait(bytes, until);
					this.onWaited?.(since);
				} else {
					this.inUse += bytes;
				}
				held += bytes;
			},
			giveBack: () => {
				if (held === 0) return;
				this.inUse -= held;
				held = 0;
				this.wake();
			},
		};
	}

	/** Waits until `bytes` are granted (wake() adds them to inUse), or `until` fires (nothing taken). */
	private async wait(bytes: number, until: WaitLimit | undefined): Promise<void> {
		if (until?.signal.aborted) throw until.ended();
		await new Promise<void>((resolve, reject) => {
			const onEnd = () => {
				const at = this.waiting.indexOf(waiter);
				if (at < 0) return;
				this.waiting.splice(at, 1);
				// The one ahead leaving may let those behind it go.
				this.wake();
				reject(until?.ended());
			};
			const waiter: BytesWaiter = {
				bytes,
				go: () => {
					until?.signal.removeEventListener('abort', onEnd);
					resolve();
				},
			};
			this.waiting.push(waiter);
			until?.signal.addEventListener('abort', onEnd, { once: true });
		});
	}

	/** Whether `bytes` may go now: first come first served, and alone when over the budget. */
	private fits(bytes: number): boolean {
		return this.waiting.length === 0 && (this.inUse === 0 || this.inUse + bytes <= this.capacity);
	}

	private wake(): void {
		while (this.waiting.length > 0) {
			const next = this.waiting[0];
			if (this.inUse > 0 && this.inUse + next.bytes > this.capacity) return;
			this.waiting.shift();
			this.inUse += next.bytes;
			next.go();
		}
	}
}
