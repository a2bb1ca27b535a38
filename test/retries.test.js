// @ts-check
/**
 * Retries per request inside the transport, through n8n-core's real engine: the retry class
 * of every operation, Max Tries, Timeout, exponential backoff, Retry-After (honoured, capped),
 * and a run of 100 creates with faults on a share of requests that leaves in the sandbox
 * exactly one record per item that may have been created, none doubled.
 */
const { useSandbox } = require('./harness/fixture');
const { runNode } = require('./harness/n8n');
const { OPERATION_CASES, withOptions } = require('./harness/operationCases');
const { MAY_HAVE_ACTED, closedPort, refusingCredentials } = require('./harness/faultCases');
const { inputItemOf } = require('./harness/requests');
const { ENDPOINTS } = require('../nodes/shared/platform/endpoints');

const fixture = useSandbox();

const PAYSLIP = { resource: 'payslip', operation: 'get', payslipId: '1751' };
const SKILL = { resource: 'skill', operation: 'create', type: 'retry-test', skills: 'Excel' };

/**
 * @param {Record<string, any>} parameters
 * @param {Record<string, any>} settings request settings (Options)
 * @param {{ items?: any[], continueOnFail?: boolean, credentials?: Record<string, any> }} [options]
 */
function runHr(parameters, settings, options = {}) {
	return runNode({
		type: 'businessPlatformHr',
		parameters: withOptions(parameters, { retryDelay: 1, ...settings }),
		credentials: options.credentials ?? fixture.credentials,
		items: options.items,
		continueOnFail: options.continueOnFail,
	});
}

/** Arrival times (ms) of the requests that reach the sandbox from now on. */
function recordArrivals() {
	/** @type {number[]} */
	const times = [];
	const listener = () => times.push(performance.now());
	fixture.sandbox.server.on('request', listener);
	return { times, stop: () => fixture.sandbox.server.off('request', listener) };
}

/** @param {number} ms */
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

test.each(OPERATION_CASES.map((op) => [op.endpoint, op]))(
	'%s has the retry class its case gives it',
	(endpoint, op) => {
		const spec = /** @type {Record<string, { retry: string }>} */ (ENDPOINTS)[endpoint];
		expect([endpoint, spec?.retry]).toEqual([endpoint, op.retry]);
	},
);

test('listCategories, read first by Category → Update, is a read', () => {
	expect(ENDPOINTS.listCategories.retry).toBe('read');
});

describe('Max Tries and Timeout (Options)', () => {
	test.each([1, 4])(
		'Max Tries %i: a read failing with 500 is sent that many times',
		async (maxTries) => {
			fixture.sandbox.inject({ operation: 'getPayslip', status: 500, times: Infinity });
			const { error } = await runHr(PAYSLIP, { maxTries });
			expect(error?.httpCode).toBe('500');
			expect(fixture.requestsFor('getPayslip')).toHaveLength(maxTries);
			if (maxTries > 1) expect(error?.message).toContain(`(tried ${maxTries} times)`);
			expect(error?.context.data).toMatchObject({
				operation: 'Get Payslip',
				httpCode: 500,
				tries: maxTries,
			});
		},
	);

	test('a read that misses the Timeout is retried, and one that does not is sent once', async () => {
		// The first request is held until the run ends, so it misses any Timeout; the retry's answer
		// gets 1 s (a loaded machine made it miss 100 ms).
		/** @type {() => void} */
		let release = () => {};
		const held = new Promise((resolve) => (release = () => resolve(undefined)));
		fixture.sandbox.inject({ operation: 'getPayslip', until: held });
		const retried = await runHr(PAYSLIP, { timeout: 1000, maxTries: 2 }).finally(release);
		expect(retried.error).toBeUndefined();
		expect(retried.json[0].id).toBe(1751);

		fixture.sandbox.reset();
		fixture.sandbox.inject({ operation: 'getPayslip', delayMs: 200 });
		const patient = await runHr(PAYSLIP, { timeout: 5000, maxTries: 2 });
		expect(patient.error).toBeUndefined();
		expect(fixture.requestsFor('getPayslip')).toHaveLength(1);

		fixture.sandbox.reset();
		fixture.sandbox.inject({ operation: 'getPayslip', delayMs: 400 });
		const once = await runHr(PAYSLIP, { timeout: 100, maxTries: 1 });
		expect(once.error?.message).toBe(
			'The platform did not answer within 100 ms when asked to get payslip 1751',
		);
	});

	test('a create that misses the Timeout is not sent again: the platform did carry it out', async () => {
		fixture.sandbox.inject({ operation: 'createSkill', delayMs: 300 });
		const { error } = await runHr(SKILL, { timeout: 100, maxTries: 3 });
		expect(error?.message).toBe(
			'The platform did not answer within 100 ms when asked to create the skill',
		);
		expect(error?.description).toContain(MAY_HAVE_ACTED);
		expect(error?.context.data).toMatchObject({
			operation: 'Create Skill',
			tries: 1,
		});
		await pause(400); // the fixture.sandbox answers the abandoned request after its delay
		expect(fixture.requestsFor('createSkill')).toHaveLength(1);
		expect(fixture.sandbox.state.acme.skills.filter((s) => s.type === 'retry-test')).toHaveLength(
			1,
		);
	});

	test('a create is retried when the connection is refused: nothing reached the platform', async () => {
		const port = await closedPort();
		const { error } = await runHr(
			SKILL,
			{ maxTries: 3 },
			{ credentials: refusingCredentials(fixture.credentials, 'businessPlatformHr', port) },
		);
		expect(error?.message).toBe(
			'Could not connect to the platform to create the skill: the connection was refused (tried 3 times)',
		);
		expect(error?.description).toContain('Check the credential\'s "HR Base URL"');
		expect(error?.context.data).toMatchObject({
			operation: 'Create Skill',
			method: 'POST',
			path: '/api/v1/skills',
			item: 0,
			tries: 3,
			networkError: expect.stringMatching(/^ECONNREFUSED: /),
		});
		expect(error?.description).not.toContain(MAY_HAVE_ACTED);
	});
});

describe('backoff and Retry-After', () => {
	test('retries wait an exponential backoff with jitter from Retry Delay', async () => {
		fixture.sandbox.inject({ operation: 'getPayslip', status: 502, times: Infinity });
		const arrivals = recordArrivals();
		const { error } = await runHr(PAYSLIP, { maxTries: 3, retryDelay: 100 });
		arrivals.stop();
		expect(error?.httpCode).toBe('502');
		const [first, second, third] = arrivals.times;
		// Attempt n waits between half and all of retryDelay * 2^(n-1): 50..100 ms, then 100..200 ms.
		expect(second - first).toBeGreaterThanOrEqual(45);
		expect(third - second).toBeGreaterThanOrEqual(95);
		expect(third - first).toBeLessThan(2000);
	});

	test('a 429 Retry-After is honoured, also for a create', async () => {
		fixture.sandbox.inject({ operation: 'createSkill', status: 429, retryAfter: 1 });
		const arrivals = recordArrivals();
		const { json, error } = await runHr(SKILL, { maxTries: 2 });
		arrivals.stop();
		expect(error).toBeUndefined();
		expect(json[0].type).toBe('retry-test');
		expect(arrivals.times[1] - arrivals.times[0]).toBeGreaterThanOrEqual(990);
		expect(fixture.requestsFor('createSkill').map((r) => r.status)).toEqual([429, 200]);
	});

	test('rate-limit refusals are not tries: a create refused five times with Max Tries 2 is carried out once', async () => {
		fixture.sandbox.inject({ operation: 'createSkill', status: 429, retryAfter: 0, times: 5 });
		const { json, error } = await runHr(SKILL, { maxTries: 2 });
		expect(error).toBeUndefined();
		expect(json[0].type).toBe('retry-test');
		expect(fixture.requestsFor('createSkill').map((r) => r.status)).toEqual([
			429, 429, 429, 429, 429, 200,
		]);
	});

	test('a 503 with Retry-After is a refusal too; one without is a try', async () => {
		fixture.sandbox.inject({ operation: 'getPayslip', status: 503, retryAfter: 0, times: 3 });
		expect((await runHr(PAYSLIP, { maxTries: 1 })).error).toBeUndefined();
		fixture.sandbox.reset();
		fixture.sandbox.inject({ operation: 'getPayslip', status: 503, times: 3 });
		expect((await runHr(PAYSLIP, { maxTries: 1 })).error?.message).toBe(
			'The platform failed with a server error when asked to get payslip 1751',
		);
		expect(fixture.requestsFor('getPayslip')).toHaveLength(1);
	});

	test('Rate Limit Wait bounds the waiting: past it the item fails, saying nothing was carried out', async () => {
		fixture.sandbox.inject({
			operation: 'createSkill',
			status: 429,
			retryAfter: 1,
			times: Infinity,
		});
		const started = Date.now();
		const { error } = await runHr(SKILL, { maxTries: 10, rateLimitWait: 2 });
		expect(Date.now() - started).toBeLessThan(5000);
		expect(error?.message).toBe(
			'The platform received too many requests and refused to create the skill (tried 2 times)',
		);
		expect(error?.description).toContain(
			'longer than Rate Limit Wait (2 s); it carried none of these requests out',
		);
		expect(fixture.requestsFor('createSkill').every((r) => r.status === 429)).toBe(true);
	});

	test('a Retry-After given as an HTTP date that has passed is retried at once', async () => {
		fixture.sandbox.inject({
			operation: 'getPayslip',
			status: 503,
			retryAfter: new Date(Date.now() - 5000).toUTCString(),
		});
		const { error } = await runHr(PAYSLIP, { maxTries: 2 });
		expect(error).toBeUndefined();
		expect(fixture.requestsFor('getPayslip').map((r) => r.status)).toEqual([503, 200]);
	});

	test('a Retry-After longer than the cap (60 s) fails the item at once, saying how long to wait', async () => {
		fixture.sandbox.inject({
			operation: 'getPayslip',
			status: 429,
			retryAfter: 3600,
			times: Infinity,
		});
		const started = Date.now();
		const { error } = await runHr(PAYSLIP, { maxTries: 3 });
		expect(Date.now() - started).toBeLessThan(5000);
		expect(error?.message).toBe(
			'The platform received too many requests and refused to get payslip 1751',
		);
		expect(error?.description).toContain('The platform said: "Too Many Attempts."');
		expect(error?.description).toContain(
			'The platform asked to wait 3600 s before trying again (Retry-After), longer than the 60 s the node waits',
		);
		expect(fixture.requestsFor('getPayslip')).toHaveLength(1);
	});
});

describe('100 creates with faults on a share of the requests', () => {
	test('the sandbox holds one record per item that succeeded or may have been carried out, none doubled', async () => {
		const COUNT = 100;
		// Faults that leave no record: 429 and 503 with Retry-After (retried), 502, 422.
		// Faults after which the record exists: 500 and a dropped connection after acting, and a
		// timeout (the sandbox answers after the node gave up; the timeout leaves room for a
		// loaded machine, so only the delayed requests time out). Every request draws in turn.
		fixture.sandbox.inject({
			operation: 'createSkill',
			times: Infinity,
			ratio: 0.1,
			status: 429,
			retryAfter: 0,
		});
		fixture.sandbox.inject({
			operation: 'createSkill',
			times: Infinity,
			ratio: 0.1,
			status: 503,
			retryAfter: 0,
		});
		fixture.sandbox.inject({
			operation: 'createSkill',
			times: Infinity,
			ratio: 0.08,
			status: 500,
			actFirst: true,
		});
		fixture.sandbox.inject({ operation: 'createSkill', times: Infinity, ratio: 0.08, status: 502 });
		fixture.sandbox.inject({
			operation: 'createSkill',
			times: Infinity,
			ratio: 0.06,
			delayMs: 1500,
		});
		fixture.sandbox.inject({
			operation: 'createSkill',
			times: Infinity,
			ratio: 0.05,
			destroy: true,
			actFirst: true,
		});
		fixture.sandbox.inject({
			operation: 'createSkill',
			times: Infinity,
			ratio: 0.05,
			status: 422,
			body: { message: 'The type is not allowed.', errors: { type: ['The type is not allowed.'] } },
		});

		const items = Array.from({ length: COUNT }, (_, i) => ({ json: { type: `run-${i}` } }));
		const { output, error } = await runHr(
			{ ...SKILL, type: '={{ $json.type }}' },
			{ concurrency: 10, maxTries: 3, timeout: 500 },
			{ items, continueOnFail: true },
		);
		expect(error).toBeUndefined();
		await pause(1800); // requests abandoned on timeout are carried out after their delay

		// Output: one item per input, in order, paired.
		expect(output.map((entry) => inputItemOf(entry))).toEqual(items.map((_, i) => i));

		// Records per item: never two.
		/** @type {Map<string, any[]>} */
		const records = new Map();
		for (const skill of fixture.sandbox.state.acme.skills.filter((s) =>
			String(s.type).startsWith('run-'),
		)) {
			records.set(skill.type, [...(records.get(skill.type) ?? []), skill]);
		}
		for (const [type, list] of records) expect([type, list.length]).toEqual([type, 1]);

		// The platform carried out exactly the requests it answered 200 or acted on before failing
		// (500 and dropped connections here); each item's record exists exactly when one did.
		const requests = fixture.requestsFor('createSkill');
		const carriedOut = requests
			.filter((r) => [200, 500, 0].includes(r.status))
			.map((r) => r.body.value.type);
		expect(new Set(carriedOut).size).toBe(carriedOut.length);
		expect(new Set(carriedOut)).toEqual(new Set(records.keys()));

		const succeeded = [];
		const failed = [];
		for (const [i, entry] of output.entries()) {
			const json = /** @type {any} */ (entry.json);
			const record = records.get(`run-${i}`)?.[0];
			if (json.error === undefined) {
				succeeded.push(i);
				// A succeeded item's output is its one record.
				expect(record).toBeDefined();
				expect(json.id).toBe(record.id);
				continue;
			}
			failed.push(i);
			// Each failed item says why (the platform's message or the network failure); its details name the operation and the item.
			expect(json.error.length).toBeGreaterThan(0);
			expect(json.details).toMatchObject({
				operation: 'Create Skill',
				method: 'POST',
				path: '/api/v1/skills',
				item: i,
			});
			// A record without success only where the item says the platform may have carried it out.
			if (record) expect(json.description).toContain(MAY_HAVE_ACTED);
			if (json.httpCode === '422') {
				expect(json.error).toBe(
					'The platform refused to create the skill: The type is not allowed.',
				);
				expect(json.description).not.toContain(MAY_HAVE_ACTED);
			}
		}
		// Records are exactly the succeeded items plus failed items that say they may have been carried out.
		for (const type of records.keys()) {
			const i = Number(type.slice('run-'.length));
			expect(
				succeeded.includes(i) ||
					String(/** @type {any} */ (output[i].json).description).includes(MAY_HAVE_ACTED),
			).toBe(true);
		}

		// The faults really happened, and retries rescued items.
		const statuses = new Set(requests.map((r) => r.status));
		for (const status of [429, 503, 500, 502, 422, 0]) expect(statuses).toContain(status);
		expect(
			output.some((entry) =>
				String(entry.json.error).startsWith('The platform did not answer within 500 ms'),
			),
		).toBe(true);
		expect(requests.length).toBeGreaterThan(COUNT);
		expect(succeeded.length).toBeGreaterThan(COUNT / 2);
		expect(failed.length).toBeGreaterThan(0);
	});
});
