/**
 * The state of one node run that all its items' requests share: node, the credential (read and
 * checked once: its values, business keys, secrets, n8n's form of it, runCredential.ts),
 * settings, which business an item acts for, the request limiter and how many pages a Get Many
 * may ask for ahead. Built whole here, by createRun, from the request settings in the node's
 * Options (execute) or with defaults (pickers). A login's user token is not part of it: the
 * run's login session keeps it (userToken.ts).
 */
import type {
	ICredentialDataDecryptedObject,
	IExecuteFunctions,
	ILoadOptionsFunctions,
	INode,
} from 'n8n-workflow';

import { credentialTypeOf } from '../credential/fields';
import {
	DEFAULT_REQUEST_SETTINGS,
	type NodeRunSettings,
	type RequestSettings,
} from '../values/settings';
import { RunActivity } from './activity';
import { RequestLimiter } from './rateLimit/runLimiter';
import { RunCredential } from './runCredential';
import { UPLOAD_BYTES_IN_FLIGHT, UploadBudget } from './uploadBudget';

export interface PlatformRun {
	node: INode;
	/** The credential, read and checked once when the run starts (runCredential.ts). */
	credential: RunCredential;
	settings: RequestSettings;
	/** The business an item acts for (a name from Additional Business Keys; '' is the default). */
	businessFor: (itemIndex: number) => string;
	/** Pages one Get Many item may have on their way at once; 1 walks them one after another. */
	readonly pagesInFlight: number;
	/** Slots for requests in flight, shared with the process's other runs (rateLimit/runLimiter.ts). */
	limiter: RequestLimiter;
	/** Bytes of files the run's requests hold at once (uploadBudget.ts). */
	uploads: UploadBudget;
	/** The execution's cancel signal: waits end when it fires. */
	cancelSignal?: AbortSignal;
	/** What the run went through (waits, refusals, logins, retries), said in the output pane. */
	activity: RunActivity;
}

export interface RunOptions {
	settings?: Partial<RequestSettings>;
	businessFor?: (itemIndex: number) => string;
	/** Pages one Get Many item may request ahead: a number, or read afresh on every page. */
	pagesInFlight?: number | (() => number);
	limiter?: RequestLimiter;
	cancelSignal?: AbortSignal;
}

export function createRun(
	node: INode,
	storedValues: ICredentialDataDecryptedObject,
	options: RunOptions = {},
): PlatformRun {
	const pagesInFlight = options.pagesInFlight ?? 1;
	const activity = new RunActivity();
	const run: Omit<PlatformRun, 'pagesInFlight'> = {
		node,
		credential: new RunCredential(node, storedValues),
		settings: { ...DEFAULT_REQUEST_SETTINGS, ...options.settings },
		businessFor: options.businessFor ?? (() => ''),
		// Pickers and the trigger: no bound of their own, but the platform's pauses hold them too.
		limiter: options.limiter ?? new RequestLimiter('fixed', Infinity),
		uploads: new UploadBudget(UPLOAD_BYTES_IN_FLIGHT, (since) => activity.gotUploadBytes(since)),
		cancelSignal: options.cancelSignal,
		activity,
	};
	return Object.defineProperty(run, 'pagesInFlight', {
		get: typeof pagesInFlight === 'number' ? () => pagesInFlight : pagesInFlight,
		enumerable: true,
	}) as PlatformRun;
}

/** A run with the default settings, for pickers and other requests outside execute(). */
export async function startRun(
	context: IExecuteFunctions | ILoadOptionsFunctions,
): Promise<PlatformRun> {
	const node = context.getNode();
	return createRun(node, await context.getCredentials(credentialTypeOf(node)));
}

export interface NodeRun {
	run: PlatformRun;
	/** The run's request limiter, which also says how many items may run at once. */
	concurrency: RequestLimiter;
}

/**
 * The run of one execute(), with the settings the router read from the operation's Options
 * (node/router.ts) and the business each item acts for. Every request of the run takes a slot
 * of its limiter (rateLimit/runLimiter.ts): adaptive by default, never above Concurrency;
 * Concurrency Mode "Fixed" keeps exactly Concurrency. Items start while fewer run than the
 * current limit, and a Get Many item requests pages ahead within its share of it, read afresh
 * on every page.
 */
export async function startNodeRun(
	context: IExecuteFunctions,
	settings: NodeRunSettings,
	businessFor: (itemIndex: number) => string,
): Promise<NodeRun> {
	const limiter = new RequestLimiter(settings.concurrencyMode, settings.concurrency);
	const itemCount = context.getInputData().length;
	const node = context.getNode();
	const run = createRun(node, await context.getCredentials(credentialTypeOf(node)), {
		settings: settings.request,
		businessFor,
		limiter,
		cancelSignal: context.getExecutionCancelSignal?.(),
		pagesInFlight: () => {
			const limit = limiter.currentLimit();
			return Math.floor(limit / Math.max(1, Math.min(limit, itemCount)));
		},
	});
	return { run, concurrency: limiter };
}
