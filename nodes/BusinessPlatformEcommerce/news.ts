/**
 * The news list's query and simplified item, shared by News → Get Many and the Ecommerce
 * Trigger, which read the same list.
 */
import type { IDataObject } from 'n8n-workflow';

import { requireCode } from '../shared/node/validation';

const STATUS_CODES: Record<string, string> = { active: '1', inactive: '0' };

/** The fields a CMS sync needs, with the per-language description flattened. */
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
		sort: item.sort,
		lang: text.lang,
		keyword: text.keyword,
		summary: text.description,
		content: text.content,
		created_at: item.created_at,
		updated_at: item.updated_at,
	};
}

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
