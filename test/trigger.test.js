// @ts-check
/**
 * Business Platform Ecommerce Trigger: poll() run through n8n-core's real PollContext
 * against the sandbox platform, with the workflow's static data carried from poll to poll
 * and saved the way n8n saves it (test/harness/poll.js).
 */
const { createHash, createHmac } = require('node:crypto');

const { startSandbox } = require('../sandbox/server');
const { generateNews } = require('../sandbox/data');
const { sandboxCredentials } = require('../sandbox/credentials');
const { createPoller } = require('./harness/poll');
const {
	MAX_SEEN_CHARACTERS,
	addSeen,
	hasSeen,
	parseSeen,
	storeSeen,
} = require('../nodes/BusinessPlatformEcommerceTrigger/seenIds');

const TYPE = 'businessPlatformEcommerceTrigger';

/** @type {any} */
let sandbox;

beforeAll(async () => {
	sandbox = await startSandbox();
});
afterAll(async () => {
	await sandbox.close();
});
beforeEach(() => {
	sandbox.reset();
});

/** Acme's news list in the sandbox (25 items at the start; every 4th is a draft, status 0). */
const news = () => /** @type {any[]} */ (sandbox.state.acme.news);

/**
 * Adds news items to acme with the next ids, as the platform's editors would.
 * @param {number} count
 * @param {{ status?: number, title?: string }} [fields]
 */
function addNews(count, fields = {}) {
	const ids = [];
	for (let i = 0; i < count; i++) {
		const id = Math.max(0, ...news().map((item) => item.id)) + 1;
		const item = generateNews('acme', id, sandbox.url)[id - 1];
		Object.assign(item, { status: 1, ...fields });
		if (fields.title) item.description.title = fields.title;
		news().push(item);
		ids.push(id);
	}
	return ids;
}

/** @param {number} id */
function publish(id) {
	const item = news().find((n) => n.id === id);
	item.status = 1;
}

/** @param {Record<string, any>} [parameters] @param {Record<string, any>} [credentialOverrides] */
function poller(parameters = {}, credentialOverrides = {}) {
	return createPoller({
		type: TYPE,
		parameters: {
			event: 'newNewsItem',
			status: 'active',
			keyword: '',
			simple: true,
			...parameters,
		},
		credentials: sandboxCredentials(sandbox, credentialOverrides),
	});
}

/** @param {any[] | null} items */
const idsOf = (items) => (items ?? []).map((item) => item.id);

/** Pages of E16 asked for since `from` (index into the sandbox's request log). */
const pagesAsked = (from = 0) =>
	sandbox.requests
		.slice(from)
		.filter((/** @type {any} */ r) => r.operation === 'listNews')
		.map((/** @type {any} */ r) => Number(r.query.page));

/** @param {Record<string, any>} parameters One try per request: a failed poll fails at once. */
const fastFail = (parameters) => ({
	...parameters,
	options: { ...parameters.options, maxTries: 1 },
});

describe('first activation', () => {
	test('emits nothing old and records what exists', async () => {
		const trigger = poller();
		expect(await trigger.poll()).toBeNull();
		expect(await trigger.poll()).toBeNull();
		// n8n saves the static data after the activation poll, so a restart knows it too.
		expect(await trigger.restart().poll()).toBeNull();
	});

	test('an empty list, then the first item', async () => {
		sandbox.seedNews('acme', 0);
		const trigger = poller({ status: 'any' });
		expect(await trigger.poll()).toBeNull();
		const [id] = addNews(1);
		expect(idsOf(await trigger.poll())).toEqual([id]);
	});
});

describe('new items', () => {
	test.each([
		['Active (every page read)', { status: 'active' }],
		['Any Status (end of the list read)', { status: 'any' }],
	])(
		'several added between polls are emitted once each, in id order: %s',
		async (_name, parameters) => {
			const trigger = poller(parameters);
			await trigger.poll();
			const ids = addNews(3);
			const emitted = await trigger.poll();
			expect(idsOf(emitted)).toEqual(ids);
			expect(await trigger.poll()).toBeNull();
			const [next] = addNews(1);
			expect(idsOf(await trigger.poll())).toEqual([next]);
		},
	);

	test('simplified by default, the full record with Simplify off', async () => {
		const simple = poller();
		await simple.poll();
		const [id] = addNews(1);
		const [item] = /** @type {any[]} */ (await simple.poll());
		expect(Object.keys(item).sort()).toEqual(
			[
				'alias',
				'content',
				'created_at',
				'id',
				'image',
				'lang',
				'status',
				'summary',
				'title',
				'updated_at',
			].sort(),
		);
		expect(item).toMatchObject({ id, status: 1, lang: 'en' });

		const full = poller({ simple: false });
		await full.poll();
		const [id2] = addNews(1);
		const [record] = /** @type {any[]} */ (await full.poll());
		expect(record.id).toBe(id2);
		expect(record.description).toMatchObject({ shop_news_id: id2, lang: 'en' });
	});

	test('more than one page of new items, under Status Active', async () => {
		const trigger = poller({ options: { pageSize: 10 } });
		await trigger.poll();
		const ids = addNews(25);
		const from = sandbox.requests.length;
		const emitted = await trigger.poll();
		expect(idsOf(emitted)).toEqual(ids);
		// 25 old items (19 active) and 25 new ones: every page of the 44 active items.
		expect(pagesAsked(from)).toEqual([1, 2, 3, 4, 5]);
		expect(await trigger.poll()).toBeNull();
	});

	test('Any Status reads only the end of the list, back to the newest item seen', async () => {
		const trigger = poller({ status: 'any', options: { pageSize: 10 } });
		let from = sandbox.requests.length;
		await trigger.poll();
		// Activation: page 1 names the last page (3), whose last item is the newest.
		expect(pagesAsked(from)).toEqual([1, 3]);

		from = sandbox.requests.length;
		expect(await trigger.poll()).toBeNull();
		// Nothing new: one request, at the last page of the previous poll.
		expect(pagesAsked(from)).toEqual([3]);

		const ids = addNews(25);
		from = sandbox.requests.length;
		expect(idsOf(await trigger.poll())).toEqual(ids);
		// Ids 26..50 are on pages 3..5; page 3 also holds id 25, the newest seen before.
		expect(pagesAsked(from)).toEqual([3, 5, 4, 3]);
	});
});

describe('a draft made active', () => {
	test('counts when it becomes active, under Status Active', async () => {
		const trigger = poller();
		// Id 4 is an existing draft; id 26 a new one.
		const [draft] = addNews(1, { status: 0 });
		expect(await trigger.poll()).toBeNull();
		expect(await trigger.poll()).toBeNull();

		publish(draft);
		publish(4);
		const [fresh] = addNews(1);
		expect(idsOf(await trigger.poll())).toEqual([4, draft, fresh]);
		expect(await trigger.poll()).toBeNull();

		// Unpublished and published again: not new any more.
		news().find((n) => n.id === 4).status = 0;
		expect(await trigger.poll()).toBeNull();
		publish(4);
		expect(await trigger.poll()).toBeNull();
	});

	test('counts once, when created, under Any Status', async () => {
		const trigger = poller({ status: 'any' });
		await trigger.poll();
		const [draft] = addNews(1, { status: 0 });
		const emitted = /** @type {any[]} */ (await trigger.poll());
		expect(emitted.map((item) => [item.id, item.status])).toEqual([[draft, 0]]);
		publish(draft);
		expect(await trigger.poll()).toBeNull();
	});

	test('an item edited to match the Keyword counts then', async () => {
		const trigger = poller({ keyword: 'flash sale' });
		expect(await trigger.poll()).toBeNull();
		addNews(1, { title: 'Opening hours' });
		expect(await trigger.poll()).toBeNull();
		const item = news().find((n) => n.id === 7);
		item.title = 'Flash sale this weekend';
		expect(idsOf(await trigger.poll())).toEqual([7]);
	});
});

describe('a failed poll', () => {
	test.each([
		['Active', { status: 'active', options: { pageSize: 10 } }],
		['Any Status', { status: 'any', options: { pageSize: 10 } }],
	])(
		'halfway through the pages: nothing emitted, nothing stored; the next poll emits each item once (%s)',
		async (_name, parameters) => {
			const trigger = poller(fastFail(parameters));
			await trigger.poll();
			const ids = addNews(15);
			const before = trigger.liveStaticData;

			// The first page of the poll is answered, the second fails.
			sandbox.inject({ operation: 'listNews', delayMs: 1 });
			sandbox.inject({
				operation: 'listNews',
				status: 500,
				body: { status: false, message: 'Server Error' },
			});
			const from = sandbox.requests.length;
			await expect(trigger.poll()).rejects.toThrow(
				'The platform failed with a server error when asked to list the news',
			);
			expect(pagesAsked(from).length).toBe(2);
			expect(trigger.liveStaticData).toEqual(before);

			const [later] = addNews(1);
			expect(idsOf(await trigger.poll())).toEqual([...ids, later]);
			expect(await trigger.poll()).toBeNull();
		},
	);

	test('a restart after a failed poll loses nothing', async () => {
		const trigger = poller(fastFail({}));
		await trigger.poll();
		const ids = addNews(2);
		sandbox.inject({ operation: 'listNews', destroy: true });
		await expect(trigger.poll()).rejects.toThrow();
		expect(idsOf(await trigger.restart().poll())).toEqual(ids);
	});
});

describe('overlapping polls', () => {
	test('a tick while the last poll still runs is skipped: every item is emitted once, the state is right after', async () => {
		const trigger = poller();
		await trigger.poll();
		const ids = addNews(3);
		// The first poll's request is slow, so the second tick comes while it runs.
		sandbox.inject({ operation: 'listNews', delayMs: 500 });
		const results = await Promise.all([trigger.poll(), trigger.poll()]);
		expect(results.flatMap(idsOf)).toEqual(ids);
		expect(results.filter((result) => result === null)).toHaveLength(1);
		expect(await trigger.poll()).toBeNull();
		const [next] = addNews(1);
		expect(idsOf(await trigger.poll())).toEqual([next]);
	});
});

describe("the poll's time budget (n8n's getPollBudgetMs)", () => {
	test('a poll past its budget fails, names the limit, emits nothing and leaves the state; the next poll emits each item once', async () => {
		const trigger = createPoller({
			type: TYPE,
			parameters: { event: 'newNewsItem', status: 'active', keyword: '', simple: true },
			credentials: sandboxCredentials(sandbox),
			pollBudgetMs: 1000,
		});
		await trigger.poll();
		const ids = addNews(2);
		const before = trigger.liveStaticData;
		sandbox.inject({ operation: 'listNews', delayMs: 20_000 });
		const started = Date.now();
		await expect(trigger.poll()).rejects.toThrow(
			"The poll did not finish within 1 s, n8n's time limit for one poll",
		);
		// Ended by the budget, not by the slow answer.
		expect(Date.now() - started).toBeLessThan(15_000);
		expect(trigger.liveStaticData).toEqual(before);
		expect(idsOf(await trigger.poll())).toEqual(ids);
	});
});

describe('a large backlog', () => {
	test('more than 150 000 new items in one poll are emitted and the state moves on', async () => {
		const trigger = poller({ status: 'any', options: { pageSize: 50_000 } });
		await trigger.poll();
		// Copies of the newest item with the next ids: built directly, as 160 000 editors' posts would be slow to add one by one.
		const template = news()[news().length - 1];
		const first = template.id + 1;
		for (let id = first; id < first + 160_000; id++) news().push({ ...template, id, status: 1 });
		const emitted = await trigger.poll();
		expect(emitted).toHaveLength(160_000);
		expect(/** @type {any[]} */ (emitted)[159_999].id).toBe(first + 159_999);
		expect(await trigger.poll()).toBeNull();
	}, 60_000);
});

describe('a restart', () => {
	test('a new context with the saved static data emits only what is new since the last emit', async () => {
		const trigger = poller();
		await trigger.poll();
		const first = addNews(2);
		expect(idsOf(await trigger.poll())).toEqual(first);
		expect(await trigger.poll()).toBeNull();

		const [draft] = addNews(1, { status: 0 });
		const restarted = trigger.restart();
		const second = addNews(2);
		publish(draft);
		expect(idsOf(await restarted.poll())).toEqual([draft, ...second]);
		expect(await restarted.poll()).toBeNull();
	});

	test('changed filters start afresh: nothing old is emitted', async () => {
		const trigger = poller();
		await trigger.poll();
		addNews(1);
		const refiltered = createPoller({
			type: TYPE,
			parameters: { status: 'any', keyword: '' },
			credentials: sandboxCredentials(sandbox),
			savedStaticData: trigger.savedStaticData,
		});
		expect(await refiltered.poll()).toBeNull();
		const [id] = addNews(1);
		expect(idsOf(await refiltered.poll())).toEqual([id]);
	});
});

describe('Fetch Test Event (manual mode)', () => {
	test('returns the newest matching item and changes no state', async () => {
		const trigger = poller();
		// Before activation: no state is created.
		expect(idsOf(await trigger.poll('manual'))).toEqual([25]);
		expect(trigger.liveStaticData).toEqual({});

		await trigger.poll();
		const stored = trigger.liveStaticData;
		const [draft] = addNews(1, { status: 0 });
		expect(idsOf(await trigger.poll('manual'))).toEqual([25]);
		publish(draft);
		expect(idsOf(await trigger.poll('manual'))).toEqual([draft]);
		expect(trigger.liveStaticData).toEqual(stored);
		// The item the test event showed is still new to the active workflow.
		expect(idsOf(await trigger.poll())).toEqual([draft]);
	});

	test('says so when no item matches', async () => {
		await expect(poller({ keyword: 'no such words anywhere' }).poll('manual')).rejects.toThrow(
			"No news item matches the trigger's Status and Keyword",
		);
	});
});

describe('the business and the credential', () => {
	test('Business picks one of the Additional Business Keys', async () => {
		const trigger = poller({ options: { business: 'globex' } });
		await trigger.poll();
		const globex = sandbox.state.globex.news;
		const item = generateNews('globex', 26, sandbox.url)[25];
		globex.push(item);
		addNews(1);
		expect(idsOf(await trigger.poll())).toEqual([26]);
		const last = sandbox.requests[sandbox.requests.length - 1];
		expect(last.business).toBe('globex');
	});

	test.each([
		// Random-looking, as real keys are: a wrong value spelling the header's own name would have
		// that name blanked out of the platform's message as a run of a secret (redaction.ts).
		['apiKey', 'wrong-Zq81xKd0Lm3T', 'API Key'],
		['businessKey', 'wrong-Hv27pWc9Ry4N', 'Business Key'],
	])(
		"a wrong %s: the platform's message, the field to check, no secret",
		async (field, value, label) => {
			const trigger = poller({}, { [field]: value });
			const error = await trigger.poll().then(
				() => undefined,
				(e) => e,
			);
			expect(error).toBeDefined();
			expect(error.message).toBe(
				`The platform did not accept the credential's "${label}" when asked to list the news`,
			);
			expect(error.description).toContain(`Check the credential's "${label}"`);
			expect(error.description).toMatch(
				/The platform said: "Unauthenticated\. Invalid [\w-]+ header\."/,
			);
			const shown = `${error.message}\n${error.description}\n${JSON.stringify(error)}`;
			expect(shown).not.toContain(value);
			expect(trigger.liveStaticData).toEqual({});
		},
	);

	test('an unknown business is refused before anything is sent', async () => {
		const from = sandbox.requests.length;
		await expect(poller({ options: { business: 'initech' } }).poll()).rejects.toThrow(
			'"initech" is not one of the credential\'s Additional Business Keys',
		);
		expect(sandbox.requests.length).toBe(from);
	});
});

describe('the tenant: the Ecommerce Base URL and the business key, not the business name', () => {
	/** Acme with 50 news items (every 4th a draft), seen by an activated trigger. */
	async function acmeTriggerWith50(/** @type {Record<string, any>} */ parameters) {
		sandbox.seedNews('acme', 50);
		const trigger = poller(parameters);
		expect(await trigger.poll()).toBeNull();
		return trigger;
	}

	/**
	 * Adds `count` published items to a business's news (next ids).
	 * @param {any} box sandbox
	 * @param {'acme' | 'globex'} business
	 * @param {number} count
	 */
	function addTo(box, business, count) {
		const list = box.state[business].news;
		const ids = [];
		for (let i = 0; i < count; i++) {
			const id = Math.max(0, ...list.map((/** @type {any} */ n) => n.id)) + 1;
			list.push({ ...generateNews(business, id, box.url)[id - 1], status: 1 });
			ids.push(id);
		}
		return ids;
	}

	test.each([
		['Active', { status: 'active' }],
		['Any Status', { status: 'any' }],
	])(
		'another Business Key in the credential starts afresh: nothing old emitted, and every later item of the new tenant emitted (%s)',
		async (_name, parameters) => {
			const trigger = await acmeTriggerWith50(parameters);
			const switched = createPoller({
				type: TYPE,
				parameters: { event: 'newNewsItem', keyword: '', simple: true, ...parameters },
				credentials: sandboxCredentials(sandbox, {
					businessKey: sandbox.credentials.businessKeys.globex,
				}),
				savedStaticData: trigger.savedStaticData,
			});
			// Globex lists 25 items: its first poll is its activation.
			expect(await switched.poll()).toBeNull();
			// Ids 26..35: acme's seen ids, which must not hide them.
			const ids = addTo(sandbox, 'globex', 10);
			expect(idsOf(await switched.poll())).toEqual(ids);
			expect(await switched.poll()).toBeNull();
		},
	);

	test('another Ecommerce Base URL starts afresh: every later item there is emitted', async () => {
		const other = await startSandbox();
		try {
			const trigger = await acmeTriggerWith50({ status: 'any' });
			const moved = createPoller({
				type: TYPE,
				parameters: { event: 'newNewsItem', status: 'any', keyword: '', simple: true },
				credentials: sandboxCredentials(sandbox, { ecommerceBaseUrl: other.baseUrls.ecommerce }),
				savedStaticData: trigger.savedStaticData,
			});
			expect(await moved.poll()).toBeNull();
			const ids = addTo(other, 'acme', 10);
			expect(idsOf(await moved.poll())).toEqual(ids);
		} finally {
			await other.close();
		}
	});

	test('a business renamed in the credential, same key, keeps its state: nothing lost, nothing twice', async () => {
		const key = sandbox.credentials.businessKeys.globex;
		const trigger = createPoller({
			type: TYPE,
			parameters: { event: 'newNewsItem', status: 'active', options: { business: 'globex' } },
			credentials: sandboxCredentials(sandbox, { additionalBusinessKeys: `globex=${key}` }),
		});
		expect(await trigger.poll()).toBeNull();
		const ids = addTo(sandbox, 'globex', 2);
		const renamed = createPoller({
			type: TYPE,
			parameters: { event: 'newNewsItem', status: 'active', options: { business: 'globex-shop' } },
			credentials: sandboxCredentials(sandbox, { additionalBusinessKeys: `globex-shop=${key}` }),
			savedStaticData: trigger.savedStaticData,
		});
		expect(idsOf(await renamed.poll())).toEqual(ids);
		expect(await renamed.poll()).toBeNull();
	});

	test('the static data holds a fingerprint of the tenant, never the key or the base URL', async () => {
		const trigger = await acmeTriggerWith50({});
		const stored = JSON.stringify(trigger.savedStaticData);
		expect(trigger.liveStaticData.tenant).toMatch(/^k1:[0-9a-f]{16}$/);
		for (const secret of [sandbox.credentials.businessKeys.acme, sandbox.url])
			expect(stored).not.toContain(secret);
	});

	test('the fingerprint cannot be tested offline: base URL and business key alone, even the right ones, do not give it', async () => {
		const trigger = await acmeTriggerWith50({});
		const { tenant } = trigger.liveStaticData;
		const baseUrl = sandbox.baseUrls.ecommerce;
		// Whoever opens the workflow sees the fingerprint, never the API Key it is keyed with.
		const guesses = [sandbox.credentials.businessKeys.acme, 'acme', 'password1'];
		for (const key of guesses) {
			const text = `${baseUrl}\n${key}`;
			for (const candidate of [
				createHash('sha256').update(text).digest('hex').slice(0, 16),
				createHmac('sha256', '').update(text).digest('hex').slice(0, 16),
			])
				expect(tenant).not.toContain(candidate);
		}
	});

	test('static data stored with the former, unkeyed fingerprint keeps its state (nothing lost, nothing twice) and is rewritten keyed', async () => {
		const trigger = await acmeTriggerWith50({ status: 'any' });
		const formerFingerprint = createHash('sha256')
			.update(`${sandbox.baseUrls.ecommerce}\n${sandbox.credentials.businessKeys.acme}`)
			.digest('hex')
			.slice(0, 16);
		const saved = { ...trigger.savedStaticData, tenant: formerFingerprint };
		const added = addNews(3);
		const upgraded = createPoller({
			type: TYPE,
			parameters: { event: 'newNewsItem', status: 'any', keyword: '', simple: true },
			credentials: sandboxCredentials(sandbox),
			savedStaticData: saved,
		});
		expect(idsOf(await upgraded.poll())).toEqual(added);
		expect(await upgraded.poll()).toBeNull();
		expect(upgraded.liveStaticData.tenant).toBe(trigger.liveStaticData.tenant);
	});
});

describe('the seen-id set (bounded by its size in static data)', () => {
	test('keeps ranges above a floor; stored compactly and read back the same', () => {
		const seen = addSeen({ floor: 0, ranges: [] }, [1, 2, 3, 5, 9, 10, 12, 100, 101]);
		expect(seen).toEqual({
			floor: 3,
			ranges: [
				[5, 5],
				[9, 10],
				[12, 12],
				[100, 101],
			],
		});
		expect([4, 5, 6, 10, 11, 12].map((id) => hasSeen(seen, id))).toEqual([
			false,
			true,
			false,
			true,
			false,
			true,
		]);
		const stored = storeSeen(seen);
		expect(stored).toEqual({ text: '3;1,3.1,1,2f.1', foldedGaps: 0, floor: 3 });
		expect(parseSeen(stored.text)).toEqual(seen);
		for (const broken of ['', '3', '3;0', '3;1,,2', '3;1.2.3', '-1;', { floor: 3, ranges: [] }])
			expect(parseSeen(broken)).toBeUndefined();
	});

	test('past its size bound the lowest gaps are folded into the floor, and the fold is reported', () => {
		const seen = addSeen({ floor: 0, ranges: [] }, [1, 3, 5, 7, 9]);
		// "1;1,1,1,1" is 9 characters: 5 fit two gaps.
		const stored = storeSeen(seen, 5);
		expect(stored).toEqual({ text: '5;1,1', foldedGaps: 2, floor: 5 });
		expect(parseSeen(stored.text)).toEqual({
			floor: 5,
			ranges: [
				[7, 7],
				[9, 9],
			],
		});
	});

	test('the bound measured: gaps that fit in the 64 KB of static data (docs/operations.md: at least 10 900)', () => {
		/** Characters per gap where every `every`-th id is a gap (a draft among published items). */
		const perGap = (/** @type {number} */ every) => {
			const ids = [];
			for (let id = 1; id <= 200_000; id++) if (id % every !== 0) ids.push(id);
			const seen = addSeen({ floor: 0, ranges: [] }, ids);
			return storeSeen(seen, Infinity).text.length / seen.ranges.length;
		};
		// One draft among 1, 3 and 30 published items: 2 to 5 characters a gap.
		expect(perGap(2)).toBeLessThanOrEqual(2.1);
		expect(perGap(4)).toBeLessThanOrEqual(4.1);
		expect(perGap(31)).toBeLessThanOrEqual(5.1);
		// The widest gap under 1296 ids: 1295 ids missing, then a run of 1296 seen ids.
		const widest = { floor: 0, ranges: /** @type {Array<[number, number]>} */ ([]) };
		for (let start = 1296; widest.ranges.length < 20_000; start += 2591)
			widest.ranges.push([start, start + 1295]);
		const stored = storeSeen(widest);
		expect(stored.text.length).toBeLessThanOrEqual(MAX_SEEN_CHARACTERS);
		expect(20_000 - stored.foldedGaps).toBeGreaterThanOrEqual(10_900);
	});

	test('1500 drafts among 3000 items: a draft in the lowest gap, published later, is emitted', async () => {
		sandbox.seedNews('acme', 3000);
		for (const item of news()) item.status = item.id % 2;
		const trigger = poller({ options: { pageSize: 1000 } });
		expect(await trigger.poll()).toBeNull();
		publish(2);
		publish(2998);
		expect(idsOf(await trigger.poll())).toEqual([2, 2998]);
		expect(await trigger.restart().poll()).toBeNull();
		expect(JSON.stringify(trigger.savedStaticData).length).toBeLessThan(6 * 1024);
	}, 30_000);
});
