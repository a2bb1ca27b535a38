/**
 * The one table of what each platform operation sends: module, method, path, exact header
 * spellings, body kind and retry class. Keyed by what the operation does: the key is the
 * endpoint's one name in code, sandbox and tests; `specCode` only links it to the spec (E1..E16). Nothing else in the package spells
 * a header name or a path. The credential fields a header or address carries are named in
 * credentialFields.ts.
 */
import type { CredentialHeaderSource, PlatformModule } from './credentialFields';

/** A path parameter's value and the parameter label that names it in errors. */
export interface PathParam {
	value: unknown;
	label: string;
}

/** How a path parameter is validated before it is encoded into the URL. */
export type PathParamType = 'integer' | 'string' | 'customerSupplierType';

export type BodyKind = 'none' | 'json' | 'multipart' | 'text';

/**
 * Which failures may be retried:
 * - read: nothing changes on the platform, retry on 429, 5xx, timeouts, connection errors;
 * - setValue: sets fields to given values, so repeating it is harmless: retried like a read;
 * - create: adds, toggles or may create something, retried only when the platform surely
 *   did not act (connection refused, 429, 503 with Retry-After).
 */
export type RetryClass = 'read' | 'setValue' | 'create';

export interface Endpoint {
	/** The platform spec's reference (E1..E16), shown only in docs/platform-api.md; none for a request the spec only mentions. */
	specCode?: string;
	title: string;
	module: PlatformModule;
	method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
	/** `{name}` is a path parameter, or a configured prefix when named in credentialFields.ts. */
	path: string;
	pathParams: Record<string, PathParamType>;
	/** Exact header name -> the credential field it carries. */
	credentialHeaders: Record<string, CredentialHeaderSource>;
	/** Header that carries the language (en/ar), where the operation accepts one. */
	languageHeader?: 'Accept-Language' | 'lang';
	/** Protocol headers the spec lists with a fixed value. */
	fixedHeaders?: Record<string, string>;
	body: BodyKind;
	retry: RetryClass;
	/**
	 * What the operation does, in the user's words, for error messages ("get payslip
	 * {payslip_id}": a `{name}` is replaced by the value the user gave for that path parameter).
	 */
	does: string;
	/** The record a 404 means is missing ("payslip {payslip_id}"); absent when the path names none. */
	record?: string;
	/**
	 * Where the spec marks the payload of a success answer required ('data', 'response',
	 * 'data.task'): an answer without it fails the item instead of giving an empty output.
	 */
	requiredPayload?: string;
}

const JSON_ACCEPT = { Accept: 'application/json' };

/** The ecommerce module's credential headers (spec: Authentication), and with the user token. */
const ECOMMERCE_HEADERS: Record<string, CredentialHeaderSource> = {
	apikey: 'apiKey',
	apiconnection: 'apiConnection',
	'secure-business-key': 'businessKey',
};
const ECOMMERCE_USER_HEADERS: Record<string, CredentialHeaderSource> = {
	...ECOMMERCE_HEADERS,
	userToken: 'userToken',
};

export const ENDPOINTS = {
	updateSalesQuote: {
		specCode: 'E1',
		title: 'Update Sales Quote',
		module: 'accounting',
		method: 'POST',
		path: '/api/v4/sales_quote/{quote_id}',
		pathParams: { quote_id: 'integer' },
		credentialHeaders: {
			'secure-business-key': 'businessKey',
			'platform-key': 'platformKey',
			platform: 'platform',
			apikey: 'apiKey',
			userToken: 'userToken',
		},
		languageHeader: 'Accept-Language',
		body: 'multipart',
		retry: 'create',
		does: 'update sales quote {quote_id}',
		record: 'sales quote {quote_id}',
	},
	updateCategory: {
		specCode: 'E2',
		title: 'Update Category',
		module: 'ecommerce',
		method: 'POST',
		path: '/{categories}/{category_id}',
		pathParams: { category_id: 'integer' },
		credentialHeaders: ECOMMERCE_USER_HEADERS,
		body: 'multipart',
		retry: 'setValue',
		does: 'update category {category_id}',
		record: 'category {category_id}',
	},
	/** Not one of E1..E16: the categories list the spec names as the source of parent ids. */
	listCategories: {
		title: 'List Categories',
		module: 'ecommerce',
		method: 'GET',
		path: '/api/v1/ecomm_categories',
		pathParams: {},
		credentialHeaders: ECOMMERCE_HEADERS,
		body: 'none',
		retry: 'read',
		does: 'list the categories',
	},
	getOrder: {
		specCode: 'E3',
		title: 'Get Order',
		module: 'ecommerce',
		method: 'GET',
		path: '/api/v2/order_details/{order_id}',
		pathParams: { order_id: 'integer' },
		credentialHeaders: ECOMMERCE_HEADERS,
		languageHeader: 'Accept-Language',
		body: 'none',
		retry: 'read',
		does: 'get order {order_id}',
		record: 'order {order_id}',
	},
	toggleFavorite: {
		specCode: 'E4',
		title: 'Toggle Favorite',
		module: 'ecommerce',
		method: 'PUT',
		path: '/{favorites}/store_and_delete/{catalog_id}',
		pathParams: { catalog_id: 'integer' },
		credentialHeaders: ECOMMERCE_USER_HEADERS,
		languageHeader: 'Accept-Language',
		body: 'text',
		retry: 'create',
		does: 'toggle catalog item {catalog_id} in the favourites',
		record: 'catalog item {catalog_id}',
	},
	getDistrict: {
		specCode: 'E5',
		title: 'Get District',
		module: 'ecommerce',
		method: 'GET',
		path: '/api/user_districts/{district_id}',
		pathParams: { district_id: 'integer' },
		credentialHeaders: { apikey: 'apiKey', apiconnection: 'apiConnection' },
		body: 'none',
		retry: 'read',
		does: 'get district {district_id}',
		record: 'district {district_id}',
		requiredPayload: 'data',
	},
	deleteWorkspace: {
		specCode: 'E6',
		title: 'Delete Workspace',
		module: 'management',
		method: 'POST',
		path: '/api/v1/workspaces/delete/{id}',
		pathParams: { id: 'integer' },
		credentialHeaders: { 'user-token': 'userToken', 'secure-business-key': 'businessKey' },
		languageHeader: 'Accept-Language',
		fixedHeaders: JSON_ACCEPT,
		body: 'json',
		retry: 'create',
		does: 'delete workspace {id}',
		record: 'workspace {id}',
	},
	createSkill: {
		specCode: 'E7',
		title: 'Create Skill',
		module: 'hr',
		method: 'POST',
		path: '/api/v1/skills',
		pathParams: {},
		credentialHeaders: {
			user_token: 'userToken',
			secure_business_key: 'businessKey',
			uuid: 'clientUuid',
		},
		body: 'json',
		retry: 'create',
		does: 'create the skill',
		requiredPayload: 'response',
	},
	getCustomerSupplierBranch: {
		specCode: 'E8',
		title: 'Get Customer/Supplier Branch',
		module: 'accounting',
		method: 'GET',
		path: '/api/v5/customers-suppliers/{type}/{uuid}/branches/{branch_uuid}',
		pathParams: { type: 'customerSupplierType', uuid: 'string', branch_uuid: 'string' },
		credentialHeaders: { 'user-token': 'userToken', 'secure-business-key': 'businessKey' },
		languageHeader: 'lang',
		body: 'none',
		retry: 'read',
		does: 'get customer/supplier branch {branch_uuid}',
		record: 'branch {branch_uuid} of customer/supplier {uuid}',
	},
	createCashBankAccount: {
		specCode: 'E9',
		title: 'Create Cash/Bank Account',
		module: 'accounting',
		method: 'POST',
		path: '/api/add_account_v2',
		pathParams: {},
		credentialHeaders: { apikey: 'apiKey', secure_business_key: 'businessKey' },
		body: 'json',
		retry: 'create',
		does: 'create the cash/bank account',
	},
	updateTask: {
		specCode: 'E10',
		title: 'Update Task',
		module: 'management',
		method: 'POST',
		path: '/api/v1/tasks/update/{id}',
		pathParams: { id: 'integer' },
		credentialHeaders: { 'user-token': 'userToken', 'secure-business-key': 'businessKey' },
		languageHeader: 'Accept-Language',
		fixedHeaders: JSON_ACCEPT,
		body: 'multipart',
		retry: 'create',
		does: 'update task {id}',
		record: 'task {id}',
		requiredPayload: 'data.task',
	},
	listCalendars: {
		specCode: 'E11',
		title: 'List Calendars',
		module: 'calendar',
		method: 'POST',
		path: '/api/v2/all_business_calendars_list',
		pathParams: {},
		credentialHeaders: { user_token: 'userToken', secure_business_key: 'businessKey' },
		body: 'multipart',
		retry: 'read',
		does: 'list the calendars',
	},
	updateCatalogComment: {
		specCode: 'E12',
		title: 'Update Catalog Comment',
		module: 'ecommerce',
		method: 'POST',
		path: '/api/v1/catalog-comments/{comment_id}',
		pathParams: { comment_id: 'integer' },
		credentialHeaders: ECOMMERCE_USER_HEADERS,
		body: 'multipart',
		retry: 'setValue',
		does: 'update catalog comment {comment_id}',
		record: 'catalog comment {comment_id}',
	},
	updateAuditSessionItem: {
		specCode: 'E13',
		title: 'Update Audit Session Item',
		module: 'ecommerce',
		method: 'PATCH',
		path: '/api/v1/audit-sessions/update-session-item/{audit_item_id}',
		pathParams: { audit_item_id: 'integer' },
		credentialHeaders: ECOMMERCE_HEADERS,
		body: 'text',
		retry: 'setValue',
		does: 'update audit session item {audit_item_id}',
		record: 'audit session item {audit_item_id}',
	},
	createInventoryTransferItem: {
		specCode: 'E14',
		title: 'Create Inventory Transfer Item',
		module: 'ecommerce',
		method: 'POST',
		path: '/api/v1/inventory_trancfered_items',
		pathParams: {},
		credentialHeaders: ECOMMERCE_HEADERS,
		body: 'multipart',
		retry: 'create',
		does: 'create the inventory transfer item',
	},
	getPayslip: {
		specCode: 'E15',
		title: 'Get Payslip',
		module: 'hr',
		method: 'GET',
		path: '/api/v1/payslips/{payslip_id}',
		pathParams: { payslip_id: 'integer' },
		credentialHeaders: { uuid: 'clientUuid', secure_business_key: 'businessKey' },
		body: 'none',
		retry: 'read',
		does: 'get payslip {payslip_id}',
		record: 'payslip {payslip_id}',
		requiredPayload: 'response',
	},
	listNews: {
		specCode: 'E16',
		title: 'List News',
		module: 'ecommerce',
		method: 'GET',
		path: '/api/v1/news',
		pathParams: {},
		credentialHeaders: ECOMMERCE_HEADERS,
		body: 'none',
		retry: 'read',
		does: 'list the news',
	},
} as const satisfies Record<string, Endpoint>;

export type EndpointId = keyof typeof ENDPOINTS;

/** A key of ENDPOINTS, or an endpoint built at run time (Custom API Call's method, path and headers). */
export type EndpointRef = EndpointId | Endpoint;

export function endpointOf(ref: EndpointRef): Endpoint {
	return typeof ref === 'string' ? ENDPOINTS[ref] : ref;
}
