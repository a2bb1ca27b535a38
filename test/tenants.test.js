// @ts-check
/**
 * One workflow serving several businesses, through n8n-core's real engine: Request Options →
 * Business picks, per item, one of the credential's Additional Business Keys by name. For
 * every operation, each item's request carries its own business's key and reads or changes
 * only that business's data; no key appears in the parameters or the output; an unknown
 * business name fails only its item, before any request.
 */
const { useSandbox } = require('./harness/fixture');
const { sandboxLoginCredentials } = require('../sandbox/credentials');
const { runNode } = require('./harness/n8n');
const { inputItemOf } = require('./harness/requests');
const { OPERATION_CASES, caseFor, withOptions } = require('./harness/operationCases');

const fixture = useSandbox();

const UNKNOWN = 'initech';
/** The item is in the error's details, not in its message. */
const unknownMessage = (/** @type {number} */ _item) =>
	`Business "${UNKNOWN}" is not one of the credential's Additional Business Keys`;

/**
 * The business an output record belongs to: its business id, else its id (acme's records are
 * 1000-1999, globex's 2000-2999), else its alias (news).
 * @param {Record<string, any>} json
 */
function ownerOf(json) {
	const businessId = Number(json.business_id);
	if (businessId === 101) return 'acme';
	if (businessId === 202) return 'globex';
	const id = Number(json.id);
	if (id >= 1000 && id < 2000) return 'acme';
	if (id >= 2000 && id < 3000) return 'globex';
	if (typeof json.alias === 'string') return json.alias.split('-')[0];
	return undefined;
}

/** Item i names: the default business (acme), globex (spaced), none (acme again), and an unknown name. */
const BUSINESSES = ['', ' globex ', null, UNKNOWN];
const ACTS_FOR = ['acme', 'globex', 'acme'];

describe.each(OPERATION_CASES.filter((op) => op.business))('$endpoint', (op) => {
	test("each item goes to its own business, reads only that business's data, and an unknown name fails its item", async () => {
		// Parameters that differ per business come from the item, as in a real multi-business workflow.
		const perItem = op.tenant?.itemValues ?? {};
		const perBusiness = [...new Set([...Object.keys(op.globex), ...Object.keys(perItem)])];
		const parameters = {
			...op.parameters,
			...Object.fromEntries(
				perBusiness.map((name) => [name, `={{ $json[${JSON.stringify(name)}] }}`]),
			),
			options: { retryDelay: 1, concurrency: 1, business: '={{ $json.business }}' },
		};
		const items = BUSINESSES.map((business, i) => {
			const values = ACTS_FOR[i] === 'globex' ? { ...op.parameters, ...op.globex } : op.parameters;
			const json = Object.fromEntries(
				perBusiness.map((name) => [name, perItem[name]?.[i] ?? values[name]]),
			);
			return { json: { business, ...json } };
		});

		const run = await runNode({
			type: op.type,
			parameters,
			credentials: fixture.credentials,
			items,
			continueOnFail: true,
		});
		expect(run.error).toBeUndefined();

		// Requests: item by item (concurrency 1), each with its business's key; none for the unknown name.
		// E2 reads the categories list once per node run and business: a business's later items send the update only.
		const listed = new Set();
		const expected = ACTS_FOR.flatMap((business) => {
			const count =
				op.endpoint === 'updateCategory' && listed.has(business) ? 1 : op.requestsPerItem;
			listed.add(business);
			return Array(count).fill(business);
		});
		expect(fixture.sandbox.requests.map((r) => r.business)).toEqual(expected);
		const keys = /** @type {Record<string, string>} */ (fixture.sandbox.credentials.businessKeys);
		for (const request of fixture.sandbox.requests) {
			const header = Object.keys(request.headers).find((name) =>
				/^secure[-_]business[-_]key$/.test(name),
			);
			expect(request.headers[/** @type {string} */ (header)]).toBe(keys[String(request.business)]);
		}

		// Output: each item's records belong to its business; the unknown name fails item 3 only.
		for (const [i, business] of ACTS_FOR.entries()) {
			const records = run.output
				.filter((entry) => inputItemOf(entry) === i)
				.map((entry) => entry.json);
			expect(records.length).toBeGreaterThan(0);
			for (const json of records) {
				expect(json).not.toHaveProperty('error');
				const owner = ownerOf(json);
				// On a failure with owner undefined: the output does not show the business, so add
				// `tenant: { state }` to the case in caseFile, checking each business's sandbox state.
				if (owner !== undefined || !op.tenant?.state)
					expect({ caseFile: op.caseFile, item: i, owner }).toEqual({
						caseFile: op.caseFile,
						item: i,
						owner: business,
					});
			}
		}
		op.tenant?.state?.(fixture.sandbox.state);
		const failed = run.output.filter((entry) => inputItemOf(entry) === 3);
		expect(failed.map((entry) => entry.json.error)).toEqual([unknownMessage(3)]);
		expect(failed.map((entry) => entry.json.details)).toEqual([{ item: 3 }]);

		// No business key anywhere in what the run left behind (parameters, output, errors).
		const text = JSON.stringify(run.result);
		for (const key of Object.values(keys)) expect(text).not.toContain(key);
	});
});

test('E5 sends no business key: any configured business name is accepted, an unknown one still fails its item', async () => {
	const op = caseFor('getDistrict');
	const run = await runNode({
		type: op.type,
		parameters: withOptions(op.parameters, {
			retryDelay: 1,
			concurrency: 1,
			business: '={{ $json.business }}',
		}),
		credentials: fixture.credentials,
		items: [{ json: { business: 'globex' } }, { json: { business: UNKNOWN } }],
		continueOnFail: true,
	});
	expect(run.json[0]).toMatchObject({ id: 1 });
	expect(run.json[1].error).toBe(unknownMessage(1));
	expect(fixture.sandbox.requests).toHaveLength(1);
	expect(
		Object.keys(fixture.sandbox.requests[0].headers).filter((name) => /business/i.test(name)),
	).toEqual([]);
});

test('without a default Business Key, items may still act for a named business; the others say what is missing', async () => {
	const op = caseFor('getPayslip');
	const run = await runNode({
		type: op.type,
		parameters: {
			...op.parameters,
			payslipId: '={{ $json.payslip }}',
			options: { retryDelay: 1, concurrency: 1, business: '={{ $json.business }}' },
		},
		credentials: { ...fixture.credentials, businessKey: '' },
		items: [
			{ json: { business: 'globex', payslip: 2751 } },
			{ json: { business: '', payslip: 1751 } },
		],
		continueOnFail: true,
	});
	expect(run.json[0]).toMatchObject({ id: 2751 });
	expect(run.json[1].error).toBe(
		`The credential field "Business Key" is empty; Get Payslip needs it. Fill it in the node's Business Platform API credential.`,
	);
	expect(fixture.sandbox.requests.map((r) => r.business)).toEqual(['globex']);
});

test('an empty credential field names the credential type in use: the Log In one under Authentication "Log In"', async () => {
	const op = caseFor('getPayslip');
	const emptyKey = { businessKey: '', additionalBusinessKeys: '' };
	const [pasted, loggingIn] = await Promise.all([
		runNode({
			type: op.type,
			parameters: op.parameters,
			credentials: { ...fixture.credentials, ...emptyKey },
			continueOnFail: true,
		}),
		runNode({
			type: op.type,
			parameters: { ...op.parameters, authentication: 'login' },
			credentials: sandboxLoginCredentials(fixture.sandbox, emptyKey),
			continueOnFail: true,
		}),
	]);
	const message = (/** @type {string} */ credential) =>
		`The credential field "Business Key" is empty; Get Payslip needs it. Fill it in the node's ${credential} credential.`;
	expect(pasted.json[0].error).toBe(message('Business Platform API'));
	expect(loggingIn.json[0].error).toBe(message('Business Log In API'));
	expect(fixture.sandbox.requests).toEqual([]);
});

test('a business name with a colon maps to exactly its own key, never to the business named by its first part', async () => {
	const op = caseFor('getPayslip');
	const keys = fixture.sandbox.credentials.businessKeys;
	const run = await runNode({
		type: op.type,
		parameters: {
			...op.parameters,
			payslipId: '1751',
			options: { retryDelay: 1, business: 'globex:eu' },
		},
		// "globex:eu" holds acme's key here, so the sandbox tells which key arrived by the business it acted for.
		credentials: {
			...fixture.credentials,
			additionalBusinessKeys: `globex=${keys.globex}\nglobex:eu=${keys.acme}`,
		},
	});
	expect(run.error).toBeUndefined();
	expect(run.json[0]).toMatchObject({ id: 1751 });
	expect(fixture.sandbox.requests.map((r) => r.business)).toEqual(['acme']);
});

describe('Additional Business Keys that cannot be read one way only are refused, naming the field, before anything is sent', () => {
	const op = caseFor('getPayslip');
	/** @param {string} additionalBusinessKeys */
	const runWith = (additionalBusinessKeys) =>
		runNode({
			type: op.type,
			parameters: withOptions(
				{ ...op.parameters, ...op.globex },
				{ retryDelay: 1, business: 'globex' },
			),
			credentials: { ...fixture.credentials, additionalBusinessKeys },
			continueOnFail: true,
		});

	test('a business named twice (the last key silently won)', async () => {
		const keys = fixture.sandbox.credentials.businessKeys;
		const run = await runWith(`globex=${keys.acme}\nglobex=${keys.globex}`);
		expect(JSON.stringify(run.json)).toContain(
			'The credential field \\"Additional Business Keys\\" names the business \\"globex\\" twice',
		);
		expect(fixture.sandbox.requests).toHaveLength(0);
		expect(JSON.stringify(run.result)).not.toContain(keys.acme);
	});

	test('a key holding a comma: the part after it is not a name=key pair, and is never quoted', async () => {
		const run = await runWith('globex=sbx_bizkey_glo,bex_8d1f6a3e5c27');
		expect(JSON.stringify(run.json)).toContain(
			'The credential field \\"Additional Business Keys\\" has no \\"=\\" in its entry 2 of 2',
		);
		expect(JSON.stringify(run.result)).not.toContain('bex_8d1f6a3e5c27');
		expect(fixture.sandbox.requests).toHaveLength(0);
	});

	test('blank lines and a trailing comma are fine', async () => {
		const keys = fixture.sandbox.credentials.businessKeys;
		const run = await runWith(`\nglobex=${keys.globex},\n\n`);
		expect(run.json[0]).toMatchObject({ id: 2751 });
	});
});
