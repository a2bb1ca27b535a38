import { nodeActions } from '../../shared/operation';
import { task } from './task';
import { workspace } from './workspace';

/** The node's resources; the first is the Resource picker's default (saved workflows rely on it). */
export const actions = nodeActions([task, workspace]);
