import type { PlatformResource } from '../../../shared/operation';
import { operation as get } from './get.operation';

export const order: PlatformResource = { name: 'Order', operations: [get] };
