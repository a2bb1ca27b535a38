// @ts-check
const {
	duration,
	fill,
	labelsIn,
	namesWord,
	quoted,
	tried,
} = require('../../nodes/shared/errors/text');
const { list } = require('../../nodes/shared/values/text');

test('list joins as a sentence does: "A", "A and B", "A, B and C"', () => {
	expect(list([])).toBe('');
	expect(list(['A'])).toBe('A');
	expect(list(['A', 'B'])).toBe('A and B');
	expect(list(['A', 'B', 'C'])).toBe('A, B and C');
});

test('fill puts the values the item gave into the wording, labelsIn names their parameters', () => {
	const subject = { pathParams: { payslip_id: { value: ' 1752 ', label: 'Payslip ID' } } };
	expect(fill('get payslip {payslip_id}', subject)).toBe('get payslip 1752');
	expect(labelsIn('payslip {payslip_id} of {other}', subject)).toEqual(['Payslip ID', 'other']);
	expect(quoted(['Payslip ID'])).toEqual(['"Payslip ID"']);
});

test('namesWord finds a header name as a whole word, as text (never a pattern)', () => {
	expect(namesWord('Invalid apikey header.', 'apikey')).toBe(true);
	expect(namesWord('Invalid apikey-v2 header.', 'apikey')).toBe(false);
	expect(namesWord('The X** header is wrong', 'x**')).toBe(true);
	expect(namesWord('a'.repeat(50_000), '(a+)+$')).toBe(false);
});

test('tried and duration', () => {
	expect(tried(1)).toBe('');
	expect(tried(3)).toBe(' (tried 3 times)');
	expect(duration(950)).toBe('950 ms');
	expect(duration(1500)).toBe('1.5 s');
});
