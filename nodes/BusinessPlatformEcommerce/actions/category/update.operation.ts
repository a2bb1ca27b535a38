import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { ParameterError } from '../../../shared/platform/errors';
import { platformError } from '../../../shared/errors/nodeErrors';
import type { PlatformOperation } from '../../../shared/node/operation';
import { ENDPOINTS } from '../../../shared/platform/endpoints';
import { outputParameters } from '../../../shared/node/descriptions';
import { recordOrMessage, shapeRecord } from '../../../shared/node/output';
import type { MultipartField } from '../../../shared/transport/multipart';
import { prepareRequest } from '../../../shared/transport/request';
import { platformRequest } from '../../../shared/transport/platformRequest';
import { requireFlag, requireInteger, requireString } from '../../../shared/values/parameters';
import {
	CATEGORY_FIELDS,
	SIMPLE_CATEGORY_KEEPS,
	descriptionsOf,
	simplifyCategory,
	type CategoryDescription,
} from '../../categories';
import {
	afterEarlierUpdates,
	afterFailedUpdate,
	currentCategory,
	recordUpdate,
} from '../../categoryCache';

/**
 * Its modes (from the list or by numeric ID) serve Parent Category too. A plain string saved
 * before this was a locator is still read (extractValue).
 */
const categoryIdParameter: INodeProperties = {
	displayName: 'Category ID',
	name: 'categoryId',
	type: 'resourceLocator',
	required: true,
	default: { mode: 'list', value: '' },
	description: 'The category to update, picked from the categories list or given by its numeric ID',
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			placeholder: 'Select a category...',
			typeOptions: { searchListMethod: 'searchCategories', searchable: true },
		},
		{
			displayName: 'By ID',
			name: 'id',
			type: 'string',
			placeholder: 'e.g. 1201',
			validation: [
				{
					type: 'regex',
					properties: { regex: '^\\s*\\d+\\s*$', errorMessage: 'Not a valid category ID' },
				},
			],
		},
	],
};

const properties: INodeProperties[] = [
	categoryIdParameter,
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description:
			'Only the fields added here change. The platform takes every field on each update, so the others are read from the categories list and sent unchanged.',
		options: [
			{
				displayName: 'Alias',
				name: 'alias',
				type: 'string',
				default: '',
				placeholder: 'e.g. phones',
				description: 'URL alias of the category (sent as alias)',
			},
			{
				displayName: 'Arabic Description',
				name: 'arabicDescription',
				type: 'string',
				typeOptions: { rows: 3 },
				default: '',
				description: 'Description of the category in Arabic',
			},
			{
				displayName: 'Arabic Keyword',
				name: 'arabicKeyword',
				type: 'string',
				default: '',
				description: 'Search keywords of the category in Arabic, separated by commas',
			},
			{
				displayName: 'Arabic Title',
				name: 'arabicTitle',
				type: 'string',
				default: '',
				description: 'Title of the category in Arabic',
			},
			{
				displayName: 'English Description',
				name: 'englishDescription',
				type: 'string',
				typeOptions: { rows: 3 },
				default: '',
				description: 'Description of the category in English',
			},
			{
				displayName: 'English Keyword',
				name: 'englishKeyword',
				type: 'string',
				default: '',
				placeholder: 'e.g. phones,mobiles',
				description: 'Search keywords of the category in English, separated by commas',
			},
			{
				displayName: 'English Title',
				name: 'englishTitle',
				type: 'string',
				default: '',
				placeholder: 'e.g. Phones',
				description: 'Title of the category in English',
			},
			{
				displayName: 'Image URL',
				name: 'imageUrl',
				type: 'string',
				default: '',
				placeholder: 'e.g. https://cdn.example.com/categories/phones.png',
				description: "URL of the category's image (sent as image)",
			},
			{
				displayName: 'Parent Category',
				name: 'parentCategory',
				type: 'resourceLocator',
				default: { mode: 'list', value: '' },
				description:
					'The category this one sits under; leave empty to make it a top-level category (no parent)',
				modes: categoryIdParameter.modes,
			},
			{
				displayName: 'Sort',
				name: 'sort',
				type: 'number',
				typeOptions: { minValue: 0, numberPrecision: 0 },
				default: 0,
				description: 'Sorting order of the category',
			},
			{
				displayName: 'Status',
				name: 'status',
				type: 'boolean',
				default: true,
				description: 'Whether the category is active (sent as 1, or 0 when off)',
			},
			{
				displayName: 'Top',
				name: 'top',
				type: 'boolean',
				default: false,
				description: 'Whether the category is a top category (sent as 1, or 0 when off)',
			},
		],
	},
	...outputParameters(SIMPLE_CATEGORY_KEEPS, CATEGORY_FIELDS),
];

/** The platform's fields that every update sends, with the parameter that sets each. */
const SCALAR_FIELDS = [
	['status', 'status'],
	['top', 'top'],
	['alias', 'alias'],
	['sort', 'sort'],
	['image', 'imageUrl'],
	['parent', 'parentCategory'],
] as const;

const LANGUAGES = [
	{ lang: 'en', prefix: 'english' },
	{ lang: 'ar', prefix: 'arabic' },
] as const;

const DESCRIPTION_PARTS = ['title', 'keyword', 'description'] as const;

function capitalise(text: string): string {
	return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The parent id from the locator ({ __rl, mode, value }) or a plain value; '' means no parent. */
function parentOf(value: unknown, categoryId: string): string {
	const raw =
		typeof value === 'object' && value !== null && 'value' in value
			? (value as IDataObject).value
			: value;
	if (raw === undefined || raw === null || String(raw).trim() === '') return '';
	const parent = requireInteger(raw, 'Parent Category');
	if (parent === categoryId)
		throw new ParameterError('Parent Category', 'cannot be the category itself');
	return parent;
}

/** The user's value for one platform field, as sent; undefined when not among Update Fields. */
function userValue(
	field: string,
	parameter: string,
	fields: IDataObject,
	categoryId: string,
): string | undefined {
	if (!(parameter in fields)) return undefined;
	const value = fields[parameter];
	switch (field) {
		case 'status':
			return requireFlag(value, 'Status');
		case 'top':
			return requireFlag(value, 'Top');
		case 'sort':
			return requireInteger(value, 'Sort');
		case 'parent':
			return parentOf(value, categoryId);
		default:
			return value === undefined || value === null ? '' : String(value).trim();
	}
}

/** The current value of a field the user left alone, as the platform takes it. */
function currentValue(field: string, current: IDataObject): string {
	if (!(field in current)) {
		throw new ParameterError(
			'Update Fields',
			`must set "${capitalise(field)}": the categories list does not show the category's current ${field}, and sending it empty could reset it`,
		);
	}
	const value = current[field];
	return value === null || value === undefined ? '' : String(value);
}

/** Current descriptions with the user's changes applied; languages keep their order. */
function mergedDescriptions(current: IDataObject, fields: IDataObject): CategoryDescription[] {
	const descriptions = 'descriptions' in current ? descriptionsOf(current) : [];
	for (const { lang, prefix } of LANGUAGES) {
		const changes = DESCRIPTION_PARTS.filter((part) => `${prefix}${capitalise(part)}` in fields);
		if (changes.length === 0) continue;
		let entry = descriptions.find((candidate) => candidate.lang === lang);
		if (!entry) {
			entry = { lang, title: '', keyword: '', description: '' };
			descriptions.push(entry);
		}
		for (const part of changes) {
			const value = fields[`${prefix}${capitalise(part)}`];
			entry[part] = value === undefined || value === null ? '' : String(value);
		}
	}
	if (!('descriptions' in current) && descriptions.length < LANGUAGES.length) {
		throw new ParameterError(
			'Update Fields',
			"must set the English and Arabic texts: the categories list does not show the category's current descriptions",
		);
	}
	return descriptions;
}

export const operation: PlatformOperation = {
	operation: 'update',
	endpoints: ['listCategories', 'updateCategory'],
	picker: {
		name: 'Update',
		action: 'Update category',
		description: 'Change fields of a category; the fields not changed keep their current values',
	},
	description: properties,

	async execute(itemIndex, run) {
		const categoryId = requireInteger(
			this.getNodeParameter('categoryId', itemIndex, undefined, { extractValue: true }),
			'Category ID',
		);
		const fields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
		if (Object.keys(fields).length === 0) {
			throw new ParameterError('Update Fields', 'needs at least one field to change');
		}
		// Validate the user's values before any request, the read included.
		const changes = new Map<string, string>();
		for (const [field, parameter] of SCALAR_FIELDS) {
			const value = userValue(field, parameter, fields, categoryId);
			if (value !== undefined) changes.set(field, value);
		}
		if (changes.has('alias')) requireString(changes.get('alias'), 'Alias');
		const pathParams = { category_id: { value: categoryId, label: 'Category ID' } };
		// The update's own URL and headers (credential fields, path prefix) are checked before the read.
		const { business } = prepareRequest(run, ENDPOINTS.updateCategory, itemIndex, {
			pathParams,
		});

		// Before any await: the chain of this category's updates follows the input order.
		return await afterEarlierUpdates(run, business, categoryId, async () => {
			const current = await currentCategory.call(this, run, itemIndex, business, categoryId);
			if (!current) {
				throw platformError(run, ENDPOINTS.updateCategory, itemIndex, {
					message: `Category ${categoryId} was not found in the categories list`,
					httpCode: 404,
					notes: [
						'The current values are read from the categories list first; nothing was updated.',
					],
				});
			}

			const sent: IDataObject = {};
			const multipart: MultipartField[] = [['_method', 'PUT']];
			for (const [field] of SCALAR_FIELDS) {
				sent[field] = changes.get(field) ?? currentValue(field, current);
				multipart.push([field, sent[field] as string]);
			}
			const descriptions = mergedDescriptions(current, fields);
			sent.descriptions = descriptions as unknown as IDataObject[];
			descriptions.forEach((entry, index) => {
				multipart.push(
					[`descriptions[${index}][lang]`, entry.lang],
					[`descriptions[${index}][title]`, entry.title],
					[`descriptions[${index}][keyword]`, entry.keyword],
					[`descriptions[${index}][description]`, entry.description],
				);
			});

			const response = await platformRequest
				.call(this, run, 'updateCategory', itemIndex, { pathParams, multipart })
				.catch((error: unknown) => {
					afterFailedUpdate(run, business, error);
					throw error;
				});
			recordUpdate(run, business, categoryId, sent);
			const language = run.credential.language;
			return shapeRecord(this, itemIndex, recordOrMessage(response) as IDataObject, (category) =>
				simplifyCategory(category, language),
			);
		});
	},
};
