import type { PlatformResource } from '../../../shared/node/operation';
import { operation as update } from './update.operation';

export const task: PlatformResource = { name: 'Task', value: 'task', operations: [update] };
