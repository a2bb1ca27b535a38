// @ts-check
/** The Ecommerce module's credential header names, sorted as platformHeaderNames sorts them (code unit order). */
const ECOMMERCE_HEADERS = ['apiconnection', 'apikey', 'secure-business-key'];
/** The same, for the operations that act for the user (E2, E4, E12). */
const ECOMMERCE_USER_HEADERS = [...ECOMMERCE_HEADERS, 'userToken'];

module.exports = { ECOMMERCE_HEADERS, ECOMMERCE_USER_HEADERS };
