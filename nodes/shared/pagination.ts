/**
 * Walks a Laravel length-aware paginator (`{ current_page, data: [...], last_page,
 * next_page_url, ... }` inside the platform's envelope) one page at a time through
 * platformRequest, so every page gets the operation's headers, retries and error handling.
 */
import {
	NodeApiError,
	type IDataObject,
	type IExecuteFunctions,
	type ILoadOptionsFunctions,
	type JsonObject,
} from 'n8n-workflow';

import { OPERATIONS, describeOperation, type OperationId } from './operations';
import { platformRequest, type PlatformRun, type RequestInput } from './transport';

export interface PaginateOptions {
	/** Items asked for per request (`per_page`). */
	pageSize: number;
	/** Stop once this many items are collected; every page when undefined. */
	limit?: number;
}

interface Paginator {
	data: IDataObject[];
	current_page?: unknown;
	last_page?: unknown;
	next_page_url?: unknown;
}

function isPaginator(value: unknown): value is Paginator {
	return typeof value === 'object' && value !== null && Array.isArray((value as IDataObject).data);
}

function pageError(run: PlatformRun, operationId: OperationId, itemIndex: number, message: string): NodeApiError {
	const spec = OPERATIONS[operationId];
	const description = `${describeOperation(spec)} (${spec.method} ${spec.path}), item ${itemIndex}`;
	return new NodeApiError(run.node, { message } as JsonObject, { message, description, itemIndex });
}

/** Whether `page` is the paginator's last page: `next_page_url` null, or `last_page` reached. */
function isLastPage(paginator: Paginator, page: number, received: number, perPage: number): boolean {
	if ('next_page_url' in paginator && paginator.next_page_url === null) return true;
	const lastPage = Number(paginator.last_page);
	if (paginator.last_page !== undefined && Number.isFinite(lastPage)) return page >= lastPage;
	// A paginator without either field: a short page is the last one.
	return !('next_page_url' in paginator) && received < perPage;
}

/**
 * Requests pages 1, 2, ... with `per_page` and `page` added to the input's query and
 * returns their items in order. With a limit it asks for no more pages than needed (and
 * no bigger pages than the limit). An item whose `id` was already returned is skipped: if a
 * record is added while the pages are walked, the one pushed across a page boundary would
 * otherwise come twice.
 */
export async function platformPaginate(
	this: IExecuteFunctions | ILoadOptionsFunctions,
	run: PlatformRun,
	operationId: OperationId,
	itemIndex: number,
	input: RequestInput,
	options: PaginateOptions,
): Promise<IDataObject[]> {
	const { limit } = options;
	const perPage = limit === undefined ? options.pageSize : Math.min(options.pageSize, limit);
	const results: IDataObject[] = [];
	if (limit !== undefined && limit <= 0) return results;
	const seenIds = new Set<unknown>();

	for (let page = 1; ; page++) {
		const response = await platformRequest.call(this, run, operationId, itemIndex, {
			...input,
			query: { ...input.query, per_page: String(perPage), page: String(page) },
		});
		const paginator = response.data;
		if (!isPaginator(paginator)) {
			throw pageError(run, operationId, itemIndex, `The platform's answer for page ${page} has no list of items (data.data)`);
		}
		if (paginator.current_page !== undefined && Number(paginator.current_page) !== page) {
			// Following it would repeat or skip items.
			throw pageError(
				run,
				operationId,
				itemIndex,
				`The platform answered page ${String(paginator.current_page)} when page ${page} was asked for`,
			);
		}
		for (const item of paginator.data) {
			const id = item?.id;
			if (id !== undefined && id !== null) {
				if (seenIds.has(id)) continue;
				seenIds.add(id);
			}
			results.push(item);
			if (limit !== undefined && results.length >= limit) return results;
		}
		if (paginator.data.length === 0 || isLastPage(paginator, page, paginator.data.length, perPage)) {
			return results;
		}
	}
}
