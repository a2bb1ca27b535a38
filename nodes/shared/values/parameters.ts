/**
 * Pure checks and coercion of parameter values, used by operations (and by the transport for
 * the values it reads itself). They throw ParameterError naming the parameter; the node turns
 * it into a NodeOperationError that also names the item, before any request leaves.
 */
import { ParameterError } from '../platform/errors';

/** A value quoted for a message, cut at 60 characters. */
export function show(value: unknown): string {
	const text = typeof value === 'string' ? value : JSON.stringify(value);
	return JSON.stringify(text && text.length > 60 ? `${text.slice(0, 60)}…` : text);
}

/** Nothing given: undefined, null or only white space. */
/** A whole number of at least 1 (rounded down), else `fallback`: for settings and saved state that fall back quietly. */
export function positiveIntegerOr(value: unknown, fallback: number): number {
	return typeof value === 'number' && Number.isFinite(value) && value >= 1
		? Math.floor(value)
		: fallback;
}

export function isBlank(value: unknown): boolean {
	return (
		value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
	);
}

export function requireValue(value: unknown, parameter: string): unknown {
	if (isBlank(value)) throw new ParameterError(parameter, 'is required');
	return value;
}

export function requireString(value: unknown, parameter: string): string {
	requireValue(value, parameter);
	if (typeof value !== 'string' && typeof value !== 'number') {
		throw new ParameterError(parameter, `must be text, got ${show(value)}`);
	}
	return String(value).trim();
}

/** A whole number given as a number or digits; returned as its decimal text. */
export function requireInteger(
	value: unknown,
	parameter: string,
	options: { min?: number } = {},
): string {
	requireValue(value, parameter);
	const text =
		typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
	if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(Number(text))) {
		throw new ParameterError(parameter, `must be a whole number, got ${show(value)}`);
	}
	const min = options.min ?? 0;
	if (Number(text) < min)
		throw new ParameterError(parameter, `must be ${min} or more, got ${text}`);
	return String(Number(text));
}

/**
 * The platform's code for an option value, e.g. `{ percentage: '0', amount: '1' }`; the
 * value is matched without case or surrounding spaces. `accepted` names the values in errors.
 */
export function requireCode<Code extends string>(
	value: unknown,
	codes: Record<string, Code>,
	parameter: string,
	accepted: string,
): Code {
	const code =
		codes[
			String(value ?? '')
				.trim()
				.toLowerCase()
		];
	if (code === undefined)
		throw new ParameterError(parameter, `must be ${accepted}, got ${JSON.stringify(value)}`);
	return code;
}

export function optionalInteger(value: unknown, parameter: string): string | undefined {
	return isBlank(value) ? undefined : requireInteger(value, parameter);
}

/** A decimal number given as a number or text; returned as text. */
export function requireNumber(value: unknown, parameter: string): string {
	requireValue(value, parameter);
	const text =
		typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
	if (!/^-?(\d+(\.\d+)?|\.\d+)$/.test(text) || !Number.isFinite(Number(text))) {
		throw new ParameterError(parameter, `must be a number, got ${show(value)}`);
	}
	return text;
}

/** A 0/1 flag from a boolean, 0/1 or '0'/'1'. */
export function requireFlag(value: unknown, parameter: string): '0' | '1' {
	if (value === true || value === 1 || value === '1') return '1';
	if (value === false || value === 0 || value === '0') return '0';
	throw new ParameterError(parameter, `must be 0 or 1 (or true/false), got ${show(value)}`);
}

const DATE_TIME =
	/^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** A Luxon DateTime, which n8n gives for a date parameter set to an expression like `{{ $now }}`. */
function isDateTimeObject(value: unknown): value is { toISO(): string | null } {
	return (
		typeof value === 'object' &&
		value !== null &&
		typeof (value as { toISO?: unknown }).toISO === 'function'
	);
}

function parseDateTime(value: unknown, parameter: string, expected: string) {
	// toISO() writes the date and time in the DateTime's own zone (the workflow's), as the user sees them.
	const text =
		typeof value === 'string' ? value.trim() : isDateTimeObject(value) ? (value.toISO() ?? '') : '';
	const match = DATE_TIME.exec(text);
	if (!match)
		throw new ParameterError(parameter, `must be a date as ${expected}, got ${show(value)}`);
	const [year, month, day, hour = 0, minute = 0, second = 0] = match
		.slice(1)
		.map((part) => (part === undefined ? undefined : Number(part))) as number[];
	// Rebuild in UTC to reject impossible dates such as 2024-02-30; no time zone is applied.
	const check = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
	if (
		check.getUTCFullYear() !== year ||
		check.getUTCMonth() !== month - 1 ||
		check.getUTCDate() !== day ||
		hour > 23 ||
		minute > 59 ||
		second > 59
	) {
		throw new ParameterError(parameter, `is not a real date or time, got ${show(value)}`);
	}
	return { text, hasTime: match[4] !== undefined };
}

/**
 * YYYY-MM-DD from a date or n8n's date-picker value (`2024-05-01T00:00:00`). The date part
 * is taken as written: converting through a time zone could move it to another day.
 */
export function requireDate(value: unknown, parameter: string): string {
	requireValue(value, parameter);
	return parseDateTime(value, parameter, 'YYYY-MM-DD').text.slice(0, 10);
}

export function optionalDate(value: unknown, parameter: string): string | undefined {
	return isBlank(value) ? undefined : requireDate(value, parameter);
}

/** YYYY-MM-DD HH:MM:SS from that form or an ISO date-time, taken as written (no time zone shift). */
export function requireTimestamp(value: unknown, parameter: string): string {
	requireValue(value, parameter);
	const { text, hasTime } = parseDateTime(value, parameter, 'YYYY-MM-DD HH:MM:SS');
	if (!hasTime)
		throw new ParameterError(parameter, `needs a time as YYYY-MM-DD HH:MM:SS, got ${show(value)}`);
	const time = text.slice(11, 19);
	return `${text.slice(0, 10)} ${time.length === 5 ? `${time}:00` : time}`;
}

/** Parses a JSON parameter that may already be an object or array (expressions yield both). */
export function parseJson(value: unknown, parameter: string): unknown {
	if (typeof value !== 'string') return value;
	let parsed: { value: unknown } | { error: string };
	try {
		parsed = { value: JSON.parse(value) };
	} catch (error) {
		parsed = { error: (error as Error).message };
	}
	if ('error' in parsed) throw new ParameterError(parameter, `is not valid JSON: ${parsed.error}`);
	return parsed.value;
}
