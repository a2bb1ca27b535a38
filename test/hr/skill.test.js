// @ts-check
/** The HR node, Skill → Create (E7), through n8n-core's real engine against the sandbox platform. */
const { useSandbox } = require('../harness/fixture');
const { platformHeaderNames } = require('../harness/requests');

const fixture = useSandbox();
const runHr = fixture.runner('businessPlatformHr');

describe('Skill → Create (E7)', () => {
	test('sends exactly user_token, secure_business_key and uuid with a JSON body, and outputs the skill', async () => {
		const { json, error } = await runHr({
			resource: 'skill',
			operation: 'create',
			type: 'technical',
			skills: 'Excel,\nNegotiation , Arabic',
		});
		expect(error).toBeUndefined();

		const [request] = fixture.requestsFor('createSkill');
		expect(request).toMatchObject({
			method: 'POST',
			path: '/api/v1/skills',
			status: 200,
			contentType: 'application/json',
		});
		expect(platformHeaderNames(request)).toEqual(['secure_business_key', 'user_token', 'uuid']);
		expect(request.body).toEqual({
			kind: 'json',
			value: { type: 'technical', skills: ['Excel', 'Negotiation', 'Arabic'] },
		});

		expect(json).toHaveLength(1);
		expect(json[0]).toMatchObject({ type: 'technical', business_id: 101 });
		expect(fixture.sandbox.state.acme.skills.map((s) => s.type)).toContain('technical');
	});

	test('skills may come as an array from an expression', async () => {
		const { error } = await runHr(
			{ resource: 'skill', operation: 'create', type: 'languages', skills: '={{ $json.list }}' },
			{ items: [{ json: { list: ['Arabic', 'English'] } }] },
		);
		expect(error).toBeUndefined();
		expect(fixture.requestsFor('createSkill')[0].body.value.skills).toEqual(['Arabic', 'English']);
	});

	test('a 422 shows the platform message and its field errors', async () => {
		fixture.sandbox.inject({
			operation: 'createSkill',
			status: 422,
			body: {
				message: 'The type has already been taken. (and 1 more error)',
				errors: {
					type: ['The type has already been taken.'],
					'skills.0': ['The skills.0 may not be greater than 100 characters.'],
				},
			},
		});
		const { error } = await runHr({
			resource: 'skill',
			operation: 'create',
			type: 'technical',
			skills: 'Excel',
		});
		expect(error?.message).toBe(
			'The platform refused to create the skill: The type has already been taken. (and 1 more error)',
		);
		expect(error?.description).toContain('- Type: The type has already been taken.');
		expect(error?.description).toContain(
			'- Skills, entry 1: The skills.0 may not be greater than 100 characters.',
		);
		expect(error?.context.data).toMatchObject({
			operation: 'Create Skill',
			method: 'POST',
			path: '/api/v1/skills',
			httpCode: 422,
			item: 0,
		});
	});

	test('an empty skill list fails before any request', async () => {
		const { error } = await runHr({
			resource: 'skill',
			operation: 'create',
			type: 'technical',
			skills: ' , ',
		});
		expect(error?.message).toBe('Skills needs at least one skill');
		expect(fixture.sandbox.requests).toHaveLength(0);
	});

	test('a create is not repeated after a 500: the platform may have acted', async () => {
		fixture.sandbox.inject({ operation: 'createSkill', status: 500, actFirst: true });
		const { error } = await runHr({
			resource: 'skill',
			operation: 'create',
			type: 'technical',
			skills: 'Excel',
			options: { maxTries: 3, retryDelay: 1 },
		});
		expect(error?.httpCode).toBe('500');
		expect(fixture.requestsFor('createSkill')).toHaveLength(1);
	});

	test('a create is retried after a 429 (the platform did not act), waiting for Retry-After', async () => {
		fixture.sandbox.inject({ operation: 'createSkill', status: 429, retryAfter: 0 });
		const { json, error } = await runHr({
			resource: 'skill',
			operation: 'create',
			type: 'technical',
			skills: 'Excel',
		});
		expect(error).toBeUndefined();
		expect(json[0].type).toBe('technical');
		expect(fixture.requestsFor('createSkill').map((r) => r.status)).toEqual([429, 200]);
	});
});
