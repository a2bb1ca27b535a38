/**
 * One poll of the news trigger.
 *
 * "New" means first seen under the trigger's filters at its tenant (tenant.ts: the Ecommerce
 * Base URL and the business key). The trigger keeps the ids it has seen (seenIds.ts) in the
 * workflow's static data, so a draft published later, which keeps its old id, is emitted when
 * it first matches. Another tenant or other filters start afresh, as a first activation does.
 * The state is written only at the end of a poll that read everything it needed: a poll
 * that fails halfway changes nothing, and the next poll sees the same items as new again
 * (nothing emitted twice, nothing lost). n8n saves static data when a poll emits and when the
 * workflow is activated. A poll that runs out of its time budget fails the same way; a tick
 * that comes while its poll still runs is skipped.
 *
 * Pages read: when Status is Any Status and Keyword is empty, no old item can start to
 * match, so only the end of the list (from the last page back to the newest id seen) is
 * read. With a Status or Keyword filter an old item may start to match (a draft is
 * published, a keyword is edited); the spec offers no order or filter by update time, so
 * every matching page is read on each poll.
 */
import {
	NodeOperationError,
	type ICredentialDataDecryptedObject,
	type IDataObject,
	type INode,
	type INodeExecutionData,
	type IPollFunctions,
} from 'n8n-workflow';

import { queryOf, simplifyNews } from '../shared/node/news';
import { credentialText, credentialTypeOf } from '../shared/credential/fields';
import { labelOf } from '../shared/platform/credentialFields';
import { pageSizeOf, requestSettingsOf, type RequestSettings } from '../shared/values/settings';
import { createRun } from '../shared/transport/run';
import { ParameterError } from '../shared/platform/errors';
import { positiveIntegerOr } from '../shared/values/parameters';
import { toBaseUrl } from '../shared/values/wire';
import { NewsReader, type NewsItem } from './newsReader';
import {
	NOTHING_SEEN,
	addSeen,
	hasSeen,
	highestSeen,
	parseSeen,
	storeSeen,
	type SeenIds,
} from './seenIds';
import { legacyTenantOf, tenantOf } from './tenant';

/** Version of the static data layout below; another version is read as no state. */
const STATE_VERSION = 2;

interface TriggerState {
	version: number;
	/** The tenant the seen ids belong to (tenant.ts, a keyed fingerprint); another tenant starts afresh. */
	tenant: string;
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
	request: RequestSettings;
}

function readSettings(context: IPollFunctions): TriggerSettings {
	// Own options (Page Size) and the request settings share one Options collection.
	const options = context.getNodeParameter('options', {}) as IDataObject;
	return {
		status: String(context.getNodeParameter('status', 'active')),
		keyword: String(context.getNodeParameter('keyword', '') ?? '').trim(),
		business: String(options.business ?? '').trim(),
		simple: context.getNodeParameter('simple', true) as boolean,
		pageSize: pageSizeOf(options, 'Page Size'),
		request: requestSettingsOf(options),
	};
}

function filterQuery(settings: TriggerSettings): Record<string, string> {
	const filters: IDataObject = { keyword: settings.keyword };
	if (settings.status !== 'any') filters.status = settings.status;
	return queryOf(filters, {});
}

/** Where the poll's seen ids belong: the tenant read and the filters. */
interface StateKey {
	tenant: string;
	filters: string;
}

/**
 * The stored state, when it belongs to `key`; `legacyTenant` is the same tenant's unkeyed
 * fingerprint (tenant.ts), which state stored before the keyed one carries: read as the
 * keyed one, so the next write replaces it.
 */
function readState(
	staticData: IDataObject,
	key: StateKey,
	legacyTenant: string,
): TriggerState | undefined {
	if (staticData.version !== STATE_VERSION) return undefined;
	const sameTenant = staticData.tenant === key.tenant || staticData.tenant === legacyTenant;
	if (!sameTenant || staticData.filters !== key.filters) return undefined;
	const seen = parseSeen(staticData.seen);
	if (!seen) return undefined;
	return {
		version: STATE_VERSION,
		...key,
		seen,
		lastPage: positiveIntegerOr(staticData.lastPage, 1),
	};
}

/** Stores the state; returns how many gaps were folded into the floor to keep it in bounds. */
function writeState(
	staticData: IDataObject,
	state: TriggerState,
): { foldedGaps: number; floor: number } {
	const stored = storeSeen(state.seen);
	staticData.version = state.version;
	staticData.tenant = state.tenant;
	staticData.filters = state.filters;
	staticData.seen = stored.text;
	staticData.lastPage = state.lastPage;
	return stored;
}

/**
 * The Ecommerce Base URL as requests use it (toBaseUrl: `/` at the end or not, the same
 * tenant); empty when the field is, so that the first request names what is missing.
 */
function tenantBaseUrl(credentials: ICredentialDataDecryptedObject): string {
	const value = credentialText(credentials, 'ecommerceBaseUrl');
	return value && toBaseUrl(value, `The credential field "${labelOf('ecommerceBaseUrl')}"`);
}

/** Reads what the poll needs; returns the items to emit and the state after this poll. */
async function findNewItems(
	reader: NewsReader,
	previous: TriggerState | undefined,
	key: StateKey,
	onlyNewIdsCanMatch: boolean,
): Promise<{ items: NewsItem[]; state: TriggerState }> {
	const seen = previous?.seen ?? NOTHING_SEEN;
	if (onlyNewIdsCanMatch) {
		// Everything up to the newest id seen is old: keep only the floor.
		const newest = highestSeen(seen);
		const { items, lastPage } = await reader.tail(
			previous ? newest : undefined,
			previous?.lastPage,
		);
		// A loop, not Math.max(...ids): a spread of a large backlog overflows the call stack.
		const floor = items.reduce((highest, item) => Math.max(highest, item.id), newest);
		return {
			items: previous ? items : [],
			state: { version: STATE_VERSION, ...key, seen: { floor, ranges: [] }, lastPage },
		};
	}
	const all = await reader.all();
	const unseen = all.filter((item) => !hasSeen(seen, item.id)).sort((a, b) => a.id - b.id);
	return {
		items: previous ? unseen : [],
		state: {
			version: STATE_VERSION,
			...key,
			seen: addSeen(
				seen,
				unseen.map((item) => item.id),
			),
			lastPage: 1,
		},
	};
}

/**
 * Errors as the trigger shows them: a poll past its budget (`budgetMs`) says so, bad settings
 * name the field; platform errors as built in shared/errors/.
 */
function triggerError(node: INode, error: unknown, budgetMs?: number): Error {
	if (budgetMs !== undefined) {
		return new NodeOperationError(
			node,
			`The poll did not finish within ${Math.round(budgetMs / 1000)} s, n8n's time limit for one poll`,
			{
				description:
					"Nothing was emitted and the trigger's stored state did not move: the next poll reads the same news again, so nothing is lost or sent twice. If this repeats, check that the platform answers quickly, or narrow the trigger with Status or Keyword.",
			},
		);
	}
	if (error instanceof ParameterError) {
		return new NodeOperationError(node, error.message, {
			description: 'Nothing was sent to the platform.',
		});
	}
	return error as Error;
}

/**
 * Time one poll may take when n8n sets none (n8n 1.x): n8n 2.x's own default. n8n gives polls
 * no cancel signal, so this budget is what ends a poll that hangs.
 */
const DEFAULT_POLL_BUDGET_MS = 5 * 60_000;

function pollBudgetMs(context: IPollFunctions): number {
	// getPollBudgetMs arrived in n8n 2.x: older versions lack it.
	const budget =
		typeof context.getPollBudgetMs === 'function' ? context.getPollBudgetMs() : undefined;
	return typeof budget === 'number' && Number.isFinite(budget) && budget > 0
		? budget
		: DEFAULT_POLL_BUDGET_MS;
}

/**
 * Polls in flight, by workflow and node. n8n starts a poll on every tick even while the last
 * one still runs; two polls reading the same state would emit the same items twice, and the one
 * ending last would overwrite the other's state. A tick that finds its poll in flight is skipped.
 */
const pollsInFlight = new Set<string>();

export async function pollNews(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	if (this.getMode() === 'manual') return await readNews(this);
	const key = `${this.getWorkflow().id ?? ''}\u0000${this.getNode().id}`;
	if (pollsInFlight.has(key)) {
		this.logger.debug(
			'Business Platform Ecommerce Trigger: the previous poll is still running; this tick is skipped',
		);
		return null;
	}
	pollsInFlight.add(key);
	try {
		return await readNews(this);
	} finally {
		pollsInFlight.delete(key);
	}
}

/** One poll, ended by the poll's time budget: then nothing is emitted and the state stays as it was. */
async function readNews(context: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const node = context.getNode();
	const budgetMs = pollBudgetMs(context);
	const budget = AbortSignal.timeout(budgetMs);
	let settings: TriggerSettings | undefined;
	try {
		settings = readSettings(context);
		const run = createRun(node, await context.getCredentials(credentialTypeOf(node)), {
			settings: settings.request,
			cancelSignal: budget,
		});
		const business = settings.business;
		run.businessFor = () => business;
		const reader = new NewsReader(context, run, filterQuery(settings), settings.pageSize);
		const output = (items: NewsItem[]) =>
			context.helpers.returnJsonArray(settings?.simple ? items.map(simplifyNews) : items);

		if (context.getMode() === 'manual') {
			// Fetch Test Event: the newest matching item; the stored state stays as it is.
			const { items } = await reader.tail(undefined, 1, 1);
			const newest = items[items.length - 1];
			if (!newest) {
				throw new NodeOperationError(
					node,
					"No news item matches the trigger's Status and Keyword",
					{
						description:
							'Add a news item on the platform, or change the filters, then fetch a test event again.',
					},
				);
			}
			return [output([newest])];
		}

		const staticData = context.getWorkflowStaticData('node');
		const baseUrl = tenantBaseUrl(run.credential.values);
		const businessKey = run.credential.businessKeys.get(business) ?? '';
		const key: StateKey = {
			tenant: tenantOf(baseUrl, businessKey, credentialText(run.credential.values, 'apiKey')),
			filters: JSON.stringify({ status: settings.status, keyword: settings.keyword }),
		};
		const previous = readState(staticData, key, legacyTenantOf(baseUrl, businessKey));
		const onlyNewIdsCanMatch = settings.status === 'any' && settings.keyword === '';
		const { items, state } = await findNewItems(reader, previous, key, onlyNewIdsCanMatch);
		if (!previous && staticData.version !== undefined) {
			context.logger.info(
				'Business Platform Ecommerce Trigger: the tenant (Ecommerce Base URL, business key or API Key) or the filters changed since the last poll, so the trigger started afresh: the items listed now count as seen and were not emitted',
			);
		}
		// Only now, with every page read, does the stored state move.
		const { foldedGaps, floor } = writeState(staticData, state);
		if (foldedGaps > 0) {
			context.logger.warn(
				`Business Platform Ecommerce Trigger: its seen ids reached their bound in static data, so the ${foldedGaps} oldest gaps were given up: a draft with an id up to ${floor} that is published later will not be emitted`,
			);
		}
		return items.length ? [output(items)] : null;
	} catch (error) {
		throw triggerError(node, error, budget.aborted ? budgetMs : undefined);
	}
}
