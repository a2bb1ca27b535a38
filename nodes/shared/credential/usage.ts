/** The hint under each credential field: which nodes and operations use it, from the endpoint table. */
import {
	MODULE_BASE_URL_FIELDS,
	PATH_PREFIX_FIELDS,
	type CredentialHeaderSource,
	type PlatformModule,
} from '../platform/credentialFields';
import { ENDPOINTS, type Endpoint, type EndpointId } from '../platform/endpoints';
import { list } from '../values/text';

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
