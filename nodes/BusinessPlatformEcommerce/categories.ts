/**
 * The categories list (`GET api/v1/ecomm_categories`, which the spec names as the source of
 * parent ids): read by Category → Update for the current values and by the parent locator.
 */
import type { IDataObject, IExecuteFunctions, ILoadOptionsFunctions } from 'n8n-workflow';

import { DEFAULT_PAGE_SIZE } from '../shared/values/settings';
import { platformPaginate } from '../shared/transport/pagination';
import type { PlatformRun } from '../shared/transport/run';

export interface CategoryDescription {
	lang: string;
	title: string;
	keyword: string;
	description: string;
}

/**
 * Every category of the business. The spec shows no response for the list: the data is
 * taken as an array of categories (the whole list), or as a Laravel paginator whose pages
 * are all read.
 */
export async function fetchCategories(
	this: IExecuteFunctions | ILoadOptionsFunctions,
	run: PlatformRun,
	itemIndex: number,
	business?: string,
): Promise<IDataObject[]> {
	const list = await platformPaginate.call(
		this,
		run,
		'listCategories',
		itemIndex,
		{ business },
		{
			pageSize: DEFAULT_PAGE_SIZE,
			plainListIsWhole: true,
		},
	);
	return list.filter((entry) => typeof entry === 'object' && entry !== null);
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

/** The category's top-level fields (platform-api.md, E2), for a tool's Selected Fields. */
export const CATEGORY_FIELDS = [
	'id',
	'business_id',
	'image',
	'alias',
	'parent',
	'top',
	'status',
	'sort',
	'attr_id',
	'parent_type',
	'standard_category_id',
	'descriptions',
	'parent_object',
];

/** What Simplify keeps of a category (Get Many and Update), its title in the given language. */
export function simplifyCategory(category: IDataObject, language: string): IDataObject {
	return {
		id: category.id,
		parent: category.parent,
		title: categoryTitle(category, language),
		alias: category.alias,
		image: category.image,
		status: category.status,
		top: category.top,
		sort: category.sort,
	};
}

/** Simplify's hint for a category (it keeps the same fields everywhere). */
export const SIMPLE_CATEGORY_KEEPS =
	"ID, parent ID, title in the credential's Default Language, alias, image, status, top flag and sort order";
