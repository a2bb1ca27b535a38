/**
 * The state of one node run that all its items' requests share: node, credential values,
 * business keys, settings, the secrets to blank out, the shared 429 pause, which business
 * an item acts for and how many pages a Get Many may ask for ahead. Built whole here, by
 * createRun, from the request settings in the node's Options (execute) or with defaults (pickers).
 */
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IExecuteFunctions,
	ILoadOptionsFunctions,
	INode,
} from 'n8n-workflow';

import { CREDENTIAL_TYPE, parseBusinessKeys } from './credentialFields';
import { DEFAULT_CONCURRENCY, DEFAULT_REQUEST_SETTINGS, type RequestSettings } from './defaults';
import { secretsOf } from './redaction';

export interface PlatformRun {
	node: INode;
	credentials: ICredentialDataDecryptedObject;
	businessKeys: Map<string, string>;
	settings: RequestSettings;
	/** Secret values to blank out of anything shown to the user. */
	secrets: string[];
	/** No request of this run starts before this time (ms epoch): one pause for 429s. */
	pausedUntil: number;
	/** The business an item acts for (a name from Additional Business Keys; '' is the default). */
	businessFor: (itemIndex: number) => string;
	/** Pages one Get Many item may have on their way at once; 1 walks them one after another. */
	pagesInFlight: number;
}

export interface RunOptions {
	settings?: Partial<RequestSettings>;
	businessFor?: (itemIndex: number) => string;
	pagesInFlight?: number;
}

export function createRun(node: INode, credentials: ICredentialDataDecryptedObject, options: RunOptions = {}): PlatformRun {
	const businessKeys = parseBusinessKeys(credentials);
	return {
		node,
		credentials,
		businessKeys,
		settings: { ...DEFAULT_REQUEST_SETTINGS, ...options.settings },
		secrets: secretsOf(credentials, businessKeys),
		pausedUntil: 0,
		businessFor: options.businessFor ?? (() => ''),
		pagesInFlight: options.pagesInFlight ?? 1,
	};
}

/** A run with the default settings, for pickers and other requests outside execute(). */
export async function startRun(context: IExecuteFunctions | ILoadOptionsFunctions): Promise<PlatformRun> {
	return createRun(context.getNode(), await context.getCredentials(CREDENTIAL_TYPE));
}

export interface NodeRun {
	run: PlatformRun;
	/** Most items running at once. */
	concurrency: number;
}

const positive = (value: unknown, fallback: number) =>
	typeof value === 'number' && Number.isFinite(value) && value >= 1 ? Math.floor(value) : fallback;

/**
 * The run of one execute(), from the request settings in the operation's Options (read once,
 * from the first item: they cannot differ per item, except Business). Concurrency bounds the requests of the whole run: at
 * most that many items run at once, and a Get Many item may request pages ahead while the
 * items running leave room, so the platform never sees more than Concurrency requests.
 */
export async function startNodeRun(context: IExecuteFunctions): Promise<NodeRun> {
	const options = context.getNodeParameter('options', 0, {}) as IDataObject;
	const concurrency = positive(options.concurrency, DEFAULT_CONCURRENCY);
	const itemsAtOnce = Math.max(1, Math.min(concurrency, context.getInputData().length));
	const run = createRun(context.getNode(), await context.getCredentials(CREDENTIAL_TYPE), {
		settings: {
			maxTries: positive(options.maxTries, DEFAULT_REQUEST_SETTINGS.maxTries),
			timeoutMs: positive(options.timeout, DEFAULT_REQUEST_SETTINGS.timeoutMs),
			retryDelayMs:
				typeof options.retryDelay === 'number' && options.retryDelay >= 0
					? options.retryDelay
					: DEFAULT_REQUEST_SETTINGS.retryDelayMs,
		},
		businessFor: (itemIndex) => String(context.getNodeParameter('options.business', itemIndex, '') ?? ''),
		pagesInFlight: Math.floor(concurrency / itemsAtOnce),
	});
	return { run, concurrency };
}
