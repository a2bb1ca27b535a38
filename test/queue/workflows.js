// @ts-check
/**
 * The queue-mode test's workflows: each starts on main, from a production webhook or the
 * news trigger's poll, so its execution goes through the Redis queue to a worker. The
 * webhook workflows answer with the package node's output and are imported active.
 */
const { CREDENTIAL_ID, CREDENTIAL_NAME, PACKAGE_NAME } = require('../../scripts/n8n-app');
const { caseFor } = require('../harness/operationCases');

const CREDENTIALS = { businessPlatformApi: { id: CREDENTIAL_ID, name: CREDENTIAL_NAME } };

const TRANSFER = { id: 'bpQueueTransfer', path: 'bp-queue-transfer' };
const TASK_FILE = { id: 'bpQueueTaskFile', path: 'bp-queue-task-file' };
const NEWS = { id: 'bpQueueNews', path: 'bp-queue-news' };
const NEWS_TRIGGER = { id: 'bpQueueNewsTrigger' };
const LOGIN_SKILLS = { id: 'bpQueueLoginSkills', path: 'bp-queue-login-skills' };

/** The second credential of the stack: of the Log In type (businessPlatformLogInApi), no token stored yet. */
const LOGIN_CREDENTIAL = {
	id: 'bpQueueLoginCredential',
	name: 'Business Platform (sandbox, Log In)',
};

/**
 * @param {{ id: string, path: string }} hook
 * @param {'firstEntryJson' | 'allEntries'} responseData
 * @param {Record<string, any>} node the node after the webhook (its credentials included), without id, name and position
 */
function webhookWorkflow(hook, responseData, node) {
	return {
		id: hook.id,
		name: `Queue ${hook.id}`,
		active: true,
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				id: `${hook.id}-webhook`,
				name: 'Webhook',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: [0, 0],
				webhookId: `${hook.id}-hook`,
				parameters: {
					httpMethod: 'POST',
					path: hook.path,
					responseMode: 'lastNode',
					responseData,
					options: {},
				},
			},
			{ id: `${hook.id}-node`, name: 'Platform', position: [240, 0], typeVersion: 1, ...node },
		],
		connections: { Webhook: { main: [[{ node: 'Platform', type: 'main', index: 0 }]] } },
	};
}

/**
 * A node of this package, for webhookWorkflow.
 * @param {string} name the node's type name, e.g. 'businessPlatformEcommerce'
 * @param {Record<string, any>} parameters
 * @param {Record<string, { id: string, name: string }>} [credentials] the sandbox's API credential unless given
 */
const packageNode = (name, parameters, credentials = CREDENTIALS) => ({
	credentials,
	type: `${PACKAGE_NAME}.${name}`,
	parameters,
});

/** POST {quantity}: one E14 Inventory Transfer Item create; answers with the created record. */
const transferWorkflow = () =>
	webhookWorkflow(
		TRANSFER,
		'firstEntryJson',
		packageNode('businessPlatformEcommerce', {
			...caseFor('createInventoryTransferItem').parameters,
			quantity: '={{ $json.body.quantity }}',
		}),
	);

/** POST multipart {taskId, data: file}: E10 Task -> Update attaching the file; answers with the task. */
const taskFileWorkflow = () =>
	webhookWorkflow(
		TASK_FILE,
		'firstEntryJson',
		packageNode('businessPlatformProjects', {
			resource: 'task',
			operation: 'update',
			taskId: '={{ $json.body.taskId }}',
			updateFields: { binaryPropertyNames: 'data' },
		}),
	);

/** POST: E16 News Get Many with Return All, 100 per page; answers with every item. */
const newsWorkflow = () =>
	webhookWorkflow(
		NEWS,
		'allEntries',
		packageNode('businessPlatformEcommerce', {
			resource: 'news',
			operation: 'getAll',
			returnAll: true,
			options: { pageSize: 100 },
		}),
	);

/**
 * One of n8n's own nodes in a workflow of `hook`.
 * @param {{ id: string }} hook @param {string} name @param {string} type after `n8n-nodes-base.`
 * @param {number} typeVersion @param {number} x @param {Record<string, any>} parameters
 */
const builtInNode = (hook, name, type, typeVersion, x, parameters) => ({
	id: `${hook.id}-${name.toLowerCase()}`,
	name,
	type: `n8n-nodes-base.${type}`,
	typeVersion,
	position: [x, 0],
	parameters,
});

/** HR Skill -> Create with the Log In credential, one skill per item's `types`. */
const LOGIN_SKILL_CREATE = {
	authentication: 'login',
	resource: 'skill',
	operation: 'create',
	type: '={{ $json.types }}',
	skills: 'Excel',
};

/**
 * POST {types: string[]}: one HR Skill -> Create per type, with a Log In credential (each
 * create sends the user token); answers with every created skill.
 * @param {{ id: string, path: string }} hook
 * @param {{ id: string, name: string }} credential of the Log In type (businessPlatformLogInApi)
 * @param {string} types the List node's expression: `{ types }` from the posted body
 */
function loginSkillsWorkflow(hook, credential, types) {
	const workflow = webhookWorkflow(
		hook,
		'allEntries',
		packageNode('businessPlatformHr', LOGIN_SKILL_CREATE, { businessPlatformLogInApi: credential }),
	);
	const [webhook, platform] = workflow.nodes;
	const list = builtInNode(hook, 'List', 'set', 3.4, 60, { mode: 'raw', jsonOutput: types });
	const split = builtInNode(hook, 'Types', 'splitOut', 1, 120, {
		fieldToSplitOut: 'types',
		include: 'noOtherFields',
	});
	return {
		...workflow,
		nodes: [webhook, list, split, platform],
		connections: {
			Webhook: { main: [[{ node: 'List', type: 'main', index: 0 }]] },
			List: { main: [[{ node: 'Types', type: 'main', index: 0 }]] },
			Types: { main: [[{ node: 'Platform', type: 'main', index: 0 }]] },
		},
	};
}

module.exports = {
	TRANSFER,
	TASK_FILE,
	NEWS,
	NEWS_TRIGGER,
	LOGIN_SKILLS,
	LOGIN_CREDENTIAL,
	LOGIN_SKILL_CREATE,
	webhookWorkflow,
	packageNode,
	loginSkillsWorkflow,
	allWorkflows: () => [
		transferWorkflow(),
		taskFileWorkflow(),
		newsWorkflow(),
		// The execution's id in each type: which worker sent each create.
		loginSkillsWorkflow(
			LOGIN_SKILLS,
			LOGIN_CREDENTIAL,
			"={{ { types: $json.body.types.map(type => type + '-' + $execution.id) } }}",
		),
	],
};
