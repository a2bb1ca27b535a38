import { customApiCall } from '../../shared/customApiCall';
import { nodeActions } from '../../shared/node/operation';
import { cashBankAccount } from './cashBankAccount';
import { customerSupplierBranch } from './customerSupplierBranch';
import { salesQuote } from './salesQuote';

/**
 * The node's resources; the first is the Resource picker's default (saved workflows rely on it).
 * Custom API Call is listed last wherever it is offered (shared/customApiCall).
 */
export const actions = nodeActions([
	cashBankAccount,
	customerSupplierBranch,
	salesQuote,
	customApiCall('accounting'),
]);
