import type { PlatformResource } from '../../../shared/node/operation';
import { operation as toggle } from './toggle.operation';

export const favorite: PlatformResource = {
	name: 'Favorite',
	value: 'favorite',
	operations: [toggle],
};
