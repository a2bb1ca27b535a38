import type { PlatformResource } from '../../../shared/operation';
import { operation as update } from './update.operation';

export const salesQuote: PlatformResource = { name: 'Sales Quote', operations: [update] };
