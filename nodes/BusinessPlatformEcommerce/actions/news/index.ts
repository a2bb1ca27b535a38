import type { PlatformResource } from '../../../shared/node/operation';
import { operation as getAll } from './getAll.operation';

export const news: PlatformResource = { name: 'News', value: 'news', operations: [getAll] };
