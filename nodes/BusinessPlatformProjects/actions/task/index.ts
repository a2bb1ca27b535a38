import type { PlatformResource } from '../../../shared/operation';
import { operation as update } from './update.operation';

export const task: PlatformResource = { name: 'Task', operations: [update] };
