/**
 * The fields, test and look both credential types share (credentials/): the pasted-token
 * type and the Log In type differ only in how the User Token is got. Defined once here.
 */
import type { ICredentialTestRequest, INodeProperties } from 'n8n-workflow';

import { CREDENTIAL_TEST_HEADER, placeholderHeadersOf } from './authenticate';
import { CREDENTIAL_FIELD_LABELS, LANGUAGE_OPTIONS } from './fields';
import { credentialFieldUsage } from './usage';
import { REDIRECT_CODES } from '../platform/attempt';
import { ENDPOINTS } from '../platform/endpoints';
import { BASE_URL_REFUSED_CHARACTERS } from '../values/wire';

/** A field with its hint: which nodes use it, from the endpoint table. */
export const used = (property: INodeProperties): INodeProperties => {
	const hint = credentialFieldUsage(property.name);
	return hint ? { ...property, hint } : property;
};

/** The label a field has here and in every error that names it. */
export const label = (name: string): string => CREDENTIAL_FIELD_LABELS[name];

export const secret = (name: string, description: string): INodeProperties =>
	used({
		displayName: label(name),
		name,
		type: 'string',
		typeOptions: { password: true },
		default: '',
		description,
	});

const baseUrl = (name: string, description: string): INodeProperties =>
	used({
		displayName: label(name),
		name,
		type: 'string',
		default: '',
		// "Accounting Base URL" -> https://accounting.example.com
		placeholder: `e.g. https://${label(name).split(' ')[0].toLowerCase()}.example.com`,
		description: `${description} Leave empty if you do not use these operations`,
	});

const pathPrefix = (name: string, placeholder: string, url: string): INodeProperties =>
	used({
		displayName: label(name),
		name,
		type: 'string',
		default: '',
		placeholder: `e.g. ${placeholder}`,
		description: `The configured path segment(s) of the ${url} URL, as given by the platform support team`,
	});

/**
 * The fields every user fills first: the keys. Field names are a contract; a credential type
 * orders its fields as keys, how it gets the User Token, then PLATFORM_FIELDS.
 */
export const KEY_FIELDS: INodeProperties[] = [
	secret('apiKey', 'Issued by the platform support team. Sent as the apikey header.'),
	secret(
		'apiConnection',
		'Connection type value issued by the platform support team. Sent as the apiconnection header.',
	),
	secret(
		'businessKey',
		'Business-specific key issued by the platform support team; it selects the business every call acts for',
	),
	// A password field: it holds business keys, which are secrets.
	{
		displayName: label('additionalBusinessKeys'),
		name: 'additionalBusinessKeys',
		type: 'string',
		typeOptions: { password: true },
		default: '',
		placeholder: 'e.g. riyadh-store=KEY1, jeddah-store=KEY2',
		description:
			'Other businesses this credential may act for, as name=key pairs separated by commas or new lines; each name once, and a key cannot contain a comma. A node picks one by name with its Business option; the Business Key above is used otherwise.',
		hint: 'Optional. Used by every node whose Business option names one of these businesses.',
	},
];

/** The ids, module addresses, path prefixes and language, after the User Token's fields. */
export const PLATFORM_FIELDS: INodeProperties[] = [
	secret(
		'clientUuid',
		'Client identifier issued by the platform support team. Sent as the uuid header.',
	),
	secret('platformKey', 'Issued by the platform support team. Sent as the platform-key header.'),
	used({
		displayName: label('platform'),
		name: 'platform',
		type: 'string',
		default: '',
		description: 'Platform name, sent as the platform header',
	}),
	baseUrl('accountingBaseUrl', 'Address of the Accounting module.'),
	baseUrl('calendarBaseUrl', 'Address of the Calendar module.'),
	baseUrl('ecommerceBaseUrl', 'Address of the Ecommerce module; the Test button lists news there.'),
	baseUrl('hrBaseUrl', 'Address of the HR module.'),
	baseUrl('managementBaseUrl', 'Address of the Management module (workspaces and tasks).'),
	pathPrefix('categoriesPathPrefix', 'api/v1/ecomm_categories', 'category update'),
	pathPrefix('favoritesPathPrefix', 'api/v1/favorites', 'favourite toggle'),
	{
		displayName: label('language'),
		name: 'language',
		type: 'options',
		options: LANGUAGE_OPTIONS,
		default: 'en',
		description:
			'Language of platform messages for operations that accept one; a node option can override it per operation',
	},
];

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
