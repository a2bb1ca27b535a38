// @ts-check
const { createItemQueue } = require('../../nodes/shared/node/itemQueue');

/**
 * Adds `count` tasks that note when they start and end after `taskMs`, and a timer set before
 * the first of them: where the timer fired among the starts shows whether the queue let the
 * event loop run (and so requests already prepared leave) while later items were starting.
 * @param {number} limit @param {number} count @param {number} taskMs
 */
async function runQueue(limit, count, taskMs = 0) {
	/** @type {string[]} */
	const events = [];
	setTimeout(() => events.push('event loop ran'), 0);
	const queue = createItemQueue(limit);
	for (let i = 0; i < count; i++) {
		queue.add(async () => {
			events.push(`start ${i}`);
			await new Promise((resolve) => setTimeout(resolve, taskMs));
			events.push(`end ${i}`);
		});
	}
	await queue.done();
	return events;
}

test('items start a few at a time, the event loop running between them', async () => {
	const events = await runQueue(100, 100);
	const starts = events.filter((e) => e.startsWith('start'));
	// Every item ran once, in input order.
	expect(starts).toEqual(Array.from({ length: 100 }, (_, i) => `start ${i}`));
	// The timer set before the first item fired before the last one started: the queue did not
	// start a round of 100 items in one go.
	const loopRan = events.indexOf('event loop ran');
	expect(loopRan).toBeGreaterThan(0);
	expect(loopRan).toBeLessThan(events.indexOf('start 99'));
	expect(events.slice(0, loopRan).filter((e) => e.startsWith('start')).length).toBeLessThanOrEqual(
		8,
	);
});

test('the limit still holds: with 3 at once, the 4th item starts only after one has ended', async () => {
	const events = await runQueue(3, 10, 5);
	let running = 0;
	let most = 0;
	for (const e of events) {
		if (e.startsWith('start')) most = Math.max(most, ++running);
		if (e.startsWith('end')) running--;
	}
	expect(most).toBe(3);
	expect(events.indexOf('start 3')).toBeGreaterThan(events.indexOf('end 0'));
});

test('a failed item stops the items not yet started, across the pauses between starts', async () => {
	/** @type {number[]} */
	const started = [];
	const queue = createItemQueue(50);
	for (let i = 0; i < 50; i++) {
		queue.add(async () => {
			started.push(i);
			if (i === 2) throw new Error('item 2 failed');
		});
	}
	await expect(queue.done()).rejects.toThrow('item 2 failed');
	// Those already started when it failed (one group of starts) ran; none after.
	expect(started.length).toBeLessThan(50);
	expect(started).toEqual(Array.from({ length: started.length }, (_, i) => i));
});

/**
 * Runs `count` tasks that each wait for a promise the test resolves, with idle work that notes
 * each slice among the queue's events and asks for more while `moreSlices` says so.
 * @param {number} limit @param {number} count
 * @param {(slices: number, events: string[]) => boolean} moreSlices
 */
function heldBackQueue(limit, count, moreSlices) {
	/** @type {string[]} */
	const events = [];
	/** @type {Array<() => void>} */
	const endTask = [];
	let slices = 0;
	const queue = createItemQueue(limit, () => {
		events.push(`idle slice ${++slices}`);
		return moreSlices(slices, events);
	});
	for (let i = 0; i < count; i++) {
		queue.add(async () => {
			events.push(`start ${i}`);
			await new Promise((resolve) => endTask.push(() => resolve(undefined)));
			events.push(`end ${i}`);
		});
	}
	return { queue, events, endTask };
}

/** @param {number} ms */
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** Waits, a timer turn at a time, until `predicate` holds (jest's test timeout bounds a hang). @param {() => boolean} predicate */
async function until(predicate) {
	while (!predicate()) await pause(1);
}
/** @param {string[]} events */
const idleSlices = (events) => events.filter((e) => e.startsWith('idle'));

test('while the limit holds every waiting item back, idle work runs slice by slice, the event loop between slices, until it has none left for now', async () => {
	const { queue, events, endTask } = heldBackQueue(2, 5, (slices, events) => {
		// A timer set in the first slice fires before the second: each slice has a turn of the
		// event loop of its own (the second is planned when the first has ended).
		if (slices === 1) setTimeout(() => events.push('event loop ran'), 0);
		return slices < 3;
	});
	await until(() => idleSlices(events).length === 3);
	// Two items run, three wait for the limit; the third slice said nothing was left, so no
	// fourth follows (one was planned, its timer would have fired before this one).
	await pause(1);
	expect(events).toEqual([
		'start 0',
		'start 1',
		'idle slice 1',
		'event loop ran',
		'idle slice 2',
		'idle slice 3',
	]);
	// An item ends and the next starts, two still wait: idle work is asked again, as what it
	// has left may have grown with the items started.
	endTask.shift()?.();
	await until(() => idleSlices(events).length === 4);
	expect(events.indexOf('idle slice 4')).toBeGreaterThan(events.indexOf('start 2'));
	while (events.filter((e) => e.startsWith('end')).length < 5) {
		endTask.shift()?.();
		await pause(1);
	}
	await queue.done();
});

test('idle work runs only while the limit holds items back: never with room for every item, and no more once the last item has started', async () => {
	const roomy = heldBackQueue(10, 5, () => true);
	await pause(1);
	await pause(1);
	roomy.endTask.forEach((end) => end());
	await roomy.queue.done();
	expect(idleSlices(roomy.events)).toEqual([]);

	const held = heldBackQueue(1, 3, () => true);
	await until(() => idleSlices(held.events).length > 0);
	// Items 0 and 1 end in turn; item 2, the last, starts: nothing waits, so no slice follows.
	held.endTask.shift()?.();
	await until(() => held.events.includes('start 1'));
	held.endTask.shift()?.();
	await until(() => held.events.includes('start 2'));
	await pause(1);
	await pause(1);
	expect(idleSlices(held.events.slice(held.events.indexOf('start 2')))).toEqual([]);
	held.endTask.shift()?.();
	await held.queue.done();
});
