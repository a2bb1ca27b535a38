import type { PlatformResource } from '../../../shared/node/operation';
import { operation as create } from './create.operation';

export const cashBankAccount: PlatformResource = {
	name: 'Cash/Bank Account',
	value: 'cashBankAccount',
	operations: [create],
};
