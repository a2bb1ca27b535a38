import { nodeActions } from '../../shared/operation';
import { cashBankAccount } from './cashBankAccount';
import { customerSupplierBranch } from './customerSupplierBranch';
import { salesQuote } from './salesQuote';

/** The node's resources; the first is the Resource picker's default (saved workflows rely on it). */
export const actions = nodeActions([cashBankAccount, customerSupplierBranch, salesQuote]);
