// @ts-check
/**
 * Create Cash/Bank Account (ENDPOINTS.createCashBankAccount): the sandbox's route and handler,
 * written from the platform's description (an independent check of the endpoint entry), the
 * records only it uses (`seed`), its docs/operations.md entry and its case (the fields:
 * test/operations/index.js).
 */
const { Validator } = require('../../../sandbox/validation');
const { succeeded, unprocessable, nextId } = require('../../../sandbox/operations/common');
const { BUSINESS_IDS, iso, isoNow } = require('../../../sandbox/data');
const { JSON_TYPE } = require('../../../sandbox/routes');
const { HEADER_SETS } = require('../../harness/headerSets');

/**
 * @typedef {(typeof seed.acme.accounts)[number]} Account
 */

/** The cash and bank accounts each business has. */
const seed = {
	acme: {
		accounts: [
			{
				id: 1101,
				name: 'Main Cash',
				type: 'cash',
				representative_id: '42',
				business_id: String(BUSINESS_IDS.acme),
				created_at: iso('2024-05-01'),
				updated_at: iso('2024-05-01'),
			},
			{
				id: 1102,
				name: 'Al Rajhi Bank',
				type: 'bank',
				representative_id: '42',
				business_id: String(BUSINESS_IDS.acme),
				created_at: iso('2024-05-01'),
				updated_at: iso('2024-05-01'),
			},
		],
	},
	globex: {
		accounts: [
			{
				id: 2101,
				name: 'Petty Cash',
				type: 'cash',
				representative_id: '77',
				business_id: String(BUSINESS_IDS.globex),
				created_at: iso('2024-04-01'),
				updated_at: iso('2024-04-01'),
			},
		],
	},
};

/** @type {import('../../../sandbox/operations/common').Handler} */
function addAccount(ctx) {
	const accounts = /** @type {Account[]} */ (ctx.biz.accounts);
	const f = ctx.input;
	const v = new Validator();
	const name = v.check('name', f.name, { required: true });
	const type = v.check('type', f.type, { required: true, in: ['cash', 'bank'] });
	const representative = v.check('representative_id', f.representative_id, {
		required: true,
		type: 'integer',
		min: 1,
	});
	const businessId = v.check('business_id', f.business_id, { required: true, type: 'integer' });
	if (businessId != null && businessId !== ctx.biz.id) v.invalid('business_id');
	if (v.failed) return unprocessable(v);
	const now = isoNow();
	const account = {
		id: nextId(ctx.biz, accounts),
		name,
		type,
		representative_id: String(representative),
		business_id: String(businessId),
		created_at: now,
		updated_at: now,
	};
	accounts.push(account);
	return succeeded(['Account created successfully.', 'تم إنشاء الحساب بنجاح.'], ctx.lang, {
		data: { ...account },
	});
}

/** @type {import('../index').OperationFile} */
module.exports = {
	route: {
		module: 'accounting',
		method: 'POST',
		path: '/api/add_account_v2',
		auth: ['apikey', 'secure_business_key'],
		content: JSON_TYPE,
		envelope: 'data',
		handler: addAccount,
	},
	seed,
	reference:
		'Name, Account Type (Cash; other types such as `bank` through an expression), Representative ID and Business ID. Output: the created account.',
	case: {
		parameters: {
			resource: 'cashBankAccount',
			operation: 'create',
			name: 'Petty cash',
			accountType: 'cash',
			representativeId: '7',
			businessId: '101',
		},
		globex: { businessId: '202' },
		retry: 'create',
		headers: HEADER_SETS.addAccount,
		fullRun: {
			expect: (output, [request]) => {
				expect(request.body.value).toEqual({
					name: 'Petty cash',
					type: 'cash',
					representative_id: '7',
					business_id: '101',
				});
				expect(output[0]).toMatchObject({ name: 'Petty cash' });
			},
		},
	},
};
