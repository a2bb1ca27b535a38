/** The n8n contexts a request is sent from, and how a request carries its own abort signal through them. */
import type { IExecuteFunctions, ILoadOptionsFunctions, IPollFunctions } from 'n8n-workflow';

/** The n8n contexts a request is sent from: a node's execute(), a picker, the trigger's poll(). */
export type RequestContext = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;

/**
 * The context n8n's HTTP helper runs in, with `signal` as the execution's cancel signal: the
 * helper replaces a request's `abortSignal` with that one where the context has it
 * (execute functions), which would drop the Timeout.
 */
export function withAbortSignal<Context extends object>(
	context: Context,
	signal: AbortSignal,
): Context {
	if (!('getExecutionCancelSignal' in context)) return context;
	return new Proxy(context, {
		get: (target, property, receiver) =>
			property === 'getExecutionCancelSignal'
				? () => signal
				: Reflect.get(target, property, receiver),
	});
}
