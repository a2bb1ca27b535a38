/**
 * The editor side of Custom API Call: its picker entries (named exactly "Custom API Call";
 * nodeActions() places them last, so n8n adds none of its own), its parameters and the
 * AI-tool opt-in.
 *
 * AI tools: in the tool variant n8n makes of a `usableAsTool` node (same description, name
 * + "Tool"), the parameter ALLOW_IN_TOOL is shown (`@tool`), off by default, and every
 * "Custom API Call" picker entry is hidden while it is off. In the normal node that parameter
 * is not shown, so it has no value and hides nothing. execute.ts refuses the call in a tool
 * node without the opt-in, for workflows whose JSON was written by hand.
 *
 * The call's own options live in one `options` collection, the name every operation's options
 * collection has, so the request settings can join it.
 */
import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

import { DEFAULT_PAGE_SIZE } from '../values/settings';
import { languageOption, optionsCollectionOf } from '../node/descriptions';
import { CREDENTIAL_HEADER_SOURCES, NO_PROFILE, type HeaderProfile } from './headerProfiles';

export const CUSTOM_API_CALL = 'customApiCall';
export const CUSTOM_API_CALL_NAME = 'Custom API Call';
export const ALLOW_IN_TOOL = 'allowCustomApiCall';

export const hiddenInToolsUnlessAllowed: IDisplayOptions = { hide: { [ALLOW_IN_TOOL]: [false] } };

export const allowInToolProperty: INodeProperties = {
	displayName: 'Allow Custom API Call',
	name: ALLOW_IN_TOOL,
	type: 'boolean',
	default: false,
	displayOptions: { show: { '@tool': [true] } },
	description:
		"Whether to offer Custom API Call in this tool. It sends any method and path you (or, with $fromAI, the model) choose with this credential's secrets: leave off unless the call is fixed or reviewed.",
};

const BODY_METHODS = ['DELETE', 'PATCH', 'POST', 'PUT'];

const nameValue = (nameLabel: string, valueLabel: string): INodeProperties[] => [
	{ displayName: nameLabel, name: 'name', type: 'string', default: '' },
	{ displayName: valueLabel, name: 'value', type: 'string', default: '' },
];

/** The call's parameters in one node; `profiles` are the Header Profile options offered there, the first the default. */
export function customApiCallProperties(profiles: HeaderProfile[]): INodeProperties[] {
	const defaultProfile = profiles[0].value;
	return [
		{
			displayName: 'Method',
			name: 'method',
			type: 'options',
			options: ['DELETE', 'GET', 'PATCH', 'POST', 'PUT'].map((method) => ({
				name: method,
				value: method,
			})),
			default: 'GET',
		},
		{
			displayName: 'Path',
			name: 'path',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. /api/v1/invoices',
			description:
				"Path below this module's base URL from the credential. No host, scheme, ? or #, and no . or .. segments.",
		},
		{
			displayName: 'Header Profile',
			name: 'headerProfile',
			type: 'options',
			options: [
				...profiles.map((profile) => ({
					name: profile.name,
					value: profile.value,
					description: `Sends ${Object.keys(profile.credentialHeaders).join(', ')} from the credential, as ${profile.operations.join(', ')} do`,
				})),
				{ name: 'None', value: NO_PROFILE, description: 'Sends only the Credential Headers below' },
			],
			default: defaultProfile,
			description:
				'Which credential values are sent, under the exact header names the platform expects',
		},
		{
			displayName: 'Credential Headers',
			name: 'credentialHeaders',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			placeholder: 'Add Credential Header',
			default: {},
			description:
				'More headers filled from the credential, for endpoints whose headers no profile has',
			options: [
				{
					displayName: 'Header',
					name: 'header',
					values: [
						{
							displayName: 'Name',
							name: 'name',
							type: 'string',
							default: '',
							placeholder: 'e.g. secure_business_key',
						},
						{
							displayName: 'Credential Field',
							name: 'field',
							type: 'options',
							options: CREDENTIAL_HEADER_SOURCES,
							default: 'businessKey',
						},
					],
				},
			],
		},
		{
			displayName: 'Query Parameters',
			name: 'queryParameters',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			placeholder: 'Add Query Parameter',
			default: {},
			options: [
				{ displayName: 'Parameter', name: 'parameter', values: nameValue('Name', 'Value') },
			],
		},
		{
			displayName: 'Headers',
			name: 'headers',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			placeholder: 'Add Header',
			default: {},
			description:
				'Plain headers sent as typed; credential header names are refused (use the fields above)',
			options: [{ displayName: 'Header', name: 'header', values: nameValue('Name', 'Value') }],
		},
		{
			displayName: 'Body',
			name: 'bodyType',
			type: 'options',
			options: [
				{ name: 'Form Fields (Multipart)', value: 'multipart' },
				{ name: 'JSON', value: 'json' },
				{ name: 'None', value: 'none' },
				{ name: 'Text', value: 'text' },
			],
			default: 'none',
			displayOptions: { show: { method: BODY_METHODS } },
		},
		{
			displayName: 'JSON',
			name: 'jsonBody',
			type: 'json',
			default: '{}',
			displayOptions: { show: { method: BODY_METHODS, bodyType: ['json'] } },
		},
		{
			displayName: 'Form Fields',
			name: 'formFields',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true, sortable: true },
			placeholder: 'Add Form Field',
			default: {},
			description: 'Sent in this order; a name may repeat (item_id[])',
			displayOptions: { show: { method: BODY_METHODS, bodyType: ['multipart'] } },
			options: [
				{
					displayName: 'Field',
					name: 'field',
					values: [
						{
							displayName: 'Name',
							name: 'name',
							type: 'string',
							default: '',
							placeholder: 'e.g. files[]',
						},
						{
							displayName: 'Type',
							name: 'type',
							type: 'options',
							options: [
								{ name: 'Text', value: 'text' },
								{ name: 'File', value: 'file' },
							],
							default: 'text',
						},
						{
							displayName: 'Value',
							name: 'value',
							type: 'string',
							default: '',
							displayOptions: { show: { type: ['text'] } },
						},
						{
							displayName: 'Input Binary Field',
							name: 'binaryPropertyName',
							type: 'string',
							default: 'data',
							description: "Name of the input item's binary property holding the file",
							displayOptions: { show: { type: ['file'] } },
						},
					],
				},
			],
		},
		{
			displayName: 'Text',
			name: 'textBody',
			type: 'string',
			typeOptions: { rows: 4 },
			default: '',
			description: 'Sent as text/plain',
			displayOptions: { show: { method: BODY_METHODS, bodyType: ['text'] } },
		},
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
			hint: 'Walks every page (page, per_page) of a paginated list; an answer that is not one fails',
			displayOptions: { show: { method: ['GET'] } },
		},
		optionsCollectionOf([
			languageOption,
			{
				displayName: 'Language Header',
				name: 'languageHeader',
				type: 'options',
				options: [
					{ name: 'Accept-Language', value: 'Accept-Language' },
					{
						name: 'Lang',
						value: 'lang',
						description: 'As the customer/supplier branch operation uses',
					},
					{ name: 'None', value: 'none', description: 'Send no language header' },
				],
				default: 'Accept-Language',
				description:
					"Header that carries the language; without this option the profile's own (if any) is used",
			},
			{
				displayName: 'Page Size',
				name: 'pageSize',
				type: 'number',
				typeOptions: { minValue: 1, numberPrecision: 0 },
				default: DEFAULT_PAGE_SIZE,
				description: 'Items asked for per page (per_page) with Return All',
			},
			{
				displayName: 'Response',
				name: 'responseFormat',
				type: 'options',
				options: [
					{
						name: 'Data',
						value: 'data',
						description:
							"The payload inside the platform's envelope; status false is an error with the platform's message",
					},
					{
						name: 'Full Response',
						value: 'full',
						description:
							'The status code and the body as the platform sent it (not with Return All)',
					},
				],
				default: 'data',
			},
			{
				displayName: 'Safe to Repeat',
				name: 'safeToRepeat',
				type: 'boolean',
				default: false,
				description:
					'Whether sending this request twice does no harm (it sets values, it does not add or toggle). Then a failed POST, PUT, PATCH or DELETE is retried like a read; otherwise only when the platform surely did not act.',
			},
		]),
	];
}
