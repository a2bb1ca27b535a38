// @ts-check
/**
 * The fault matrix (test/harness/faultMatrix.js), every operation against a request that outlasts Timeout.
 */
const { faultMatrix } = require('../harness/faultMatrix');

faultMatrix('timeout');
