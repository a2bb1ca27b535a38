import type { PlatformResourceHead } from '../../../shared/node/operation';

/** The resource's picker entry; its operations are this folder's `*.operation.ts` (actions/index.ts). */
export const catalogComment: PlatformResourceHead = {
	name: 'Catalog Comment',
	value: 'catalogComment',
};
