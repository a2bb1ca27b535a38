// @ts-check
/**
 * Get Payslip (ENDPOINTS.getPayslip): the sandbox's route and handler, written from the platform's
 * description (an independent check of the endpoint entry), its docs/operations.md entry and its
 * case (the fields: test/operations/index.js).
 */
const { succeeded, notFound, byId } = require('../../../sandbox/operations/common');
const { HEADER_SETS } = require('../../harness/headerSets');

/** @type {import('../../../sandbox/operations/common').Handler} */
function getPayslip(ctx) {
	const payslip = byId(ctx.biz.payslips, ctx.params.payslip_id);
	if (!payslip) return notFound(['Payslip', 'قسيمة الراتب'], ctx.lang);
	return succeeded(['Payslip retrieved successfully.', 'تم جلب قسيمة الراتب بنجاح.'], ctx.lang, {
		response: payslip,
	});
}

/** @type {import('../index').OperationFile} */
module.exports = {
	route: {
		module: 'hr',
		method: 'GET',
		path: '/api/v1/payslips/:payslip_id',
		auth: ['uuid', 'secure_business_key'],
		envelope: 'response',
		handler: getPayslip,
	},
	reference:
		'Payslip ID. Output: the payslip; Simplify keeps id, reference, employee_id, employee_name, description, created_date, currency, earnings_items_total, deductions_item_total and net_price. With Simplify off: its lines and the whole employee record (contact details and national ID included), as the payslip-to-email example uses it for the address.',
	case: {
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
	},
};
