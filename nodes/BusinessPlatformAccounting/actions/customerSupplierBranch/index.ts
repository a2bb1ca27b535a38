import type { PlatformResource } from '../../../shared/node/operation';
import { operation as get } from './get.operation';

export const customerSupplierBranch: PlatformResource = {
	name: 'Customer/Supplier Branch',
	value: 'customerSupplierBranch',
	operations: [get],
};
