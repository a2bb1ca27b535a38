/**
 * What an operation is, and how a node's pickers are built from its operations. Each
 * operation file says its operation value, its entry in the Operation picker,
 * its parameters and its execute(); a resource says its value and lists its operations; nodeActions() builds
 * the Resource and Operation pickers and stamps every parameter's display options, so a
 * resource or operation is named in one place. A `last` resource (Custom API Call) follows
 * the others in the Resource picker and its operation ends every Operation picker.
 */
import type {
	IDataObject,
	IDisplayOptions,
	IExecuteFunctions,
	INodeProperties,
} from 'n8n-workflow';

import { list } from '../values/text';
import {
	RETRY_ON_FAIL_TEXT,
	authenticationParameter,
	optionsCollection,
	requestSettingOptions,
} from './descriptions';
import {
	CREDENTIAL_FIELDS,
	MODULE_BASE_URL_FIELDS,
	PATH_PREFIX_FIELDS,
	labelOf,
	type CredentialField,
} from '../platform/credentialFields';
import { ENDPOINTS, type EndpointId } from '../platform/endpoints';
import type { PlatformRun } from '../transport/run';

export interface PlatformOperation {
	/** Value of the operation in the Operation picker. */
	operation: string;
	/**
	 * The endpoints execute() calls (keys of ENDPOINTS): the credential fields it
	 * needs follow from them. Empty where the user picks the headers (Custom API Call).
	 */
	endpoints: EndpointId[];
	/** The operation's entry in the Operation picker (display options: when the entry is offered). */
	picker: { name: string; action: string; description: string; displayOptions?: IDisplayOptions };
	/** Its parameters; nodeActions() adds the display options that show them for this operation. */
	description: INodeProperties[];
	/** What the user must know before running it, shown in the panel's one notice (full sentences). */
	notice?: string;
	/** Runs one input item; returns its output record(s). */
	execute(
		this: IExecuteFunctions,
		itemIndex: number,
		run: PlatformRun,
	): Promise<IDataObject | IDataObject[]>;
}

export interface PlatformResource {
	/** Name in the Resource picker. */
	name: string;
	/** Value in the Resource picker (saved with every workflow: never renamed). */
	value: string;
	/** The first is the Operation picker's default: keep it first, saved workflows rely on it. */
	operations: PlatformOperation[];
	/**
	 * Offered after every other entry: last in the Resource picker, and its operations last in
	 * every resource's Operation picker, where they run whichever resource is chosen. For
	 * Custom API Call: n8n's editor adds its own "Custom API Call" (sending users to the HTTP
	 * Request node) to every Resource and Operation list whose last entry is not named so.
	 */
	last?: boolean;
	/** When its Resource picker entry is offered. */
	displayOptions?: IDisplayOptions;
	/** Parameters it needs whichever resource is chosen, placed before the pickers as they are. */
	nodeParameters?: INodeProperties[];
}

/** A resource as its folder's index.ts writes it; the generated actions/index.ts adds its operations. */
export type PlatformResourceHead = Pick<PlatformResource, 'name' | 'value'>;

export interface NodeActions {
	/** The node's parameters: pickers, and every operation's notice and parameters with its Options. */
	properties: INodeProperties[];
	find(resource: string, operation: string): PlatformOperation | undefined;
}

/**
 * Stamps show-conditions onto parameters, keeping their own (the same idea as n8n's own
 * Airtable v2 node, whose helper n8n-workflow does not export).
 */
export function updateDisplayOptions(
	displayOptions: IDisplayOptions,
	properties: INodeProperties[],
): INodeProperties[] {
	return properties.map((property) => ({
		...property,
		displayOptions: {
			...property.displayOptions,
			show: { ...displayOptions.show, ...property.displayOptions?.show },
			...(displayOptions.hide || property.displayOptions?.hide
				? { hide: { ...displayOptions.hide, ...property.displayOptions?.hide } }
				: {}),
		},
	}));
}

/**
 * The credential fields an operation's requests need, in the credential's order of labels:
 * the header values, the module's base URL and any configured path prefix.
 */
export function credentialFieldsOf(endpoints: EndpointId[]): CredentialField[] {
	const fields = new Set<CredentialField>();
	for (const id of endpoints) {
		const endpoint = ENDPOINTS[id];
		Object.values(endpoint.credentialHeaders).forEach((field) => fields.add(field));
		fields.add(MODULE_BASE_URL_FIELDS[endpoint.module]);
		for (const [prefix, field] of Object.entries(PATH_PREFIX_FIELDS)) {
			if (endpoint.path.includes(`{${prefix}}`)) fields.add(field);
		}
	}
	return (Object.keys(CREDENTIAL_FIELDS) as CredentialField[]).filter((field) => fields.has(field));
}

/**
 * The one notice of an operation's panel (n8n's guideline: at most one): the credential fields it
 * uses, what the operation itself needs said, and that retries are built in.
 */
function panelNotice(operation: PlatformOperation): INodeProperties {
	const labels = credentialFieldsOf(operation.endpoints).map((field) =>
		field === 'businessKey'
			? 'Business Key (or one of the Additional Business Keys)'
			: labelOf(field),
	);
	const sentences = [
		...(labels.length > 0 ? [`Uses the credential's ${list(labels)}.`] : []),
		...(operation.notice ? [operation.notice] : []),
		RETRY_ON_FAIL_TEXT,
	];
	return {
		displayName: sentences.join(' '),
		name: 'notice',
		type: 'notice',
		default: '',
	};
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
const byDisplayName = (a: { displayName: string }, b: { displayName: string }) =>
	a.displayName.localeCompare(b.displayName);

/**
 * The parameters with one Options collection that holds the operation's own options and the
 * request settings, sorted by name: each panel has one "Add option" button.
 */
export function withRequestSettings(
	description: INodeProperties[],
	settings: INodeProperties[] = requestSettingOptions,
): INodeProperties[] {
	const own = description.find(
		(property) => property.name === 'options' && property.type === 'collection',
	);
	const merge = (collection: INodeProperties): INodeProperties => ({
		...collection,
		options: [...((collection.options as INodeProperties[] | undefined) ?? []), ...settings].sort(
			byDisplayName,
		),
	});
	return own
		? description.map((property) => (property === own ? merge(property) : property))
		: [...description, merge(optionsCollection)];
}

/**
 * A node's pickers and parameters from its resources. Picker options are sorted by name,
 * as n8n's lint expects, and the `last` resources' entries follow them; each picker's
 * default is the first entry given.
 */
export function nodeActions(resources: PlatformResource[]): NodeActions {
	const defaultResource = resources[0].value;
	const lastResources = resources.filter((resource) => resource.last);
	const lastOperations = lastResources.flatMap((resource) => resource.operations);
	const resourceEntry = (resource: PlatformResource) => ({
		name: resource.name,
		value: resource.value,
		...(resource.displayOptions ? { displayOptions: resource.displayOptions } : {}),
	});
	const resourcePicker: INodeProperties = {
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: [
			...resources
				.filter((resource) => !resource.last)
				.map(resourceEntry)
				.sort(byName),
			...lastResources.map(resourceEntry),
		],
		default: defaultResource,
	};
	const pickerEntry = ({ operation, picker }: PlatformOperation) => ({
		...picker,
		value: operation,
	});
	const operationPickers = resources.map((resource): INodeProperties => {
		const own = resource.last ? [] : resource.operations.map(pickerEntry).sort(byName);
		const defaultOperation = resource.operations[0].operation;
		return {
			displayName: 'Operation',
			name: 'operation',
			type: 'options',
			noDataExpression: true,
			displayOptions: { show: { resource: [resource.value] } },
			options: [...own, ...lastOperations.map(pickerEntry)],
			default: defaultOperation,
		};
	});
	const parameters = resources.flatMap((resource) =>
		resource.operations.flatMap((operation) =>
			updateDisplayOptions(
				// A `last` operation runs under every resource: only its operation value shows its parameters.
				{
					show: resource.last
						? { operation: [operation.operation] }
						: { resource: [resource.value], operation: [operation.operation] },
				},
				[panelNotice(operation), ...withRequestSettings(operation.description)],
			),
		),
	);
	const nodeParameters = resources.flatMap((resource) => resource.nodeParameters ?? []);
	return {
		properties: [
			authenticationParameter,
			...nodeParameters,
			resourcePicker,
			...operationPickers,
			...parameters,
		],
		find: (resource, operation) =>
			resources
				.find((candidate) => !candidate.last && candidate.value === resource)
				?.operations.find((candidate) => candidate.operation === operation) ??
			lastOperations.find((candidate) => candidate.operation === operation),
	};
}
