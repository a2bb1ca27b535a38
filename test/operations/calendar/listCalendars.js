// @ts-check
/**
 * List Calendars (ENDPOINTS.listCalendars): the sandbox's route, written from the platform's
 * description (an independent check of the endpoint entry), its docs/operations.md entry and
 * its case (the fields: test/operations/index.js).
 */
const ops = require('../../../sandbox/operations');
const { MULTIPART } = require('../../../sandbox/routes');
const { HEADER_SETS } = require('../../harness/headerSets');

/** @type {import('../index').OperationFile} */
module.exports = {
	route: {
		module: 'calendar',
		method: 'POST',
		path: '/api/v2/all_business_calendars_list',
		auth: ['user_token', 'secure_business_key'],
		lang: 'Accept-Language',
		content: MULTIPART,
		envelope: 'data',
		handler: ops.listCalendars,
	},
	reference:
		'User Type and Type (`user`; other values through an expression); the platform returns the whole list at once, Limit keeps the first calendars. One item per calendar.',
	case: {
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
	},
};
