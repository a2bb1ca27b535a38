// @ts-check
'use strict';

/**
 * The handlers of every operation (plus the categories list, login and the operations the
 * spec lists by name only), one file per platform module; sandbox/routes.js maps each route to its handler.
 */

module.exports = {
	...require('./accounting'),
	...require('./ecommerce'),
	...require('./ecommerce-news'),
	...require('./hr'),
	...require('./calendar'),
	...require('./management'),
	...require('./auth'),
	...require('./name-only'),
};
