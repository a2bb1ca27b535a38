// @ts-check
/**
 * The benchmark's workflows. Each one is a manual trigger, the input items (a Set node in
 * raw JSON mode and a Split Out node: the Code node needs task runners, which are off) and
 * one node named "Measured", whose own execution time n8n records in the run data.
 */
const { CREDENTIAL_ID, CREDENTIAL_NAME, PACKAGE_NAME } = require('../scripts/n8n-app');

const MEASURED = 'Measured';
const HTTP_CREDENTIAL = {
	id: 'bpBenchHttpCustomAuth',
	name: 'Business Platform management headers (bench)',
};
const HTTP_NEWS_CREDENTIAL = {
	id: 'bpBenchHttpNewsAuth',
	name: 'Business Platform ecommerce headers (bench)',
};
const TASK_IDS = [1001, 1002, 1003, 1004];
const SETTLE_SECONDS = Number(process.env.BENCH_SETTLE_SECONDS ?? 3);

/**
 * The 1000 E10 updates: item i renames one of the seeded tasks and sets its status.
 * @param {number} count
 */
function taskItems(count) {
	return Array.from({ length: count }, (_, i) => ({
		task: TASK_IDS[i % TASK_IDS.length],
		name: `Bench task ${i}`,
	}));
}

/**
 * @param {string} id
 * @param {Record<string, any>} measured  the measured node, without position and name
 * @param {Array<Record<string, any>> | undefined} items  input items; none: the node runs once
 */
function workflow(id, measured, items) {
	/** @type {Array<Record<string, any>>} */
	const nodes = [
		{
			id: `${id}-start`,
			name: 'Start',
			type: 'n8n-nodes-base.manualTrigger',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		},
	];
	/** @type {Record<string, any>} */
	const connections = {};
	let previous = 'Start';
	// `n8n execute` keeps loading (AI tool variants of every node, ...) for a few seconds after
	// it starts the workflow; a short wait lets the measured node run in a settled process,
	// as in a long-running n8n, instead of sharing the CPU with that start-up work.
	nodes.push({
		id: `${id}-settle`,
		name: 'Settle',
		type: 'n8n-nodes-base.wait',
		typeVersion: 1.1,
		position: [100, 0],
		parameters: { resume: 'timeInterval', amount: SETTLE_SECONDS, unit: 'seconds' },
		webhookId: `${id}-settle`,
	});
	connections.Start = { main: [[{ node: 'Settle', type: 'main', index: 0 }]] };
	previous = 'Settle';
	if (items) {
		nodes.push(
			{
				id: `${id}-items`,
				name: 'Items',
				type: 'n8n-nodes-base.set',
				typeVersion: 3.4,
				position: [200, 0],
				parameters: { mode: 'raw', jsonOutput: JSON.stringify({ items }), options: {} },
			},
			{
				id: `${id}-split`,
				name: 'Split',
				type: 'n8n-nodes-base.splitOut',
				typeVersion: 1,
				position: [400, 0],
				parameters: { fieldToSplitOut: 'items', options: {} },
			},
		);
		connections.Settle = { main: [[{ node: 'Items', type: 'main', index: 0 }]] };
		connections.Items = { main: [[{ node: 'Split', type: 'main', index: 0 }]] };
		previous = 'Split';
	}
	nodes.push({ id: `${id}-measured`, name: MEASURED, position: [600, 0], ...measured });
	connections[previous] = { main: [[{ node: MEASURED, type: 'main', index: 0 }]] };
	return {
		id,
		name: `Bench ${id}`,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes,
		connections,
	};
}

const OUR_CREDENTIALS = { businessPlatformApi: { id: CREDENTIAL_ID, name: CREDENTIAL_NAME } };

/**
 * This package's E10 node with the given Options (`{}` keeps every default).
 * @param {string} id @param {number} count @param {Record<string, unknown>} options
 */
function ourTaskUpdates(id, count, options) {
	return workflow(
		id,
		{
			type: `${PACKAGE_NAME}.businessPlatformProjects`,
			typeVersion: 1,
			credentials: OUR_CREDENTIALS,
			parameters: {
				resource: 'task',
				operation: 'update',
				taskId: '={{ $json.task }}',
				updateFields: { name: '={{ $json.name }}', status: 'In Progress' },
				options,
			},
		},
		taskItems(count),
	);
}

/**
 * The E10 updates each with a file: the Read/Write Files from Disk node reads `filePath`
 * once per item (each item gets its own copy in n8n's binary data storage, no Code node
 * needed), and this package's node uploads it with the update. Its task and name come from
 * the item the file was read for (the Read node's output carries the file's metadata).
 * @param {string} id @param {number} count @param {string} filePath
 */
function ourTaskUpdatesWithFiles(id, count, filePath) {
	const items = taskItems(count).map((item) => ({ ...item, file: filePath }));
	const built = workflow(
		id,
		{
			type: `${PACKAGE_NAME}.businessPlatformProjects`,
			typeVersion: 1,
			credentials: OUR_CREDENTIALS,
			parameters: {
				resource: 'task',
				operation: 'update',
				taskId: "={{ $('Split').item.json.task }}",
				updateFields: {
					name: "={{ $('Split').item.json.name }}",
					status: 'In Progress',
					binaryPropertyNames: 'data',
				},
				options: {},
			},
		},
		items,
	);
	built.nodes.push({
		id: `${id}-read`,
		name: 'Read',
		type: 'n8n-nodes-base.readWriteFile',
		typeVersion: 1,
		position: [500, 0],
		parameters: {
			operation: 'read',
			fileSelector: '={{ $json.file }}',
			options: { dataPropertyName: 'data' },
		},
	});
	built.connections.Split = { main: [[{ node: 'Read', type: 'main', index: 0 }]] };
	built.connections.Read = { main: [[{ node: MEASURED, type: 'main', index: 0 }]] };
	return built;
}

/**
 * The HTTP Request node uploading the same files as ourTaskUpdatesWithFiles, headers typed
 * in: the same fields (name, status, files[0]) from the same items, the same Read node.
 * @param {string} id @param {number} count @param {string} filePath @param {string} managementBaseUrl @param {Record<string, string>} headers
 */
function httpTaskUpdatesWithFilesTyped(id, count, filePath, managementBaseUrl, headers) {
	const built = ourTaskUpdatesWithFiles(id, count, filePath);
	const http = httpTaskUpdatesTyped(id, count, managementBaseUrl, headers);
	const measured = http.nodes[http.nodes.length - 1];
	measured.parameters.url = `=${managementBaseUrl}/api/v1/tasks/update/{{ $('Split').item.json.task }}`;
	measured.parameters.bodyParameters = {
		parameters: [
			{ parameterType: 'formData', name: 'name', value: "={{ $('Split').item.json.name }}" },
			{ parameterType: 'formData', name: 'status', value: 'In Progress' },
			{ parameterType: 'formBinaryData', name: 'files[0]', inputDataFieldName: 'data' },
		],
	};
	built.nodes = built.nodes.map((node) =>
		node.name === MEASURED ? { ...measured, position: node.position } : node,
	);
	return built;
}

/**
 * n8n's HTTP Request node sending the same requests: same URL, method, headers (the
 * credential ones through a Custom Auth credential, as a user would) and multipart fields.
 * @param {string} id @param {number} count @param {string} managementBaseUrl
 */
function httpTaskUpdates(id, count, managementBaseUrl) {
	return workflow(
		id,
		{
			type: 'n8n-nodes-base.httpRequest',
			typeVersion: 4.2,
			credentials: { httpCustomAuth: HTTP_CREDENTIAL },
			parameters: {
				method: 'POST',
				url: `=${managementBaseUrl}/api/v1/tasks/update/{{ $json.task }}`,
				authentication: 'genericCredentialType',
				genericAuthType: 'httpCustomAuth',
				sendHeaders: true,
				headerParameters: {
					parameters: [
						{ name: 'Accept', value: 'application/json' },
						{ name: 'Accept-Language', value: 'en' },
					],
				},
				sendBody: true,
				contentType: 'multipart-form-data',
				bodyParameters: {
					parameters: [
						{ parameterType: 'formData', name: 'name', value: '={{ $json.name }}' },
						{ parameterType: 'formData', name: 'status', value: 'In Progress' },
					],
				},
				options: {},
			},
		},
		taskItems(count),
	);
}

/**
 * The fixed-value case (issue 54 item 5): the same updates with Name and Status plain values,
 * only Task ID from an expression, as a status sync sends them.
 */
const FIXED_NAME = 'Bench task';

/** This package's E10 node, default Options, Name and Status fixed. @param {string} id @param {number} count */
function ourTaskUpdatesFixed(id, count) {
	const built = ourTaskUpdates(id, count, {});
	built.nodes[built.nodes.length - 1].parameters.updateFields.name = FIXED_NAME;
	return built;
}

/**
 * The HTTP Request node sending the same fixed-value updates, headers typed in.
 * @param {string} id @param {number} count @param {string} managementBaseUrl @param {Record<string, string>} headers
 */
function httpTaskUpdatesFixedTyped(id, count, managementBaseUrl, headers) {
	const built = httpTaskUpdatesTyped(id, count, managementBaseUrl, headers);
	built.nodes[built.nodes.length - 1].parameters.bodyParameters.parameters[0].value = FIXED_NAME;
	return built;
}

/**
 * This package's E16 node with Return All.
 * @param {string} id @param {number} pageSize
 */
function ourNewsReturnAll(id, pageSize) {
	return workflow(
		id,
		{
			type: `${PACKAGE_NAME}.businessPlatformEcommerce`,
			typeVersion: 1,
			credentials: OUR_CREDENTIALS,
			parameters: { resource: 'news', operation: 'getAll', returnAll: true, options: { pageSize } },
		},
		undefined,
	);
}

/**
 * n8n's HTTP Request node walking the same pages with its own Pagination option (one
 * output item per page, as that option gives them).
 * @param {string} id @param {number} pageSize @param {string} ecommerceBaseUrl
 */
function httpNewsPages(id, pageSize, ecommerceBaseUrl) {
	return workflow(
		id,
		{
			type: 'n8n-nodes-base.httpRequest',
			typeVersion: 4.2,
			credentials: { httpCustomAuth: HTTP_NEWS_CREDENTIAL },
			parameters: {
				method: 'GET',
				url: `${ecommerceBaseUrl}/api/v1/news`,
				authentication: 'genericCredentialType',
				genericAuthType: 'httpCustomAuth',
				sendQuery: true,
				queryParameters: { parameters: [{ name: 'per_page', value: String(pageSize) }] },
				options: {
					pagination: {
						pagination: {
							paginationMode: 'updateAParameterInEachRequest',
							parameters: {
								parameters: [{ type: 'qs', name: 'page', value: '={{ $pageCount + 1 }}' }],
							},
							paginationCompleteWhen: 'other',
							completeExpression: '={{ $response.body.data.next_page_url === null }}',
							limitPagesFetched: false,
							requestInterval: 0,
						},
					},
				},
			},
		},
		undefined,
	);
}

/**
 * The HTTP Request node's Custom Auth credentials: the E10 and the E16 credential headers.
 * @param {import('../sandbox/server').Sandbox} sandbox
 */
function httpCredentialExport(sandbox) {
	const c = sandbox.credentials;
	const management = { 'user-token': c.userToken, 'secure-business-key': c.businessKeys.acme };
	const ecommerce = {
		apikey: c.apiKey,
		apiconnection: c.apiConnection,
		'secure-business-key': c.businessKeys.acme,
	};
	return [
		{
			...HTTP_CREDENTIAL,
			type: 'httpCustomAuth',
			data: { json: JSON.stringify({ headers: management }) },
		},
		{
			...HTTP_NEWS_CREDENTIAL,
			type: 'httpCustomAuth',
			data: { json: JSON.stringify({ headers: ecommerce }) },
		},
	];
}

/**
 * The HTTP Request node with every header typed into it, credential values included (what
 * many users wire by hand): no credential is read per request. On a refused request the item
 * carries the error (onError), so a rate-limited run reports failed items instead of stopping.
 * @param {string} id @param {number} count @param {string} managementBaseUrl @param {Record<string, string>} headers
 */
function httpTaskUpdatesTyped(id, count, managementBaseUrl, headers) {
	const typed = httpTaskUpdates(id, count, managementBaseUrl);
	const measured = typed.nodes[typed.nodes.length - 1];
	delete measured.credentials;
	measured.onError = 'continueRegularOutput';
	Object.assign(measured.parameters, {
		authentication: 'none',
		headerParameters: {
			parameters: Object.entries(headers).map(([name, value]) => ({ name, value })),
		},
	});
	delete measured.parameters.genericAuthType;
	return typed;
}

/**
 * The credential headers typed into the HTTP Request node, values included (E10 updates,
 * E14 creates), for one business.
 * @param {import('../sandbox/server').Sandbox} sandbox @param {'acme' | 'globex'} [business]
 */
function typedHeaders(sandbox, business = 'acme') {
	const c = sandbox.credentials;
	const key = c.businessKeys[business];
	return {
		tasks: {
			Accept: 'application/json',
			'Accept-Language': 'en',
			'user-token': c.userToken,
			'secure-business-key': key,
		},
		creates: { apikey: c.apiKey, apiconnection: c.apiConnection, 'secure-business-key': key },
	};
}

/** E14 creates: item i moves i % 5 + 1 units of one product between two seeded inventories. @param {number} count */
function transferItems(count) {
	return Array.from({ length: count }, (_, i) => ({ quantity: (i % 5) + 1 }));
}

/** Per business, what an E14 create moves: between two of its seeded inventories, a product of its catalog. */
const TRANSFER_RECORDS = {
	acme: { from: '1451', to: '1452', product: '1701' },
	globex: { from: '2451', to: '2452', product: '2703' },
};

/**
 * This package's E14 create node (no name or position), default Options; `business` other
 * than the credential's own (acme) is picked with Options -> Business.
 * @param {string} quantity a value or an expression @param {keyof typeof TRANSFER_RECORDS} [business]
 */
function ourTransferCreateNode(quantity, business = 'acme') {
	const records = TRANSFER_RECORDS[business];
	return {
		type: `${PACKAGE_NAME}.businessPlatformEcommerce`,
		typeVersion: 1,
		credentials: OUR_CREDENTIALS,
		parameters: {
			resource: 'inventoryTransferItem',
			operation: 'create',
			fromInventoryId: records.from,
			toInventoryId: records.to,
			productId: records.product,
			quantity,
			status: 'completed',
			...(business === 'acme' ? {} : { options: { business } }),
		},
	};
}

/**
 * n8n's HTTP Request node (no name or position) sending the same E14 create, headers typed in
 * (the business key among them), default settings: no retries, no batching.
 * @param {string} ecommerceBaseUrl @param {Record<string, string>} headers @param {string} quantity
 * @param {keyof typeof TRANSFER_RECORDS} [business]
 */
function httpTransferCreateNode(ecommerceBaseUrl, headers, quantity, business = 'acme') {
	const records = TRANSFER_RECORDS[business];
	const field = (/** @type {string} */ name, /** @type {string} */ value) => ({
		parameterType: 'formData',
		name,
		value,
	});
	return {
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.2,
		parameters: {
			method: 'POST',
			url: `${ecommerceBaseUrl}/api/v1/inventory_trancfered_items`,
			sendHeaders: true,
			headerParameters: {
				parameters: Object.entries(headers).map(([name, value]) => ({ name, value })),
			},
			sendBody: true,
			contentType: 'multipart-form-data',
			bodyParameters: {
				parameters: [
					field('from_inv_id', records.from),
					field('to_inv_id', records.to),
					field('product_id', records.product),
					field('quantity', quantity),
					field('representative_id', ''),
					field('status', '1'),
				],
			},
			options: {},
		},
	};
}

/**
 * This package's E14 node, default Options (adaptive concurrency).
 * @param {string} id @param {number} count
 */
function ourTransferCreates(id, count) {
	return workflow(
		id,
		{ ...ourTransferCreateNode('={{ $json.quantity }}'), onError: 'continueRegularOutput' },
		transferItems(count),
	);
}

/**
 * The HTTP Request node sending the same E14 creates, headers typed in.
 * @param {string} id @param {number} count @param {string} ecommerceBaseUrl @param {Record<string, string>} headers
 */
function httpTransferCreatesTyped(id, count, ecommerceBaseUrl, headers) {
	const node = httpTransferCreateNode(ecommerceBaseUrl, headers, '={{ $json.quantity }}');
	return workflow(id, { ...node, onError: 'continueRegularOutput' }, transferItems(count));
}

module.exports = {
	MEASURED,
	taskItems,
	ourTaskUpdates,
	ourTaskUpdatesWithFiles,
	httpTaskUpdatesWithFilesTyped,
	httpTaskUpdates,
	httpTaskUpdatesTyped,
	ourTaskUpdatesFixed,
	httpTaskUpdatesFixedTyped,
	FIXED_NAME,
	ourTransferCreates,
	httpTransferCreatesTyped,
	typedHeaders,
	ourTransferCreateNode,
	httpTransferCreateNode,
	ourNewsReturnAll,
	httpNewsPages,
	httpCredentialExport,
};
