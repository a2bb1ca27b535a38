// @ts-check
/**
 * The platform header names each of the spec's authentication sets sends (protocol headers
 * aside), typed in from the spec (not derived from the code) and sorted as platformHeaderNames
 * sorts them (code unit order). The operation cases, the Custom API Call tests and the
 * per-resource tests name a set from here.
 */
const ECOMMERCE = ['apiconnection', 'apikey', 'secure-business-key'];

const HEADER_SETS = {
	salesQuote: [
		'Accept-Language',
		'apikey',
		'platform',
		'platform-key',
		'secure-business-key',
		'userToken',
	],
	/** The Ecommerce module's credential headers. */
	ecommerce: ECOMMERCE,
	/** The same, for the operations that act for the user (E2, E4, E12). */
	ecommerceUser: [...ECOMMERCE, 'userToken'],
	ecommerceLanguage: ['Accept-Language', ...ECOMMERCE],
	ecommerceUserLanguage: ['Accept-Language', ...ECOMMERCE, 'userToken'],
	district: ['apiconnection', 'apikey'],
	management: ['Accept-Language', 'secure-business-key', 'user-token'],
	branch: ['lang', 'secure-business-key', 'user-token'],
	hrSkill: ['secure_business_key', 'user_token', 'uuid'],
	hrPayslip: ['secure_business_key', 'uuid'],
	addAccount: ['apikey', 'secure_business_key'],
	calendar: ['secure_business_key', 'user_token'],
};

module.exports = { HEADER_SETS };
