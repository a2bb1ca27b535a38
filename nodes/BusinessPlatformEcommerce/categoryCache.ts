/**
 * Category → Update in bulk. The platform takes every field on each update, so an update
 * needs the category's current values: they come from the categories list, read once per
 * node run and business (every page) and kept here, with each successful update applied to
 * the kept copy. Items for the same category run one after another in input order, each
 * seeing the changes of those before it; other categories run side by side. So N updates
 * cost N requests plus the list's pages, and no update resets a field another item changed.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { ParameterError } from '../shared/platform/errors';
import { platformError } from '../shared/errors/nodeErrors';
import { ENDPOINTS } from '../shared/platform/endpoints';
import type { PlatformRun } from '../shared/transport/run';
import { fetchCategories } from './categories';

interface CategoryList {
	/** The item whose read this is: its own failure is shown as it is. */
	readBy: number;
	byId: Promise<Map<string, IDataObject>>;
	/** The same map once read: updates are applied to it at once, before the next item starts. */
	read?: Map<string, IDataObject>;
}

interface RunCategories {
	/** Per business: the categories list as read in this run, with the run's updates applied. */
	lists: Map<string, CategoryList>;
	/** Per business and category: the end of the chain of that category's updates. */
	chains: Map<string, Promise<void>>;
}

/** Kept per node run: a run ends with its execute(), and the WeakMap lets it go with it. */
const runs = new WeakMap<PlatformRun, RunCategories>();

function stateOf(run: PlatformRun): RunCategories {
	let state = runs.get(run);
	if (!state) {
		state = { lists: new Map(), chains: new Map() };
		runs.set(run, state);
	}
	return state;
}

/**
 * Runs `update` after every earlier update of the same category in this run has settled
 * (succeeded or failed). Call it before the item's first await, so the chain follows the
 * order in which items start: input order.
 */
export function afterEarlierUpdates<T>(
	run: PlatformRun,
	business: string,
	categoryId: string,
	update: () => Promise<T>,
): Promise<T> {
	const { chains } = stateOf(run);
	const key = `${business}\n${categoryId}`;
	const result = (chains.get(key) ?? Promise.resolve()).then(update);
	const end = result.then(
		() => undefined,
		() => undefined,
	);
	chains.set(key, end);
	void end.then(() => {
		if (chains.get(key) === end) chains.delete(key);
	});
	return result;
}

/**
 * The category as the platform holds it now, as far as this run knows: from the list read
 * once per run and business, with this run's updates applied; undefined when not listed.
 * A failed read is not kept, so a later item reads again.
 */
export async function currentCategory(
	this: IExecuteFunctions,
	run: PlatformRun,
	itemIndex: number,
	business: string,
	categoryId: string,
): Promise<IDataObject | undefined> {
	const { lists } = stateOf(run);
	let list = lists.get(business);
	if (!list) {
		const read: CategoryList = {
			readBy: itemIndex,
			byId: fetchCategories.call(this, run, itemIndex, business).then((categories) => {
				read.read = new Map(categories.map((category) => [String(category.id), { ...category }]));
				return read.read;
			}),
		};
		read.byId.catch(() => {
			if (lists.get(business) === read) lists.delete(business);
		});
		lists.set(business, read);
		list = read;
	}
	const { readBy } = list;
	const byId = await list.byId.catch((error: unknown) => {
		if (readBy === itemIndex) throw error;
		// The read another item started failed: this item gets an error of its own that names it.
		const shown = error as { message?: string; httpCode?: string };
		throw platformError(run, ENDPOINTS.listCategories, itemIndex, {
			message: shown.message ?? 'The categories list could not be read',
			httpCode: Number(shown.httpCode) || undefined,
			notes: [
				`The categories list is read once for the items of this business; the read for item ${readBy} failed. Nothing was updated for this item.`,
			],
		});
	});
	return byId.get(categoryId);
}

/** Applies a successful update (the values sent) to the run's copy of the list. */
export function recordUpdate(
	run: PlatformRun,
	business: string,
	categoryId: string,
	values: IDataObject,
): void {
	const byId = stateOf(run).lists.get(business)?.read;
	const category = byId?.get(categoryId);
	if (byId && category) byId.set(categoryId, { ...category, ...values });
}

/**
 * After an update that failed, unless the platform answered with a 4xx (it refused the
 * update, so nothing changed): the update may have been carried out (no answer, a server
 * error), so the run's copy may be stale and the next item of this business reads the list
 * again. Bad input (refused before sending) changes nothing either.
 */
export function afterFailedUpdate(run: PlatformRun, business: string, error: unknown): void {
	const httpCode = Number((error as { httpCode?: unknown } | null)?.httpCode);
	const refused = httpCode >= 400 && httpCode < 500;
	if (!refused && !(error instanceof ParameterError)) stateOf(run).lists.delete(business);
}
