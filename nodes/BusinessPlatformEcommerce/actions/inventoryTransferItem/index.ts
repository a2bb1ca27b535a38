import type { PlatformResource } from '../../../shared/node/operation';
import { operation as create } from './create.operation';

export const inventoryTransferItem: PlatformResource = {
	name: 'Inventory Transfer Item',
	value: 'inventoryTransferItem',
	operations: [create],
};
