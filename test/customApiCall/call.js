// @ts-check
/** What the Custom API Call test files share: the node of each module, the spec's header sets, a caller. */
const { HEADER_SETS } = require('../harness/headerSets');

const NODE_OF_MODULE = {
	accounting: 'businessPlatformAccounting',
	ecommerce: 'businessPlatformEcommerce',
	hr: 'businessPlatformHr',
	calendar: 'businessPlatformCalendar',
	management: 'businessPlatformProjects',
};

/** The spec's authentication sets (test/harness/headerSets.js), each with a module that uses it. */
const SPEC_PROFILES = {
	salesQuote: { module: 'accounting', headers: HEADER_SETS.salesQuote },
	ecommerce: { module: 'ecommerce', headers: HEADER_SETS.ecommerceLanguage },
	ecommerceUser: { module: 'ecommerce', headers: HEADER_SETS.ecommerceUserLanguage },
	district: { module: 'ecommerce', headers: HEADER_SETS.district },
	management: { module: 'management', headers: HEADER_SETS.management },
	hrSkill: { module: 'hr', headers: HEADER_SETS.hrSkill },
	hrPayslip: { module: 'hr', headers: HEADER_SETS.hrPayslip },
	addAccount: { module: 'accounting', headers: HEADER_SETS.addAccount },
	calendar: { module: 'calendar', headers: HEADER_SETS.calendar },
};

/**
 * Runs Custom API Call (resource and operation `customApiCall`, GET unless given) on the
 * node of a module, or on its AI-tool variant with `tool: true`.
 * @param {ReturnType<typeof import('../harness/fixture').useSandbox>} fixture
 */
function customApiCaller(fixture) {
	/**
	 * @param {keyof typeof NODE_OF_MODULE} module
	 * @param {Record<string, any>} parameters
	 * @param {import('../harness/fixture').RunOptions & { tool?: boolean }} [options]
	 */
	return (module, parameters, options = {}) =>
		fixture.run(
			NODE_OF_MODULE[module] + (options.tool ? 'Tool' : ''),
			{ resource: 'customApiCall', operation: 'customApiCall', method: 'GET', ...parameters },
			options,
		);
}

module.exports = { NODE_OF_MODULE, SPEC_PROFILES, customApiCaller };
