/**
 * The credential's business keys: the default Business Key and the Additional Business Keys
 * field, read one way only. Apart from authenticate.ts so that the login (login.ts), which
 * authenticate.ts imports, can blank the keys out of its texts too.
 */
import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { credentialText } from './fields';
import { labelOf } from '../platform/credentialFields';
import { ParameterError } from '../platform/errors';

export const DEFAULT_BUSINESS = '';

/**
 * Business name -> business key, from the default Business Key (name '') and the
 * Additional Business Keys field: `name=key` pairs separated by commas or new lines. Entries
 * that cannot be read one way only are left out; `problem` names the first of them
 * (refuseUnreadableBusinessKeys).
 */
function readBusinessKeys(credentials: ICredentialDataDecryptedObject): {
	keys: Map<string, string>;
	problem?: ParameterError;
} {
	const keys = new Map<string, string>();
	const defaultKey = credentialText(credentials, 'businessKey');
	if (defaultKey) keys.set(DEFAULT_BUSINESS, defaultKey);
	const field = `The credential field "${labelOf('additionalBusinessKeys')}"`;
	const entries = credentialText(credentials, 'additionalBusinessKeys')
		.split(/[\n,]/)
		.map((entry) => entry.trim())
		.filter((entry) => entry !== '');
	let problem: ParameterError | undefined;
	entries.forEach((entry, index) => {
		const separator = entry.indexOf('=');
		const name = entry.slice(0, Math.max(0, separator)).trim();
		const key = entry.slice(separator + 1).trim();
		const which = `its entry ${index + 1} of ${entries.length}`;
		let refusal: string | undefined;
		// Never quote the entry: after a comma inside a key, it is the rest of that key.
		if (separator < 0)
			refusal = `has no "=" in ${which}: write name=key pairs separated by commas or new lines (a key cannot contain a comma or a line break)`;
		else if (!name) refusal = `has no business name before "=" in ${which}`;
		else if (!key) refusal = `has no key after "${name}=" in ${which}`;
		else if (keys.has(name))
			refusal = `names the business "${name}" twice: give each business once (or a key holds a comma, which it cannot)`;
		if (refusal) problem ??= new ParameterError(field, refusal);
		else keys.set(name, key);
	});
	return { keys, problem };
}

/** Business name -> business key; the default Business Key under the name ''. */
export function parseBusinessKeys(
	credentials: ICredentialDataDecryptedObject,
): Map<string, string> {
	return readBusinessKeys(credentials).keys;
}

/**
 * Refuses, naming the field, Additional Business Keys that cannot be read one way only: an
 * entry that is not name=key (what a key holding a comma leaves behind) and a name given
 * twice (which would silently act with one of its keys). A key holding a comma followed by
 * `x=y` cannot be told from two pairs: the field's description says keys hold no commas.
 */
export function refuseUnreadableBusinessKeys(credentials: ICredentialDataDecryptedObject): void {
	const { problem } = readBusinessKeys(credentials);
	if (problem) throw problem;
}
