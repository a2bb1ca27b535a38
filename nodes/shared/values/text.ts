/** Text of any message, error or hint (test/unit/errorText.test.js). */

/** "A, B and C". */
export function list(items: string[]): string {
	return items.length <= 1
		? items.join('')
		: `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
