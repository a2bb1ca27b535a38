// @ts-check
/**
 * The harness's expectation helpers (test/harness/requests.js) against a real run: they pass on
 * what the platform received and fail, naming the difference, on anything else.
 */
const { useSandbox } = require('../harness/fixture');
const { expectRequest, expectPairedItems } = require('../harness/requests');

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
