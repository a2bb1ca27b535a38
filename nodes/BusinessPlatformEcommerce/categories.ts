/**
 * The categories list (`GET api/v1/ecomm_categories`, which the spec names as the source of
 * parent ids): read by Category → Update for the current values and by the parent locator.
 */
import type { IDataObject, IExecuteFunctions, ILoadOptionsFunctions } from 'n8n-workflow';

import type { PlatformRun } from '../shared/run';
import { platformRequest } from '../shared/transport';

export interface CategoryDescription {
	lang: string;
	title: string;
	keyword: string;
	description: string;
}

/**
 * Every category of the business. The spec shows no response for the list: the data is
 * taken as an array of categories, or as a paginator's `data` array (first page only).
 */
export async function fetchCategories(
	this: IExecuteFunctions | ILoadOptionsFunctions,
	run: PlatformRun,
	itemIndex: number,
	business?: string,
): Promise<IDataObject[]> {
	const { data } = await platformRequest.call(this, run, 'listCategories', itemIndex, { business });
	const list = Array.isArray(data) ? data : (data as IDataObject | null)?.data;
	return Array.isArray(list) ? (list as IDataObject[]).filter((entry) => typeof entry === 'object' && entry) : [];
}

export function descriptionsOf(category: IDataObject): CategoryDescription[] {
	const list = Array.isArray(category.descriptions) ? (category.descriptions as IDataObject[]) : [];
	const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
	return list.map((entry) => ({
		lang: text(entry.lang),
		title: text(entry.title),
		keyword: text(entry.keyword),
		description: text(entry.description),
	}));
}

/** The category's title in a language (then English, then any), or its alias. */
export function categoryTitle(category: IDataObject, language: string): string {
	const descriptions = descriptionsOf(category).filter((entry) => entry.title.trim() !== '');
	const pick =
		descriptions.find((entry) => entry.lang === language) ??
		descriptions.find((entry) => entry.lang === 'en') ??
		descriptions[0];
	return pick?.title ?? String(category.alias ?? category.id);
}
