// @ts-check
'use strict';

/**
 * A small multipart/form-data parser (RFC 7578) and a PHP-style field builder, so the
 * sandbox reads `descriptions[0][lang]`, `item_id[]` and `files[1]` the way the Laravel
 * platform does.
 */

const crypto = require('node:crypto');

/**
 * @typedef {object} UploadedFile
 * @property {true} isFile
 * @property {string} field      the form field name as sent
 * @property {string} filename
 * @property {string} contentType
 * @property {number} size
 * @property {string} sha256
 */

/**
 * @typedef {object} MultipartResult
 * @property {Array<[string, string]>} fields   text parts in wire order, repeated names kept
 * @property {UploadedFile[]} files             file parts in wire order
 */

const HEADER_END = Buffer.from('\r\n\r\n');

/**
 * Read the boundary parameter of a multipart content type.
 * @param {string} contentType
 * @returns {string | undefined}
 */
function boundaryOf(contentType) {
	const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
	return match ? (match[1] ?? match[2]) : undefined;
}

/**
 * Parse the parameters of a Content-Disposition header value.
 * @param {string} value
 * @returns {Record<string, string>}
 */
function dispositionParams(value) {
	/** @type {Record<string, string>} */
	const params = {};
	const re = /;\s*([^=;\s]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g;
	let match;
	while ((match = re.exec(value))) {
		const key = match[1].toLowerCase();
		const raw = match[2] !== undefined ? match[2].replace(/\\(.)/g, '$1') : match[3].trim();
		if (key.endsWith('*')) {
			// RFC 5987: charset'lang'percent-encoded
			const ext = /^[^']*'[^']*'(.*)$/.exec(raw);
			try {
				params[key.slice(0, -1)] = decodeURIComponent(ext ? ext[1] : raw);
			} catch {
				params[key.slice(0, -1)] = raw;
			}
		} else if (!(key in params)) {
			params[key] = raw;
		}
	}
	return params;
}

/**
 * Parse a complete multipart body. Throws on a malformed body.
 * @param {Buffer} body
 * @param {string} contentType
 * @returns {MultipartResult}
 */
function parseMultipart(body, contentType) {
	const boundary = boundaryOf(contentType);
	if (!boundary) throw new Error('multipart body without a boundary parameter');
	const first = Buffer.from(`--${boundary}`);
	const separator = Buffer.from(`\r\n--${boundary}`);

	/** @type {MultipartResult} */
	const result = { fields: [], files: [] };
	let pos = body.indexOf(first);
	if (pos < 0) throw new Error('multipart body without an opening boundary');
	pos += first.length;

	for (;;) {
		if (body[pos] === 0x2d && body[pos + 1] === 0x2d) return result; // closing "--"
		while (body[pos] === 0x20 || body[pos] === 0x09) pos++; // transport padding
		if (body[pos] !== 0x0d || body[pos + 1] !== 0x0a)
			throw new Error('multipart boundary not followed by CRLF');
		pos += 2;

		let headerText = '';
		let dataStart;
		if (body[pos] === 0x0d && body[pos + 1] === 0x0a) {
			dataStart = pos + 2; // a part without headers
		} else {
			const headerEnd = body.indexOf(HEADER_END, pos);
			if (headerEnd < 0) throw new Error('multipart part headers not terminated');
			headerText = body.toString('utf8', pos, headerEnd);
			dataStart = headerEnd + HEADER_END.length;
		}
		const dataEnd = body.indexOf(separator, dataStart);
		if (dataEnd < 0) throw new Error('multipart part not terminated by a boundary');

		/** @type {Record<string, string>} */
		const headers = {};
		for (const line of headerText.split('\r\n')) {
			const colon = line.indexOf(':');
			if (colon > 0)
				headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
		}
		const disposition = headers['content-disposition'] ?? '';
		if (!/^form-data\b/i.test(disposition))
			throw new Error('multipart part without form-data disposition');
		const params = dispositionParams(disposition);
		const name = params.name ?? '';
		const data = body.subarray(dataStart, dataEnd);

		if (params.filename !== undefined) {
			result.files.push({
				isFile: true,
				field: name,
				filename: params.filename,
				contentType: headers['content-type'] ?? 'text/plain',
				size: data.length,
				sha256: crypto.createHash('sha256').update(data).digest('hex'),
			});
		} else {
			result.fields.push([name, data.toString('utf8')]);
		}
		pos = dataEnd + separator.length;
		if (pos > body.length) throw new Error('multipart body truncated');
	}
}

/**
 * Whether a value is a container built by setField (null prototype), as opposed to a
 * string, an UploadedFile or a JSON value.
 * @param {unknown} value
 * @returns {value is Record<string, any>}
 */
function isContainer(value) {
	return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === null;
}

/**
 * PHP's rule for `name[]`: append after the largest integer key.
 * @param {Record<string, any>} container
 */
function nextIndex(container) {
	let next = 0;
	for (const key of Object.keys(container)) {
		if (/^\d+$/.test(key)) next = Math.max(next, Number(key) + 1);
	}
	return String(next);
}

/**
 * Store one form value under a PHP-style name: `a`, `a[]`, `a[0][b]`.
 * A repeated plain name keeps the last value, as PHP does.
 * @param {Record<string, any>} root
 * @param {string} name
 * @param {unknown} value
 */
function setField(root, name, value) {
	const open = name.indexOf('[');
	/** @type {string[]} */
	const keys = [];
	if (open > 0) {
		const rest = name.slice(open);
		const re = /\[([^[\]]*)\]/g;
		let consumed = 0;
		let match;
		while ((match = re.exec(rest)) && match.index === consumed) {
			keys.push(match[1]);
			consumed = re.lastIndex;
		}
		if (consumed !== rest.length) keys.length = 0; // not bracket syntax after all
	}
	if (keys.length === 0) {
		root[name] = value;
		return;
	}
	let node = root;
	let key = name.slice(0, open);
	for (const next of keys) {
		if (!isContainer(node[key])) node[key] = Object.create(null);
		node = node[key];
		key = next === '' ? nextIndex(node) : next;
	}
	node[key] = value;
}

/**
 * Build the nested input (like Laravel's `$request->all()`) from a parsed multipart body.
 * @param {MultipartResult} parsed
 * @returns {Record<string, any>}
 */
function toInput(parsed) {
	/** @type {Record<string, any>} */
	const input = Object.create(null);
	for (const [name, value] of parsed.fields) setField(input, name, value);
	for (const file of parsed.files) setField(input, file.field, file);
	return input;
}

module.exports = { parseMultipart, toInput, isContainer, boundaryOf };
