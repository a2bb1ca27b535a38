// @ts-check
/**
 * The operation cases of the HR node: one per `ENDPOINTS` entry it calls (the fields:
 * test/harness/operationCases/index.js). Adding an operation adds its case here.
 */
const { caseBuilder } = require('./caseBuilder');
const { HEADER_SETS } = require('../headerSets');

const operationCase = caseBuilder('businessPlatformHr');

const CASES = [
	operationCase({
		endpoint: 'createSkill',
		parameters: { resource: 'skill', operation: 'create', type: 'fault-test', skills: 'Excel' },
		retry: 'create',
		headers: HEADER_SETS.hrSkill,
		fullRun: {
			overrides: { type: 'e2e', skills: 'Excel, Arabic' },
			expect: (output, [request]) => {
				expect(request.body.value).toEqual({ type: 'e2e', skills: ['Excel', 'Arabic'] });
				expect(output[0]).toMatchObject({ type: 'e2e', business_id: 101 });
			},
		},
	}),
	operationCase({
		endpoint: 'getPayslip',
		parameters: { resource: 'payslip', operation: 'get', payslipId: '1751' },
		globex: { payslipId: '2751' },
		retry: 'read',
		headers: HEADER_SETS.hrPayslip,
		pathIds: { payslipId: 'Payslip ID' },
		simplified: [
			'id',
			'reference',
			'employee_id',
			'employee_name',
			'description',
			'created_date',
			'currency',
			'earnings_items_total',
			'deductions_item_total',
			'net_price',
		],
		personalData: true,
		fullRun: {
			expect: (output) => {
				expect(output[0]).toMatchObject({ id: 1751, net_price: 11525 });
				expect(JSON.stringify(output)).not.toMatch(/password|remember_token/);
			},
		},
	}),
];

module.exports = { CASES };
