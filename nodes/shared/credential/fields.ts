import type { ICredentialDataDecryptedObject, IHttpRequestOptions } from 'n8n-workflow';

import {
	MODULE_BASE_URL_FIELDS,
	ENDPOINTS,
	PATH_PREFIX_FIELDS,
	type CredentialHeaderSource,
	type EndpointId,
	type Endpoint,
	type PlatformModule,
} from '../platform/endpoints';
import { list } from '../errors/text';

export const CREDENTIAL_TYPE = 'businessPlatformApi';

/** The languages the platform localises its messages in: the credential's default and the node option. */
export const LANGUAGE_OPTIONS = [
	{ name: 'Arabic', value: 'ar' },
	{ name: 'English', value: 'en' },
];

/** Labels of the credential fields, for error messages that tell the user what to fix. */
export const CREDENTIAL_FIELD_LABELS: Record<string, string> = {
	apiKey: 'API Key',
	apiConnection: 'API Connection',
	businessKey: 'Business Key',
	additionalBusinessKeys: 'Additional Business Keys',
	userToken: 'User Token',
	clientUuid: 'Client UUID',
	platformKey: 'Platform Key',
	platform: 'Platform',
	language: 'Default Language',
	accountingBaseUrl: 'Accounting Base URL',
	ecommerceBaseUrl: 'Ecommerce Base URL',
	hrBaseUrl: 'HR Base URL',
	calendarBaseUrl: 'Calendar Base URL',
	managementBaseUrl: 'Management Base URL',
	categoriesPathPrefix: 'Categories Path Prefix',
	favoritesPathPrefix: 'Favorites Path Prefix',
};

/** Fields whose values are secrets: they never appear in output, errors or logs. */
export const SECRET_FIELDS = [
	'apiKey',
	'apiConnection',
	'businessKey',
	'userToken',
	'clientUuid',
	'platformKey',
] as const;

/**
 * The node never sees secret values. It presets each credential header with a placeholder
 * naming the credential field (and, for the business key, the business), and the
 * credential's `authenticate` swaps placeholders for values. A placeholder that is not
 * swapped holds a NUL character, which Node's HTTP client refuses to send.
 */
const PLACEHOLDER_PREFIX = '\u0000business-platform-credential:';

export function credentialPlaceholder(
	source: CredentialHeaderSource | 'language',
	business = '',
): string {
	return `${PLACEHOLDER_PREFIX}${source}:${business}`;
}

export const DEFAULT_BUSINESS = '';

/**
 * Business name -> business key, from the default Business Key (name '') and the
 * Additional Business Keys field: `name=key` pairs separated by commas or new lines.
 */
export function parseBusinessKeys(
	credentials: ICredentialDataDecryptedObject,
): Map<string, string> {
	const keys = new Map<string, string>();
	const defaultKey = String(credentials.businessKey ?? '');
	if (defaultKey) keys.set(DEFAULT_BUSINESS, defaultKey);
	for (const entry of String(credentials.additionalBusinessKeys ?? '').split(/[\n,]/)) {
		const separator = entry.indexOf('=');
		if (separator < 1) continue;
		const name = entry.slice(0, separator).trim();
		const key = entry.slice(separator + 1).trim();
		if (name && key) keys.set(name, key);
	}
	return keys;
}

/** Resolves one placeholder; undefined when the credential has no value for it. */
function resolvePlaceholder(
	credentials: ICredentialDataDecryptedObject,
	placeholder: string,
): string | undefined {
	// Only the first colon ends the field name: a business name may hold colons itself ("shop:eu").
	const rest = placeholder.slice(PLACEHOLDER_PREFIX.length);
	const colon = rest.indexOf(':');
	const source = colon < 0 ? rest : rest.slice(0, colon);
	const business = colon < 0 ? '' : rest.slice(colon + 1);
	if (source === 'businessKey') return parseBusinessKeys(credentials).get(business);
	if (source === 'language') return String(credentials.language || 'en');
	const value = credentials[source];
	return value === undefined || value === '' ? undefined : String(value);
}

/** The credential's `authenticate`: fills the placeholders the transport preset. */
export async function fillCredentialHeaders(
	credentials: ICredentialDataDecryptedObject,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const headers = { ...(requestOptions.headers ?? {}) };
	for (const [name, value] of Object.entries(headers)) {
		if (typeof value !== 'string' || !value.startsWith(PLACEHOLDER_PREFIX)) continue;
		const resolved = resolvePlaceholder(credentials, value);
		if (resolved === undefined) {
			// The transport checks the credential before any request; this guards direct use.
			throw new Error(`The Business Platform credential has no value for header "${name}"`);
		}
		headers[name] = resolved;
	}
	return { ...requestOptions, headers };
}

/**
 * Headers for a request the credential itself sends (its test): the operation's credential
 * headers, preset with placeholders for `authenticate` to fill, as the transport does.
 */
export function credentialHeadersOf(operationId: EndpointId): Record<string, string> {
	const headers: Record<string, string> = {};
	for (const [name, source] of Object.entries(ENDPOINTS[operationId].credentialHeaders)) {
		headers[name] = credentialPlaceholder(source);
	}
	return headers;
}

/** The node that serves each platform module's operations (the endpoint table's `module`). */
const MODULE_NODES: Record<PlatformModule, string> = {
	accounting: 'Accounting',
	calendar: 'Calendar',
	ecommerce: 'Ecommerce',
	hr: 'HR',
	management: 'Projects',
};

/** The Ecommerce Trigger polls the news list (E16) with the same fields as that operation. */
const TRIGGER_OPERATION: EndpointId = 'listNews';

/** Whether an operation needs a credential field: as a header, as its base URL or as a path prefix. */
function needs(endpoint: Endpoint, field: string): boolean {
	if (Object.values(endpoint.credentialHeaders).includes(field as CredentialHeaderSource))
		return true;
	if (MODULE_BASE_URL_FIELDS[endpoint.module] === field) return true;
	return Object.entries(PATH_PREFIX_FIELDS).some(
		([name, prefix]) => prefix === field && endpoint.path.includes(`{${name}}`),
	);
}

/**
 * Which nodes use a credential field, from the endpoint table: "Used by the Ecommerce node
 * (all but Get District) and the Ecommerce Trigger." Shown as the field's hint.
 */
export function credentialFieldUsage(field: string): string {
	const parts: string[] = [];
	for (const [module, node] of Object.entries(MODULE_NODES) as Array<[PlatformModule, string]>) {
		const moduleEndpoints: Endpoint[] = Object.values(ENDPOINTS).filter(
			(endpoint) => endpoint.module === module,
		);
		const using = moduleEndpoints.filter((endpoint) => needs(endpoint, field));
		if (using.length === 0) continue;
		const titles = (endpoints: Endpoint[]) =>
			[...new Set(endpoints.map((endpoint) => endpoint.title))].join(', ');
		const notUsing = moduleEndpoints.filter((endpoint) => !needs(endpoint, field));
		if (notUsing.length === 0) parts.push(`the ${node} node`);
		else if (using.length > notUsing.length)
			parts.push(`the ${node} node (all but ${titles(notUsing)})`);
		else parts.push(`the ${node} node (${titles(using)})`);
	}
	if (needs(ENDPOINTS[TRIGGER_OPERATION], field)) parts.push('the Ecommerce Trigger');
	return parts.length ? `Used by ${list(parts)}.` : '';
}
