/**
 * The item queue of a node run: how many items run at once. The router (router.ts) adds
 * one task per item and waits for them.
 */

/**
 * Runs added tasks with at most `limit` in flight. After a task fails no further task
 * starts; `done()` waits for those in flight and rejects with the first failure.
 */
export function createItemQueue(limit: number) {
	const waiting: Array<() => Promise<void>> = [];
	let running = 0;
	let failure: { error: unknown } | undefined;
	let settle: { resolve: () => void; reject: (error: unknown) => void } | undefined;

	const finishIfIdle = () => {
		if (!settle || running > 0 || (waiting.length > 0 && !failure)) return;
		if (failure) settle.reject(failure.error);
		else settle.resolve();
	};
	const startNext = () => {
		while (running < limit && waiting.length > 0 && !failure) {
			const task = waiting.shift() as () => Promise<void>;
			running++;
			task()
				.catch((error: unknown) => {
					failure ??= { error };
				})
				.finally(() => {
					running--;
					startNext();
					finishIfIdle();
				});
		}
	};

	return {
		add(task: () => Promise<void>) {
			waiting.push(task);
			startNext();
		},
		done(): Promise<void> {
			return new Promise<void>((resolve, reject) => {
				settle = { resolve, reject };
				finishIfIdle();
			});
		},
	};
}
