// @ts-check
/**
 * The fault matrix (test/harness/faultMatrix.js), every operation against the refusals it waits out (429 with and without Retry-After, 503 with Retry-After).
 */
const { faultMatrix } = require('../harness/faultMatrix');

faultMatrix('refusals');
