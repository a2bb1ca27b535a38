import type { PlatformResource } from '../../../shared/node/operation';
import { operation as update } from './update.operation';

export const salesQuote: PlatformResource = {
	name: 'Sales Quote',
	value: 'salesQuote',
	operations: [update],
};
