/**
 * Reads the news list (E16) for the trigger, always in the order `id_asc`: the only order
 * the spec offers by id (it has no newest-first order and no filter by update time).
 * Every page goes through the package's one request function, so it gets the operation's
 * headers, retries, envelope unwrapping and error handling.
 */
import { NodeApiError, type IDataObject, type IPollFunctions, type JsonObject } from 'n8n-workflow';

import { platformPaginate } from '../shared/transport/pagination';
import type { PlatformRun } from '../shared/transport/run';
import { platformRequest } from '../shared/transport/platformRequest';

export interface NewsItem extends IDataObject {
	id: number;
}

interface Page {
	items: NewsItem[];
	/** The paginator's `last_page`; undefined when the answer has none. */
	lastPage?: number;
}

export class NewsReader {
	constructor(
		private readonly context: IPollFunctions,
		private readonly run: PlatformRun,
		/** keyword / status as the platform takes them. */
		private readonly filterQuery: Record<string, string>,
		private readonly pageSize: number,
	) {}

	private get query(): Record<string, string> {
		return { ...this.filterQuery, sort_order: 'id_asc' };
	}

	private error(message: string): NodeApiError {
		return new NodeApiError(this.run.node, { message } as JsonObject, {
			message,
			description: 'List News (GET /api/v1/news)',
		});
	}

	private checkedItems(items: IDataObject[]): NewsItem[] {
		for (const item of items) {
			if (!Number.isInteger(item?.id)) {
				throw this.error(
					`The platform returned a news item without an integer id: ${JSON.stringify(item?.id)}`,
				);
			}
		}
		return items as NewsItem[];
	}

	/** Every matching item, walking all pages forward (duplicates across pages dropped). */
	async all(): Promise<NewsItem[]> {
		const items = await platformPaginate.call(
			this.context,
			this.run,
			'listNews',
			0,
			{ query: this.query },
			{
				pageSize: this.pageSize,
			},
		);
		return this.checkedItems(items);
	}

	private async page(page: number, perPage: number): Promise<Page> {
		const response = await platformRequest.call(this.context, this.run, 'listNews', 0, {
			query: { ...this.query, per_page: String(perPage), page: String(page) },
		});
		const paginator = response.data as IDataObject | null;
		if (typeof paginator !== 'object' || paginator === null || !Array.isArray(paginator.data)) {
			throw this.error(`The platform's answer for page ${page} has no list of items (data.data)`);
		}
		if (paginator.current_page !== undefined && Number(paginator.current_page) !== page) {
			throw this.error(
				`The platform answered page ${String(paginator.current_page)} when page ${page} was asked for`,
			);
		}
		const lastPage = Number(paginator.last_page);
		return {
			items: this.checkedItems(paginator.data as IDataObject[]),
			lastPage: Number.isInteger(lastPage) && lastPage >= 1 ? lastPage : undefined,
		};
	}

	/**
	 * The items at the end of the list: from the last page backwards until a page holds an
	 * id at or below `stopAt` (every newer item is then read), or, without `stopAt`, until
	 * a page holds any item (the newest ones). `guessLastPage` (the last page of the
	 * previous poll) usually saves the request that would find the last page.
	 *
	 * Safe while the list changes: items added meanwhile get higher ids and come after the
	 * pages read (the next poll reads them); an item removed meanwhile moves the ones after
	 * it back by one, into the page read next, and an item read twice is kept once.
	 */
	async tail(
		stopAt: number | undefined,
		guessLastPage = 1,
		perPage = this.pageSize,
	): Promise<{ items: NewsItem[]; lastPage: number }> {
		// A page read earlier is asked for again, never reused: reused, it would miss an item
		// that moved into it from the page read after it.
		const read = async (page: number) => await this.page(page, perPage);
		let pageNumber = Math.max(1, Math.floor(guessLastPage));
		let answer = await read(pageNumber);
		// Without last_page the end cannot be found: read every page.
		if (answer.lastPage === undefined) return { items: await this.all(), lastPage: 1 };
		for (
			let jumps = 0;
			answer.lastPage !== undefined && answer.lastPage !== pageNumber && jumps < 3;
			jumps++
		) {
			pageNumber = answer.lastPage;
			answer = await read(pageNumber);
		}
		const lastPage = pageNumber;
		const byId = new Map<number, NewsItem>();
		for (;;) {
			for (const item of answer.items)
				if (stopAt === undefined || item.id > stopAt) byId.set(item.id, item);
			const done =
				stopAt === undefined
					? answer.items.length > 0
					: answer.items.some((item) => item.id <= stopAt);
			if (done || pageNumber <= 1) break;
			pageNumber--;
			answer = await read(pageNumber);
		}
		return { items: [...byId.values()].sort((a, b) => a.id - b.id), lastPage };
	}
}
