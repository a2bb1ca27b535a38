import type { PlatformResource } from '../../../shared/node/operation';
import { operation as get } from './get.operation';

export const order: PlatformResource = { name: 'Order', value: 'order', operations: [get] };
