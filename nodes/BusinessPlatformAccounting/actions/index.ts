import type { INodeProperties } from 'n8n-workflow';

import { operationProperty, resourceProperty } from '../../shared/descriptions';
import type { ResourceMap } from '../../shared/execution';
import * as createCashBankAccount from './cashBankAccount/create.operation';
import * as getCustomerSupplierBranch from './customerSupplierBranch/get.operation';
import * as updateSalesQuote from './salesQuote/update.operation';

export const resources: ResourceMap = {
	cashBankAccount: { create: createCashBankAccount },
	customerSupplierBranch: { get: getCustomerSupplierBranch },
	salesQuote: { update: updateSalesQuote },
};

export const properties: INodeProperties[] = [
	resourceProperty([
		{ name: 'Cash/Bank Account', value: 'cashBankAccount' },
		{ name: 'Customer/Supplier Branch', value: 'customerSupplierBranch' },
		{ name: 'Sales Quote', value: 'salesQuote' },
	]),
	operationProperty('cashBankAccount', [
		{
			name: 'Create',
			value: 'create',
			action: 'Create a cash or bank account',
			description: 'Add a cash or bank account to the business',
		},
	]),
	operationProperty('customerSupplierBranch', [
		{
			name: 'Get',
			value: 'get',
			action: 'Get a customer or supplier branch',
			description: 'Get one branch of a customer or supplier',
		},
	]),
	operationProperty('salesQuote', [
		{
			name: 'Update',
			value: 'update',
			action: 'Update a sales quote',
			description: 'Replace the fields and line items of a sales quote',
		},
	]),
	...createCashBankAccount.description,
	...getCustomerSupplierBranch.description,
	...updateSalesQuote.description,
];
