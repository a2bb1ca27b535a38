import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { asPickerError } from '../../shared/errors/itemErrors';
import { startRun } from '../../shared/transport/run';
import { categoryTitle, descriptionsOf, fetchCategories } from '../categories';

/** "Electronics / Phones": the titles of the category's ancestors and its own. */
function pathTitle(
	category: IDataObject,
	byId: Map<string, IDataObject>,
	language: string,
): string {
	const titles = [categoryTitle(category, language)];
	const seen = new Set([String(category.id)]);
	for (
		let parent = byId.get(String(category.parent));
		parent;
		parent = byId.get(String(parent.parent))
	) {
		if (seen.has(String(parent.id))) break; // a cycle in the data must not hang the picker
		seen.add(String(parent.id));
		titles.unshift(categoryTitle(parent, language));
	}
	return titles.join(' / ');
}

function matches(category: IDataObject, name: string, filter: string): boolean {
	if (!filter) return true;
	const texts = [
		name,
		String(category.id),
		String(category.alias ?? ''),
		...descriptionsOf(category).map((d) => d.title),
	];
	return texts.some((text) => text.toLowerCase().includes(filter));
}

/** Business set as a plain value in Options (an expression needs an item: default business then). */
function businessOf(context: ILoadOptionsFunctions): string | undefined {
	const options = context.getCurrentNodeParameter('options') as IDataObject | undefined;
	const business = options?.business;
	return typeof business === 'string' && !business.startsWith('=') ? business : undefined;
}

/** The Category ID and Parent Category pickers: the business's categories, filtered by the search text. */
export async function searchCategories(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	try {
		const run = await startRun(this);
		const language = run.credential.language;
		const categories = await fetchCategories.call(this, run, 0, businessOf(this));
		const byId = new Map(categories.map((category) => [String(category.id), category]));
		const search = (filter ?? '').trim().toLowerCase();
		const results = categories
			.map((category) => ({
				category,
				name: `${pathTitle(category, byId, language)} (${String(category.id)})`,
			}))
			.filter(({ category, name }) => matches(category, name, search))
			.map(({ category, name }) => ({ name, value: String(category.id) }))
			.sort((a, b) => a.name.localeCompare(b.name));
		return { results };
	} catch (error) {
		throw asPickerError(this.getNode(), error);
	}
}
