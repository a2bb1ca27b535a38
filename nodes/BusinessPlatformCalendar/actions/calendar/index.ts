import type { PlatformResource } from '../../../shared/node/operation';
import { operation as getAll } from './getAll.operation';

export const calendar: PlatformResource = {
	name: 'Calendar',
	value: 'calendar',
	operations: [getAll],
};
