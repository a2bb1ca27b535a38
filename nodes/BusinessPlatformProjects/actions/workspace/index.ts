import type { PlatformResource } from '../../../shared/node/operation';
import { operation as remove } from './delete.operation';

export const workspace: PlatformResource = {
	name: 'Workspace',
	value: 'workspace',
	operations: [remove],
};
