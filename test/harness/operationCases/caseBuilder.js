// @ts-check
/**
 * The builder the node case files write their cases with: it fills in the node type and what
 * most operations share, so a case names only what is its own.
 */

/**
 * @typedef {Omit<import('./index').OperationCase, 'caseFile'>} NodeCase
 * @typedef {Omit<NodeCase, 'type' | 'globex' | 'requestsPerItem' | 'business'>
 *   & Partial<Pick<NodeCase, 'globex' | 'requestsPerItem' | 'business'>>} CaseEntry
 */

/**
 * A case builder for one node: its cases send one request per item and a business key, and
 * run for globex with the same parameters, unless the entry says otherwise.
 * @param {string} type node type (description name)
 * @returns {(entry: CaseEntry) => NodeCase}
 */
function caseBuilder(type) {
	return (entry) => ({ type, globex: {}, requestsPerItem: 1, business: true, ...entry });
}

module.exports = { caseBuilder };
