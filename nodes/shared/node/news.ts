/**
 * The news list's query, fields and simplified item, shared by News → Get Many and the
 * Ecommerce Trigger, which read the same list.
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { requireCode } from '../values/parameters';
import { DEFAULT_PAGE_SIZE } from '../values/settings';

/** Page Size of the news list's Options: the platform states no maximum. */
export function newsPageSize(description: string): INodeProperties {
	return {
		displayName: 'Page Size',
		name: 'pageSize',
		type: 'number',
		typeOptions: { minValue: 1, numberPrecision: 0 },
		default: DEFAULT_PAGE_SIZE,
		description,
	};
}

const STATUS_CODES: Record<string, string> = { active: '1', inactive: '0' };

/** The ten fields a CMS sync needs, with the per-language description flattened. */
export function simplifyNews(item: IDataObject): IDataObject {
	const text = (
		typeof item.description === 'object' && item.description !== null ? item.description : {}
	) as IDataObject;
	return {
		id: item.id,
		title: item.title,
		alias: item.alias,
		image: item.image,
		status: item.status,
		lang: text.lang,
		summary: text.description,
		content: text.content,
		created_at: item.created_at,
		updated_at: item.updated_at,
	};
}

/** A news item's top-level fields (platform-api.md, E16), for a tool's Selected Fields. */
export const NEWS_FIELDS = [
	'id',
	'title',
	'image',
	'alias',
	'sort',
	'status',
	'description',
	'created_at',
	'updated_at',
];

/** Simplify's hint for a news item (Get Many and the trigger keep the same fields). */
export const SIMPLE_NEWS_KEEPS =
	'ID, title, alias, image, status, language, summary, content, created and updated dates';

/** The list's query from the filters (keyword, status) and options (sort order). */
export function queryOf(filters: IDataObject, options: IDataObject): Record<string, string> {
	const query: Record<string, string> = {};
	if (typeof filters.keyword === 'string' && filters.keyword.trim() !== '')
		query.keyword = filters.keyword.trim();
	if (filters.status !== undefined) {
		query.status = requireCode(filters.status, STATUS_CODES, 'Status', 'active or inactive');
	}
	if (options.sortOrder !== undefined) query.sort_order = String(options.sortOrder);
	// The spec's sample sends `list` empty (its meaning is not shown): send it as the sample does.
	query.list = '';
	return query;
}
