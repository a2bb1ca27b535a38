// @ts-check
'use strict';

/** The HR module: E7 add skill, E15 payslip. */

const { Validator } = require('../validation');
const { say, ok, notFound, unprocessable, byId, nextId, pick } = require('./common');
const { isoNow } = require('../data');

/**
 * @typedef {import('./common').Ctx} Ctx
 * @typedef {import('./common').Result} Result
 */

/** Success texts, English and Arabic. */
const MESSAGES = {
	skillAdded: ['Skill added successfully.', 'تمت إضافة المهارة بنجاح.'],
	payslip: ['Payslip retrieved successfully.', 'تم جلب قسيمة الراتب بنجاح.'],
};

/** Names for not-found messages, English and Arabic. */
const THINGS = {
	payslip: ['Payslip', 'قسيمة الراتب'],
};

// ---------------------------------------------------------------------------------------
// E7 Add skill: one record per call, holding the type and its list of skills

/** @param {Ctx} ctx @returns {Result} */
function addSkill(ctx) {
	const f = ctx.input;
	const v = new Validator();
	const type = v.check('type', f.type, { required: true });
	const entries = v.list('skills', f.skills, { required: true });
	if (entries && entries.length === 0) v.required('skills');
	const skills = (entries ?? []).map(([key, raw]) =>
		v.check(`skills.${key}`, raw, { required: true }),
	);
	if (v.failed) return unprocessable(v);
	const now = isoNow();
	const skill = {
		id: nextId(ctx.biz, ctx.biz.skills),
		type,
		skills,
		business_id: ctx.biz.id,
		created_at: now,
		updated_at: now,
	};
	ctx.biz.skills.push(skill);
	return ok({
		status: true,
		message: say(MESSAGES.skillAdded, ctx.lang),
		response: pick(
			skill,
			/** @type {const} */ (['id', 'type', 'business_id', 'created_at', 'updated_at']),
		),
	});
}

// ---------------------------------------------------------------------------------------
// E15 Get payslip

/** @param {Ctx} ctx @returns {Result} */
function getPayslip(ctx) {
	const payslip = byId(ctx.biz.payslips, ctx.params.payslip_id);
	if (!payslip) return notFound(THINGS.payslip, ctx.lang);
	return ok({ status: true, message: say(MESSAGES.payslip, ctx.lang), response: payslip });
}

module.exports = { addSkill, getPayslip };
