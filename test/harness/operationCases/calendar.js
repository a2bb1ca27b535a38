// @ts-check
/**
 * The operation cases of the Calendar node: one per `ENDPOINTS` entry it calls (the fields:
 * test/harness/operationCases/index.js). Adding an operation adds its case here.
 */
const { caseBuilder } = require('./caseBuilder');
const { HEADER_SETS } = require('../headerSets');

const operationCase = caseBuilder('businessPlatformCalendar');

const CASES = [
	operationCase({
		endpoint: 'listCalendars',
		parameters: {
			resource: 'calendar',
			operation: 'getAll',
			userType: 'user',
			type: 'user',
			returnAll: true,
		},
		retry: 'read',
		headers: HEADER_SETS.calendar,
		fullRun: {
			expect: (output) => expect(output.map((c) => c.id)).toEqual([1151, 1152]),
		},
	}),
];

module.exports = { CASES };
