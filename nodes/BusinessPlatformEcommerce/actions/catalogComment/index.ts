import type { PlatformResource } from '../../../shared/operation';
import { operation as update } from './update.operation';

export const catalogComment: PlatformResource = { name: 'Catalog Comment', operations: [update] };
