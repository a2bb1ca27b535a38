import { nodeActions } from '../../shared/operation';
import { payslip } from './payslip';
import { skill } from './skill';

/** The node's resources; the first is the Resource picker's default (saved workflows rely on it). */
export const actions = nodeActions([payslip, skill]);
