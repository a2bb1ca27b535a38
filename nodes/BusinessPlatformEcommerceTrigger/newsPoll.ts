/**
 * One poll of the news trigger.
 *
 * "New" means first seen under the trigger's filters. The trigger keeps the ids it has
 * seen (seenIds.ts) in the workflow's static data, so a draft published later, which keeps
 * its old id, is emitted when it first matches. The state is written only at the end of a
 * poll that read everything it needed: a poll that fails halfway changes nothing, and the
 * next poll sees the same items as new again (nothing emitted twice, nothing lost). n8n
 * saves static data when a poll emits and when the workflow is activated.
 *
 * Pages read: when Status is Any Status and Keyword is empty, no old item can start to
 * match, so only the end of the list (from the last page back to the newest id seen) is
 * read. With a Status or Keyword filter an old item may start to match (a draft is
 * published, a keyword is edited); the spec offers no order or filter by update time, so
 * every matching page is read on each poll.
 */
import {
	NodeOperationError,
	type IDataObject,
	type INode,
	type INodeExecutionData,
	type IPollFunctions,
} from 'n8n-workflow';

import { queryOf, simplifyNews } from '../BusinessPlatformEcommerce/actions/news/getAll.operation';
import { CREDENTIAL_TYPE } from '../shared/credentialFields';
import { DEFAULT_REQUEST_SETTINGS, type RequestSettings } from '../shared/defaults';
import { createRun } from '../shared/run';
import { ParameterError } from '../shared/errors';
import { requireInteger } from '../shared/validation';
import { NewsReader, type NewsItem } from './newsReader';
import { NOTHING_SEEN, addSeen, hasSeen, highestSeen, parseSeen, type SeenIds } from './seenIds';

export const DEFAULT_TRIGGER_PAGE_SIZE = 100;

/** Version of the static data layout below; another version is read as no state. */
const STATE_VERSION = 1;

interface TriggerState {
	version: number;
	/** The filters the seen ids were collected under; other filters start afresh. */
	filters: string;
	seen: SeenIds;
	/** The last page of the previous poll: where the next one starts looking. */
	lastPage: number;
}

interface TriggerSettings {
	status: string;
	keyword: string;
	business: string;
	simple: boolean;
	pageSize: number;
	request: Partial<RequestSettings>;
}

function positiveInteger(value: unknown, fallback: number): number {
	return typeof value === 'number' && Number.isFinite(value) && value >= 1 ? Math.floor(value) : fallback;
}

function readSettings(context: IPollFunctions): TriggerSettings {
	// Own options (Page Size) and the request settings share one Options collection.
	const options = context.getNodeParameter('options', {}) as IDataObject;
	const retryDelay = options.retryDelay;
	return {
		status: String(context.getNodeParameter('status', 'active')),
		keyword: String(context.getNodeParameter('keyword', '') ?? '').trim(),
		business: String(options.business ?? '').trim(),
		simple: context.getNodeParameter('simple', true) as boolean,
		pageSize: Number(requireInteger(options.pageSize ?? DEFAULT_TRIGGER_PAGE_SIZE, 'Page Size', { min: 1 })),
		request: {
			maxTries: positiveInteger(options.maxTries, DEFAULT_REQUEST_SETTINGS.maxTries),
			timeoutMs: positiveInteger(options.timeout, DEFAULT_REQUEST_SETTINGS.timeoutMs),
			retryDelayMs:
				typeof retryDelay === 'number' && retryDelay >= 0 ? retryDelay : DEFAULT_REQUEST_SETTINGS.retryDelayMs,
		},
	};
}

function filterQuery(settings: TriggerSettings): Record<string, string> {
	const filters: IDataObject = { keyword: settings.keyword };
	if (settings.status !== 'any') filters.status = settings.status;
	return queryOf(filters, {});
}

function readState(staticData: IDataObject, filters: string): TriggerState | undefined {
	if (staticData.version !== STATE_VERSION || staticData.filters !== filters) return undefined;
	const seen = parseSeen(staticData.seen);
	if (!seen) return undefined;
	return { version: STATE_VERSION, filters, seen, lastPage: positiveInteger(staticData.lastPage, 1) };
}

function writeState(staticData: IDataObject, state: TriggerState): void {
	staticData.version = state.version;
	staticData.filters = state.filters;
	staticData.seen = { floor: state.seen.floor, ranges: state.seen.ranges };
	staticData.lastPage = state.lastPage;
}

/** Reads what the poll needs; returns the items to emit and the state after this poll. */
async function findNewItems(
	reader: NewsReader,
	previous: TriggerState | undefined,
	filters: string,
	onlyNewIdsCanMatch: boolean,
): Promise<{ items: NewsItem[]; state: TriggerState }> {
	const seen = previous?.seen ?? NOTHING_SEEN;
	if (onlyNewIdsCanMatch) {
		// Everything up to the newest id seen is old: keep only the floor.
		const newest = highestSeen(seen);
		const { items, lastPage } = await reader.tail(previous ? newest : undefined, previous?.lastPage);
		const floor = Math.max(newest, ...items.map((item) => item.id));
		return {
			items: previous ? items : [],
			state: { version: STATE_VERSION, filters, seen: { floor, ranges: [] }, lastPage },
		};
	}
	const all = await reader.all();
	const unseen = all.filter((item) => !hasSeen(seen, item.id)).sort((a, b) => a.id - b.id);
	return {
		items: previous ? unseen : [],
		state: {
			version: STATE_VERSION,
			filters,
			seen: addSeen(seen, unseen.map((item) => item.id)),
			lastPage: 1,
		},
	};
}

/** Errors as the trigger shows them: bad settings name the field; platform errors as built in shared/errors.ts. */
function triggerError(node: INode, error: unknown): Error {
	if (error instanceof ParameterError) {
		return new NodeOperationError(node, error.message, { description: 'Nothing was sent to the platform.' });
	}
	return error as Error;
}

export async function pollNews(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const node = this.getNode();
	let settings: TriggerSettings | undefined;
	try {
		settings = readSettings(this);
		const run = createRun(node, await this.getCredentials(CREDENTIAL_TYPE), { settings: settings.request });
		const business = settings.business;
		run.businessFor = () => business;
		const reader = new NewsReader(this, run, filterQuery(settings), settings.pageSize);
		const output = (items: NewsItem[]) =>
			this.helpers.returnJsonArray(settings?.simple ? items.map(simplifyNews) : items);

		if (this.getMode() === 'manual') {
			// Fetch Test Event: the newest matching item; the stored state stays as it is.
			const { items } = await reader.tail(undefined, 1, 1);
			const newest = items[items.length - 1];
			if (!newest) {
				throw new NodeOperationError(node, 'No news item matches the trigger\'s Status and Keyword', {
					description: 'Add a news item on the platform, or change the filters, then fetch a test event again.',
				});
			}
			return [output([newest])];
		}

		const staticData = this.getWorkflowStaticData('node');
		const filters = JSON.stringify({ status: settings.status, keyword: settings.keyword, business });
		const previous = readState(staticData, filters);
		const onlyNewIdsCanMatch = settings.status === 'any' && settings.keyword === '';
		const { items, state } = await findNewItems(reader, previous, filters, onlyNewIdsCanMatch);
		// Only now, with every page read, does the stored state move.
		writeState(staticData, state);
		return items.length ? [output(items)] : null;
	} catch (error) {
		throw triggerError(node, error);
	}
}
