/**
 * Parameters read ahead: the operation's parameters that hold an expression, read for the next
 * items in one loop. n8n's expression runtime (an isolate) spends less CPU per expression when
 * its evaluations follow each other than when each comes between the answers of other items'
 * requests, as this node's items otherwise start (docs/performance.md, Parameters read ahead).
 * Each value is read exactly as the operation reads it (getNodeParameter(name, itemIndex)), only
 * earlier: an error is kept and thrown when the operation reads that parameter, so it fails the
 * same item at the same place. While the item queue's limit holds every waiting item back, the
 * next items are read in the idle time (itemQueue.ts IdleWork), a few per slice.
 */
import type { IExecuteFunctions, INodeParameters, NodeParameterValueType } from 'n8n-workflow';

import type { IdleWork } from './itemQueue';

/** Items read in one loop: enough to keep the runtime's evaluations together, few to hold. */
const ITEMS_READ_AHEAD = 16;
/** Items read in one slice of idle time: a few milliseconds, so that answers wait little. */
const ITEMS_PER_IDLE_SLICE = 4;
/** Items read in idle time at most past the last item started: what the run holds stays bounded. */
const ITEMS_HELD_AT_MOST = 256;

function holdsExpression(value: NodeParameterValueType | INodeParameters | undefined): boolean {
	if (typeof value === 'string') return value.startsWith('=');
	if (Array.isArray(value)) return value.some((entry) => holdsExpression(entry));
	if (value && typeof value === 'object') return Object.values(value).some(holdsExpression);
	return false;
}

type Read = { value: unknown } | { error: unknown };

export interface ReadAhead {
	/** The node's context for the operation's execute(). */
	context: IExecuteFunctions;
	/**
	 * Reads one slice of the next items in idle time; false when none is left to read. None when
	 * no parameter holds an expression: nothing to read.
	 */
	readWhileIdle?: IdleWork;
}

/**
 * The node's context for the operation's execute(), which reads the parameters `names` that
 * hold an expression from what was read ahead: a read with options, of another parameter or a
 * second read of one goes to n8n as before. Items are read in the order they start.
 */
export function readingAhead(
	context: IExecuteFunctions,
	names: string[],
	itemCount: number,
): ReadAhead {
	const saved = context.getNode().parameters;
	const withExpressions = new Set(names.filter((name) => holdsExpression(saved[name])));
	if (withExpressions.size === 0 || itemCount < 2) return { context };

	const reads = new Map<string, Read>();
	const keyOf = (itemIndex: number, name: string) => `${itemIndex}\u0000${name}`;
	let readBefore = 0; // items below this index were read ahead (or skipped)
	let lastStarted = 0;
	const readItems = (first: number, count: number) => {
		readBefore = Math.min(itemCount, first + count);
		for (let itemIndex = first; itemIndex < readBefore; itemIndex++) {
			for (const name of withExpressions) {
				try {
					reads.set(keyOf(itemIndex, name), { value: context.getNodeParameter(name, itemIndex) });
				} catch (error) {
					reads.set(keyOf(itemIndex, name), { error });
				}
			}
		}
	};

	const ownRead = context.getNodeParameter as (...args: unknown[]) => unknown;
	const getNodeParameter = (...args: unknown[]): unknown => {
		const [name, itemIndex] = args as [string, number];
		if (args[3] === undefined && withExpressions.has(name)) {
			lastStarted = Math.max(lastStarted, itemIndex);
			if (itemIndex >= readBefore) readItems(itemIndex, ITEMS_READ_AHEAD);
			const key = keyOf(itemIndex, name);
			const read = reads.get(key);
			if (read) {
				reads.delete(key);
				if ('error' in read) throw read.error;
				return read.value;
			}
		}
		return ownRead.apply(context, args);
	};
	const readWhileIdle = () => {
		const heldUpTo = Math.min(itemCount, lastStarted + ITEMS_HELD_AT_MOST);
		if (readBefore >= heldUpTo) return false;
		readItems(readBefore, Math.min(ITEMS_PER_IDLE_SLICE, heldUpTo - readBefore));
		return readBefore < heldUpTo;
	};
	// Everything else is the node's own context, reached through the prototype.
	const ownContext = Object.create(context) as IExecuteFunctions;
	return { context: Object.assign(ownContext, { getNodeParameter }), readWhileIdle };
}
