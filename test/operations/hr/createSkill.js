// @ts-check
/**
 * Create Skill (ENDPOINTS.createSkill): the sandbox's route, written from the platform's
 * description (an independent check of the endpoint entry), its docs/operations.md entry and
 * its case (the fields: test/operations/index.js).
 */
const ops = require('../../../sandbox/operations');
const { JSON_TYPE } = require('../../../sandbox/routes');
const { HEADER_SETS } = require('../../harness/headerSets');

/** @type {import('../index').OperationFile} */
module.exports = {
	route: {
		module: 'hr',
		method: 'POST',
		path: '/api/v1/skills',
		auth: ['user_token', 'secure_business_key', 'uuid'],
		content: JSON_TYPE,
		envelope: 'response',
		handler: ops.addSkill,
	},
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
