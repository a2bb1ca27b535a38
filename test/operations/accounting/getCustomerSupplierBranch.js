// @ts-check
/**
 * Get Customer/Supplier Branch (ENDPOINTS.getCustomerSupplierBranch): the sandbox's route, written from the platform's
 * description (an independent check of the endpoint entry), its docs/operations.md entry and
 * its case (the fields: test/operations/index.js).
 */
const ops = require('../../../sandbox/operations');
const { MANAGEMENT } = require('../../../sandbox/routes');
const { uuidFor } = require('../../../sandbox/data');
const { HEADER_SETS } = require('../../harness/headerSets');

/** @type {import('../index').OperationFile} */
module.exports = {
	route: {
		module: 'accounting',
		method: 'GET',
		path: '/api/v5/customers-suppliers/:type/:uuid/branches/:branch_uuid',
		auth: MANAGEMENT,
		lang: 'lang',
		envelope: 'data',
		handler: ops.showBranch,
	},
	reference:
		'Customer or Supplier, its UUID and the branch UUID; option Language. Output: the branch; Simplify keeps id, uuid, name, company_id, vat_number, city, state, country_id, status and updated_at (no phone, e-mail, address or location).',
	case: {
		parameters: {
			resource: 'customerSupplierBranch',
			operation: 'get',
			contactType: 'customer',
			customerSupplierUuid: uuidFor('contact-1601'),
			branchUuid: uuidFor('branch-1651'),
		},
		globex: { customerSupplierUuid: uuidFor('contact-2601'), branchUuid: uuidFor('branch-2651') },
		retry: 'read',
		headers: HEADER_SETS.branch,
		pathIds: { customerSupplierUuid: 'Customer/Supplier UUID', branchUuid: 'Branch UUID' },
		simplified: [
			'id',
			'uuid',
			'name',
			'company_id',
			'vat_number',
			'city',
			'state',
			'country_id',
			'status',
			'updated_at',
		],
		personalData: true,
		fullRun: {
			expect: (output) => {
				expect(output[0]).toMatchObject({ id: 1651, uuid: uuidFor('branch-1651') });
				expect(output[0]).not.toHaveProperty('password');
			},
		},
	},
};
