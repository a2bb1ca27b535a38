// @ts-check
'use strict';

/** The Calendar module: E11 business calendars list. */

const { Validator } = require('../validation');
const { say, ok, unprocessable } = require('./common');

/**
 * @typedef {import('./common').Ctx} Ctx
 * @typedef {import('./common').Result} Result
 */

/** Success texts, English and Arabic. */
const MESSAGES = {
	calendars: ['Calendars retrieved successfully.', 'تم جلب التقويمات بنجاح.'],
};

// ---------------------------------------------------------------------------------------
// E11 List business calendars

/** @param {Ctx} ctx @returns {Result} */
function listCalendars(ctx) {
	const v = new Validator();
	v.check('user_type', ctx.input.user_type, { required: true });
	v.check('type', ctx.input.type, { required: true });
	if (v.failed) return unprocessable(v);
	return ok({
		status: true,
		message: say(MESSAGES.calendars, ctx.lang),
		data: { data: ctx.biz.calendars.map(({ id, name }) => ({ id, name })) },
	});
}

module.exports = { listCalendars };
