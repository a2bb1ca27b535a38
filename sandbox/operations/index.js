// @ts-check
'use strict';

/**
 * The handlers of every operation (plus the categories list and login), one file per
 * platform module; sandbox/routes.js maps each route to its handler.
 */

module.exports = {
	...require('./accounting'),
	...require('./ecommerce'),
	...require('./ecommerce-news'),
	...require('./hr'),
	...require('./calendar'),
	...require('./management'),
	...require('./auth'),
};
