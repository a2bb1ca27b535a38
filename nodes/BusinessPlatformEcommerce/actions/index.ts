import { customApiCall } from '../../shared/customApiCall';
import { nodeActions } from '../../shared/node/operation';
import { auditSessionItem } from './auditSessionItem';
import { catalogComment } from './catalogComment';
import { category } from './category';
import { district } from './district';
import { favorite } from './favorite';
import { inventoryTransferItem } from './inventoryTransferItem';
import { news } from './news';
import { order } from './order';

/**
 * The node's resources; the first is the Resource picker's default (saved workflows rely on it).
 * Custom API Call is listed last wherever it is offered (shared/customApiCall).
 */
export const actions = nodeActions([
	auditSessionItem,
	catalogComment,
	category,
	district,
	favorite,
	inventoryTransferItem,
	news,
	order,
	customApiCall('ecommerce'),
]);
