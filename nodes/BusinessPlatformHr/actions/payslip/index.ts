import type { PlatformResource } from '../../../shared/operation';
import { operation as get } from './get.operation';

export const payslip: PlatformResource = { name: 'Payslip', operations: [get] };
