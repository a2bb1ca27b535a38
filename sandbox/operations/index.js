// @ts-check
'use strict';

/**
 * The handlers of the login and of the operations the spec lists by name only; sandbox/routes.js
 * maps each of their routes to one. Each platform operation's handler is in its file,
 * test/operations/<node>/<endpoint key>.js, with its route.
 */

module.exports = {
	...require('./auth'),
	...require('./name-only'),
};
