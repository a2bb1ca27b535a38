/**
 * The set of news ids the trigger has seen, kept small enough for the workflow's static
 * data: every id up to `floor`, plus ranges of ids above it. Ids of news items that exist
 * under the filters are mostly consecutive, so a few ranges cover thousands of ids; the
 * gaps are drafts not yet published, deleted items and items the filters leave out.
 */

export interface SeenIds {
	/** Every id at or below this counts as seen. */
	floor: number;
	/** Disjoint, ascending, non-adjacent ranges of seen ids above `floor`, ends included. */
	ranges: Array<[number, number]>;
}

/**
 * Most ranges kept. Past it the lowest ranges are folded into `floor`: the ids in the gaps
 * below the new floor then count as seen, so an old draft there that is published later is
 * not emitted. 1000 ranges take about 20 KB of static data.
 */
export const MAX_SEEN_RANGES = 1000;

export const NOTHING_SEEN: SeenIds = { floor: 0, ranges: [] };

export function hasSeen(seen: SeenIds, id: number): boolean {
	if (id <= seen.floor) return true;
	let low = 0;
	let high = seen.ranges.length - 1;
	while (low <= high) {
		const middle = (low + high) >> 1;
		const [start, end] = seen.ranges[middle];
		if (id < start) high = middle - 1;
		else if (id > end) low = middle + 1;
		else return true;
	}
	return false;
}

/** The highest id seen (0 when none). */
export function highestSeen(seen: SeenIds): number {
	const last = seen.ranges[seen.ranges.length - 1];
	return last ? Math.max(seen.floor, last[1]) : seen.floor;
}

/** A new set holding `seen` and `ids`, with at most `maxRanges` ranges. */
export function addSeen(seen: SeenIds, ids: number[], maxRanges = MAX_SEEN_RANGES): SeenIds {
	const spans: Array<[number, number]> = [
		...seen.ranges.map(([start, end]): [number, number] => [start, end]),
		...ids.map((id): [number, number] => [id, id]),
	].sort((a, b) => a[0] - b[0]);
	let floor = seen.floor;
	const ranges: Array<[number, number]> = [];
	for (const [start, end] of spans) {
		if (start <= floor + 1) {
			floor = Math.max(floor, end);
			continue;
		}
		const last = ranges[ranges.length - 1];
		if (last && start <= last[1] + 1) last[1] = Math.max(last[1], end);
		else ranges.push([start, end]);
	}
	const excess = ranges.length - Math.max(1, maxRanges);
	if (excess > 0) {
		floor = ranges[excess - 1][1];
		ranges.splice(0, excess);
	}
	return { floor, ranges };
}

/** Reads a stored set back, or undefined when it is not one this code wrote. */
export function parseSeen(value: unknown): SeenIds | undefined {
	if (typeof value !== 'object' || value === null) return undefined;
	const { floor, ranges } = value as { floor?: unknown; ranges?: unknown };
	if (typeof floor !== 'number' || !Array.isArray(ranges)) return undefined;
	const valid = ranges.every(
		(range) =>
			Array.isArray(range) && range.length === 2 && range.every((id) => Number.isInteger(id)),
	);
	return valid ? { floor, ranges: ranges as Array<[number, number]> } : undefined;
}
