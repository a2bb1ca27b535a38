/**
 * jest's globalSetup for the e2e suites: builds the package once, before any suite starts, so the
 * suites' own buildPackage() finds dist/ current and leaves it alone while other suites beside
 * them copy it into their n8n user folders (scripts/build-inputs.js).
 */
const app = require('../../scripts/n8n-app');

module.exports = () => app.buildPackage();
