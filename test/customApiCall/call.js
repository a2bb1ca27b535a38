// @ts-check
/** What the Custom API Call test files share: the node of each module, the spec's header sets, a caller. */

const NODE_OF_MODULE = {
	accounting: 'businessPlatformAccounting',
	ecommerce: 'businessPlatformEcommerce',
	hr: 'businessPlatformHr',
	calendar: 'businessPlatformCalendar',
	management: 'businessPlatformProjects',
};

/** The spec's authentication table, typed in here (not derived), with a module that uses each set. */
const SPEC_PROFILES = {
	salesQuote: {
		module: 'accounting',
		headers: [
			'Accept-Language',
			'apikey',
			'platform',
			'platform-key',
			'secure-business-key',
			'userToken',
		],
	},
	ecommerce: {
		module: 'ecommerce',
		headers: ['Accept-Language', 'apikey', 'apiconnection', 'secure-business-key'],
	},
	ecommerceUser: {
		module: 'ecommerce',
		headers: ['Accept-Language', 'apikey', 'apiconnection', 'secure-business-key', 'userToken'],
	},
	district: { module: 'ecommerce', headers: ['apikey', 'apiconnection'] },
	management: {
		module: 'management',
		headers: ['Accept-Language', 'secure-business-key', 'user-token'],
	},
	hrSkill: { module: 'hr', headers: ['secure_business_key', 'user_token', 'uuid'] },
	hrPayslip: { module: 'hr', headers: ['secure_business_key', 'uuid'] },
	addAccount: { module: 'accounting', headers: ['apikey', 'secure_business_key'] },
	calendar: { module: 'calendar', headers: ['secure_business_key', 'user_token'] },
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
