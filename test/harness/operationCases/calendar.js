// @ts-check
/**
 * The operation cases of the Calendar node: one per `ENDPOINTS` entry it calls (the fields:
 * test/harness/operationCases/index.js). Adding an operation adds its case here.
 */
const NODE_TYPE = 'businessPlatformCalendar';

/** @type {Array<Omit<import('./index').OperationCase, 'caseFile'>>} */
const CASES = [
	{
		endpoint: 'listCalendars',
		type: NODE_TYPE,
		parameters: {
			resource: 'calendar',
			operation: 'getAll',
			userType: 'user',
			type: 'user',
			returnAll: true,
		},
		globex: {},
		retry: 'read',
		requestsPerItem: 1,
		business: true,
		headers: ['secure_business_key', 'user_token'],
		fullRun: {
			expect: (output) => expect(output.map((c) => c.id)).toEqual([1151, 1152]),
		},
	},
];

module.exports = { CASES };
