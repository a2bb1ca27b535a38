// @ts-check
/**
 * Get Customer/Supplier Branch (ENDPOINTS.getCustomerSupplierBranch): the sandbox's route and
 * handler, written from the platform's description (an independent check of the endpoint entry),
 * the records only it uses (`seed`), its docs/operations.md entry and its case (the fields:
 * test/operations/index.js).
 */
const { Validator } = require('../../../sandbox/validation');
const { succeeded, notFound, unprocessable } = require('../../../sandbox/operations/common');
const { BUSINESS_IDS, uuidFor, iso } = require('../../../sandbox/data');
const { MANAGEMENT } = require('../../../sandbox/routes');
const { HEADER_SETS } = require('../../harness/headerSets');

/**
 * @typedef {(typeof seed.acme.contacts)[number]} Contact
 */

/**
 * A customer/supplier branch with every field the spec lists.
 * @param {number} businessId
 * @param {number} companyId
 * @param {number} id
 * @param {string} name
 * @param {string} city
 */
function branch(businessId, companyId, id, name, city) {
	return {
		id,
		uuid: uuidFor(`branch-${id}`),
		business_id: businessId,
		company_id: companyId,
		user_type: 1,
		name,
		first_name: name.split(' ')[0],
		last_name: 'Branch',
		// Non-null on purpose: the package must strip it before output.
		password: `$2y$10$sbxBranch${id}HashedPasswordXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX`,
		vat_number: `3${String(companyId).padStart(13, '0')}3`,
		vat_number_check: '1',
		phone_code: '+966',
		phone: `5${String(id).padStart(8, '0')}`,
		email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@example.com`,
		address: `${city} Business District`,
		longitude: '46.6753',
		latitude: '24.7136',
		country_id: 1,
		city,
		state: city === 'Riyadh' ? 'Riyadh Province' : 'Makkah Province',
		district: null,
		status: 1,
		user_cat_id: null,
		company_name: null,
		postcode: null,
		business_identifier: null,
		credit_limit: null,
		address1: null,
		address2: null,
		created_at: iso('2024-09-10'),
		updated_at: iso('2024-09-10'),
	};
}

/** Customers (type 1) and suppliers (type 2) with their branches. */
const seed = {
	acme: {
		contacts: [
			{
				id: 1601,
				uuid: uuidFor('contact-1601'),
				type: 1,
				name: 'Riyadh Retail Co.',
				branches: [
					branch(BUSINESS_IDS.acme, 1601, 1651, 'Riyadh Retail Head Office', 'Riyadh'),
					branch(BUSINESS_IDS.acme, 1601, 1652, 'Riyadh Retail Jeddah', 'Jeddah'),
				],
			},
			{
				id: 1602,
				uuid: uuidFor('contact-1602'),
				type: 2,
				name: 'Gulf Components Trading',
				branches: [branch(BUSINESS_IDS.acme, 1602, 1653, 'Gulf Components Main', 'Jeddah')],
			},
		],
	},
	globex: {
		contacts: [
			{
				id: 2601,
				uuid: uuidFor('contact-2601'),
				type: 1,
				name: 'Springfield Power Plant',
				branches: [branch(BUSINESS_IDS.globex, 2601, 2651, 'Springfield Sector 7G', 'Riyadh')],
			},
		],
	},
};

/** @type {import('../../../sandbox/operations/common').Handler} */
function showBranch(ctx) {
	const { type, uuid, branch_uuid: branchUuid } = ctx.params;
	if (type !== '1' && type !== '2') {
		const v = new Validator();
		v.invalid('type');
		return unprocessable(v);
	}
	const contact = /** @type {Contact[]} */ (ctx.biz.contacts).find(
		(c) => c.uuid === uuid && c.type === Number(type),
	);
	if (!contact)
		return notFound(type === '1' ? ['Customer', 'العميل'] : ['Supplier', 'المورد'], ctx.lang);
	const branch = contact.branches.find((b) => b.uuid === branchUuid);
	if (!branch) return notFound(['Branch', 'الفرع'], ctx.lang);
	return succeeded(['Branch retrieved successfully.', 'تم جلب الفرع بنجاح.'], ctx.lang, {
		data: { ...branch },
		errors: [],
	});
}

/** @type {import('../index').OperationFile} */
module.exports = {
	route: {
		module: 'accounting',
		method: 'GET',
		path: '/api/v5/customers-suppliers/:type/:uuid/branches/:branch_uuid',
		auth: MANAGEMENT,
		lang: 'lang',
		envelope: 'data',
		handler: showBranch,
	},
	seed,
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
