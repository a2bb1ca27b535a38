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
