// @ts-check
'use strict';

/**
 * Reading a request as the platform would see it, for the request log and the handlers:
 * its target split into module and path, its headers exactly as sent, and its body (read
 * up to a limit, parsed by content type: multipart, JSON or text).
 */

const { parseMultipart, toInput } = require('./multipart');

const EMPTY = Buffer.alloc(0);

/**
 * A recorded body, by kind. Each kind marks the other kinds' properties absent, so a test can
 * read `body.fields` or `body.value` and compare it without narrowing on `kind` first.
 * @typedef {{ field: string, filename: string, contentType: string, size: number, sha256: string }} RecordedFile
 * @typedef {{ value?: undefined, text?: undefined, fields?: undefined, files?: undefined }} NoBody
 * @typedef {Omit<NoBody, 'value'> & { kind: 'json', value: any }} JsonBody  `any`: whatever JSON was sent
 * @typedef {Omit<NoBody, 'text'> & { kind: 'text' | 'invalid', text: string }} TextBody
 * @typedef {Omit<NoBody, 'fields' | 'files'> & { kind: 'multipart', fields: Array<[string, string]>, files: RecordedFile[] }} MultipartBody
 * @typedef {(NoBody & { kind: 'empty' }) | JsonBody | TextBody | MultipartBody} RecordedBody
 *
 * @typedef {object} RecordedRequest  one entry of the request log
 * @property {number} seq                     arrival order, from 1
 * @property {number} receivedAt              arrival time (ms since the epoch, Date.now())
 * @property {string | null} operation        the endpoint's ENDPOINTS key ('getPayslip', 'listCategories', ...), 'login' or null (no route)
 * @property {string} method
 * @property {string} path                    after the module base, e.g. '/api/v1/skills'
 * @property {string | null} module
 * @property {Record<string, string>} query
 * @property {string} rawQuery
 * @property {Record<string, string>} headers keyed by the header name exactly as sent
 * @property {string[]} headerNames           names as sent, in order
 * @property {string | null} contentType
 * @property {RecordedBody} body
 * @property {number} status                  response status; 0 when the socket was destroyed
 * @property {import('./dispatch').BusinessName | null} business
 *
 * @typedef {{ record: RecordedBody, input: any, text: string, error?: string }} ParsedBody
 */

/**
 * The request target split at the module: '/hr/api/v1/skills?x=1' is module 'hr', path
 * '/api/v1/skills'. A first segment that is not a module leaves module null and the path whole.
 * @param {string} target
 * @param {readonly string[]} modules
 */
function splitTarget(target, modules) {
	const q = target.indexOf('?');
	const fullPath = q < 0 ? target : target.slice(0, q);
	const rawQuery = q < 0 ? '' : target.slice(q + 1);
	const slash = fullPath.indexOf('/', 1);
	const first = slash < 0 ? fullPath.slice(1) : fullPath.slice(1, slash);
	const module = modules.includes(first) ? first : null;
	const path = module ? (slash < 0 ? '/' : fullPath.slice(slash)) : fullPath;
	return { fullPath, rawQuery, module, path };
}

/**
 * Header names exactly as sent (node lowercases `req.headers`), in order; a repeated
 * header's values joined as HTTP joins them.
 * @param {string[]} raw req.rawHeaders
 */
function headersAsSent(raw) {
	/** @type {Record<string, string>} */
	const headers = {};
	/** @type {string[]} */
	const headerNames = [];
	for (let i = 0; i < raw.length; i += 2) {
		const name = raw[i];
		if (Object.hasOwn(headers, name)) headers[name] += `, ${raw[i + 1]}`;
		else {
			headers[name] = raw[i + 1];
			headerNames.push(name);
		}
	}
	return { headers, headerNames };
}

/**
 * @param {import('node:http').IncomingMessage} req
 * @param {number} limit
 * @returns {Promise<{ buffer: Buffer, tooLarge: boolean }>}
 */
function readBody(req, limit) {
	return new Promise((resolve, reject) => {
		/** @type {Buffer[]} */
		const chunks = [];
		let size = 0;
		let tooLarge = false;
		req.on('data', (chunk) => {
			size += chunk.length;
			if (size > limit) {
				tooLarge = true;
				chunks.length = 0;
			} else if (!tooLarge) chunks.push(chunk);
		});
		req.on('end', () =>
			resolve({
				buffer: tooLarge ? EMPTY : chunks.length === 1 ? chunks[0] : Buffer.concat(chunks),
				tooLarge,
			}),
		);
		req.on('error', reject);
		req.on('close', () => {
			if (!req.complete) reject(new Error('request aborted'));
		});
	});
}

/** @param {string | null} contentType */
function mimeOf(contentType) {
	return (contentType ?? '').split(';')[0].trim().toLowerCase();
}

/**
 * Describe the body for the request log and build the handler input.
 * @param {string | null} contentType
 * @param {Buffer} buffer
 * @returns {ParsedBody}
 */
function parseBody(contentType, buffer) {
	if (buffer.length === 0) return { record: { kind: 'empty' }, input: {}, text: '' };
	const mime = mimeOf(contentType);
	if (mime === 'multipart/form-data') {
		try {
			const parsed = parseMultipart(buffer, /** @type {string} */ (contentType));
			const files = parsed.files.map(({ field, filename, contentType: type, size, sha256 }) => ({
				field,
				filename,
				contentType: type,
				size,
				sha256,
			}));
			return {
				record: { kind: 'multipart', fields: parsed.fields, files },
				input: toInput(parsed),
				text: '',
			};
		} catch (error) {
			const text = buffer.toString('utf8');
			return {
				record: { kind: 'invalid', text },
				input: {},
				text,
				error: `Malformed multipart body: ${/** @type {Error} */ (error).message}.`,
			};
		}
	}
	const text = buffer.toString('utf8');
	if (mime === 'application/json' || mime.endsWith('+json')) {
		try {
			const value = JSON.parse(text);
			return { record: { kind: 'json', value }, input: value, text };
		} catch {
			return { record: { kind: 'invalid', text }, input: {}, text, error: 'Malformed JSON body.' };
		}
	}
	return { record: { kind: 'text', text }, input: {}, text };
}

/** First language of an Accept-Language / lang value: 'en', 'ar', or null if neither. @param {string | undefined} value */
function languageOf(value) {
	const code = (value ?? '').split(',')[0].trim().slice(0, 2).toLowerCase();
	return code === 'en' || code === 'ar' ? code : null;
}

module.exports = { splitTarget, headersAsSent, readBody, mimeOf, parseBody, languageOf };
