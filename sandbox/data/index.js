// @ts-check
'use strict';

/**
 * Seed data for the sandbox: two businesses, acme (id 101) and globex (id 202), with
 * different records. Every record id of acme is in 1000-1999 and of globex in 2000-2999
 * (news excepted: 1..25 for both), so a leak between businesses cannot hide behind a
 * shared id. Districts are shared reference data.
 */

const { CREDENTIALS, BUSINESS_IDS, USER_ID, uuidFor, iso, isoNow, sqlNow } = require('./basics');
const { createDistricts, generateNews } = require('./records');
const { createState } = require('./seed');

/** @typedef {import('./seed').BusinessState} BusinessState */

module.exports = {
	CREDENTIALS,
	BUSINESS_IDS,
	USER_ID,
	createState,
	createDistricts,
	generateNews,
	uuidFor,
	iso,
	isoNow,
	sqlNow,
};
