// @ts-check
/**
 * Create Cash/Bank Account (ENDPOINTS.createCashBankAccount): the sandbox's route, written from the platform's
 * description (an independent check of the endpoint entry), its docs/operations.md entry and
 * its case (the fields: test/operations/index.js).
 */
const ops = require('../../../sandbox/operations');
const { JSON_TYPE } = require('../../../sandbox/routes');
const { HEADER_SETS } = require('../../harness/headerSets');

/** @type {import('../index').OperationFile} */
module.exports = {
	route: {
		module: 'accounting',
		method: 'POST',
		path: '/api/add_account_v2',
		auth: ['apikey', 'secure_business_key'],
		content: JSON_TYPE,
		envelope: 'data',
		handler: ops.addAccount,
	},
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
