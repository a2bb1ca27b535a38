// @ts-check
/**
 * The fault matrix (test/harness/faultMatrix.js), every operation against the platform's failed answers and broken connections: every fault that is not a Timeout or a refusal to wait out.
 */
const { faultMatrix } = require('../harness/faultMatrix');

faultMatrix('answers');
