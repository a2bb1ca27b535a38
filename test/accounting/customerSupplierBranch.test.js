// @ts-check
/** The Accounting node, Customer/Supplier Branch → Get (getCustomerSupplierBranch, E8), through n8n-core's real engine against the sandbox platform. */
const { useOperation } = require('../harness/fixture');
const { expectRequest, recordById } = require('../harness/requests');
const { succeeded, expectRunError } = require('../harness/outcomes');

// The full record (Simplify off): what Simplify keeps is checked per operation in test/operations.test.js.
const { fixture, run: getBranch } = useOperation('getCustomerSupplierBranch', { simple: false });

/** Seeded acme contacts: customer 1601 (branches 1651, 1652) and supplier 1602 (branch 1653). */
function seeded() {
	const contacts = fixture.sandbox.state.acme.contacts;
	const customer = recordById(contacts, 1601);
	const supplier = recordById(contacts, 1602);
	return { customer, supplier };
}

describe('Customer/Supplier Branch → Get (getCustomerSupplierBranch, E8)', () => {
	test('sends exactly user-token, secure-business-key and lang, no body, and outputs the branch without its password', async () => {
		const { customer } = seeded();
		const branch = customer.branches[1];
		const { json } = await succeeded(
			getBranch({
				contactType: 'customer',
				customerSupplierUuid: customer.uuid,
				branchUuid: branch.uuid,
			}),
		);

		expectRequest(fixture, 'getCustomerSupplierBranch', {
			method: 'GET',
			path: `/api/v5/customers-suppliers/1/${customer.uuid}/branches/${branch.uuid}`,
			business: 'acme',
			contentType: null,
			body: { kind: 'empty' },
			platformHeaders: ['lang', 'secure-business-key', 'user-token'],
			headers: {
				lang: 'en',
				'user-token': fixture.sandbox.credentials.userToken,
				'secure-business-key': fixture.sandbox.credentials.businessKeys.acme,
			},
		});

		expect(json).toHaveLength(1);
		expect(json[0]).toMatchObject({
			id: 1652,
			uuid: branch.uuid,
			name: 'Riyadh Retail Jeddah',
			city: 'Jeddah',
			company_id: 1601,
		});
		expect(json[0]).not.toHaveProperty('password');
		expect(JSON.stringify(json)).not.toContain(branch.password);
		// Every other field of the record passes through.
		const { password: _secret, ...rest } = branch;
		expect(json[0]).toEqual(rest);
	});

	test('a supplier is sent as 2 (also from an expression), with the lang option', async () => {
		const { supplier } = seeded();
		const { json } = await succeeded(
			getBranch(
				{
					contactType: '={{ $json.type }}',
					customerSupplierUuid: supplier.uuid,
					branchUuid: supplier.branches[0].uuid,
					options: { language: 'ar' },
				},
				{ items: [{ json: { type: 'supplier' } }, { json: { type: 2 } }] },
			),
		);
		expect(json.map((b) => b.id)).toEqual([1653, 1653]);
		for (const request of fixture.requestsFor('getCustomerSupplierBranch')) {
			expect(request.path).toBe(
				`/api/v5/customers-suppliers/2/${supplier.uuid}/branches/${supplier.branches[0].uuid}`,
			);
			expect(request.headers.lang).toBe('ar');
		}
	});

	test('an unknown branch fails with the platform message and HTTP 404, in the chosen language', async () => {
		const { customer, supplier } = seeded();
		const get = { contactType: 'customer', customerSupplierUuid: customer.uuid };
		const english = await getBranch({ ...get, branchUuid: supplier.branches[0].uuid });
		expect(english.error?.message).toBe(
			`The platform has no branch ${supplier.branches[0].uuid} of customer/supplier ${customer.uuid}`,
		);
		expect(english.error?.description).toContain(
			'Check "Branch UUID" and "Customer/Supplier UUID"',
		);
		expect(english.error?.description).toContain('The platform said: "Branch not found."');
		expect(english.error?.httpCode).toBe('404');
		expect(english.error?.context.data).toMatchObject({
			operation: 'Get Customer/Supplier Branch',
			httpCode: 404,
		});

		const arabic = await getBranch({
			...get,
			branchUuid: supplier.branches[0].uuid,
			options: { language: 'ar' },
		});
		expect(arabic.error?.description).toContain('The platform said: "الفرع غير موجود."');

		// A supplier's uuid asked for as a customer is not found either.
		const wrongType = await getBranch({
			...get,
			customerSupplierUuid: supplier.uuid,
			branchUuid: supplier.branches[0].uuid,
		});
		expect(wrongType.error?.description).toContain('The platform said: "Customer not found."');
	});

	test('status: false with errors on HTTP 200 is an error carrying the platform message', async () => {
		const { customer } = seeded();
		fixture.sandbox.inject({
			operation: 'getCustomerSupplierBranch',
			statusFalse: true,
			message: 'Branch is archived',
		});
		const { error } = await getBranch({
			contactType: 'customer',
			customerSupplierUuid: customer.uuid,
			branchUuid: customer.branches[0].uuid,
		});
		expectRunError(error, {
			message: `The platform refused to get customer/supplier branch ${customer.branches[0].uuid}: Branch is archived`,
			data: { httpCode: 200 },
		});
	});

	test('uuids that are paths and a bad type are refused before any request', async () => {
		const { customer } = seeded();
		const get = { contactType: 'customer', customerSupplierUuid: customer.uuid };
		const traversal = await getBranch({ ...get, branchUuid: '../../../api/add_account_v2' });
		expect(traversal.error?.message).toBe(
			'Branch UUID must be a single id, not a path, got "../../../api/add_account_v2"',
		);
		const empty = await getBranch({
			...get,
			customerSupplierUuid: ' ',
			branchUuid: customer.branches[0].uuid,
		});
		expect(empty.error?.message).toBe('Customer/Supplier UUID is required');
		const badType = await getBranch({
			...get,
			contactType: '={{ 3 }}',
			branchUuid: customer.branches[0].uuid,
		});
		expect(badType.error?.message).toBe(
			'Customer or Supplier must be customer or supplier (or 1 or 2), got 3',
		);
		expect(fixture.sandbox.requests).toHaveLength(0);
	});
});
