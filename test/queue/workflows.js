// @ts-check
/**
 * The queue-mode test's workflows: each starts on main, from a production webhook or the
 * news trigger's poll, so its execution goes through the Redis queue to a worker. The
 * webhook workflows answer with the package node's output and are imported active.
 */
const { CREDENTIAL_ID, CREDENTIAL_NAME, PACKAGE_NAME } = require('../../scripts/n8n-app');

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

/** POST {quantity}: one E14 Inventory Transfer Item create; answers with the created record. */
const transferWorkflow = () =>
	webhookWorkflow(TRANSFER, 'firstEntryJson', {
		credentials: CREDENTIALS,
		type: `${PACKAGE_NAME}.businessPlatformEcommerce`,
		parameters: {
			resource: 'inventoryTransferItem',
			operation: 'create',
			fromInventoryId: '1451',
			toInventoryId: '1452',
			productId: '1701',
			quantity: '={{ $json.body.quantity }}',
			status: 'pending',
		},
	});

/** POST multipart {taskId, data: file}: E10 Task -> Update attaching the file; answers with the task. */
const taskFileWorkflow = () =>
	webhookWorkflow(TASK_FILE, 'firstEntryJson', {
		credentials: CREDENTIALS,
		type: `${PACKAGE_NAME}.businessPlatformProjects`,
		parameters: {
			resource: 'task',
			operation: 'update',
			taskId: '={{ $json.body.taskId }}',
			updateFields: { binaryPropertyNames: 'data' },
		},
	});

/** POST: E16 News Get Many with Return All, 100 per page; answers with every item. */
const newsWorkflow = () =>
	webhookWorkflow(NEWS, 'allEntries', {
		credentials: CREDENTIALS,
		type: `${PACKAGE_NAME}.businessPlatformEcommerce`,
		parameters: {
			resource: 'news',
			operation: 'getAll',
			returnAll: true,
			options: { pageSize: 100 },
		},
	});

/**
 * POST {types: string[]}: one HR Skill -> Create per type, suffixed `-<execution id>` (each
 * create sends the user token), with the Log In credential; answers with every created skill.
 */
function loginSkillsWorkflow() {
	const workflow = webhookWorkflow(LOGIN_SKILLS, 'allEntries', {
		credentials: { businessPlatformLogInApi: LOGIN_CREDENTIAL },
		type: `${PACKAGE_NAME}.businessPlatformHr`,
		parameters: {
			authentication: 'login',
			resource: 'skill',
			operation: 'create',
			type: '={{ $json.types }}',
			skills: 'Excel',
		},
	});
	const [webhook, platform] = workflow.nodes;
	const split = {
		id: `${LOGIN_SKILLS.id}-split`,
		name: 'Types',
		type: 'n8n-nodes-base.splitOut',
		typeVersion: 1,
		position: [120, 0],
		parameters: { fieldToSplitOut: 'types', include: 'noOtherFields' },
	};
	const list = {
		id: `${LOGIN_SKILLS.id}-list`,
		name: 'List',
		type: 'n8n-nodes-base.set',
		typeVersion: 3.4,
		position: [60, 0],
		parameters: {
			mode: 'raw',
			// The execution's id in each type: which worker sent each create.
			jsonOutput: "={{ { types: $json.body.types.map(type => type + '-' + $execution.id) } }}",
		},
	};
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
	webhookWorkflow,
	allWorkflows: () => [
		transferWorkflow(),
		taskFileWorkflow(),
		newsWorkflow(),
		loginSkillsWorkflow(),
	],
};
