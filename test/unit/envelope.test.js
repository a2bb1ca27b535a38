// @ts-check
const {
	unwrapEnvelope,
	fieldErrorEntriesOf,
	errorMessageOf,
} = require('../../nodes/shared/platform/envelope');
const { cleanData } = require('../../nodes/shared/credential/redaction');
const { DataSecrets } = require('../../nodes/shared/credential/dataSecrets');

/** A run without credential values: cleanData then only removes password-like fields. */
const NO_SECRETS = { dataSecrets: new DataSecrets([]) };

/** Field errors as the error description lists them, `field: message`. @param {unknown} body */
const fieldLines = (body) =>
	fieldErrorEntriesOf(body).map(({ field, message }) => (field ? `${field}: ${message}` : message));

describe('the three envelopes', () => {
	test('status/message/data', () => {
		expect(unwrapEnvelope({ status: true, message: 'Done', data: { id: 1 } })).toEqual({
			ok: true,
			message: 'Done',
			data: { id: 1 },
		});
	});

	test('status/message/response', () => {
		expect(unwrapEnvelope({ status: true, message: 'Added', response: { id: 2 } })).toEqual({
			ok: true,
			message: 'Added',
			data: { id: 2 },
		});
	});

	test('status_code/code/hint/success/data', () => {
		const body = {
			status_code: 200,
			code: 1020,
			hint: 'Processed Successfully',
			success: true,
			data: { message: 'Task updated', task: { id: 3 } },
		};
		expect(unwrapEnvelope(body)).toEqual({ ok: true, message: 'Task updated', data: body.data });
	});

	test('false on HTTP 200 is a failure with the platform message', () => {
		expect(unwrapEnvelope({ status: false, message: 'Quote is locked', data: null })).toMatchObject(
			{
				ok: false,
				message: 'Quote is locked',
			},
		);
		expect(
			unwrapEnvelope({
				status_code: 400,
				code: 2001,
				hint: 'Task is archived',
				success: false,
				data: null,
			}),
		).toMatchObject({
			ok: false,
			message: 'Task is archived',
		});
	});

	test('a body without an envelope is returned whole', () => {
		expect(unwrapEnvelope({ id: 5 })).toEqual({ ok: true, data: { id: 5 } });
		expect(unwrapEnvelope(undefined)).toEqual({ ok: true, data: undefined });
	});
});

test('secret-like fields are removed at any depth', () => {
	const clean = cleanData(NO_SECRETS, {
		id: 1,
		password: 'p',
		employee: {
			name: 'A',
			remember_token: 't',
			password: null,
			nested: [{ api_key: 'k', keep: 1 }],
		},
	});
	expect(clean).toEqual({ id: 1, employee: { name: 'A', nested: [{ keep: 1 }] } });
});

describe('error bodies', () => {
	test('Laravel 422 field errors', () => {
		const body = {
			message: 'The type field is required. (and 1 more error)',
			errors: {
				type: ['The type field is required.'],
				skills: ['The skills field is required.', 'It must be an array.'],
			},
		};
		expect(errorMessageOf(body)).toBe(body.message);
		expect(fieldLines(body)).toEqual([
			'type: The type field is required.',
			'skills: The skills field is required. It must be an array.',
		]);
	});

	test('an array of field/message pairs', () => {
		expect(fieldLines({ errors: [{ field: 'name', message: 'too long' }, 'plain'] })).toEqual([
			'name: too long',
			'plain',
		]);
	});

	test('HTML error pages are reduced to their text', () => {
		expect(
			errorMessageOf(
				'<html><head><style>b{}</style></head><body><h1>502 Bad Gateway</h1></body></html>',
			),
		).toBe('502 Bad Gateway');
	});
});

test('tokens, keys and passwords of any name are secret-like fields', () => {
	const clean = cleanData(NO_SECRETS, {
		id: 1,
		token: 't',
		user_token: 't',
		userToken: 't',
		fcm_token: 't',
		apikey: 'k',
		secure_business_key: 'k',
		private_key: 'k',
		password_confirmation: 'p',
		client_secret: 's',
		tokens_used: 3,
		keyword: 'kept',
	});
	expect(clean).toEqual({ id: 1, tokens_used: 3, keyword: 'kept' });
});

test("an HTML error page's title is its message", () => {
	const page =
		'<!DOCTYPE html><html><head><title>503 Service Temporarily Unavailable</title></head><body><h1>503 Service Temporarily Unavailable</h1><hr>nginx</body></html>';
	expect(errorMessageOf(page)).toBe('503 Service Temporarily Unavailable');
});
