// @ts-check
/**
 * Create Skill (ENDPOINTS.createSkill): the sandbox's route and handler, written from the
 * platform's description (an independent check of the endpoint entry), the records only it uses
 * (`seed`), its docs/operations.md entry and its case (the fields: test/operations/index.js).
 */
const { Validator } = require('../../../sandbox/validation');
const { succeeded, unprocessable, nextId, pick } = require('../../../sandbox/operations/common');
const { BUSINESS_IDS, iso, isoNow } = require('../../../sandbox/data');
const { JSON_TYPE } = require('../../../sandbox/routes');
const { HEADER_SETS } = require('../../harness/headerSets');

/**
 * @typedef {{ id: number, type: string, skills: string[], business_id: number, created_at: string, updated_at: string }} Skill
 */

/** The skills each business has recorded, one record per type. */
const seed = {
	acme: {
		skills: /** @type {Skill[]} */ ([
			{
				id: 1901,
				type: 'technical',
				skills: ['Laravel', 'MySQL'],
				business_id: BUSINESS_IDS.acme,
				created_at: iso('2024-11-02'),
				updated_at: iso('2024-11-02'),
			},
		]),
	},
	globex: {
		skills: /** @type {Skill[]} */ ([
			{
				id: 2901,
				type: 'mechanical',
				skills: ['Welding'],
				business_id: BUSINESS_IDS.globex,
				created_at: iso('2024-10-01'),
				updated_at: iso('2024-10-01'),
			},
		]),
	},
};

/** One record per call, holding the type and its list of skills. @type {import('../../../sandbox/operations/common').Handler} */
function addSkill(ctx) {
	const records = /** @type {Skill[]} */ (ctx.biz.skills);
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
		id: nextId(ctx.biz, records),
		type,
		skills,
		business_id: ctx.biz.id,
		created_at: now,
		updated_at: now,
	};
	records.push(skill);
	return succeeded(['Skill added successfully.', 'تمت إضافة المهارة بنجاح.'], ctx.lang, {
		response: pick(
			skill,
			/** @type {const} */ (['id', 'type', 'business_id', 'created_at', 'updated_at']),
		),
	});
}

/** @type {import('../index').OperationFile} */
module.exports = {
	route: {
		module: 'hr',
		method: 'POST',
		path: '/api/v1/skills',
		auth: ['user_token', 'secure_business_key', 'uuid'],
		content: JSON_TYPE,
		envelope: 'response',
		handler: addSkill,
	},
	seed,
	reference: 'Type and Skills (comma- or newline-separated, or an array). Output: the skill.',
	case: {
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
	},
};
