// @ts-check
/**
 * Runs this package's nodes the way n8n runs them: n8n-core's real WorkflowExecute and
 * the real httpRequestWithAuthentication, with the package's real credential type.
 * Only the storage around the engine (credential store, hooks) is provided here.
 */
const fs = require('node:fs');
const path = require('node:path');

const {
	WorkflowExecute,
	ExecutionLifecycleHooks,
	ExecuteContext,
	LoadOptionsContext,
	RoutingNode,
} = require('n8n-core');
const { Workflow, ICredentialsHelper, createRunExecutionData } = require('n8n-workflow');

const { BusinessPlatformApi } = require('../../credentials/BusinessPlatformApi.credentials');
const {
	BusinessPlatformLogInApi,
} = require('../../credentials/BusinessPlatformLogInApi.credentials');

const PACKAGE = 'n8n-nodes-business-platform';
const NODES_DIR = path.join(__dirname, '..', '..', 'nodes');
/** The package's credential types by name. @type {Record<string, import('n8n-workflow').ICredentialType>} */
const credentialTypes = Object.fromEntries(
	[new BusinessPlatformApi(), new BusinessPlatformLogInApi()].map((type) => [type.name, type]),
);
const WORKFLOW_ID = 'wf-test';
const EXECUTION_ID = 'exec-test';

/**
 * Each credential values object a test makes is one n8n credential, with an id of its own: the
 * logins one process shares are per credential (nodes/shared/transport/userToken.ts), so a
 * test's new credential starts with none, as a new process would.
 */
const credentialIds = new WeakMap();
let lastCredentialId = 0;
/** @param {object | undefined} credentials */
function credentialIdOf(credentials) {
	if (credentials === undefined) return 'cred-1';
	let id = credentialIds.get(credentials);
	if (id === undefined) credentialIds.set(credentials, (id = `cred-${++lastCredentialId}`));
	return id;
}

/**
 * A node's credential reference, of the type its Authentication parameter picks (as the
 * editor shows that credential only): the pasted-token type unless it is "login".
 * @param {import('n8n-workflow').INodeParameters} parameters
 * @param {object} [credentials] the credential's values (its id follows them: credentialIdOf)
 */
function credentialsFor(parameters, credentials) {
	const type =
		parameters.authentication === 'login' ? 'businessPlatformLogInApi' : 'businessPlatformApi';
	return { [type]: { id: credentialIdOf(credentials), name: 'Business Platform (sandbox)' } };
}

/** @param {string} name */
function credentialTypeNamed(name) {
	const type = credentialTypes[name];
	if (!type) throw new Error(`Unknown credential type ${name}`);
	return type;
}

/** Every `nodes/<Name>/<Name>.node.ts`, keyed by its description name (the type without the package prefix). */
const nodeClasses = new Map();
for (const dir of fs.readdirSync(NODES_DIR)) {
	const file = path.join(NODES_DIR, dir, `${dir}.node.ts`);
	if (!fs.existsSync(file)) continue;
	const NodeClass = require(file)[dir];
	nodeClasses.set(new NodeClass().description.name, NodeClass);
}

/** @param {string} type */
function loadNodeType(type) {
	const name = type.startsWith(`${PACKAGE}.`) ? type.slice(PACKAGE.length + 1) : type;
	const NodeClass = nodeClasses.get(name) ?? nodeClasses.get(name.replace(/Tool$/, ''));
	if (!NodeClass) throw new Error(`Unknown node type ${type}`);
	const nodeType = new NodeClass();
	// n8n's tool variant of a usableAsTool node: the same node under the name + "Tool".
	if (!nodeClasses.has(name)) nodeType.description = { ...nodeType.description, name };
	return nodeType;
}

/** @type {import('n8n-workflow').INodeTypes} */
const nodeTypes = {
	getByName: (type) => loadNodeType(type),
	getByNameAndVersion: (type) => loadNodeType(type),
	getKnownTypes: () => ({}),
};

class TestCredentialsHelper extends ICredentialsHelper {
	/**
	 * @param {import('n8n-workflow').ICredentialDataDecryptedObject} data
	 * @param {() => void} [onRead] called each time n8n reads the credential for the node
	 */
	constructor(data, onRead = () => {}) {
		super();
		this.data = data;
		this.onRead = onRead;
		/** What preAuthentication stored, in order. @type {Array<Record<string, any>>} */
		this.stored = [];
	}
	getParentTypes() {
		return [];
	}
	isCredentialUsableByNode() {
		return true;
	}
	/** @type {ICredentialsHelper['authenticate']} */
	async authenticate(credentials, typeName, requestOptions) {
		const authenticate = /** @type {Function} */ (credentialTypeNamed(typeName).authenticate);
		return authenticate(credentials, requestOptions);
	}
	/**
	 * As n8n's own CredentialsHelper (packages/cli credentials-helper.ts, 2.41): the
	 * credential's preAuthentication runs when its hidden expirable field is empty (or
	 * n8n saw the credential expire), its output is stored with the credential (here: in the
	 * test's credential object, which the next run reads) and assigned to the credential
	 * object of the request.
	 * @type {ICredentialsHelper['preAuthentication']}
	 */
	async preAuthentication(helpers, credentials, typeName, node, credentialsExpired) {
		const credentialType = credentialTypeNamed(typeName);
		const expirable = credentialType.properties.find(
			(property) => property.type === 'hidden' && property.typeOptions?.expirable === true,
		);
		if (!expirable || typeof credentialType.preAuthentication !== 'function') return undefined;
		if (credentials[expirable.name] !== '' && !credentialsExpired) return undefined;
		const output = await credentialType.preAuthentication.call(helpers, credentials);
		if (output[expirable.name] === undefined || !node.credentials) return undefined;
		Object.assign(this.data, output);
		this.stored.push(output);
		return Object.assign(credentials, output);
	}
	async runPreAuthentication() {
		return undefined;
	}
	/** @type {ICredentialsHelper['getCredentials']} */
	async getCredentials() {
		throw new Error('not used');
	}
	/**
	 * The stored values over the type's defaults, as n8n's CredentialsHelper reads them
	 * (applyDefaultsAndOverwrites): a field the user never changed has its default.
	 * @type {ICredentialsHelper['getDecrypted']}
	 */
	async getDecrypted(_additionalData, _nodeCredentials, typeName) {
		this.onRead();
		const defaults = Object.fromEntries(
			credentialTypeNamed(typeName)
				.properties.filter((property) => property.type !== 'notice')
				.map((property) => [property.name, property.default]),
		);
		return /** @type {import('n8n-workflow').ICredentialDataDecryptedObject} */ ({
			...defaults,
			...this.data,
		});
	}
	async updateCredentials() {}
	async updateCredentialsOauthTokenData() {}
	/** @param {string} typeName */
	getCredentialsProperties(typeName) {
		return credentialTypeNamed(typeName).properties;
	}
}

/**
 * The one node of a test workflow (a run, or a trigger's polls), with the sandbox credential.
 * @param {string} type node type (description name)
 * @param {import('n8n-workflow').INodeParameters} parameters
 * @param {object} [credentials] the credential's values
 * @returns {import('n8n-workflow').INode}
 */
function nodeUnderTest(type, parameters, credentials) {
	return {
		id: 'node-under-test',
		name: 'Node Under Test',
		type: `${PACKAGE}.${type}`,
		typeVersion: 1,
		position: [0, 0],
		parameters,
		credentials: credentialsFor(parameters, credentials),
	};
}

/**
 * The error a run ended with, as tests read it: n8n's execution error (message, description,
 * context) and, for a NodeApiError, the HTTP code.
 * @typedef {import('n8n-workflow').ExecutionError & { httpCode?: string | null }} NodeRunError
 */

/**
 * Runs one node over the given input items.
 * @param {{
 *   type: string,
 *   parameters: import('n8n-workflow').INodeParameters,
 *   credentials: import('n8n-workflow').ICredentialDataDecryptedObject,
 *   items?: Array<{ json: import('n8n-workflow').IDataObject, binary?: Record<string, any> }>,
 *   continueOnFail?: boolean,
 *   settings?: Partial<import('n8n-workflow').INode>,
 *   stop?: Promise<unknown>,
 *   credentialsRead?: () => void,
 *   inlineBinary?: boolean,
 * }} options  settings: the node's Settings tab (retryOnFail, ...); stop: when it resolves, the
 *   execution is cancelled as n8n's Stop button does (its cancel signal fires); credentialsRead:
 *   called each time n8n reads the node's credential (the run's start among them); inlineBinary:
 *   the items' files stay inline (as a Code node may set them) instead of being stored first
 */
async function runNode({
	type,
	parameters,
	credentials,
	items: givenItems = [{ json: {} }],
	continueOnFail = false,
	settings = {},
	stop,
	credentialsRead,
	inlineBinary = false,
}) {
	const items = await storedInBinaryStore(givenItems, inlineBinary);
	const node = { ...nodeUnderTest(type, parameters, credentials), ...settings };
	if (continueOnFail) node.onError = 'continueRegularOutput';
	const workflowData = {
		id: WORKFLOW_ID,
		name: 'test',
		nodes: [node],
		connections: {},
		active: false,
		settings: {},
	};
	const workflow = new Workflow({ ...workflowData, nodeTypes, staticData: {} });
	const hooks = new ExecutionLifecycleHooks(
		'manual',
		EXECUTION_ID,
		// `any`: IWorkflowBase also wants the database's fields (createdAt, ...); the hooks read none.
		/** @type {any} */ (workflowData),
	);
	// `any`: IWorkflowExecuteAdditionalData has dozens of members; these are the ones the engine uses here.
	const additionalData = /** @type {any} */ ({
		...baseAdditionalData(credentials, credentialsRead),
		hooks,
		currentNodeParameters: undefined,
		executeWorkflow: async () => {
			throw new Error('not used');
		},
		getRunExecutionData: async () => undefined,
		setExecutionStatus: () => {},
		logAiEvent: () => {},
		userId: 'user-test',
	});
	const runExecutionData = createRunExecutionData({
		executionData: {
			nodeExecutionStack: [{ node, data: { main: [items] }, source: null }],
		},
	});
	const execution = new WorkflowExecute(additionalData, 'manual', runExecutionData);
	const running = execution.processRunExecutionData(workflow);
	let finished = false;
	void stop?.then(() => {
		if (!finished) running.cancel();
	});
	const result = await running.finally(() => (finished = true));
	const taskData = result.data.resultData.runData[node.name]?.[0];
	/** @type {NodeRunError | undefined} */
	const error = result.data.resultData.error ?? taskData?.error;
	const output = taskData?.data?.main?.[0] ?? [];
	return {
		output,
		// The second output under settings { onError: 'continueErrorOutput' }: the failed items.
		errorOutput: taskData?.data?.main?.[1] ?? [],
		json: output.map((item) => item.json),
		error,
		hints: taskData?.hints ?? [],
		result,
	};
}

/**
 * n8n-core's real LoadOptionsContext for one node parameter, as the editor uses it to fill a
 * resource locator's list or an options list.
 * @param {{ type: string, parameters: import('n8n-workflow').INodeParameters, credentials: import('n8n-workflow').ICredentialDataDecryptedObject, path: string }} options
 *   type: node type (description name); path: the parameter being loaded, e.g. 'updateFields.parentCategory'
 */
function loadOptionsContext({ type, parameters, credentials, path: parameterPath }) {
	const node = nodeUnderTest(type, parameters, credentials);
	const workflow = new Workflow({
		id: WORKFLOW_ID,
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes,
	});
	// `any`: only what a picker's context reads of IWorkflowExecuteAdditionalData.
	const additionalData = /** @type {any} */ ({
		credentialsHelper: new TestCredentialsHelper(credentials),
		// As the editor sends them: with every default filled in (the Workflow filled the node's),
		// which n8n-core reads to check that the credential's displayOptions (Authentication) hold.
		currentNodeParameters: workflow.getNode(node.name)?.parameters ?? parameters,
	});
	return new LoadOptionsContext(workflow, node, additionalData, parameterPath);
}

/**
 * The credential's Test as n8n 2.41's CredentialsTester runs a declarative `test` (packages/cli
 * credentials-tester.service.ts): a temporary node whose one parameter routes the test request,
 * run by n8n-core's real RoutingNode with the credential's values (`credentialsDecrypted`), so
 * the request goes through httpRequestWithAuthentication, preAuthentication and `authenticate`
 * as in n8n. Its answer as the tester gives it: { status: 'OK' | 'Error', message }. The
 * credential store is `credentials` (a login's token is stored there, as n8n stores it).
 * @param {string} typeName credential type
 * @param {import('n8n-workflow').ICredentialDataDecryptedObject} credentials
 */
async function credentialTest(typeName, credentials) {
	const testRequest = /** @type {import('n8n-workflow').ICredentialTestRequest} */ (
		credentialTypeNamed(typeName).test
	);
	/** @type {import('n8n-workflow').INodeType} */
	const nodeType = {
		description: {
			displayName: 'Temp',
			name: 'n8n-nodes-base.noOp',
			group: ['transform'],
			version: 1,
			description: '',
			defaults: {},
			inputs: [],
			outputs: [],
			credentials: [{ name: typeName, required: true }],
			properties: [
				{
					displayName: 'Temp',
					name: 'temp',
					type: 'string',
					routing: { request: testRequest.request },
					default: '',
				},
			],
		},
	};
	/** @type {import('n8n-workflow').INode} */
	const node = {
		id: 'temp',
		parameters: {},
		name: 'Temp-Node',
		type: nodeType.description.name,
		typeVersion: 1,
		position: [0, 0],
		credentials: { [typeName]: { id: 'cred-1', name: 'Business Platform (sandbox)' } },
	};
	const workflow = new Workflow({
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: {
			getByName: () => nodeType,
			getByNameAndVersion: () => nodeType,
			getKnownTypes: () => ({}),
		},
	});
	const additionalData = /** @type {any} */ (baseAdditionalData(credentials));
	const context = new ExecuteContext(
		workflow,
		node,
		additionalData,
		'internal',
		/** @type {any} */ ({ resultData: { runData: {} } }),
		0,
		[],
		{ main: [[{ json: {} }]] },
		{ node, data: {}, source: null },
		[],
	);
	const credentialsDecrypted = {
		id: 'cred-1',
		name: 'Business Platform (sandbox)',
		type: typeName,
		data: { ...credentials },
	};
	try {
		await new RoutingNode(context, nodeType, credentialsDecrypted).runNode();
	} catch (error) {
		const cause = /** @type {any} */ (error).cause;
		if (cause?.response) {
			const statusCode = cause.response.status;
			for (const rule of testRequest.rules ?? []) {
				if (rule.type === 'responseCode' && rule.properties.value === statusCode)
					return { status: 'Error', message: rule.properties.message };
			}
			return {
				status: 'Error',
				message: cause.response.statusText || `Received HTTP status code: ${statusCode}`,
			};
		}
		if (cause?.code) return { status: 'Error', message: String(cause.code) };
		return { status: 'Error', message: String(/** @type {Error} */ (error).message) };
	}
	return { status: 'OK', message: 'Connection successful!' };
}

/** @typedef {Awaited<ReturnType<typeof startFilesystemBinaryData>>} BinaryStore */
/** @type {Promise<BinaryStore> | undefined} */
let binaryStore;

/** Removes this test file's binary data stores once its tests are done. */
const storesToRemove = /** @type {Array<() => void>} */ ([]);
if (typeof afterAll === 'function')
	afterAll(() => storesToRemove.splice(0).forEach((remove) => remove()));

/**
 * n8n-core's BinaryDataService in filesystem mode, as an n8n instance runs it (n8n 3.0 has no
 * in-memory mode; 2.x defaults to filesystem): files are stored in it and items carry an `id`
 * reference, no inline data. The service is a singleton of n8n-core's DI container, started
 * once per test file (jest gives each file its own modules). Resolves to `store(buffer,
 * { fileName, mimeType })`, which writes a file through the service and resolves to the
 * binary data object to put in an item's `binary`, and the folder it stores files in.
 * @returns {Promise<BinaryStore>}
 */
function useFilesystemBinaryData() {
	binaryStore ??= startFilesystemBinaryData();
	return binaryStore;
}

async function startFilesystemBinaryData() {
	const os = require('node:os');
	const core = require('n8n-core');
	// The DI container n8n-core itself uses (a nested copy of @n8n/di, not the top-level one).
	const coreDir = path.dirname(require.resolve('n8n-core/package.json'));
	const { Container } = require(require.resolve('@n8n/di', { paths: [coreDir] }));
	// The service's Logger would become n8n-workflow's global logger and print every node
	// error of the test file to the console: keep it silent, as the rest of the harness is.
	const logLevel = process.env.N8N_LOG_LEVEL;
	process.env.N8N_LOG_LEVEL = 'silent';
	let config;
	let service;
	try {
		config = Container.get(core.BinaryDataConfig);
		config.mode = 'filesystem';
		config.localStoragePath = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-n8n-binary-'));
		const storagePath = config.localStoragePath;
		const remove = () => fs.rmSync(storagePath, { recursive: true, force: true });
		// When the test file ends: a mutation run's jest process runs the files again for every
		// mutant, and left a store per run behind until it exited (tens of GB in one run).
		if (typeof afterAll === 'function') storesToRemove.push(remove);
		process.once('exit', remove);
		service = Container.get(core.BinaryDataService);
	} finally {
		if (logLevel === undefined) delete process.env.N8N_LOG_LEVEL;
		else process.env.N8N_LOG_LEVEL = logLevel;
	}
	await service.init();
	return {
		storagePath: config.localStoragePath,
		/**
		 * @param {Buffer | import('node:stream').Readable} buffer
		 * @param {{ fileName?: string, mimeType: string }} metadata
		 * @returns {Promise<import('n8n-workflow').IBinaryData>}
		 */
		async store(buffer, { fileName, mimeType }) {
			const location = { type: 'execution', workflowId: WORKFLOW_ID, executionId: EXECUTION_ID };
			return await service.store(location, buffer, { fileName, mimeType, data: '' });
		},
	};
}

/**
 * The items with every inline file stored in n8n's binary data store (filesystem mode), as the
 * node before it (Read/Write Files, a webhook) hands them over in n8n: a test writes its files
 * inline, the node reads them by reference. A size the test set on a file stays (a stale or
 * wrong record is what some tests are about). With `keepInline` the files stay inline, and the
 * store is in filesystem mode all the same.
 * @param {Array<{ json: import('n8n-workflow').IDataObject, binary?: Record<string, any> }>} items
 * @param {boolean} keepInline
 */
async function storedInBinaryStore(items, keepInline) {
	if (!items.some((item) => item.binary)) return items;
	const { store } = await useFilesystemBinaryData();
	if (keepInline) return items;
	const inline = (/** @type {any} */ file) => typeof file?.data === 'string' && !file.id;
	return await Promise.all(
		items.map(async (item) => {
			if (!item.binary) return item;
			/** @type {Record<string, any>} */
			const binary = {};
			for (const [key, file] of Object.entries(item.binary)) {
				if (!inline(file)) {
					binary[key] = file;
					continue;
				}
				const { data, ...metadata } = file;
				const stored = await store(Buffer.from(data, 'base64'), metadata);
				binary[key] = { ...metadata, ...stored, ...('bytes' in file ? { bytes: file.bytes } : {}) };
			}
			return { ...item, binary };
		}),
	);
}

/**
 * What n8n-core needs of the instance around a node (URLs, the credential store), shared by
 * the execute and poll harnesses.
 * @param {import('n8n-workflow').ICredentialDataDecryptedObject} credentials
 * @param {() => void} [credentialsRead] called each time n8n reads the credential
 */
function baseAdditionalData(credentials, credentialsRead) {
	return {
		credentialsHelper: new TestCredentialsHelper(credentials, credentialsRead),
		restApiUrl: 'http://localhost:5678/rest',
		instanceBaseUrl: 'http://localhost:5678',
		webhookBaseUrl: 'http://localhost:5678/webhook',
		webhookWaitingBaseUrl: 'http://localhost:5678/webhook-waiting',
		webhookTestBaseUrl: 'http://localhost:5678/webhook-test',
		formWaitingBaseUrl: 'http://localhost:5678/form-waiting',
		variables: {},
	};
}

module.exports = {
	baseAdditionalData,
	credentialTest,
	credentialsFor,
	runNode,
	loadOptionsContext,
	nodeClasses,
	nodeTypes,
	nodeUnderTest,
	TestCredentialsHelper,
	PACKAGE,
	useFilesystemBinaryData,
};
