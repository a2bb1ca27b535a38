/**
 * Bounds the bytes of files one node run has in flight, beside the limiter's bound on
 * requests: a request with files takes their size from the budget before they are read
 * (request.ts buildBody) and gives it back with the answer or on any throw
 * (platformRequest.ts). A file larger than the whole budget still goes, alone.
 */

/** Bytes of files one node run holds for requests on their way at once. */
export const UPLOAD_BYTES_IN_FLIGHT = 32 * 1024 * 1024;

/** The bytes one request holds; given back at once, however many files it read. */
export interface UploadHold {
	/** Takes `bytes` more; waits only while this request holds nothing and the budget is spent. */
	take(bytes: number): Promise<void>;
	giveBack(): void;
}

export class UploadBudget {
	private inUse = 0;
	private readonly waiting: Array<{ bytes: number; go: () => void }> = [];

	constructor(readonly capacity: number = UPLOAD_BYTES_IN_FLIGHT) {}

	/** A hold for one attempt of one request. */
	hold(): UploadHold {
		let held = 0;
		return {
			take: async (bytes) => {
				if (bytes <= 0) return;
				// A request that already holds bytes never waits for more: two half-served requests could wait on each other.
				if (held === 0 && !this.fits(bytes)) {
					await new Promise<void>((go) => this.waiting.push({ bytes, go }));
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
