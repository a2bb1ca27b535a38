import { nodeActions } from '../../shared/operation';
import { calendar } from './calendar';

/** The node's resources; the first is the Resource picker's default (saved workflows rely on it). */
export const actions = nodeActions([calendar]);
