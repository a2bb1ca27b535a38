import type { PlatformResource } from '../../../shared/node/operation';
import { operation as get } from './get.operation';

export const district: PlatformResource = {
	name: 'District',
	value: 'district',
	operations: [get],
};
