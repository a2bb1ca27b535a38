// @ts-check
'use strict';

/** Fixed values of the sandbox platform: its credentials, business ids and user, and the formats its records use for ids and times. */

const crypto = require('node:crypto');

/** Fixed credentials, so demos stay stable. None of them is a real secret. */
const CREDENTIALS = Object.freeze({
	apiKey: 'sbx_apikey_7f3c9a21d4e8b6f0',
	apiConnection: 'sbx_conn_5e2d7a',
	userToken: 'sbx_usertoken_2a8f61c0e94d7b35',
	clientUuid: 'sbx-uuid-9c4e1f7a-2b6d-4a83',
	platformKey: 'sbx_platkey_c3e7a9150f2b84d6',
	platform: 'web',
	loginEmail: 'demo@acme.sandbox.test',
	loginPassword: 'sbx_password_6e2b9d41a7',
	businessKeys: Object.freeze({
		acme: 'sbx_bizkey_acme_4b9e2c71d0a3',
		globex: 'sbx_bizkey_globex_8d1f6a3e5c27',
	}),
});

const BUSINESS_IDS = Object.freeze({ acme: 101, globex: 202 });

/** The user behind the sandbox user token. */
const USER_ID = 42;

/**
 * A stable UUID derived from a name.
 * @param {string} name
 */
function uuidFor(name) {
	const h = crypto.createHash('sha1').update(name).digest('hex');
	return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * ISO 8601 with microseconds and Z, as the platform writes most timestamps.
 * @param {string} date YYYY-MM-DD
 * @param {string} [time] HH:MM:SS
 */
function iso(date, time = '09:00:00') {
	return `${date}T${time}.000000Z`;
}

/** @param {Date} [date] */
function isoNow(date = new Date()) {
	return date.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}

/** YYYY-MM-DD HH:MM:SS (UTC), as the task module writes timestamps. @param {Date} [date] */
function sqlNow(date = new Date()) {
	return date.toISOString().slice(0, 19).replace('T', ' ');
}

module.exports = { CREDENTIALS, BUSINESS_IDS, USER_ID, uuidFor, iso, isoNow, sqlNow };
