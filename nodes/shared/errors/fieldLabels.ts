/**
 * Platform field errors named by the node's parameter labels: the platform reports its wire
 * field names (`dependent_on`, `skills.0`), the user knows the labels ("Dependent On Task ID",
 * "Skills, entry 1"). Where no parameter matches, the platform's name is kept.
 */
import type { INodeProperties } from 'n8n-workflow';

export type FieldLabeler = (field: string) => string | undefined;

const normalized = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The parameters inside a collection or fixed collection. */
function childrenOf(property: INodeProperties): INodeProperties[] {
	if (property.type !== 'collection' && property.type !== 'fixedCollection') return [];
	return (property.options ?? []).flatMap((option) => {
		if ('values' in option && Array.isArray(option.values))
			return option.values as INodeProperties[];
		if ('type' in option) return [option as INodeProperties];
		return [];
	});
}

function descendantsOf(properties: INodeProperties[]): INodeProperties[] {
	return properties.flatMap((property) => {
		const children = childrenOf(property);
		return [...children, ...descendantsOf(children)];
	});
}

/**
 * Names a platform field error by the node's parameter labels where one matches
 * (`dependent_on` -> "Dependent On", `skills.0` -> "Skills, entry 1"); undefined otherwise.
 */
export function fieldLabeler(properties: INodeProperties[]): FieldLabeler {
	return (field) => {
		let candidates = properties;
		const labels: string[] = [];
		for (const segment of field
			.replace(/\[(\w*)\]/g, '.$1')
			.split('.')
			.filter(Boolean)) {
			if (/^\d+$/.test(segment)) {
				if (labels.length === 0) return undefined;
				labels.push(`entry ${Number(segment) + 1}`);
				continue;
			}
			const key = normalized(segment);
			const matches = (property: INodeProperties) =>
				normalized(property.name) === key || normalized(property.displayName) === key;
			// A field may sit inside a collection (Update Fields): look there when not at this level.
			const match = candidates.find(matches) ?? descendantsOf(candidates).find(matches);
			if (!match) return undefined;
			labels.push(match.displayName);
			candidates = childrenOf(match);
		}
		return labels.length ? labels.join(', ') : undefined;
	};
}
