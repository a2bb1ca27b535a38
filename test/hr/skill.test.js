// @ts-check
/** The HR node, Skill → Create (createSkill, E7), through n8n-core's real engine against the sandbox platform. */
const { useOperation } = require('../harness/fixture');
const { expectRequest } = require('../harness/requests');
const { succeeded, expectRunError, expectNotRepeatedAfter500 } = require('../harness/outcomes');

const { fixture, run: runHr } = useOperation('createSkill');

describe('Skill → Create (createSkill, E7)', () => {
	test('sends exactly user_token, secure_business_key and uuid with a JSON body, and outputs the skill', async () => {
		const { json } = await succeeded(
			runHr({ type: 'technical', skills: 'Excel,\nNegotiation , Arabic' }),
		);
		expectRequest(fixture, 'createSkill', {
			method: 'POST',
			path: '/api/v1/skills',
			contentType: 'application/json',
			platformHeaders: ['secure_business_key', 'user_token', 'uuid'],
			body: {
				kind: 'json',
				value: { type: 'technical', skills: ['Excel', 'Negotiation', 'Arabic'] },
			},
		});

		expect(json).toHaveLength(1);
		expect(json[0]).toMatchObject({ type: 'technical', business_id: 101 });
		expect(fixture.sandbox.state.acme.skills.map((s) => s.type)).toContain('technical');
	});

	test('skills may come as an array from an expression', async () => {
		await succeeded(
			runHr(
				{ type: 'languages', skills: '={{ $json.list }}' },
				{ items: [{ json: { list: ['Arabic', 'English'] } }] },
			),
		);
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
		const { error } = await runHr({ type: 'technical', skills: 'Excel' });
		expectRunError(error, {
			message:
				'The platform refused to create the skill: The type has already been taken. (and 1 more error)',
			description: [
				'- Type: The type has already been taken.',
				'- Skills, entry 1: The skills.0 may not be greater than 100 characters.',
			],
			data: {
				operation: 'Create Skill',
				method: 'POST',
				path: '/api/v1/skills',
				httpCode: 422,
				item: 0,
			},
		});
	});

	test('an empty skill list fails before any request', async () => {
		const { error } = await runHr({ type: 'technical', skills: ' , ' });
		expect(error?.message).toBe('Skills needs at least one skill');
		expect(fixture.sandbox.requests).toHaveLength(0);
	});

	test('a create is not repeated after a 500: the platform may have acted', () =>
		expectNotRepeatedAfter500(fixture, 'createSkill', () =>
			runHr({ type: 'technical', skills: 'Excel', options: { maxTries: 3, retryDelay: 1 } }),
		));

	test('a create is retried after a 429 (the platform did not act), waiting for Retry-After', async () => {
		fixture.sandbox.inject({ operation: 'createSkill', status: 429, retryAfter: 0 });
		const { json } = await succeeded(runHr({ type: 'technical', skills: 'Excel' }));
		expect(json[0].type).toBe('technical');
		expect(fixture.requestsFor('createSkill').map((r) => r.status)).toEqual([429, 200]);
	});
});
