import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { ParameterError } from '../../../shared/platform/errors';
import type { PlatformOperation } from '../../../shared/node/operation';
import { platformRequest } from '../../../shared/transport/platformRequest';
import { requireString } from '../../../shared/values/parameters';

const properties: INodeProperties[] = [
	{
		displayName: 'Type',
		name: 'type',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. technical',
		description:
			'Name of the skill type the skills are added under, such as technical or languages',
	},
	{
		displayName: 'Skills',
		name: 'skills',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. Excel, Negotiation, Arabic',
		description:
			'Skills to add, separated by commas or new lines, or an array of strings from an expression',
	},
];

/** Accepts "a, b", one skill per line (blank entries skipped), or an array from an expression. */
function toSkillList(value: unknown): string[] {
	const skills = Array.isArray(value)
		? value.map((entry, index) => requireString(entry, `Skills entry ${index + 1}`))
		: requireString(value, 'Skills')
				.split(/[\n,]/)
				.map((entry) => entry.trim())
				.filter((entry) => entry !== '');
	if (skills.length === 0) throw new ParameterError('Skills', 'needs at least one skill');
	return skills;
}

export const operation: PlatformOperation = {
	operation: 'create',
	endpoints: ['createSkill'],
	picker: {
		name: 'Create',
		action: 'Create skills',
		description: 'Add skills under a skill type; returns what the platform recorded',
	},
	description: properties,

	async execute(itemIndex, run) {
		const type = requireString(this.getNodeParameter('type', itemIndex), 'Type');
		const skills = toSkillList(this.getNodeParameter('skills', itemIndex));
		const response = await platformRequest.call(this, run, 'createSkill', itemIndex, {
			json: { type, skills },
		});
		return response.data as IDataObject;
	},
};
