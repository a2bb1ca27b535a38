import type { PlatformResourceHead } from '../../../shared/node/operation';

/** The resource's picker entry; its operations are this folder's `*.operation.ts` (actions/index.ts). */
export const category: PlatformResourceHead = {
	name: 'Category',
	value: 'category',
};
