/**
 * Both credential types' panels (credentials/), built from the fields table
 * (platform/credentialFields.ts), and the test they share: the pasted-token type and the Log In
 * type differ only in how the User Token is got.
 */
import type { ICredentialTestRequest, INodeProperties } from 'n8n-workflow';

import { CREDENTIAL_TEST_HEADER, placeholderHeadersOf } from './authenticate';
import { LANGUAGE_OPTIONS } from './fields';
import { credentialFieldUsage } from './usage';
import { REDIRECT_CODES } from '../platform/attempt';
import {
	CREDENTIAL_FIELDS,
	type CredentialField,
	type CredentialFieldRow,
	type CredentialPanel,
} from '../platform/credentialFields';
import { ENDPOINTS } from '../platform/endpoints';
import { BASE_URL_REFUSED_CHARACTERS } from '../values/wire';

/** A field's hint: which nodes use it (from the endpoint table), then its own. */
function hintOf(field: CredentialField, row: CredentialFieldRow): string {
	const usage = credentialFieldUsage(row.forUserToken ? 'userToken' : field);
	return [usage, row.hint].filter(Boolean).join(' ');
}

/** One field of the fields table as a credential panel shows it. */
function fieldProperty(field: CredentialField): INodeProperties {
	const row: CredentialFieldRow = CREDENTIAL_FIELDS[field];
	const type = row.type === 'language' ? 'options' : row.type ? 'hidden' : 'string';
	const property: INodeProperties = { displayName: row.label, name: field, type, default: '' };
	if (row.type === 'expirable') property.typeOptions = { expirable: true, password: true };
	else if (row.secret || row.masked) property.typeOptions = { password: true };
	if (row.type === 'language') property.options = LANGUAGE_OPTIONS;
	if (row.default !== undefined) property.default = row.default;
	if (row.placeholder) property.placeholder = row.placeholder;
	if (row.description) property.description = row.description;
	const hint = row.type ? '' : hintOf(field, row);
	if (hint) property.hint = hint;
	return property;
}

/**
 * The fields one part of the panel shows, in the table's order. Field names are a contract;
 * a credential type orders its fields as keys, how it gets the User Token, then the platform's.
 */
export function panelFields(panel: CredentialPanel): INodeProperties[] {
	return (Object.keys(CREDENTIAL_FIELDS) as CredentialField[])
		.filter((field) => CREDENTIAL_FIELDS[field].panel === panel)
		.map(fieldProperty);
}

/** What the Test button checks, and what it leaves to the first run; `first` is what it does first, if anything. */
export function testNotice(first = ''): INodeProperties {
	return {
		displayName: `The Test button lists one news item: it checks the Ecommerce Base URL, API Key, API Connection and Business Key.${first} The other fields are checked by the first run of an operation that uses them, whose error names the field to fix.`,
		name: 'testNotice',
		type: 'notice',
		default: '',
	};
}

/**
 * The test's base URL: the Ecommerce Base URL, or none where it holds a character the URL
 * parser reads as more than an address (as the nodes refuse it: toBaseUrl). With none, n8n
 * fails the test as ERR_INVALID_URL before sending anything; the nodes' first run names the
 * field. (An expression cannot fail with its own message here: n8n turns a throw into no value.)
 */
const TEST_BASE_URL = `={{ /${BASE_URL_REFUSED_CHARACTERS.source}/.test($credentials.ecommerceBaseUrl) ? "" : String($credentials.ecommerceBaseUrl).trim().replace(/\\/+$/, "") }}`;

/**
 * The test lists one news item (listNews, E16): it proves the Ecommerce Base URL and the keys most
 * operations share (API Key, API Connection, Business Key). n8n's verification rules allow
 * only a declarative test, so the other modules are not part of it.
 */
export const CREDENTIAL_TEST: ICredentialTestRequest = {
	request: {
		baseURL: TEST_BASE_URL,
		// Never n8n's redirects, which would carry the keys to any host (README: Security).
		disableFollowRedirect: true,
		url: ENDPOINTS.listNews.path,
		method: ENDPOINTS.listNews.method,
		qs: { per_page: 1 },
		headers: { ...placeholderHeadersOf('listNews'), [CREDENTIAL_TEST_HEADER]: '1' },
	},
	// n8n checks responseCode rules on an error answer and responseSuccessBody rules on a
	// 2xx answer, in one list; its type allows only one kind per list, hence the cast.
	rules: [
		{
			type: 'responseCode',
			properties: {
				value: 401,
				message:
					'The platform refused the keys: check API Key, API Connection and Business Key (the test lists news at the Ecommerce Base URL)',
			},
		},
		{
			type: 'responseCode',
			properties: {
				value: 403,
				message:
					'The platform refused access: check that API Key, API Connection and Business Key belong to the same business',
			},
		},
		{
			type: 'responseCode',
			properties: {
				value: 404,
				message: 'Nothing answers at the Ecommerce Base URL: check it (the test lists news there)',
			},
		},
		...REDIRECT_CODES.map((value) => ({
			type: 'responseCode' as const,
			properties: {
				value,
				message:
					'The Ecommerce Base URL redirects elsewhere: put the address it redirects to in the field (the test, like the nodes, never follows a redirect, so that the keys are not sent to another host)',
			},
		})),
		...[500, 502, 503, 504].map((value) => ({
			type: 'responseCode' as const,
			properties: {
				value,
				message:
					'The platform at the Ecommerce Base URL failed with a server error: check the address, or try again later',
			},
		})),
		{
			type: 'responseSuccessBody',
			properties: {
				key: 'status',
				value: false,
				message:
					'The platform answered but refused: check API Key, API Connection and Business Key (the test lists news at the Ecommerce Base URL)',
			},
		},
	] as unknown as ICredentialTestRequest['rules'],
};
