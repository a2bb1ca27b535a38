// @ts-check
'use strict';

/**
 * A tiny Laravel-style validator: collects field errors under Laravel keys
 * (`name`, `item_price.1`, `timeTracking.0.started_at`) and renders the 422 body
 * `{ message: 'The name field is required. (and 1 more error)', errors: {...} }`.
 */

const { isContainer } = require('./multipart');

/**
 * @typedef {'string' | 'integer' | 'numeric' | 'date' | 'datetime' | 'url' | 'file'} FieldType
 * @typedef {object} Rules
 * @property {boolean} [required]
 * @property {FieldType} [type]          default 'string'
 * @property {readonly string[]} [in]    allowed values (compared as strings)
 * @property {number} [min]              numeric minimum (inclusive)
 * @property {number} [gt]               numeric lower bound (exclusive)
 */

const INTEGER = /^[+-]?\d+$/;
const NUMERIC = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/**
 * @param {string} y @param {string} m @param {string} d
 */
function validDay(y, m, d) {
	const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
	return (
		date.getUTCFullYear() === Number(y) &&
		date.getUTCMonth() === Number(m) - 1 &&
		date.getUTCDate() === Number(d)
	);
}

/** @param {string} value */
function isDate(value) {
	const m = DATE.exec(value);
	return !!m && validDay(m[1], m[2], m[3]);
}

/** @param {string} value */
function isDateTime(value) {
	const m = DATETIME.exec(value);
	return (
		!!m && validDay(m[1], m[2], m[3]) && Number(m[4]) < 24 && Number(m[5]) < 60 && Number(m[6]) < 60
	);
}

/**
 * Laravel's displayable attribute: underscores become spaces.
 * @param {string} key
 */
function attr(key) {
	return key.replace(/_/g, ' ').trim();
}

/** @param {unknown} value */
function isUpload(value) {
	return typeof value === 'object' && value !== null && /** @type {any} */ (value).isFile === true;
}

const TYPE_MESSAGE = {
	string: 'must be a string',
	integer: 'must be an integer',
	numeric: 'must be a number',
	date: 'must match the format Y-m-d',
	datetime: 'must match the format Y-m-d H:i:s',
	url: 'must be a valid URL',
	file: 'must be a file',
};

class Validator {
	constructor() {
		/** @type {Record<string, string[]>} */
		this.errors = {};
		this.count = 0;
	}

	/**
	 * @param {string} key
	 * @param {string} message
	 */
	fail(key, message) {
		(this.errors[key] ??= []).push(message);
		this.count++;
	}

	get failed() {
		return this.count > 0;
	}

	/** @param {string} key */
	required(key) {
		this.fail(key, `The ${attr(key)} field is required.`);
	}

	/** @param {string} key */
	invalid(key) {
		this.fail(key, `The selected ${attr(key)} is invalid.`);
	}

	/**
	 * Check one value. Returns undefined when the field was not sent, null when it was
	 * sent empty (Laravel turns '' into null), otherwise the parsed value (numbers for
	 * integer/numeric, trimmed strings, the upload for files). On failure an error is
	 * recorded and undefined returned.
	 * @param {string} key
	 * @param {unknown} raw
	 * @param {Rules} [rules]
	 * @returns {any}
	 */
	check(key, raw, rules = {}) {
		const type = rules.type ?? 'string';
		const empty = raw === null || (typeof raw === 'string' && raw.trim() === '');
		if (raw === undefined || empty) {
			if (rules.required) this.required(key);
			return raw === undefined ? undefined : null;
		}
		if (type === 'file') {
			if (isUpload(raw)) return raw;
			this.fail(key, `The ${attr(key)} field must be a file.`);
			return undefined;
		}
		if (
			isUpload(raw) ||
			isContainer(raw) ||
			typeof raw === 'object' ||
			(type === 'string' && typeof raw !== 'string')
		) {
			this.fail(key, `The ${attr(key)} field ${TYPE_MESSAGE[type]}.`);
			return undefined;
		}
		const text = String(raw).trim();
		/** @type {any} */
		let value = text;
		let ok = true;
		switch (type) {
			case 'integer':
				ok =
					(typeof raw === 'number' && Number.isInteger(raw)) ||
					(typeof raw === 'string' && INTEGER.test(text));
				value = Number(text);
				break;
			case 'numeric':
				ok =
					(typeof raw === 'number' && Number.isFinite(raw)) ||
					(typeof raw === 'string' && NUMERIC.test(text));
				value = Number(text);
				break;
			case 'date':
				ok = isDate(text);
				break;
			case 'datetime':
				ok = isDateTime(text);
				break;
			case 'url':
				ok = /^https?:\/\/[^\s/]+\S*$/i.test(text);
				break;
		}
		if (!ok) {
			this.fail(key, `The ${attr(key)} field ${TYPE_MESSAGE[type]}.`);
			return undefined;
		}
		if (rules.in && !rules.in.includes(String(value))) {
			this.invalid(key);
			return undefined;
		}
		if (rules.min !== undefined && value < rules.min) {
			this.fail(key, `The ${attr(key)} field must be at least ${rules.min}.`);
			return undefined;
		}
		if (rules.gt !== undefined && !(value > rules.gt)) {
			this.fail(key, `The ${attr(key)} field must be greater than ${rules.gt}.`);
			return undefined;
		}
		return value;
	}

	/**
	 * Entries of an array field (a JSON array or a PHP-style container). Returns
	 * undefined when absent (recording "required" if asked) or not an array.
	 * @param {string} key
	 * @param {unknown} raw
	 * @param {{ required?: boolean }} [rules]
	 * @returns {Array<[string, any]> | undefined}
	 */
	list(key, raw, rules = {}) {
		if (raw === undefined || raw === null || raw === '') {
			if (rules.required) this.required(key);
			return undefined;
		}
		if (Array.isArray(raw)) return raw.map((value, i) => [String(i), value]);
		if (isContainer(raw)) return Object.entries(raw);
		this.fail(key, `The ${attr(key)} field must be an array.`);
		return undefined;
	}

	/** The Laravel 422 body. */
	body() {
		const first = Object.values(this.errors)[0][0];
		const more = this.count - 1;
		const message = more > 0 ? `${first} (and ${more} more error${more > 1 ? 's' : ''})` : first;
		return { message, errors: this.errors };
	}
}

module.exports = { Validator, isDate, isDateTime, isUpload, attr };
