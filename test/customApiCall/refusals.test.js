// @ts-check
/** Custom API Call input refused before anything is sent: paths, credential header names, bad headers, missing files. */
const { useSandbox } = require('../harness/fixture');
const { customApiCaller } = require('./call');

const fixture = useSandbox();
const call = customApiCaller(fixture);

test.each([
	['an absolute URL', 'https://evil.example/api/v1/invoices', 'absolute URL'],
	['a scheme without slashes', 'http:evil.example', 'absolute URL'],
	['a host (//)', '//evil.example/api', 'absolute URL'],
	['a backslash', '/api\\..\\x', 'absolute URL'],
	['a .. segment', '/api/v1/../../hr/api/v1/payslips/1751', '".."'],
	['an encoded .. segment', '/api/%2e%2e/%2E%2E/hr', '".."'],
	['a . segment', '/api/./v1/invoices', '"."'],
	['an encoded slash', '/api/v1%2f..%2fx', 'percent-encoding'],
	['a line break', '/api/v1/invoices\r\nX-Evil: 1', 'control character'],
	['an encoded control character', '/api/v1/invoices%0d%0a', 'control character'],
	['a ?', '/api/v1/invoices?page=2', 'Query Parameters'],
	['a #', '/api/v1/invoices#top', '? or #'],
	['an empty path', '   ', 'is required'],
])('Path with %s', async (_what, path, reason) => {
	const { error } = await call('accounting', { path });
	expect(error?.message).toMatch(/^Path /);
	expect(error?.message).toContain(reason);
	expect(error?.context.itemIndex).toBe(0); // the item is in the error's details, not its message
	expect(fixture.sandbox.requests).toHaveLength(0);
});

test.each(['APIKEY', 'Secure_Business_Key', 'user-token', 'UserToken', 'UUID', 'platform-key'])(
	'a plain header named %s (a credential header)',
	async (name) => {
		const { error } = await call('ecommerce', {
			path: '/api/v1/abandoned_orders',
			headers: { header: [{ name, value: 'typed-in-secret' }] },
		});
		expect(error?.message).toContain(`Headers → "${name}" is a credential header`);
		expect(error?.context.itemIndex).toBe(0); // the item is in the error's details, not its message
		expect(fixture.sandbox.requests).toHaveLength(0);
	},
);

/**
 * Each call is refused before anything is sent, its message saying why.
 * @param {Array<[Parameters<typeof call>[0], Record<string, any>, string | RegExp]>} refusals
 *   the module, the call's parameters, what its message contains (or matches)
 */
async function expectRefused(refusals) {
	for (const [module, parameters, says] of refusals) {
		const { error } = await call(module, parameters);
		expect(error?.message).toMatch(says);
	}
	expect(fixture.sandbox.requests).toHaveLength(0);
}

test('a plain header with a line break in its value, a Content-Type beside a body, a missing file', () =>
	expectRefused([
		[
			'ecommerce',
			{ path: '/x', headers: { header: [{ name: 'X-A', value: 'a\r\nb: c' }] } },
			'line break',
		],
		[
			'ecommerce',
			{
				method: 'POST',
				path: '/x',
				bodyType: 'json',
				jsonBody: '{}',
				headers: { header: [{ name: 'content-type', value: 'text/html' }] },
			},
			'set by the node itself',
		],
		[
			'management',
			{
				method: 'POST',
				path: '/api/v1/attachments',
				bodyType: 'multipart',
				formFields: { field: [{ name: 'files[]', type: 'file', binaryPropertyName: 'missing' }] },
			},
			'binary property "missing"',
		],
	]));

test('a JSON body that does not parse, an unknown profile, Return All with Full Response', () =>
	expectRefused([
		[
			'ecommerce',
			{ method: 'POST', path: '/x', bodyType: 'json', jsonBody: '{"status":' },
			/^JSON /,
		],
		[
			'ecommerce',
			{ path: '/x', headerProfile: 'hrSkillz' },
			'Header Profile "hrSkillz" is not one of the profiles',
		],
		[
			'accounting',
			{ path: '/api/v1/invoices', returnAll: true, options: { responseFormat: 'full' } },
			'Return All returns the items of every page',
		],
	]));

describe('header names as platforms and proxies read them', () => {
	test.each([
		'Host',
		'host',
		'Connection',
		'Keep-Alive',
		'Transfer-Encoding',
		'TE',
		'Trailer',
		'Upgrade',
		'Proxy-Authorization',
		'proxy_connection',
	])('a Credential Header named %s (the key would reach proxies and their logs)', async (name) => {
		const { error } = await call('ecommerce', {
			path: '/api/v1/abandoned_orders',
			headerProfile: 'none',
			credentialHeaders: { header: [{ name, field: 'apiKey' }] },
		});
		expect(error?.message).toContain(
			`Credential Headers → "${name}" is a header the HTTP connection sets itself`,
		);
		expect(error?.context.itemIndex).toBe(0);
		expect(fixture.sandbox.requests).toHaveLength(0);
	});

	test.each(['Keep-Alive', 'Upgrade', 'TE', 'Proxy-Authorization', 'Trailer'])(
		'a plain header named %s',
		async (name) => {
			const { error } = await call('ecommerce', {
				path: '/api/v1/abandoned_orders',
				headers: { header: [{ name, value: 'x' }] },
			});
			expect(error?.message).toContain(
				`Headers → "${name}" is a header the HTTP connection sets itself`,
			);
			expect(fixture.sandbox.requests).toHaveLength(0);
		},
	);

	test.each([
		// The credential's platform-key read with _ for -: PHP platforms take both as one name.
		['platform_key', 'salesQuote', 'accounting'],
		['Secure-Business_Key', 'ecommerce', 'ecommerce'],
		['Secure_Business-Key', 'none', 'hr'],
		['User_Token', 'management', 'management'],
	])(
		'a plain header %s beside the credential headers (- and _ folded, any case)',
		async (name, headerProfile, module) => {
			const { error } = await call(/** @type {any} */ (module), {
				path: '/api/v1/x',
				headerProfile,
				headers: { header: [{ name, value: 'typed-in-secret' }] },
			});
			expect(error?.message).toContain(`Headers → "${name}" is a credential header`);
			expect(fixture.sandbox.requests).toHaveLength(0);
		},
	);

	test('a Credential Header that folds onto a profile header, and two plain headers that fold onto one', async () => {
		const credential = await call('ecommerce', {
			path: '/api/v1/x',
			headerProfile: 'ecommerce',
			credentialHeaders: { header: [{ name: 'Secure_Business_Key', field: 'businessKey' }] },
		});
		expect(credential.error?.message).toContain(
			'Credential Headers → "Secure_Business_Key" is already sent',
		);
		const plain = await call('ecommerce', {
			path: '/api/v1/x',
			headers: {
				header: [
					{ name: 'X-Trace-Id', value: '1' },
					{ name: 'x_trace_id', value: '2' },
				],
			},
		});
		expect(plain.error?.message).toContain(
			'Headers → "x_trace_id" is given twice: as "X-Trace-Id" too',
		);
		expect(fixture.sandbox.requests).toHaveLength(0);
	});
});

test.each(['__proto__', 'prototype', 'constructor'])(
	"a query parameter named %s, which n8n's HTTP client would leave out without a word",
	async (name) => {
		const { error } = await call('ecommerce', {
			path: '/api/v1/news',
			queryParameters: {
				parameter: [
					{ name: 'per_page', value: '2' },
					{ name, value: 'a' },
				],
			},
		});
		expect(error?.message).toContain(
			`Query Parameters → "${name}" is a name n8n's HTTP client leaves out of every request`,
		);
		expect(error?.context.itemIndex).toBe(0);
		expect(fixture.sandbox.requests).toHaveLength(0);
	},
);
