/**
 * The one table of the credential's fields: each field's name, label, panel text and what it
 * carries to the platform (a credential header, a module's base URL, a path prefix). Everything
 * else is derived from it: the endpoint table's header sources and modules (endpoints.ts), the
 * run's checked credential (transport/runCredential.ts), Custom API Call's credential headers
 * (customApiCall/headerProfiles.ts), the secrets (credential/fields.ts) and both credential
 * types' panels (credential/properties.ts).
 *
 * It sits at the bottom layer because endpoints.ts, also here, names its header sources and
 * modules by it. Field names, labels (display names), types and defaults are a public contract:
 * saved credentials hold values by name (test/contract.test.js, test/panel.test.js).
 */

/** Where a credential type's panel shows a field (credential/properties.ts orders them so). */
export type CredentialPanel = 'keys' | 'pastedToken' | 'login' | 'platform';

export interface CredentialFieldRow {
	/** The field's display name, and the name every error gives it. */
	label: string;
	panel: CredentialPanel;
	/** A secret: a password field whose value never appears in output, errors or logs. */
	secret?: true;
	/** A password field whose value is not blanked as a whole: its parts are, or it is a digest. */
	masked?: true;
	/**
	 * A secret the platform's description calls an identifier: blanked out of error texts and
	 * hints, but not hunted in item data, where the same short value is ordinary data (docs/reliability.md).
	 */
	identifier?: true;
	/** Carried by credential headers (endpoints.ts `credentialHeaders`). */
	header?: true;
	/** The platform module whose base URL the field holds. */
	baseUrlOf?: string;
	/** The configured path prefix the field fills (`{categories}` in a path). */
	pathPrefix?: string;
	/** `hidden`: set by the type itself, never shown; `expirable`: n8n's login token field. */
	type?: 'hidden' | 'expirable' | 'language';
	default?: string;
	placeholder?: string;
	description?: string;
	/** A hint of its own; fields the endpoint table uses get which nodes use them (credential/usage.ts). */
	hint?: string;
	/** A login field: its hint names the nodes that send the user token it gets. */
	forUserToken?: true;
}

/** The login's path under the Auth Base URL ({auth_url}/api/login in the platform's spec). */
export const LOGIN_PATH = '/api/login';

/** A login setting's hint: its default is an assumption about the unpublished login. */
const assumed = (value: string) =>
	`"${value}" is an assumption: the platform does not publish its login. Change it if its login differs.`;

const baseUrl = <Module extends string>(module: Module, label: string, what: string) =>
	({
		label,
		panel: 'platform',
		baseUrlOf: module,
		placeholder: `e.g. https://${module}.example.com`,
		description: `${what} Leave empty if you do not use these operations`,
	}) as const satisfies CredentialFieldRow;

const pathPrefix = <Name extends string>(name: Name, label: string, example: string, url: string) =>
	({
		label,
		panel: 'platform',
		pathPrefix: name,
		placeholder: `e.g. ${example}`,
		description: `The configured path segment(s) of the ${url} URL, as given by the platform support team`,
	}) as const satisfies CredentialFieldRow;

/** Every field, in the panels' order: keys, how the User Token is got, then the platform's fields. */
export const CREDENTIAL_FIELDS = {
	apiKey: {
		label: 'API Key',
		panel: 'keys',
		secret: true,
		header: true,
		description: 'Issued by the platform support team. Sent as the apikey header.',
	},
	apiConnection: {
		label: 'API Connection',
		panel: 'keys',
		secret: true,
		// "The connection type value is a short string" (the platform's description).
		identifier: true,
		header: true,
		description:
			'Connection type value issued by the platform support team. Sent as the apiconnection header.',
	},
	businessKey: {
		label: 'Business Key',
		panel: 'keys',
		secret: true,
		header: true,
		description:
			'Business-specific key issued by the platform support team; it selects the business every call acts for',
	},
	// Its keys are secrets, each blanked out on its own (credential/businessKeys.ts).
	additionalBusinessKeys: {
		label: 'Additional Business Keys',
		panel: 'keys',
		masked: true,
		placeholder: 'e.g. riyadh-store=KEY1, jeddah-store=KEY2',
		description:
			'Other businesses this credential may act for, as name=key pairs separated by commas or new lines; each name once, and a key cannot contain a comma. A node picks one by name with its Business option; the Business Key above is used otherwise.',
		hint: 'Optional. Used by every node whose Business option names one of these businesses.',
	},
	userToken: {
		label: 'User Token',
		panel: 'pastedToken',
		secret: true,
		header: true,
		description: "Token of the platform user the calls act as, from the platform's login",
		hint: 'It stops working when the platform expires it: paste a new one, or set the node\'s Authentication to "Log In", whose credential logs in by itself.',
	},
	// How the Log In type gets its User Token, for the code both types share (credential/login.ts logsIn).
	userTokenSource: {
		label: 'User Token Source',
		panel: 'login',
		type: 'hidden',
		default: 'login',
	},
	authBaseUrl: {
		label: 'Auth Base URL',
		panel: 'login',
		forUserToken: true,
		placeholder: 'e.g. https://auth.example.com',
		description: `Address of the platform's login ({auth_url}): the credential posts to this address + ${LOGIN_PATH}`,
	},
	loginIdentifier: {
		label: 'Login Identifier',
		panel: 'login',
		forUserToken: true,
		placeholder: 'e.g. name@example.com',
		description: 'The email address (or other login name) of the platform user the calls act as',
	},
	loginPassword: {
		label: 'Login Password',
		panel: 'login',
		secret: true,
		forUserToken: true,
		description: 'Password of that platform user',
	},
	loginIdentifierField: {
		label: 'Login Identifier Field',
		panel: 'login',
		default: 'email',
		description: 'Name of the JSON field the login identifier is sent under',
		hint: assumed('email'),
	},
	loginPasswordField: {
		label: 'Login Password Field',
		panel: 'login',
		default: 'password',
		description: 'Name of the JSON field the password is sent under',
		hint: assumed('password'),
	},
	loginTokenPath: {
		label: 'Login Token Path',
		panel: 'login',
		default: 'data.token',
		description: "Where the token is in the login's JSON answer, as field names joined by dots",
		hint: assumed('data.token'),
	},
	// The login's token: n8n runs preAuthentication whenever it is empty and stores the result
	// encrypted with the credential; a node empties it to renew the token.
	loginToken: { label: 'Login Token', panel: 'login', type: 'expirable', secret: true },
	// A digest of the login fields the stored token was got with (password included), keyed by
	// the token (credential/login.ts loginTokenOwner): a token of other fields is not used.
	loginTokenFor: { label: 'Login Token For', panel: 'login', type: 'hidden', masked: true },
	clientUuid: {
		label: 'Client UUID',
		panel: 'platform',
		secret: true,
		// "A client identifier string" (the platform's description).
		identifier: true,
		header: true,
		description: 'Client identifier issued by the platform support team. Sent as the uuid header.',
	},
	platformKey: {
		label: 'Platform Key',
		panel: 'platform',
		secret: true,
		header: true,
		description: 'Issued by the platform support team. Sent as the platform-key header.',
	},
	platform: {
		label: 'Platform',
		panel: 'platform',
		header: true,
		description: 'Platform name, sent as the platform header',
	},
	accountingBaseUrl: baseUrl(
		'accounting',
		'Accounting Base URL',
		'Address of the Accounting module.',
	),
	calendarBaseUrl: baseUrl('calendar', 'Calendar Base URL', 'Address of the Calendar module.'),
	ecommerceBaseUrl: baseUrl(
		'ecommerce',
		'Ecommerce Base URL',
		'Address of the Ecommerce module; the Test button lists news there.',
	),
	hrBaseUrl: baseUrl('hr', 'HR Base URL', 'Address of the HR module.'),
	managementBaseUrl: baseUrl(
		'management',
		'Management Base URL',
		'Address of the Management module (workspaces and tasks).',
	),
	categoriesPathPrefix: pathPrefix(
		'categories',
		'Categories Path Prefix',
		'api/v1/ecomm_categories',
		'category update',
	),
	favoritesPathPrefix: pathPrefix(
		'favorites',
		'Favorites Path Prefix',
		'api/v1/favorites',
		'favourite toggle',
	),
	language: {
		label: 'Default Language',
		panel: 'platform',
		type: 'language',
		default: 'en',
		description:
			'Language of platform messages for operations that accept one; a node option can override it per operation',
	},
} as const satisfies Record<string, CredentialFieldRow>;

export type CredentialField = keyof typeof CREDENTIAL_FIELDS;

type Rows = typeof CREDENTIAL_FIELDS;

/** Credential fields that a header can carry. `businessKey` is resolved per business. */
export type CredentialHeaderSource = {
	[Field in CredentialField]: Rows[Field] extends { header: true } ? Field : never;
}[CredentialField];

/** The platform's modules, each with a base URL field. */
export type PlatformModule = {
	[Field in CredentialField]: Rows[Field] extends { baseUrlOf: infer Module } ? Module : never;
}[CredentialField];

/** The configured path prefixes (`{categories}`, `{favorites}` in the spec). */
export type PathPrefixName = {
	[Field in CredentialField]: Rows[Field] extends { pathPrefix: infer Name } ? Name : never;
}[CredentialField];

const ROWS = Object.entries(CREDENTIAL_FIELDS) as Array<[CredentialField, CredentialFieldRow]>;

/** The fields headers carry, in the table's order. */
export const HEADER_FIELDS = ROWS.filter(([, row]) => row.header).map(
	([field]) => field as CredentialHeaderSource,
);

/** Credential fields that hold one platform module's base URL. */
export const MODULE_BASE_URL_FIELDS = Object.fromEntries(
	ROWS.filter(([, row]) => row.baseUrlOf).map(([field, row]) => [row.baseUrlOf, field]),
) as Record<PlatformModule, CredentialField>;

/** Configured path prefixes and their credential fields. */
export const PATH_PREFIX_FIELDS = Object.fromEntries(
	ROWS.filter(([, row]) => row.pathPrefix).map(([field, row]) => [row.pathPrefix, field]),
) as Record<PathPrefixName, CredentialField>;

/** The label of a field, as its panel and every error show it. */
export function labelOf(field: CredentialField): string {
	return CREDENTIAL_FIELDS[field].label;
}
