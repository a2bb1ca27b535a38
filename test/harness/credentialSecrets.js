// @ts-check
/** The secrets of the sandbox's credential, for the tests that check none reaches an output, an error or a log. */

/**
 * The pasted credential's secret values, every business key included.
 * @param {{ credentials: typeof import('../../sandbox/data/basics').CREDENTIALS }} sandbox
 */
function credentialSecrets({ credentials: c }) {
	return [
		c.apiKey,
		c.apiConnection,
		c.userToken,
		c.clientUuid,
		c.platformKey,
		...Object.values(c.businessKeys),
	];
}

/**
 * What a run left behind as one text to look for secrets in, errors included with their
 * non-enumerable parts (message, stack, cause).
 * @param {Record<string, unknown>} parts what of the run to include, by name
 */
function runText(parts) {
	const seen = new WeakSet();
	return JSON.stringify(parts, (_, value) => {
		if (typeof value !== 'object' || value === null) return value;
		if (seen.has(value)) return '[circular]';
		seen.add(value);
		if (value instanceof Error) {
			return Object.fromEntries(
				Object.getOwnPropertyNames(value).map((name) => [name, /** @type {any} */ (value)[name]]),
			);
		}
		return value;
	});
}

module.exports = { credentialSecrets, runText };
