/**
 * Walks a Laravel length-aware paginator (`{ current_page, data: [...], last_page,
 * next_page_url, ... }` inside the platform's envelope) one page at a time through
 * platformRequest, so every page gets the operation's headers, retries and error handling.
 */
import type { IDataObject } from 'n8n-workflow';

import { platformError } from '../errors/nodeErrors';
import { endpointOf, type EndpointRef } from '../platform/endpoints';
import type { RequestInput } from './request';
import type { PlatformRun } from './run';
import { platformRequest, type PlatformResponse, type RequestContext } from './platformRequest';

export interface PaginateOptions {
	/** Items asked for per request (`per_page`). */
	pageSize: number;
	/** Stop once this many items are collected; every page when undefined. */
	limit?: number;
	/**
	 * Whether the platform may answer with the whole list (a plain array) instead of a
	 * paginator, where the spec shows no response: the array is then the only page.
	 */
	plainListIsWhole?: boolean;
	/** The error when page 1 is not a paginator; the default suits the table's list operations. */
	notPaginatorMessage?: string;
}

/**
 * Most pages one Get Many reads: ten million records at the largest page sizes the platform
 * serves, a million at the default; a paginator that goes on past it is broken.
 */
export const MAX_PAGES = 10_000;

interface Paginator {
	data: IDataObject[];
	current_page?: unknown;
	last_page?: unknown;
	next_page_url?: unknown;
}

function isPaginator(value: unknown): value is Paginator {
	return typeof value === 'object' && value !== null && Array.isArray((value as IDataObject).data);
}

function pageError(run: PlatformRun, endpointRef: EndpointRef, itemIndex: number, message: string) {
	return platformError(run, endpointOf(endpointRef), itemIndex, { message });
}

/** Whether `page` is the paginator's last page: `next_page_url` null, or `last_page` reached. */
function isLastPage(
	paginator: Paginator,
	page: number,
	received: number,
	perPage: number,
): boolean {
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
 *
 * Once a page names the last page, the next pages up to it (and up to the limit) are
 * requested ahead, at most `run.pagesInFlight` at once, and read in order: every page is
 * asked for once, never one past the last the platform announced. Memory holds the output
 * plus the pages on their way, so it grows with the output only.
 */
export async function platformPaginate(
	this: RequestContext,
	run: PlatformRun,
	endpointRef: EndpointRef,
	itemIndex: number,
	input: RequestInput,
	options: PaginateOptions,
): Promise<IDataObject[]> {
	const { limit } = options;
	const perPage = limit === undefined ? options.pageSize : Math.min(options.pageSize, limit);
	if (limit !== undefined && limit <= 0) return [];
	// Read on every page: the run's limiter may have grown or shrunk the budget since.
	const pages = new PageRequests(
		() => Math.max(1, Math.floor(run.pagesInFlight)),
		(page) =>
			platformRequest.call(this, run, endpointRef, itemIndex, {
				...input,
				query: { ...input.query, per_page: String(perPage), page: String(page) },
			}),
	);
	// The pages a limit needs when no item repeats; more are asked for one by one if some do.
	const pagesForLimit = limit === undefined ? Infinity : Math.ceil(limit / perPage);
	const results: IDataObject[] = [];
	const seenIds = new Set<unknown>();
	let announcedLast = 1;

	try {
		for (let page = 1; ; page++) {
			const paginator = (await pages.read(page, Math.min(announcedLast, pagesForLimit))).data;
			if (page === 1 && options.plainListIsWhole && Array.isArray(paginator)) {
				return keepNew(paginator as IDataObject[], results, seenIds, limit);
			}
			if (!isPaginator(paginator)) {
				const message =
					page === 1 && options.notPaginatorMessage !== undefined
						? options.notPaginatorMessage
						: `The platform's answer for page ${page} has no list of items (data.data)`;
				throw pageError(run, endpointRef, itemIndex, message);
			}
			if (paginator.current_page !== undefined && Number(paginator.current_page) !== page) {
				// Following it would repeat or skip items.
				throw pageError(
					run,
					endpointRef,
					itemIndex,
					`The platform answered page ${String(paginator.current_page)} when page ${page} was asked for`,
				);
			}
			const before = results.length;
			keepNew(paginator.data, results, seenIds, limit);
			if (limit !== undefined && results.length >= limit) return results;
			if (
				paginator.data.length === 0 ||
				isLastPage(paginator, page, paginator.data.length, perPage)
			) {
				return results;
			}
			if (results.length === before) {
				// Every item came on an earlier page: the next page would too, for ever.
				throw pageError(
					run,
					endpointRef,
					itemIndex,
					`The platform's page ${page} holds only items of earlier pages and still names a next page: its paging does not move forward, so the list was not read to the end`,
				);
			}
			if (page >= MAX_PAGES) {
				throw pageError(
					run,
					endpointRef,
					itemIndex,
					`The platform still named a next page after ${MAX_PAGES} pages; the node stops there. Turn Return All off and set a Limit, or raise the Page Size`,
				);
			}
			const lastPage = Number(paginator.last_page);
			if (paginator.last_page !== undefined && Number.isFinite(lastPage)) announcedLast = lastPage;
		}
	} finally {
		// The node run does not end while pages it asked for are still on their way.
		await pages.settle();
	}
}

/** Adds the page's items whose `id` was not seen yet to `results`, up to `limit`; returns `results`. */
function keepNew(
	page: IDataObject[],
	results: IDataObject[],
	seenIds: Set<unknown>,
	limit: number | undefined,
) {
	for (const item of page) {
		if (limit !== undefined && results.length >= limit) break;
		const id = item?.id;
		if (id !== undefined && id !== null) {
			if (seenIds.has(id)) continue;
			seenIds.add(id);
		}
		results.push(item);
	}
	return results;
}

/** Pages requested ahead of reading, at most `inFlight()` at once. */
class PageRequests {
	private readonly pending = new Map<number, Promise<PlatformResponse>>();
	private next = 1;

	constructor(
		private readonly inFlight: () => number,
		private readonly request: (page: number) => Promise<PlatformResponse>,
	) {}

	/** The answer for `page`, after asking ahead for the pages up to `lastAhead` that fit. */
	async read(page: number, lastAhead: number): Promise<PlatformResponse> {
		if (!this.pending.has(page)) this.send(page);
		this.next = Math.max(this.next, page + 1);
		while (this.pending.size < this.inFlight() && this.next <= lastAhead) this.send(this.next++);
		const response = this.pending.get(page) as Promise<PlatformResponse>;
		this.pending.delete(page);
		return await response;
	}

	async settle(): Promise<void> {
		await Promise.allSettled(this.pending.values());
	}

	private send(page: number) {
		const response = this.request(page);
		// A page after one that failed is only waited for, never read: its failure is not news.
		response.catch(() => undefined);
		this.pending.set(page, response);
	}
}
