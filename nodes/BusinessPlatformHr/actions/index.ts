import type { INodeProperties } from 'n8n-workflow';

import { operationProperty, resourceProperty } from '../../shared/descriptions';
import type { ResourceMap } from '../../shared/execution';
import * as getPayslip from './payslip/get.operation';
import * as createSkill from './skill/create.operation';

export const resources: ResourceMap = {
	payslip: { get: getPayslip },
	skill: { create: createSkill },
};

export const properties: INodeProperties[] = [
	resourceProperty([
		{ name: 'Payslip', value: 'payslip' },
		{ name: 'Skill', value: 'skill' },
	]),
	operationProperty('payslip', [
		{ name: 'Get', value: 'get', action: 'Get a payslip', description: 'Get a payslip with its items and employee' },
	]),
	operationProperty('skill', [
		{ name: 'Create', value: 'create', action: 'Create skills', description: 'Add skills under a skill type' },
	]),
	...getPayslip.description,
	...createSkill.description,
];
