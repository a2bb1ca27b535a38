import type {
	IAuthenticate,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';

import { LANGUAGE_OPTIONS, credentialHeadersOf, fillCredentialHeaders } from '../nodes/shared/credentialFields';
import { OPERATIONS } from '../nodes/shared/operations';

const secret = (displayName: string, name: string, description: string): INodeProperties => ({
	displayName,
	name,
	type: 'string',
	typeOptions: { password: true },
	default: '',
	description,
});

const baseUrl = (moduleName: string, name: string, description: string): INodeProperties => ({
	displayName: `${moduleName} Base URL`,
	name,
	type: 'string',
	default: '',
	placeholder: `https://${moduleName.toLowerCase()}.example.com`,
	description: `${description} Leave empty if you do not use the ${moduleName} node.`,
});

export class BusinessPlatformApi implements ICredentialType {
	// A literal, not CREDENTIAL_TYPE: the lint's credential rules read only literals here.
	name = 'businessPlatformApi';

	displayName = 'Business Platform API';

	icon: Icon = {
		light: 'file:../icons/businessPlatform.svg',
		dark: 'file:../icons/businessPlatform.dark.svg',
	};

	documentationUrl =
		'https://github.com/business-platform/n8n-nodes-business-platform#credentials';

	properties: INodeProperties[] = [
		secret('API Key', 'apiKey', 'Issued by the platform support team. Sent as the apikey header.'),
		secret(
			'API Connection',
			'apiConnection',
			'Connection type value issued by the platform support team. Sent as the apiconnection header.',
		),
		secret(
			'Business Key',
			'businessKey',
			'Business-specific key issued by the platform support team; it selects the business every call acts for.',
		),
		// The field holds business keys, which are secrets; the rule only knows generic secret words.
		// eslint-disable-next-line @n8n/community-nodes/credential-unnecessary-password
		{
			displayName: 'Additional Business Keys',
			name: 'additionalBusinessKeys',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			placeholder: 'riyadh-store=KEY1, jeddah-store=KEY2',
			description:
				'Other businesses this credential may act for, as name=key pairs separated by commas or new lines. A node picks one by name with its Business option; the Business Key above is used otherwise.',
		},
		secret(
			'User Token',
			'userToken',
			"Token of the platform user the calls act as, from the platform's login. Needed by sales quotes, categories, favourites, catalog comments, branches, workspaces, tasks, skills and calendars.",
		),
		secret(
			'Client UUID',
			'clientUuid',
			'Client identifier required by the HR operations (skills, payslips). Sent as the uuid header.',
		),
		secret('Platform Key', 'platformKey', 'Needed by sales quotes. Sent as the platform-key header.'),
		{
			displayName: 'Platform',
			name: 'platform',
			type: 'string',
			default: '',
			description: 'Platform name sent with sales quotes (platform header)',
		},
		{
			displayName: 'Default Language',
			name: 'language',
			type: 'options',
			options: LANGUAGE_OPTIONS,
			default: 'en',
			description:
				'Language of platform messages for operations that accept one; a node option can override it per operation',
		},
		baseUrl('Accounting', 'accountingBaseUrl', 'Sales quotes, cash/bank accounts and customer/supplier branches.'),
		baseUrl('Ecommerce', 'ecommerceBaseUrl', 'Categories, orders, favourites, districts, news, catalog comments, audit sessions and inventory transfers.'),
		baseUrl('HR', 'hrBaseUrl', 'Skills and payslips.'),
		baseUrl('Calendar', 'calendarBaseUrl', 'Business calendars.'),
		baseUrl('Management', 'managementBaseUrl', 'Workspaces and tasks (the base URL of operations given as a path only).'),
		{
			displayName: 'Categories Path Prefix',
			name: 'categoriesPathPrefix',
			type: 'string',
			default: '',
			placeholder: 'api/v1/ecomm_categories',
			description:
				'The configured {categories} path segment(s) of the category update URL, as given by the platform support team',
		},
		{
			displayName: 'Favorites Path Prefix',
			name: 'favoritesPathPrefix',
			type: 'string',
			default: '',
			placeholder: 'api/v1/favorites',
			description:
				'The configured {favorites} path segment(s) of the favourite toggle URL, as given by the platform support team',
		},
	];

	// Each operation presets the exact header names it needs; this fills in their values.
	authenticate: IAuthenticate = fillCredentialHeaders;

	// The test lists one news item (listNews, E16): it proves the Ecommerce Base URL and the keys most
	// operations share (API Key, API Connection, Business Key). n8n's verification rules allow
	// only a declarative test here, so the other modules are not part of it.
	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{ String($credentials.ecommerceBaseUrl).replace(/\\/+$/, "") }}',
			url: OPERATIONS.listNews.path,
			method: OPERATIONS.listNews.method,
			qs: { per_page: 1 },
			headers: credentialHeadersOf('listNews'),
		},
		rules: [
			{
				type: 'responseCode',
				properties: {
					value: 401,
					message: 'The platform refused the API Key, API Connection or Business Key',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 403,
					message: 'The platform refused access with these API Key, API Connection and Business Key',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 404,
					message: 'Nothing answers at the Ecommerce Base URL: check it (the test lists news there)',
				},
			},
		],
	};
}
