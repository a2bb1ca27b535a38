// @ts-check
/**
 * Runs a polling trigger's poll() the way n8n's active workflows do: through n8n-core's
 * real PollContext (real parameters, credentials and httpRequestWithAuthentication), with
 * the workflow's static data carried from poll to poll. Like n8n, it keeps a "saved" copy
 * of the static data, taken when the activation poll ends and whenever a poll emits; a
 * restart builds a new workflow from that copy, as n8n reloads it from its database.
 */
const { PollContext } = require('n8n-core');
const { Workflow } = require('n8n-workflow');

const { baseAdditionalData, nodeTypes, nodeUnderTest } = require('./n8n');

/**
 * @template T
 * @param {T} value
 * @returns {T}
 */
const clone = (value) => JSON.parse(JSON.stringify(value));

/**
 * @param {{ type: string, parameters: import('n8n-workflow').INodeParameters, credentials: import('n8n-workflow').ICredentialDataDecryptedObject, savedStaticData?: any, pollBudgetMs?: number }} options
 *   pollBudgetMs: the time n8n gives one poll (n8n 2.x's getPollBudgetMs); n8n-core's default when omitted
 */
function createPoller({ type, parameters, credentials, savedStaticData, pollBudgetMs }) {
	const node = nodeUnderTest(type, parameters, credentials);
	const workflow = new Workflow({
		id: 'wf-poll-test',
		name: 'poll test',
		nodes: [node],
		connections: {},
		active: true,
		nodeTypes,
		staticData: clone(savedStaticData ?? {}),
	});
	// `any`: only what a poll reads of IWorkflowExecuteAdditionalData.
	const additionalData = /** @type {any} */ ({
		...baseAdditionalData(credentials),
		userId: 'user-test',
	});
	let saved = clone(savedStaticData ?? {});
	let activated = false;
	const nodeType = nodeTypes.getByNameAndVersion(node.type, 1);

	const poller = {
		/** The static data n8n would have in its database now. */
		get savedStaticData() {
			return clone(saved);
		},
		/** The node's static data as the workflow holds it in memory. */
		get liveStaticData() {
			return clone(workflow.getStaticData('node', node));
		},
		/**
		 * One poll: 'trigger' as a published workflow's timer runs it, 'manual' as the
		 * editor's Fetch Test Event does. Resolves to the emitted items' json (null when
		 * nothing was emitted), or rejects with the poll's error.
		 * @param {'trigger' | 'manual'} [mode]
		 * @returns {Promise<Array<Record<string, any>> | null>}
		 */
		async poll(mode = 'trigger') {
			const budget = pollBudgetMs === undefined ? undefined : () => pollBudgetMs;
			// The arguments n8n passes after the activation mode: emit hooks, cursor hooks and static data as n8n-core's defaults.
			const context = new PollContext(
				workflow,
				node,
				additionalData,
				mode,
				activated ? 'init' : 'activate',
				undefined,
				undefined,
				undefined,
				undefined,
				undefined,
				budget,
			);
			const poll = /** @type {Function} */ (nodeType.poll);
			const result = await poll.call(context);
			if (mode === 'trigger') {
				// n8n saves static data when a poll emits, and once after the activation poll.
				if (result !== null || !activated) saved = clone(workflow.staticData);
				activated = true;
			}
			return result === null ? null : result[0].map((/** @type {any} */ item) => item.json);
		},
		/** A new workflow object from the saved static data: n8n restarted. */
		restart() {
			return createPoller({ type, parameters, credentials, savedStaticData: saved, pollBudgetMs });
		},
	};
	return poller;
}

module.exports = { createPoller };
