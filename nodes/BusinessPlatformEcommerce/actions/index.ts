import type { INodeProperties } from 'n8n-workflow';

import { operationProperty, resourceProperty } from '../../shared/descriptions';
import type { ResourceMap } from '../../shared/execution';
import * as updateAuditSessionItem from './auditSessionItem/update.operation';
import * as updateCatalogComment from './catalogComment/update.operation';
import * as updateCategory from './category/update.operation';
import * as getDistrict from './district/get.operation';
import * as toggleFavorite from './favorite/toggle.operation';
import * as createInventoryTransferItem from './inventoryTransferItem/create.operation';
import * as getManyNews from './news/getAll.operation';
import * as getOrder from './order/get.operation';

export const resources: ResourceMap = {
	auditSessionItem: { update: updateAuditSessionItem },
	catalogComment: { update: updateCatalogComment },
	category: { update: updateCategory },
	district: { get: getDistrict },
	favorite: { toggle: toggleFavorite },
	inventoryTransferItem: { create: createInventoryTransferItem },
	news: { getAll: getManyNews },
	order: { get: getOrder },
};

export const properties: INodeProperties[] = [
	resourceProperty([
		{ name: 'Audit Session Item', value: 'auditSessionItem' },
		{ name: 'Catalog Comment', value: 'catalogComment' },
		{ name: 'Category', value: 'category' },
		{ name: 'District', value: 'district' },
		{ name: 'Favorite', value: 'favorite' },
		{ name: 'Inventory Transfer Item', value: 'inventoryTransferItem' },
		{ name: 'News', value: 'news' },
		{ name: 'Order', value: 'order' },
	]),
	operationProperty('auditSessionItem', [
		{
			name: 'Update',
			value: 'update',
			action: 'Update an audit session item',
			description: 'Set the physical quantity counted for an audit session item',
		},
	]),
	operationProperty('catalogComment', [
		{ name: 'Update', value: 'update', action: 'Update a catalog comment', description: "Set a catalog comment's status" },
	]),
	operationProperty('category', [
		{
			name: 'Update',
			value: 'update',
			action: 'Update a category',
			description: 'Change fields of a category; the fields not changed keep their current values',
		},
	]),
	operationProperty('district', [
		{ name: 'Get', value: 'get', action: 'Get a district', description: 'Get a district with its Arabic and English names' },
	]),
	operationProperty('favorite', [
		{
			name: 'Toggle',
			value: 'toggle',
			action: 'Toggle a favorite',
			description: "Add a catalog item to the user's favorites, or remove it when it is already one",
		},
	]),
	operationProperty('inventoryTransferItem', [
		{
			name: 'Create',
			value: 'create',
			action: 'Create an inventory transfer item',
			description: 'Transfer a quantity of a product from one inventory to another',
		},
	]),
	operationProperty('news', [
		{ name: 'Get Many', value: 'getAll', action: 'Get many news items', description: 'List news items, page by page' },
	]),
	operationProperty('order', [
		{ name: 'Get', value: 'get', action: 'Get an order', description: 'Get the details of an order' },
	]),
	...updateAuditSessionItem.description,
	...updateCatalogComment.description,
	...updateCategory.description,
	...getDistrict.description,
	...toggleFavorite.description,
	...createInventoryTransferItem.description,
	...getManyNews.description,
	...getOrder.description,
];
