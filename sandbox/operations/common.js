// @ts-check
'use strict';

/**
 * What the handlers share (each platform operation's is in its file,
 * test/operations/<node>/<endpoint key>.js; the login's and the name-only ones' are beside this
 * file): the handler context and result, the answers (success, the Management module's
 * "processed", 404, 422), record lookups, new ids, and the category as both category
 * operations return it. Each handler gets a context whose auth, headers and content type the
 * server has already checked, and returns `{ status, body }`. Lookups of path ids come first
 * (404, like Laravel's route model binding), then field validation (422), then the state change.
 */

const { isUpload } = require('../validation');
const { isContainer } = require('../multipart');

/**
 * @typedef {import('../data').BusinessState} BusinessState
 * @typedef {'en' | 'ar'} Lang
 * @typedef {object} Ctx
 * @property {BusinessState} biz         the calling business (empty object for E5 and login)
 * @property {Record<string, string>} params
 * @property {Record<string, string>} query
 * @property {any} input                 multipart fields (PHP-style nesting) or the JSON value
 * @property {string} text               the body as text
 * @property {Lang} lang
 * @property {string} moduleUrl          e.g. http://127.0.0.1:5680/ecommerce
 * @property {{ districts: Array<{ id: number, name_ar: string, name_en: string }>, credentials: typeof import('../data').CREDENTIALS, userTokens: import('../userTokens').UserTokens }} shared
 * @typedef {{ status: number, body: any }} Result
 * @typedef {(ctx: Ctx) => Result} Handler
 * @typedef {readonly string[]} Texts  [English, Arabic]
 */

/** Allowed values of a 0/1 flag field. */
const FLAG = ['0', '1'];
/** The platform's languages. */
const LANGS = ['en', 'ar'];

/** The text in the request's language. @param {Texts} texts @param {Lang} lang */
function say(texts, lang) {
	return texts[lang === 'ar' ? 1 : 0];
}

/** @param {any} body @returns {Result} */
function ok(body) {
	return { status: 200, body };
}

/**
 * The success envelope of most modules: status true and the message in the request's language,
 * then the payload (`data`, `response`, …).
 * @param {Texts} texts @param {Lang} lang @param {Record<string, any>} payload @returns {Result}
 */
function succeeded(texts, lang, payload) {
	return ok({ status: true, message: say(texts, lang), ...payload });
}

/**
 * The Management module's success envelope, the message inside its data.
 * @param {string} message
 * @param {Record<string, any>} [extra] more fields of the data, before the message
 * @returns {Result}
 */
function processed(message, extra = {}) {
	return ok({
		status_code: 200,
		code: 1020,
		hint: 'Processed Successfully',
		success: true,
		data: { ...extra, message },
	});
}

/** A 404 naming the missing thing. @param {Texts} thing @param {Lang} lang @returns {Result} */
function notFound(thing, lang) {
	const [en, ar] = thing;
	return {
		status: 404,
		body: { status: false, message: lang === 'ar' ? `${ar} غير موجود.` : `${en} not found.` },
	};
}

/** A Laravel 422 with the validator's field errors. @param {import('../validation').Validator} v @returns {Result} */
function unprocessable(v) {
	return { status: 422, body: v.body() };
}

/**
 * Find a record by a path id; a non-numeric id finds nothing.
 * @template {{ id: number }} T
 * @param {T[]} list
 * @param {string} rawId
 * @returns {T | undefined}
 */
function byId(list, rawId) {
	if (!/^\d+$/.test(rawId)) return undefined;
	const id = Number(rawId);
	return list.find((item) => item.id === id);
}

/**
 * Next free id in a business's collection (acme 1xxx, globex 2xxx as long as it lasts).
 * @param {BusinessState} biz
 * @param {Array<{ id: number }>} list
 */
function nextId(biz, list) {
	let max = biz.id === 101 ? 1000 : 2000;
	for (const item of list) if (item.id > max) max = item.id;
	return max + 1;
}

/** A JSON object or a multipart container. @param {unknown} value @returns {value is Record<string, any>} */
function isObject(value) {
	return (
		isContainer(value) ||
		(typeof value === 'object' && value !== null && !Array.isArray(value) && !isUpload(value))
	);
}

/**
 * A copy of the record with only the given keys.
 * @template {object} T
 * @param {T} record
 * @param {readonly (keyof T)[]} keys
 */
function pick(record, keys) {
	/** @type {Partial<T>} */
	const out = {};
	for (const key of keys) out[key] = record[key];
	return out;
}

/** @typedef {BusinessState['categories'][number]} Category */

/**
 * A category as Update Category and the categories list return it: its descriptions copied,
 * and with `withParent` its parent without descriptions (`parent_object`).
 * @param {Category} category
 * @param {Category[]} all the business's categories
 * @param {boolean} withParent
 */
function categoryView(category, all, withParent) {
	const { descriptions, ...row } = category;
	/** @type {Record<string, any>} */
	const view = { ...row, descriptions: descriptions.map((d) => ({ ...d })) };
	if (withParent) {
		const parent = all.find((c) => c.id === category.parent);
		view.parent_object = parent ? (({ descriptions: _omit, ...rest }) => rest)(parent) : null;
	}
	return view;
}

module.exports = {
	FLAG,
	LANGS,
	say,
	ok,
	succeeded,
	processed,
	notFound,
	unprocessable,
	byId,
	nextId,
	isObject,
	pick,
	categoryView,
};
