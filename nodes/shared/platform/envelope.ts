/**
 * The platform answers in one of three envelopes (ENVELOPES). They are unwrapped here and
 * nowhere else, whichever module answers; a `false` status on HTTP 200 is a failure.
 */
import type { IDataObject } from 'n8n-workflow';
import type { PlatformModule } from './credentialFields';

export const ENVELOPES = {
	data: '{ status, message, data }',
	response: '{ status, message, response }',
	success: '{ status_code, code, hint, success, data }',
} as const;

/**
 * The envelope each module's answers come in, as the spec observed them: most use `data`, HR
 * `response`, Management `success` (docs/platform-api.md is generated from this).
 */
export const MODULE_ENVELOPES: Partial<Record<PlatformModule, keyof typeof ENVELOPES>> = {
	accounting: 'data',
	ecommerce: 'data',
	calendar: 'data',
	hr: 'response',
	management: 'success',
};

export interface Unwrapped {
	ok: boolean;
	/** The platform's own message, when it gave one. */
	message?: string;
	/** The payload inside the envelope, or the whole body when it has no envelope. */
	data: unknown;
}

/** Whether a value is a record: a JSON object, not null, not a list. */
export function isRecord(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function messageOf(body: IDataObject): string | undefined {
	for (const candidate of [
		body.message,
		isRecord(body.data) ? body.data.message : undefined,
		body.hint,
	]) {
		if (typeof candidate === 'string' && candidate.trim() !== '') return candidate;
	}
	return undefined;
}

export function unwrapEnvelope(body: unknown): Unwrapped {
	if (!isRecord(body)) return { ok: true, data: body };
	if (typeof body.success === 'boolean' && 'status_code' in body) {
		return { ok: body.success, message: messageOf(body), data: body.data };
	}
	if (typeof body.status === 'boolean') {
		const data = 'response' in body ? body.response : 'data' in body ? body.data : undefined;
		return { ok: body.status, message: messageOf(body), data };
	}
	return { ok: true, data: body };
}

/** Where a value is in an answer: object keys and list positions, outermost first. */
export type KeyPath = ReadonlyArray<string | number>;

/**
 * A path as the output item shows it: the records of a list or of a page (`data: [...]`) are
 * items of their own, so a leading list position (and that `data`) is left out, and so are
 * the positions of lists inside a record; keys joined by dots (`lines.price`).
 */
export function fieldPath(path: KeyPath): string {
	const listAt = path.findIndex((key) => typeof key === 'number');
	const start = listAt === 0 || (listAt === 1 && path[0] === 'data') ? listAt + 1 : 0;
	return path
		.slice(start)
		.filter((key) => typeof key === 'string')
		.join('.');
}

/**
 * Copy-on-write walk of JSON data: drops object keys for which `dropKey` holds and maps
 * every string, told where it is (`path`, valid during the call only). Unchanged parts are
 * returned as they are, so clean pages cost no copies.
 */
export function mapLeaves<T>(
	value: T,
	dropKey: (key: string) => boolean,
	mapString: (text: string, path: KeyPath) => string,
	at: ReadonlyArray<string | number> = [],
): T {
	return mapAt(value, dropKey, mapString, [...at]);
}

function mapAt<T>(
	value: T,
	dropKey: (key: string) => boolean,
	mapString: (text: string, path: KeyPath) => string,
	path: Array<string | number>,
): T {
	if (typeof value === 'string') return mapString(value, path) as T;
	// Plain loops: this walks every answer, and a task's answer lists all its files.
	if (Array.isArray(value)) {
		let copy: unknown[] | undefined;
		for (let index = 0; index < value.length; index++) {
			const entry: unknown = value[index];
			path.push(index);
			const mapped = mapAt(entry, dropKey, mapString, path);
			path.pop();
			if (mapped !== entry) (copy ??= [...value])[index] = mapped;
		}
		return (copy ?? value) as T;
	}
	if (!isRecord(value)) return value;
	let copy: IDataObject | undefined;
	for (const key in value) {
		if (!Object.hasOwn(value, key)) continue;
		if (dropKey(key)) {
			copy ??= { ...value };
			delete copy[key];
			continue;
		}
		const entry = value[key];
		path.push(key);
		const mapped = mapAt(entry, dropKey, mapString, path);
		path.pop();
		if (mapped !== entry) (copy ??= { ...value })[key] = mapped as IDataObject[keyof IDataObject];
	}
	return (copy ?? value) as T;
}

/** One field error of an error body: the platform's field name and its messages, joined. */
export interface FieldError {
	field: string;
	message: string;
}

/**
 * Field errors from an error body: Laravel's `{ errors: { field: [messages] } }`, or an
 * array of `{ field, message }` (a plain string has no field).
 */
export function fieldErrorEntriesOf(body: unknown): FieldError[] {
	if (!isRecord(body)) return [];
	const errors = body.errors;
	if (Array.isArray(errors)) {
		return errors
			.map((entry): FieldError => {
				if (typeof entry === 'string') return { field: '', message: entry };
				if (!isRecord(entry)) return { field: '', message: '' };
				const field = entry.field ?? entry.name ?? entry.key;
				const message = entry.message ?? entry.error ?? entry.msg;
				return { field: field ? String(field) : '', message: String(message ?? '') };
			})
			.filter((entry) => entry.field !== '' || entry.message !== '');
	}
	if (isRecord(errors)) {
		return Object.entries(errors).map(([field, messages]) => {
			const list = Array.isArray(messages) ? messages.map(String) : [String(messages)];
			return { field, message: list.join(' ') };
		});
	}
	return [];
}

/** The value at a dotted path of a response body ('data.task'); undefined when absent. */
export function valueAt(body: unknown, path: string): unknown {
	let current: unknown = body;
	for (const key of path.split('.')) {
		if (!isRecord(current)) return undefined;
		current = current[key];
	}
	return current;
}

/**
 * The parts of an error body that errorMessageOf and fieldErrorEntriesOf read, and so the
 * only ones an error can quote: a text whole, of a record its messages and field errors.
 */
export function quotedPartsOf(body: unknown): unknown {
	if (typeof body === 'string') return body;
	if (!isRecord(body)) return undefined;
	const { message, hint, error, errors } = body;
	const data = isRecord(body.data) ? { message: body.data.message } : undefined;
	return { message, data, hint, error, errors };
}

/** The platform's message from an error body of any shape (JSON, text or HTML). */
export function errorMessageOf(body: unknown): string | undefined {
	if (isRecord(body)) {
		const message = messageOf(body) ?? (typeof body.error === 'string' ? body.error : undefined);
		if (message) return message;
	}
	if (typeof body === 'string') {
		// An HTML error page's title says what happened ("502 Bad Gateway"); its body repeats it.
		const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(body)?.[1];
		const text = (title && title.trim() ? title : body)
			.replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
			.replace(/<[^>]+>/g, ' ')
			.replace(/\s+/g, ' ')
			.trim();
		if (text) return text.length > 300 ? `${text.slice(0, 300)}…` : text;
	}
	return undefined;
}

/** A response body as JSON when it is JSON; `malformed` when it is text that does not parse. */
export function parseBody(body: unknown): { value: unknown; malformed: boolean } {
	if (Buffer.isBuffer(body)) body = body.toString('utf8');
	if (typeof body !== 'string') return { value: body, malformed: false };
	const text = body.trim();
	if (text === '') return { value: undefined, malformed: false };
	try {
		return { value: JSON.parse(text), malformed: false };
	} catch {
		return { value: body, malformed: true };
	}
}
