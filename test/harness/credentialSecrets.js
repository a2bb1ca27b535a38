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

module.exports = { credentialSecrets };
