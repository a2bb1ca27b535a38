// @ts-check
/**
 * List Calendars (ENDPOINTS.listCalendars): the sandbox's route and handler, written from the
 * platform's description (an independent check of the endpoint entry), its docs/operations.md
 * entry and its case (the fields: test/operations/index.js).
 */
const { Validator } = require('../../../sandbox/validation');
const { succeeded, unprocessable } = require('../../../sandbox/operations/common');
const { MULTIPART } = require('../../../sandbox/routes');
const { HEADER_SETS } = require('../../harness/headerSets');

/** @type {import('../../../sandbox/operations/common').Handler} */
function listCalendars(ctx) {
	const v = new Validator();
	v.check('user_type', ctx.input.user_type, { required: true });
	v.check('type', ctx.input.type, { required: true });
	if (v.failed) return unprocessable(v);
	return succeeded(['Calendars retrieved successfully.', 'تم جلب التقويمات بنجاح.'], ctx.lang, {
		data: { data: ctx.biz.calendars.map(({ id, name }) => ({ id, name })) },
	});
}

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
		handler: listCalendars,
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
