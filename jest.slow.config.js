/**
 * The slow tier (`npm run test:slow`): the test files test/harness/tiers.js lists, with the
 * settings of jest.config.js. `npm test` runs the others.
 */
const { SLOW_TESTS } = require('./test/harness/tiers');
const fast = require('./jest.config');

/** @type {import('jest').Config} */
module.exports = { ...fast, testMatch: SLOW_TESTS };
