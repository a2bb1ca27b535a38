/**
 * Header Profiles of Custom API Call: one per distinct credential-header set in the
 * endpoint table (the spec's authentication table), so every header spelling keeps its one
 * home in endpoints.ts. A profile names the operation whose headers it reuses by its
 * ENDPOINTS key; the other operations with the same header set are found, not listed.
 */
import {
	HEADER_FIELDS,
	labelOf,
	type CredentialHeaderSource,
	type PlatformModule,
} from '../platform/credentialFields';
import { ENDPOINTS, type Endpoint, type EndpointId } from '../platform/endpoints';

interface ProfileDefinition {
	/** Parameter value: a public contract, never renamed. */
	value: string;
	name: string;
	/** An endpoint that sends exactly this profile's headers. */
	endpoint: EndpointId;
}

/** The nine header sets of the spec's authentication table. */
const PROFILE_DEFINITIONS: ProfileDefinition[] = [
	{ value: 'salesQuote', name: 'Accounting Sales Quote', endpoint: 'updateSalesQuote' },
	{ value: 'ecommerce', name: 'Ecommerce', endpoint: 'listNews' },
	{ value: 'ecommerceUser', name: 'Ecommerce With User Token', endpoint: 'updateCategory' },
	{ value: 'district', name: 'Ecommerce District', endpoint: 'getDistrict' },
	{
		value: 'management',
		name: 'Project Management and Customer/Supplier Branch',
		endpoint: 'deleteWorkspace',
	},
	{ value: 'hrSkill', name: 'HR Skills', endpoint: 'createSkill' },
	{ value: 'hrPayslip', name: 'HR Payslip', endpoint: 'getPayslip' },
	{ value: 'addAccount', name: 'Accounting Add Account', endpoint: 'createCashBankAccount' },
	{ value: 'calendar', name: 'Calendar', endpoint: 'listCalendars' },
];

/** Profile value that sends no profile headers, only the Credential Headers list. */
export const NO_PROFILE = 'none';

export interface HeaderProfile {
	value: string;
	name: string;
	/** Exact header name -> credential field. */
	credentialHeaders: Record<string, CredentialHeaderSource>;
	/** The language header this header set's operations use, if any. */
	languageHeader?: 'Accept-Language' | 'lang';
	/** Titles of the table's endpoints that send exactly these headers, e.g. Delete Workspace, Update Task. */
	operations: string[];
	/** Modules those operations belong to. */
	modules: PlatformModule[];
}

const TABLE: Endpoint[] = Object.values(ENDPOINTS);

/** A header set's identity: its names and the fields they carry, in a fixed order. */
export function headerSetKey(headers: Record<string, CredentialHeaderSource>): string {
	return Object.entries(headers)
		.map(([name, source]) => `${name}=${source}`)
		.sort()
		.join('\n');
}

function buildProfile(definition: ProfileDefinition): HeaderProfile {
	const representative = ENDPOINTS[definition.endpoint];
	const key = headerSetKey(representative.credentialHeaders);
	const members = TABLE.filter((endpoint) => headerSetKey(endpoint.credentialHeaders) === key);
	return {
		value: definition.value,
		name: definition.name,
		credentialHeaders: { ...representative.credentialHeaders },
		languageHeader: members.find((endpoint) => endpoint.languageHeader)?.languageHeader,
		operations: members.map((endpoint) => endpoint.title),
		modules: [...new Set(members.map((endpoint) => endpoint.module))],
	};
}

export const HEADER_PROFILES: HeaderProfile[] = PROFILE_DEFINITIONS.map(buildProfile);

export function headerProfile(value: string): HeaderProfile | undefined {
	return HEADER_PROFILES.find((profile) => profile.value === value);
}

/** Every header name that carries a credential value in the table, lower-cased. */
export const CREDENTIAL_HEADER_NAMES: ReadonlySet<string> = new Set(
	TABLE.flatMap((endpoint) => Object.keys(endpoint.credentialHeaders)).map((name) =>
		name.toLowerCase(),
	),
);

/** Credential fields a custom header may carry, by their labels in alphabetical order (the picker's). */
export const CREDENTIAL_HEADER_SOURCES: Array<{ name: string; value: CredentialHeaderSource }> =
	HEADER_FIELDS.map((value) => ({ name: labelOf(value), value })).sort((a, b) =>
		a.name.localeCompare(b.name),
	);

/**
 * Each module's default Header Profile, pinned: n8n saves a parameter only where it differs
 * from its default, so a saved Custom API Call that kept the default runs with whatever the
 * default is now. Derived from the operations (the profile most of them use), it moved when
 * one was added: a payslip-headed HR operation turned HR's from hrSkill to hrPayslip.
 */
const DEFAULT_PROFILES: Record<PlatformModule, string> = {
	accounting: 'management',
	calendar: 'calendar',
	ecommerce: 'ecommerce',
	hr: 'hrSkill',
	management: 'management',
};

/** The profiles whose operations belong to `module`, its pinned default first (the default). */
export function profilesOf(module: PlatformModule): HeaderProfile[] {
	const profiles = HEADER_PROFILES.filter((profile) => profile.modules.includes(module));
	const pinned = profiles.find((profile) => profile.value === DEFAULT_PROFILES[module]);
	if (!pinned) throw new Error(`No header profile ${DEFAULT_PROFILES[module]} in module ${module}`);
	return [pinned, ...profiles.filter((profile) => profile !== pinned)];
}
