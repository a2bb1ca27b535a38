import type {
	IAuthenticate,
	Icon,
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IDataObject,
	IHttpRequestHelper,
	INodeProperties,
} from 'n8n-workflow';

import { CREDENTIAL_FIELD_LABELS, LANGUAGE_OPTIONS } from '../nodes/shared/credential/fields';
import {
	placeholderHeadersOf,
	fillCredentialHeaders,
} from '../nodes/shared/credential/authenticate';
import {
	LOGIN_DEFAULTS,
	LOGIN_PATH,
	LOGIN_TOKEN_FIELD,
	LOGIN_TOKEN_OWNER_FIELD,
	USER_TOKEN_SOURCES,
	logIn,
} from '../nodes/shared/credential/login';
import { credentialFieldUsage } from '../nodes/shared/credential/usage';
import { REDIRECT_CODES } from '../nodes/shared/platform/attempt';
import { ENDPOINTS } from '../nodes/shared/platform/endpoints';
import { BASE_URL_REFUSED_CHARACTERS } from '../nodes/shared/values/wire';

/** A field with its hint: which nodes use it, from the endpoint table. */
const used = (property: INodeProperties): INodeProperties => {
	const hint = credentialFieldUsage(property.name);
	return hint ? { ...property, hint } : property;
};

/** The label a field has here and in every error that names it. */
const label = (name: string): string => CREDENTIAL_FIELD_LABELS[name];

const secret = (name: string, description: string): INodeProperties =>
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
		description: `${description} Leave empty if you do not use these operations.`,
	});

/** Shown only when the credential logs in for its User Token. */
const whenLoggingIn = { show: { userTokenSource: ['login'] } };

/** The nodes that send the user token: the login's fields serve them. */
const LOGIN_HINT = `With "Log In". ${credentialFieldUsage('userToken')}`;

/** A login setting whose default is an assumption about the unpublished login (README: User Token). */
const loginSetting = (name: keyof typeof LOGIN_DEFAULTS, description: string): INodeProperties => ({
	displayName: label(name),
	name,
	type: 'string',
	default: LOGIN_DEFAULTS[name],
	displayOptions: whenLoggingIn,
	description,
	hint: `"${LOGIN_DEFAULTS[name]}" is an assumption: the platform does not publish its login. Change it if its login differs.`,
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
 * The test's base URL: the Ecommerce Base URL, or none where it holds a character the URL
 * parser reads as more than an address (as the nodes refuse it: toBaseUrl). With none, n8n
 * fails the test as ERR_INVALID_URL before sending anything; the nodes' first run names the
 * field. (An expression cannot fail with its own message here: n8n turns a throw into no value.)
 */
const TEST_BASE_URL = `={{ /${BASE_URL_REFUSED_CHARACTERS.source}/.test($credentials.ecommerceBaseUrl) ? "" : String($credentials.ecommerceBaseUrl).trim().replace(/\\/+$/, "") }}`;

export class BusinessPlatformApi implements ICredentialType {
	// A literal, not CREDENTIAL_TYPE: the lint's credential rules read only literals here.
	name = 'businessPlatformApi';

	displayName = 'Business Platform API';

	icon: Icon = {
		light: 'file:../icons/businessPlatform.svg',
		dark: 'file:../icons/businessPlatform.dark.svg',
	};

	documentationUrl = 'https://github.com/business-platform/n8n-nodes-business-platform#credentials';

	// Ordered by what every user needs first: the keys, then the token and ids, then the
	// module addresses, then the path prefixes; field names are a contract, only the order moves.
	properties: INodeProperties[] = [
		secret('apiKey', 'Issued by the platform support team. Sent as the apikey header.'),
		secret(
			'apiConnection',
			'Connection type value issued by the platform support team. Sent as the apiconnection header.',
		),
		secret(
			'businessKey',
			'Business-specific key issued by the platform support team; it selects the business every call acts for',
		),
		// The field holds business keys, which are secrets; the rule only knows generic secret words.
		// eslint-disable-next-line @n8n/community-nodes/credential-unnecessary-password
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
		// A choice of how the token is got, not a secret; the rule reads "token" in the name.
		// eslint-disable-next-line @n8n/community-nodes/credential-password-field
		{
			displayName: label('userTokenSource'),
			name: 'userTokenSource',
			type: 'options',
			options: USER_TOKEN_SOURCES,
			default: 'paste',
			hint: credentialFieldUsage('userToken'),
			description:
				"How the credential gets the User Token: one you paste (it stops working when the platform expires it), or by logging in with a platform user's login, which it repeats by itself whenever the platform refuses an expired token",
		},
		{
			...secret(
				'userToken',
				"Token of the platform user the calls act as, from the platform's login",
			),
			displayOptions: { show: { userTokenSource: ['paste'] } },
		},
		{
			displayName: label('authBaseUrl'),
			name: 'authBaseUrl',
			type: 'string',
			default: '',
			placeholder: 'e.g. https://auth.example.com',
			displayOptions: whenLoggingIn,
			description: `Address of the platform's login ({auth_url}): the credential posts to this address + ${LOGIN_PATH}`,
			hint: LOGIN_HINT,
		},
		{
			displayName: label('loginIdentifier'),
			name: 'loginIdentifier',
			type: 'string',
			default: '',
			placeholder: 'e.g. name@example.com',
			displayOptions: whenLoggingIn,
			description: 'The email address (or other login name) of the platform user the calls act as',
			hint: LOGIN_HINT,
		},
		{
			...secret('loginPassword', 'Password of that platform user'),
			displayOptions: whenLoggingIn,
			hint: LOGIN_HINT,
		},
		loginSetting(
			'loginIdentifierField',
			'Name of the JSON field the login identifier is sent under',
		),
		loginSetting('loginPasswordField', 'Name of the JSON field the password is sent under'),
		loginSetting(
			'loginTokenPath',
			"Where the token is in the login's JSON answer, as field names joined by dots",
		),
		{
			// The login's token: n8n runs preAuthentication whenever it is empty and stores the
			// result encrypted with the credential; a node empties it to renew the token.
			displayName: 'Login Token',
			name: LOGIN_TOKEN_FIELD,
			type: 'hidden',
			typeOptions: { expirable: true, password: true },
			default: '',
		},
		{
			// Whose login the stored token is (Auth Base URL and Login Identifier): a token of
			// another user is not used.
			displayName: 'Login Token For',
			name: LOGIN_TOKEN_OWNER_FIELD,
			type: 'hidden',
			typeOptions: { password: true },
			default: '',
		},
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
		baseUrl(
			'ecommerceBaseUrl',
			'Address of the Ecommerce module; the Test button lists news there.',
		),
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
		{
			displayName:
				'The Test button lists one news item: it checks the Ecommerce Base URL, API Key, API Connection and Business Key. With User Token Source "Log In" it logs in first, which checks the login fields. The other fields are checked by the first run of an operation that uses them, whose error names the field to fix.',
			name: 'testNotice',
			type: 'notice',
			default: '',
		},
	];

	// Each operation presets the exact header names it needs; this fills in their values.
	authenticate: IAuthenticate = fillCredentialHeaders;

	// With User Token Source "Log In": n8n calls this when the Login Token is empty (first use,
	// or emptied by a node after the platform refused it) and stores what it returns.
	async preAuthentication(
		this: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
	): Promise<IDataObject> {
		return await logIn(this, credentials);
	}

	// The test lists one news item (listNews, E16): it proves the Ecommerce Base URL and the keys most
	// operations share (API Key, API Connection, Business Key). n8n's verification rules allow
	// only a declarative test here, so the other modules are not part of it.
	test: ICredentialTestRequest = {
		request: {
			baseURL: TEST_BASE_URL,
			// Never n8n's redirects, which would carry the keys to any host (README: Security).
			disableFollowRedirect: true,
			url: ENDPOINTS.listNews.path,
			method: ENDPOINTS.listNews.method,
			qs: { per_page: 1 },
			headers: placeholderHeadersOf('listNews'),
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
					message:
						'Nothing answers at the Ecommerce Base URL: check it (the test lists news there)',
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
}
