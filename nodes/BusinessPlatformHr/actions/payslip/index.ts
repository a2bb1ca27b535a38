import type { PlatformResource } from '../../../shared/node/operation';
import { operation as get } from './get.operation';

export const payslip: PlatformResource = { name: 'Payslip', value: 'payslip', operations: [get] };
