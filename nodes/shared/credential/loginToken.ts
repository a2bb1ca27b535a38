/**
 * Where the Log In credential keeps the token its login got, and whose it is: the hidden fields
 * n8n stores it in (platform/credentialFields.ts), the digest binding it to the login fields it
 * was got with, and which field the user-token headers carry with either credential type.
 */
import { createHmac } from 'crypto';
import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { CREDENTIAL_FIELDS, type CredentialField } from '../platform/credentialFields';

/** The hidden field n8n keeps the login's token in (typeOptions.expirable). */
export const LOGIN_TOKEN_FIELD = 'loginToken' satisfies CredentialField;

/** The hidden field binding the stored token to the login fields it was got with (loginTokenOwner). */
export const LOGIN_TOKEN_OWNER_FIELD = 'loginTokenFor' satisfies CredentialField;

/**
 * A setting of the unpublished login (the names it takes the identifier and password under,
 * where its answer holds the token): the field's value, or its default, an assumption.
 */
export function loginSetting(
	credentials: ICredentialDataDecryptedObject,
	field: 'loginIdentifierField' | 'loginPasswordField' | 'loginTokenPath',
): string {
	return String(credentials[field] ?? '').trim() || CREDENTIAL_FIELDS[field].default;
}

/**
 * The login fields a token is got with: Auth Base URL, identifier, password and where the login
 * takes and answers them. The same fields log in as the same user and give a token of theirs.
 */
export function loginIdentity(credentials: ICredentialDataDecryptedObject): string {
	const text = (field: CredentialField) => String(credentials[field] ?? '');
	return [
		text('authBaseUrl').trim(),
		text('loginIdentifier').trim(),
		text('loginPassword'),
		loginSetting(credentials, 'loginIdentifierField'),
		loginSetting(credentials, 'loginPasswordField'),
		loginSetting(credentials, 'loginTokenPath'),
	].join('\n');
}

/**
 * What is stored beside a token: a digest of the login fields (loginIdentity) keyed by the token
 * itself. A token stored for other fields (the user changed the password, the address or the
 * identifier) does not match it and is not used: the next run logs in afresh. The fields are
 * never stored twice, and without the token the digest tells nothing about the password.
 */
export function loginTokenOwner(
	credentials: ICredentialDataDecryptedObject,
	token: string,
): string {
	return createHmac('sha256', token).update(loginIdentity(credentials)).digest('base64');
}

/** Whether `token`, stored with `owner`, was got with the credential's login fields as they are now. */
export function tokenBelongsTo(
	credentials: ICredentialDataDecryptedObject,
	token: unknown,
	owner: unknown,
): token is string {
	return (
		typeof token === 'string' &&
		token !== '' &&
		typeof owner === 'string' &&
		owner === loginTokenOwner(credentials, token)
	);
}

/** Whether the credential gets its User Token by logging in: the Log In type's fixed field. */
export function logsIn(credentials: ICredentialDataDecryptedObject): boolean {
	return credentials.userTokenSource === 'login';
}

/** The credential field whose value the user-token headers carry. */
export function userTokenField(credentials: ICredentialDataDecryptedObject): string {
	return logsIn(credentials) ? LOGIN_TOKEN_FIELD : 'userToken';
}
