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
 * Most characters the stored set takes in static data: 64 KB. Each gap costs 2 to 6
 * characters while gaps and runs of seen ids stay under 1296 ids (a draft between published
 * items: 2 to 5), so 64 KB keep at least 10 900 gaps (measured in test/trigger.test.js). Past
 * it, the lowest ranges are folded into `floor`: the ids in the gaps below the new floor then
 * count as seen, so a draft there that is published later is not emitted (the poll logs it).
 */
export const MAX_SEEN_CHARACTERS = 64 * 1024;

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

/** A new set holding `seen` and `ids`. */
export function addSeen(seen: SeenIds, ids: number[]): SeenIds {
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
	return { floor, ranges };
}

/**
 * One range as stored: the gap before it (from the previous range's end, or the floor) and
 * its length less one, in base 36; a range of one id is its gap alone ("1", "1.2", "a.1k").
 */
function rangeText(previousEnd: number, [start, end]: [number, number]): string {
	const gap = (start - previousEnd - 1).toString(36);
	return end === start ? gap : `${gap}.${(end - start).toString(36)}`;
}

/** The set as it is stored, and what fitting it in `maxCharacters` gave up. */
export interface StoredSeen {
	/** `floor` in base 36, then the ranges: "p;1,1.2,3" */
	text: string;
	/** Gaps folded into the floor to fit: their ids now count as seen. */
	foldedGaps: number;
	/** The floor after folding. */
	floor: number;
}

/**
 * The compact text of a set for static data, at most `maxCharacters` long: past it, the
 * lowest ranges are folded into the floor (a range's text depends only on the range before
 * it, so the others stay as they are).
 */
export function storeSeen(seen: SeenIds, maxCharacters = MAX_SEEN_CHARACTERS): StoredSeen {
	const parts = seen.ranges.map((range, index) =>
		rangeText(index === 0 ? seen.floor : seen.ranges[index - 1][1], range),
	);
	let first = 0;
	let floor = seen.floor;
	// The text's length: "floor;" and the parts joined by commas.
	let partsLength = parts.reduce((total, part) => total + part.length + 1, 0) - 1;
	const size = () => floor.toString(36).length + 1 + Math.max(0, partsLength);
	while (first < parts.length && size() > maxCharacters) {
		partsLength -= parts[first].length + 1;
		floor = seen.ranges[first][1];
		first++;
	}
	return {
		text: `${floor.toString(36)};${parts.slice(first).join(',')}`,
		foldedGaps: first,
		floor,
	};
}

const BASE36 = /^[0-9a-z]+$/;

/** Reads a stored set back, or undefined when it is not one this code wrote. */
export function parseSeen(value: unknown): SeenIds | undefined {
	if (typeof value !== 'string') return undefined;
	const [floorText, rangesText, ...rest] = value.split(';');
	if (rest.length || rangesText === undefined || !BASE36.test(floorText)) return undefined;
	const floor = parseInt(floorText, 36);
	const ranges: Array<[number, number]> = [];
	let previousEnd = floor;
	for (const part of rangesText === '' ? [] : rangesText.split(',')) {
		const [gapText, lengthText = '0', ...more] = part.split('.');
		if (more.length || !BASE36.test(gapText) || !BASE36.test(lengthText)) return undefined;
		const start = previousEnd + 1 + parseInt(gapText, 36);
		const end = start + parseInt(lengthText, 36);
		if (start <= previousEnd + 1 || !Number.isSafeInteger(end)) return undefined;
		ranges.push([start, end]);
		previousEnd = end;
	}
	return { floor, ranges };
}
