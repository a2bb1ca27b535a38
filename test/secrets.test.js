// @ts-check
/**
 * No credential value ever reaches the execution data: every operation is run through
 * n8n-core's real engine against every fault case (with and without continueOnFail, for the
 * default business and an additional one), plus a platform that echoes the credentials back
 * in messages, field errors, HTML pages and records; the whole run result (output items,
 * errors with their messages, descriptions, context and stacks, node parameters) is searched
 * for every credential value (in item data, for every one but the identifiers: API Connection
 * and Client UUID, docs/reliability.md). Secret-like fields of records (E8's and E15's password and
 * remember_token) never reach the output either.
 */
const { useSandbox } = require('./harness/fixture');
const { runNode } = require('./harness/n8n');
const { runText } = require('./harness/credentialSecrets');
const { OPERATION_CASES, caseFor, withOptions } = require('./harness/operationCases');
const {
	FAULT_CASES,
	runUnderFaults,
	closedPort,
	refusingCredentials,
} = require('./harness/faultCases');

const fixture = useSandbox();
/** The Timeout of a run whose request the sandbox holds (see the fault cases' loop below). */
const HELD_TIMEOUT_MS = 100;
/** @type {string[]} */
let secrets;
/** @type {number} */
let refusedPort;

/** The credential fields that hold secrets (Additional Business Keys holds the other businesses' keys). */
const SECRET_FIELDS = [
	'apiKey',
	'apiConnection',
	'businessKey',
	'userToken',
	'clientUuid',
	'platformKey',
];

beforeAll(async () => {
	secrets = [
		...SECRET_FIELDS.map((field) => fixture.credentials[field]),
		...Object.values(fixture.sandbox.credentials.businessKeys),
	];
	refusedPort = await closedPort();
});

/**
 * @param {any} run
 * @param {string} what
 * @param {string[]} [among] the values looked for (every secret unless told)
 */
function expectNoSecret(run, what, among = secrets) {
	const text = runText({ result: run.result, output: run.output, error: run.error });
	for (const secret of among) {
		if (text.includes(secret))
			throw new Error(
				`${what}: the execution data contains the credential value ${secret.slice(0, 8)}…`,
			);
	}
	// The sandbox's hashed passwords and remember tokens of employees (E15) and branches (E8).
	expect(text).not.toMatch(/sbxHashed|sbxBranch\d+Hashed|sbx_remember_/);
}

/**
 * @param {import('./harness/operationCases').OperationCase} op
 * @param {{ globex?: boolean, continueOnFail?: boolean, credentials?: Record<string, any>, settings?: Record<string, any> }} [options]
 */
function runOperation(op, options = {}) {
	return runUnderFaults(op, {
		parameters: options.globex ? op.globex : {},
		// One try: retries add nothing to what is shown, only time.
		settings: { maxTries: 1, ...options.settings, business: options.globex ? 'globex' : '' },
		credentials: options.credentials ?? fixture.credentials,
		continueOnFail: options.continueOnFail,
	});
}

describe.each(OPERATION_CASES)('$endpoint', (op) => {
	test('a successful run outputs no secret-like field and no credential value', async () => {
		for (const globex of [false, true]) {
			fixture.sandbox.reset();
			const run = await runOperation(op, { globex });
			expect(run.error).toBeUndefined();
			expectNoSecret(run, `${op.endpoint} success`);
			expect(JSON.stringify(run.json)).not.toMatch(/"(password|remember_token)"/);
		}
	});

	test('every fault case, with and without continueOnFail, for both businesses', async () => {
		for (const fault of FAULT_CASES) {
			for (const [continueOnFail, globex] of [
				[false, false],
				[true, true],
			]) {
				fixture.resetPlatform();
				// A rate-limit refusal fails the item only once it outlasts Rate Limit Wait.
				const { delayMs, ...inject } = { ...fault.inject, ...fault.exhausted?.inject };
				// A late answer (the timeout case) is held until the run ends instead: a held request
				// misses any Timeout, so a short one serves, and what a timeout error may leak does not
				// depend on its length.
				/** @type {() => void} */
				let release = () => {};
				const held =
					delayMs === undefined
						? {}
						: { until: new Promise((resolve) => (release = () => resolve(undefined))) };
				if (!fault.refused)
					fixture.sandbox.inject({ operation: op.endpoint, times: Infinity, ...inject, ...held });
				const run = await runOperation(op, {
					globex,
					continueOnFail,
					settings:
						delayMs === undefined
							? (fault.exhausted?.settings ?? fault.settings)
							: { ...fault.settings, timeout: HELD_TIMEOUT_MS },
					credentials: fault.refused
						? refusingCredentials(fixture.credentials, op.type, refusedPort)
						: fixture.credentials,
				}).finally(release);
				expect(run.error === undefined).toBe(continueOnFail);
				expectNoSecret(run, `${op.endpoint} ${fault.name}`);
			}
		}
	});

	test('a platform that echoes the credentials back', async () => {
		const c = fixture.sandbox.credentials;
		const echo = `apikey ${c.apiKey}, connection ${c.apiConnection}, token ${c.userToken}, uuid ${c.clientUuid}, platform key ${c.platformKey}, businesses ${c.businessKeys.acme} ${c.businessKeys.globex}`;
		const echoes = [
			{
				status: 422,
				body: {
					message: `Invalid: ${echo}`,
					errors: { apikey: [`The apikey ${c.apiKey} is invalid.`], [c.userToken]: [echo] },
				},
			},
			{
				status: 500,
				body: `<html><head><title>Error for ${c.userToken}</title></head><body>${echo}</body></html>`,
				contentType: 'text/html',
			},
			{ status: 401, body: echo, contentType: 'text/plain' },
			{ statusFalse: true, message: echo },
			{
				status: 200,
				body: {
					status: true,
					message: echo,
					data: {
						id: 1,
						note: echo,
						token: c.userToken,
						settings: [
							{ api_key: c.apiKey, password: 'p', business_key: c.businessKeys.acme, value: echo },
						],
					},
				},
			},
		];
		for (const fault of echoes) {
			for (const [continueOnFail, globex] of [
				[false, false],
				[true, true],
			]) {
				fixture.sandbox.reset();
				fixture.sandbox.inject({ operation: op.endpoint, times: Infinity, ...fault });
				const run = await runOperation(op, { globex, continueOnFail });
				// In item data the identifiers are ordinary data (issue 52 item 3): the others are hunted.
				/** @type {string[]} */
				const identifiers = [c.apiConnection, c.clientUuid];
				const among =
					fault.status === 200
						? secrets.filter((secret) => !identifiers.includes(secret))
						: secrets;
				expectNoSecret(run, `${op.endpoint} echo ${fault.status ?? 'status false'}`, among);
			}
		}
	});
});

test('a business key given where the business name belongs is refused without being repeated', async () => {
	const op = caseFor('getPayslip');
	const run = await runNode({
		type: op.type,
		parameters: withOptions(op.parameters, {
			business: '={{ $json.business }}',
		}),
		credentials: fixture.credentials,
		items: [{ json: { business: fixture.sandbox.credentials.businessKeys.globex } }],
		continueOnFail: true,
	});
	expect(run.json[0].error).toBe(
		"Business holds a business key; enter the business's name from the credential's Additional Business Keys instead",
	);
	expect(fixture.sandbox.requests).toHaveLength(0);
	expect(JSON.stringify(run.json)).not.toContain(fixture.sandbox.credentials.businessKeys.globex);
});
