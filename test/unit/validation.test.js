// @ts-check
const { ParameterError } = require('../../nodes/shared/platform/errors');
const {
	requireInteger,
	requireDate,
	requireTimestamp,
	requireFlag,
	requireNumber,
	parseJson,
} = require('../../nodes/shared/values/parameters');
const {
	assertHeaderSafe,
	toPathSegment,
	toBaseUrl,
	toPathPrefix,
} = require('../../nodes/shared/values/wire');

/** @param {() => unknown} fn */
function reason(fn) {
	try {
		fn();
	} catch (error) {
		expect(error).toBeInstanceOf(ParameterError);
		return /** @type {Error} */ (error).message;
	}
	throw new Error('expected a ParameterError');
}

describe('ids and numbers', () => {
	test.each([
		[42, '42'],
		['42', '42'],
		[' 7 ', '7'],
		['007', '7'],
	])('requireInteger(%p) -> %p', (value, expected) => {
		expect(requireInteger(value, 'Payslip ID')).toBe(expected);
	});

	test.each(['', '1.5', 'abc', '1e3', '../1', '1?a=b', '%2e%2e', null, undefined, {}])(
		'requireInteger refuses %p and names the parameter',
		(value) => {
			expect(reason(() => requireInteger(value, 'Payslip ID'))).toMatch(/^Payslip ID /);
		},
	);

	test('requireNumber keeps the decimal text', () => {
		expect(requireNumber('12.50', 'Total')).toBe('12.50');
		expect(requireNumber(3, 'Total')).toBe('3');
		expect(reason(() => requireNumber('12,5', 'Total'))).toContain('Total must be a number');
	});

	test('requireFlag maps booleans and 0/1', () => {
		expect(requireFlag(true, 'Status')).toBe('1');
		expect(requireFlag('0', 'Status')).toBe('0');
		expect(reason(() => requireFlag('yes', 'Status'))).toContain('Status must be 0 or 1');
	});
});

describe('dates', () => {
	test('n8n date-picker values keep their day: no time-zone shift', () => {
		expect(requireDate('2024-05-01T00:00:00', 'Due Date')).toBe('2024-05-01');
		expect(requireDate('2024-05-01T23:30:00+05:00', 'Due Date')).toBe('2024-05-01');
		expect(requireDate('2024-05-01T00:30:00.000Z', 'Due Date')).toBe('2024-05-01');
		expect(requireDate('2024-05-01', 'Due Date')).toBe('2024-05-01');
	});

	test('timestamps become YYYY-MM-DD HH:MM:SS as written', () => {
		expect(requireTimestamp('2024-05-01T09:15:00', 'Started At')).toBe('2024-05-01 09:15:00');
		expect(requireTimestamp('2024-05-01 09:15', 'Started At')).toBe('2024-05-01 09:15:00');
		expect(requireTimestamp('2024-05-01T23:59:59.123Z', 'Started At')).toBe('2024-05-01 23:59:59');
	});

	test.each(['2024-02-30', '2024-13-01', '01/05/2024', 'tomorrow', '2024-05-01T25:00:00'])(
		'refuses %p',
		(value) => {
			expect(reason(() => requireDate(value, 'Due Date'))).toMatch(/^Due Date /);
		},
	);

	test('a timestamp needs a time', () => {
		expect(reason(() => requireTimestamp('2024-05-01', 'Started At'))).toContain('needs a time');
	});
});

describe('paths, headers and URLs', () => {
	test('string path segments are encoded', () => {
		expect(toPathSegment('a b&c', 'string', 'Branch UUID')).toBe('a%20b%26c');
	});

	test.each(['..', '.', '%2e%2e', '%2E', 'a/b', 'a%2Fb', '..\\x', ''])(
		'refuses %p as a path segment',
		(value) => {
			expect(reason(() => toPathSegment(value, 'string', 'Branch UUID'))).toMatch(/^Branch UUID /);
		},
	);

	test('customer/supplier type is 1 or 2', () => {
		expect(toPathSegment(2, 'customerSupplierType', 'Type')).toBe('2');
		expect(reason(() => toPathSegment('3', 'customerSupplierType', 'Type'))).toContain(
			'1 (customer) or 2',
		);
	});

	test('path prefixes keep their slashes but not dot segments', () => {
		expect(toPathPrefix('/api/v1/ecomm_categories/', 'Prefix')).toBe('api/v1/ecomm_categories');
		expect(reason(() => toPathPrefix('api/../admin', 'Prefix'))).toMatch(/^Prefix /);
	});

	test('header values with CR or LF are refused', () => {
		expect(assertHeaderSafe('abc', 'Business Key')).toBe('abc');
		expect(reason(() => assertHeaderSafe('abc\r\nX-Evil: 1', 'Business Key'))).toContain(
			'line break',
		);
	});

	test('base URLs must be http or https', () => {
		expect(toBaseUrl('https://hr.example.com/', 'HR Base URL')).toBe('https://hr.example.com');
		expect(reason(() => toBaseUrl('ftp://hr.example.com', 'HR Base URL'))).toContain(
			'http:// or https://',
		);
		expect(reason(() => toBaseUrl('not a url', 'HR Base URL'))).toContain('not a valid URL');
		expect(reason(() => toBaseUrl('https://h.example.com/?a=1', 'HR Base URL'))).toContain(
			'without "?"',
		);
		expect(
			reason(() => toBaseUrl('https://evil.example\\@h.example.com', 'HR Base URL')),
		).toContain('without "\\"');
		expect(toBaseUrl('HTTPS://H.example.com:443/api//', 'HR Base URL')).toBe(
			'https://h.example.com/api',
		);
	});

	test('JSON parameters that do not parse name the parameter', () => {
		expect(parseJson('[1,2]', 'Line Items')).toEqual([1, 2]);
		expect(parseJson([1], 'Line Items')).toEqual([1]);
		expect(reason(() => parseJson('[1,', 'Line Items'))).toContain('Line Items is not valid JSON');
	});
});
