// @ts-check
/**
 * Uploads bounded by the memory their files hold (nodes/shared/transport/uploadBudget.ts): files
 * held inline (as a Code node may set them) are read whole, and a run holds at most
 * UPLOAD_BYTES_IN_FLIGHT of them in requests on their way, whatever Concurrency allows, both for
 * files whose size n8n recorded and for files measured once read. The sandbox counts the body
 * bytes it has read and not yet answered (pushback stats.maxBodyBytesInFlight). Files in n8n's
 * binary data store stream from it and hold a chunk each: Concurrency alone bounds them.
 */
const { useSandbox } = require('../harness/fixture');
const { useFilesystemBinaryData } = require('../harness/n8n');
const { whenReceived } = require('../harness/waits');
const { itemsWithFiles } = require('./files');
const {
	UPLOAD_BYTES_IN_FLIGHT,
	UploadBudget,
} = require('../../nodes/shared/transport/uploadBudget');

const fixture = useSandbox();
const runProjects = fixture.runner('businessPlatformProjects');

const MIB = 1024 * 1024;
const FILE_BYTES = 6 * MIB;
const ITEMS = 8;
// A multipart body carries its file plus a few hundred bytes of boundaries and headers.
const PER_REQUEST_OVERHEAD = 4096;

/**
 * @param {boolean} sizeKnown
 * @param {number} [recordedBytes] the size each file's binary data records, where not its own
 */
async function uploadAll(sizeKnown, recordedBytes) {
	const items = itemsWithFiles(ITEMS, FILE_BYTES, () => sizeKnown);
	if (recordedBytes !== undefined) {
		for (const item of items) item.binary.data = { ...item.binary.data, bytes: recordedBytes };
	}
	// Long enough that, without the byte bound, all 8 requests (48 MiB) would be in the sandbox at once.
	fixture.sandbox.setLatency(300);
	const { json, error } = await runProjects(
		{
			resource: 'task',
			operation: 'update',
			taskId: '1001',
			updateFields: { binaryPropertyNames: 'data' },
			options: { concurrencyMode: 'fixed', concurrency: ITEMS },
		},
		{ items, inlineBinary: true },
	);
	expect(error).toBeUndefined();
	expect(json).toHaveLength(ITEMS);
	const requests = fixture.requestsFor('updateTask');
	expect(requests).toHaveLength(ITEMS);
	expect(requests.every((r) => r.body.files?.[0]?.size === FILE_BYTES)).toBe(true);
	return fixture.sandbox.pushback.stats;
}

// The budget holds 5 of these files: fewer than the 8 Concurrency would send at once.
const FILES_AT_ONCE = Math.floor(UPLOAD_BYTES_IN_FLIGHT / FILE_BYTES);
test('the budget is smaller than the files Concurrency would send at once', () => {
	expect(FILES_AT_ONCE).toBeLessThan(ITEMS);
});

describe('Task → Update (updateTask): uploads bounded by bytes', () => {
	test('files of a recorded size: at most the upload budget in flight, every file sent', async () => {
		const most = (await uploadAll(true)).maxBodyBytesInFlight;
		expect(most).toBeGreaterThanOrEqual(FILE_BYTES);
		expect(most).toBeLessThanOrEqual(FILES_AT_ONCE * (FILE_BYTES + PER_REQUEST_OVERHEAD));
	}, 60_000);

	test('files of unknown size are counted once read: the same bound', async () => {
		const most = (await uploadAll(false)).maxBodyBytesInFlight;
		expect(most).toBeLessThanOrEqual(FILES_AT_ONCE * (FILE_BYTES + PER_REQUEST_OVERHEAD));
	}, 60_000);

	// Issue 43 item 6: a recorded size may be stale, or set by a Code node.
	test('files recording 1 byte are counted by the bytes read: the same bound', async () => {
		const { maxInFlight, maxBodyBytesInFlight } = await uploadAll(true, 1);
		// Bodies the sandbox held at once (every request of the run is an upload).
		expect(maxInFlight).toBeLessThanOrEqual(FILES_AT_ONCE);
		expect(maxBodyBytesInFlight).toBeLessThanOrEqual(
			FILES_AT_ONCE * (FILE_BYTES + PER_REQUEST_OVERHEAD),
		);
	}, 60_000);
});

describe('Task → Update (updateTask): files streamed from the binary data store', () => {
	test('hold no room in the budget: all the files Concurrency allows are on their way at once', async () => {
		// The platform answers none until all 8 requests have arrived: with files counted whole
		// (48 MiB) in the 32 MiB budget, only 5 would ever arrive and the run would hang here.
		/** @type {(value?: unknown) => void} */
		let answer = () => {};
		const held = new Promise((resolve) => (answer = resolve));
		fixture.sandbox.inject({ operation: 'updateTask', until: held, times: ITEMS });
		const allArrived = whenReceived(fixture.sandbox.server, '/tasks/update/1001', ITEMS);
		const run = runProjects(
			{
				resource: 'task',
				operation: 'update',
				taskId: '1001',
				updateFields: { binaryPropertyNames: 'data' },
				options: { concurrencyMode: 'fixed', concurrency: ITEMS },
			},
			{ items: itemsWithFiles(ITEMS, FILE_BYTES, () => true) },
		);
		await allArrived;
		answer();
		const { json, error } = await run;
		expect(error).toBeUndefined();
		expect(json).toHaveLength(ITEMS);
		const requests = fixture.requestsFor('updateTask');
		expect(requests.every((r) => r.body.files?.[0]?.size === FILE_BYTES)).toBe(true);
		expect(fixture.sandbox.pushback.stats.maxInFlight).toBe(ITEMS);
	}, 60_000);
});

describe('Task → Update (updateTask): files that cannot be read', () => {
	test('give back the budget they took: after 40 of them, a readable file still goes', async () => {
		const { store } = await useFilesystemBinaryData();
		const LOST = 40;
		// Each takes a streamed file's share of the budget (about 1 MiB) before it fails to open: 40
		// kept by mistake would leave no room for the last item's file, which would wait for ever
		// (only Stop ends that wait).
		const lost = Array.from({ length: LOST }, (_, i) => ({
			json: {},
			binary: {
				data: {
					id: `filesystem-v2:workflows/1/executions/1/binary_data/lost-${i}`,
					data: 'filesystem-v2',
					mimeType: 'application/octet-stream',
					fileName: `lost-${i}.bin`,
					bytes: 30 * MIB,
				},
			},
		}));
		const readable = await store(Buffer.alloc(MIB), {
			fileName: 'readable.bin',
			mimeType: 'application/octet-stream',
		});
		const { json } = await runProjects(
			{
				resource: 'task',
				operation: 'update',
				taskId: '1001',
				updateFields: { binaryPropertyNames: 'data' },
				options: { concurrencyMode: 'fixed', concurrency: 1 },
			},
			{ items: [...lost, { json: {}, binary: { data: readable } }], continueOnFail: true },
		);
		expect(json.slice(0, LOST).every((item) => item.error !== undefined)).toBe(true);
		expect(json[LOST].error).toBeUndefined();
		expect(fixture.requestsFor('updateTask')).toHaveLength(1);
	}, 60_000);
});

describe('UploadBudget', () => {
	test('a file larger than the budget goes alone; the next waits until its bytes come back', async () => {
		const budget = new UploadBudget(10);
		const big = budget.hold();
		await big.take(25);
		const small = budget.hold();
		let smallGranted = false;
		const waiting = small.take(1).then(() => (smallGranted = true));
		await new Promise((resolve) => setImmediate(resolve));
		expect(smallGranted).toBe(false);
		big.giveBack();
		await waiting;
		expect(smallGranted).toBe(true);
		small.giveBack();
		// Given back twice changes nothing: the whole budget is free again.
		small.giveBack();
		const whole = budget.hold();
		await whole.take(10);
		whole.giveBack();
	});

	test('first come first served: a small request does not overtake a waiting large one', async () => {
		const budget = new UploadBudget(10);
		const first = budget.hold();
		await first.take(6);
		/** @type {string[]} */
		const order = [];
		const large = budget.hold();
		const small = budget.hold();
		const waits = [
			large.take(8).then(() => order.push('large')),
			small.take(1).then(() => order.push('small')),
		];
		await new Promise((resolve) => setImmediate(resolve));
		expect(order).toEqual([]);
		first.giveBack();
		await Promise.all(waits);
		expect(order).toEqual(['large', 'small']);
	});

	test('a wait ended by Stop takes nothing and lets the one behind it go', async () => {
		const budget = new UploadBudget(10);
		const first = budget.hold();
		await first.take(6);
		const stop = new AbortController();
		const stopped = budget
			.hold()
			.take(8, { signal: stop.signal, ended: () => new Error('Stopped') });
		let smallGranted = false;
		const small = budget.hold();
		const smallWaits = small.take(1).then(() => (smallGranted = true));
		await new Promise((resolve) => setImmediate(resolve));
		expect(smallGranted).toBe(false);
		stop.abort();
		await expect(stopped).rejects.toThrow('Stopped');
		// The stopped wait held none of the budget: 6 + 1 fit, and 3 more go at once.
		await smallWaits;
		const rest = budget.hold();
		let restGranted = false;
		await Promise.race([
			rest.take(3).then(() => (restGranted = true)),
			new Promise((resolve) => setImmediate(resolve)),
		]);
		expect(restGranted).toBe(true);
		first.giveBack();
		small.giveBack();
		rest.giveBack();
	});
});
