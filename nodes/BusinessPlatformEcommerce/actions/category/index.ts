import type { PlatformResource } from '../../../shared/node/operation';
import { operation as getAll } from './getAll.operation';
import { operation as update } from './update.operation';

export const category: PlatformResource = {
	name: 'Category',
	value: 'category',
	operations: [update, getAll],
};
