import type { PlatformResource } from '../../../shared/node/operation';
import { operation as update } from './update.operation';

export const auditSessionItem: PlatformResource = {
	name: 'Audit Session Item',
	value: 'auditSessionItem',
	operations: [update],
};
