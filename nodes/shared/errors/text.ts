/**
 * The small text builders of the package's messages: the values an item gave filled into an
 * endpoint's wording and the labels it names, quoted labels, a header name found as a whole word,
 * the tries, durations. Pure functions (test/unit/errorText.test.js); lists as a sentence are in
 * values/text.ts.
 */
import type { PathParam } from '../platform/endpoints';

/** What the item asked for: the path parameters as the user gave them, and its business. */
export interface ErrorSubject {
	pathParams?: Record<string, PathParam>;
	business?: string;
}

/** A template of the endpoint table ("get payslip {payslip_id}") with the values the user gave. */
export function fill(template: string, subject: ErrorSubject): string {
	return template.replace(/\{(\w+)\}/g, (_, name: string) =>
		String(subject.pathParams?.[name]?.value ?? '').trim(),
	);
}

/** The parameter labels of the path parameters a template names ("Payslip ID"). */
export function labelsIn(template: string, subject: ErrorSubject): string[] {
	return [...template.matchAll(/\{(\w+)\}/g)].map(
		([, name]) => subject.pathParams?.[name]?.label ?? name,
	);
}

export const quoted = (labels: string[]) => labels.map((label) => `"${label}"`);

const isWordCharacter = (character: string | undefined) =>
	character !== undefined && /[\w-]/.test(character);

/**
 * Whether `text` holds `word` on its own (not inside a longer name), ignoring case. Plain text
 * search: a header name is the user's text (Custom API Call), never a pattern.
 */
export function namesWord(text: string, word: string): boolean {
	const haystack = text.toLowerCase();
	const needle = word.toLowerCase();
	for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) {
		if (!isWordCharacter(haystack[at - 1]) && !isWordCharacter(haystack[at + needle.length]))
			return true;
	}
	return false;
}

/** " (tried 3 times)" after a message, when there was more than one attempt. */
export const tried = (tries: number) => (tries > 1 ? ` (tried ${tries} times)` : '');

/** 950 ms, 1.5 s. */
export function duration(ms: number): string {
	return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 100) / 10} s`;
}
