/**
 * The credential types and which one a node uses, the languages, the secret fields (from the
 * fields table, platform/credentialFields.ts) and how a field's value is read.
 */
import type { ICredentialDataDecryptedObject, INode } from 'n8n-workflow';

import { logsIn } from './loginToken';
import { CREDENTIAL_FIELDS, type CredentialField } from '../platform/credentialFields';

/**
 * The two credential types, one per way of getting the User Token: pasted, or by logging in
 * (credentials/). Logging in needs an expirable field, which n8n's Engine 2.0 preview refuses
 * in a type whatever its values: a type of its own keeps pasted-token users out of it.
 */
export const CREDENTIAL_TYPES = {
	paste: 'businessPlatformApi',
	login: 'businessPlatformLogInApi',
} as const;

/**
 * The types' display names, as the editor's Credential dropdown shows them and errors name them
 * (credentials/ spells them as literals, which the lint reads; test/unit/credential.test.js
 * holds the two to each other).
 */
export const CREDENTIAL_DISPLAY_NAMES = {
	paste: 'Business Platform API',
	login: 'Business Log In API',
} as const;

/** The display name of the credential type whose values these are. */
export function credentialDisplayNameOf(credentials: ICredentialDataDecryptedObject): string {
	return CREDENTIAL_DISPLAY_NAMES[logsIn(credentials) ? 'login' : 'paste'];
}

/** The nodes' Authentication options, keyed as CREDENTIAL_TYPES; pasting is the default. */
export const AUTHENTICATION_OPTIONS = [
	{ name: 'Paste a Token', value: 'paste' },
	{ name: 'Log In', value: 'login' },
];

/** The credential type a node uses, from its Authentication parameter (saved only when not the default). */
export function credentialTypeOf(node: INode): string {
	return node.parameters?.authentication === 'login'
		? CREDENTIAL_TYPES.login
		: CREDENTIAL_TYPES.paste;
}

/** The languages the platform localises its messages in: the credential's default and the node option. */
export const LANGUAGE_OPTIONS = [
	{ name: 'Arabic', value: 'ar' },
	{ name: 'English', value: 'en' },
];

/** Fields whose values are secrets: they never appear in errors, hints or logs. */
export const SECRET_FIELDS: readonly CredentialField[] = (
	Object.keys(CREDENTIAL_FIELDS) as CredentialField[]
).filter((field) => 'secret' in CREDENTIAL_FIELDS[field]);

/** The secrets hunted in item data too: all but the identifiers (credentialFields.ts `identifier`). */
export const DATA_SECRET_FIELDS: readonly CredentialField[] = SECRET_FIELDS.filter(
	(field) => !('identifier' in CREDENTIAL_FIELDS[field]),
);

/**
 * A credential field's value as the nodes use it, read here and nowhere else: trimmed, since
 * a pasted key often carries a space or line break, which HTTP drops from a header value
 * anyway (so the platform sees, and may echo, the trimmed value: redaction looks for that).
 */
export function credentialText(credentials: ICredentialDataDecryptedObject, field: string): string {
	const value = credentials[field];
	return value === undefined || value === null ? '' : String(value).trim();
}

/** The language platform messages come in: the credential's Default Language, or its default when empty. */
export function credentialLanguage(credentials: ICredentialDataDecryptedObject): string {
	return credentialText(credentials, 'language') || CREDENTIAL_FIELDS.language.default;
}
