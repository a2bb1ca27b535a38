import type { PlatformResource } from '../../../shared/operation';
import { operation as getAll } from './getAll.operation';

export const news: PlatformResource = { name: 'News', operations: [getAll] };
