// @ts-check
/**
 * The harness's expectation helpers (test/harness/requests.js, test/harness/outcomes.js) against
 * a real run: they pass on what the platform received and fail, naming the difference, on anything else.
 */
const { useSandbox } = require('../harness/fixture');
const { expectRequest, expectPairedItems } = require('../harness/requests');
const { succeeded, expectRunError } = require('../harness/outcomes');

const fixture = useSandbox();
const runHr = fixture.runner('businessPlatformHr', { resource: 'payslip', operation: 'get' });

const PAYSLIP = {
	method: 'GET',
	path: '/api/v1/payslips/1751',
	business: /** @type {const} */ ('acme'),
	platformHeaders: ['uuid', 'secure_business_key'],
	body: { kind: 'empty' },
};

test('expectRequest returns the one request that matches, and fails on each differing part', async () => {
	const { output, error } = await runHr({ payslipId: '1751' });
	expect(error).toBeUndefined();
	const request = expectRequest(fixture, 'getPayslip', {
		...PAYSLIP,
		headers: { uuid: fixture.sandbox.credentials.clientUuid },
	});
	expect(request.seq).toBe(1);
	expectPairedItems(output, [0]);

	for (const wrong of [
		{ path: '/api/v1/payslips/1752' },
		{ status: 404 },
		{ business: /** @type {const} */ ('globex') },
		{ platformHeaders: ['uuid'] },
		{ headers: { uuid: 'another' } },
		{ body: { kind: 'json', value: {} } },
	])
		expect(() => expectRequest(fixture, 'getPayslip', { ...PAYSLIP, ...wrong })).toThrow();
	expect(() => expectPairedItems(output, [1])).toThrow();
});

test('expectRequest fails when the endpoint got no request, or more than one', async () => {
	expect(() => expectRequest(fixture, 'getPayslip', {})).toThrow();
	await runHr({ payslipId: '1751' }, { items: [{ json: {} }, { json: {} }] });
	expect(() => expectRequest(fixture, 'getPayslip', {})).toThrow();
});

test('succeeded gives a successful run back and fails on a run that ended in an error', async () => {
	const { json } = await succeeded(runHr({ payslipId: '1751' }));
	expect(json[0]).toMatchObject({ id: 1751 });
	await expect(succeeded(runHr({ payslipId: '999999' }))).rejects.toThrow();
});

test('expectRunError passes on the error as it is and fails on each differing part', async () => {
	const { error } = await runHr({ payslipId: '999999' });
	const NOT_FOUND = {
		message: 'The platform has no payslip 999999',
		httpCode: '404',
		description: ['Check "Payslip ID"', 'The platform said: "Payslip not found."'],
		data: { operation: 'Get Payslip', httpCode: 404, item: 0 },
	};
	expectRunError(error, NOT_FOUND);
	for (const wrong of [
		{ message: 'The platform has no payslip 1' },
		{ httpCode: '500' },
		{ description: ['The platform said: "Payslip gone."'] },
		{ description: 'Check "Payslip ID"' },
		{ data: { item: 1 } },
	])
		expect(() => expectRunError(error, { ...NOT_FOUND, ...wrong })).toThrow();
	const { error: none } = await runHr({ payslipId: '1751' });
	expect(() => expectRunError(none, {})).toThrow();
});
