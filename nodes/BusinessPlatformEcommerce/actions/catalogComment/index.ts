import type { PlatformResource } from '../../../shared/node/operation';
import { operation as update } from './update.operation';

export const catalogComment: PlatformResource = {
	name: 'Catalog Comment',
	value: 'catalogComment',
	operations: [update],
};
