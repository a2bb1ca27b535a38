/**
 * The one request path of every operation: the request built from the endpoint table
 * (request.ts), sent through the credential's `authenticate` (redirects followed only by the
 * rules of sendFollowingRedirects, Timeout bounding the whole exchange), retried by the
 * endpoint's retry class (retries.ts) in the one retry loop (retryLoop.ts), rate-limit
 * refusals waited out within Rate Limit Wait,
 * each attempt admitted (admission.ts: user token, upload bytes, then a slot of the limiter
 * shared by the process's runs, in that order), envelopes unwrapped,
 * secrets blanked (redaction.ts) and failures shown with the platform's own message (errors/).
 */
import { NodeApiError, type IDataObject, type IHttpRequestOptions } from 'n8n-workflow';

import { MAX_REDIRECTS } from '../values/settings';
import { isRecord, parseBody, unwrapEnvelope, valueAt } from '../platform/envelope';
import {
	MAY_HAVE_ACTED_NOTE,
	failureError,
	rateLimitWaitNote,
	redirectError,
	type ErrorSubject,
	type RedirectRefusal,
} from '../errors/nodeErrors';
import {
	missingPayloadError,
	refusedAnswerError,
	unreadableAnswerError,
} from '../errors/answerErrors';
import type { Outcome } from './rateLimit/runLimiter';
import { admit } from './admission';
import { withAbortSignal, type RequestContext } from './context';
import { endpointOf, type EndpointRef, type Endpoint } from '../platform/endpoints';
import { cleanData } from '../credential/redaction';
import { prepareRequest, type RequestInput } from './request';
import {
	isRefusal,
	isRetryable,
	mayHaveActed,
	networkFailure,
	retryAfterMs,
	retryAfterTooLong,
} from './retries';
import { withRetries } from './retryLoop';
import type { PlatformRun } from './run';
import { firstOf } from './waits';
import { credentialToSend, engineRefusalError, tokenVerdict, userTokenToSend } from './userToken';
import { REDIRECT_CODES, TIMEOUT_CODES, type Attempt } from '../platform/attempt';

export type { RequestContext } from './context';

export interface ResponseOptions {
	/** The parsed body as the platform sent it (secrets still removed), its envelope not unwrapped. */
	fullResponse?: boolean;
}

export interface PlatformResponse {
	/** The payload inside the envelope, with secret-like fields removed. */
	data: unknown;
	message?: string;
	statusCode: number;
}

/** What an attempt tells the limiter: 429, 503 and timeouts mean the platform has too much. */
function outcomeOf(attempt: Attempt): Outcome {
	if (attempt.kind === 'network') return TIMEOUT_CODES.has(attempt.code) ? 'overloaded' : 'neutral';
	return attempt.statusCode === 429 || attempt.statusCode === 503 ? 'overloaded' : 'clean';
}

/**
 * Sends one operation's request for one item and returns its unwrapped payload.
 * Throws ParameterError for bad input or credential fields (before anything is sent)
 * and NodeApiError for everything the platform or the network answered.
 */
export async function platformRequest(
	this: RequestContext,
	run: PlatformRun,
	endpointRef: EndpointRef,
	itemIndex: number,
	input: RequestInput = {},
	responseOptions: ResponseOptions = {},
): Promise<PlatformResponse> {
	const endpoint = endpointOf(endpointRef);
	const prepare = prepareRequest(run, endpoint, itemIndex, input);
	const { settings } = run;
	/** How often the user token was renewed for this request (userToken.ts tokenVerdict bounds it). */
	let renewals = 0;

	const ended = await withRetries<PlatformResponse, { attempt: Attempt; tokenNotes: string[] }>(
		run,
		// A refusal's pause goes to the shared limit with the slot: it holds the next try.
		{ waitsOutRefusals: false },
		async (retrying) => {
			// Everything the attempt waits for before it goes out, in one fixed order (admission.ts).
			const admitted = await admit(this, run, prepare, endpoint, itemIndex);
			let attempt: Attempt | undefined;
			let sentToken = '';
			let sentAt = Date.now();
			let retryAfter: number | undefined;
			let waitTooLong = false;
			let pauseMs = 0;
			try {
				const options = prepare(admitted.files);
				// Read now, after every wait: the process's newest token, never one chosen before the waits.
				sentToken = userTokenToSend(run, endpoint);
				sentAt = Date.now();
				const sent = await sendFollowingRedirects(
					this,
					run,
					endpoint,
					itemIndex,
					options,
					input,
					sentToken,
				);
				// A redirect the node does not follow fails the item.
				if (sent instanceof NodeApiError) throw sent;
				attempt = sent;
				retryAfter = attempt.kind === 'response' ? retryAfterMs(attempt.headers) : undefined;
				waitTooLong = retryAfterTooLong(settings, retryAfter);
				// The platform asked the whole client to wait: every request for this business, of every run, waits.
				if (isRefusal(attempt, retryAfter) && !waitTooLong)
					pauseMs = retrying.refusalPause(retryAfter);
			} finally {
				// Whatever failed (a refused redirect, a cancelled execution), the bytes and the slot go back here.
				admitted.giveBack(
					attempt && {
						outcome: outcomeOf(attempt),
						sentAt,
						retryAfterMs: waitTooLong ? undefined : retryAfter,
						pauseMs,
					},
				);
			}

			// The user token refused: renewed (the platform did nothing: not a try, creates too).
			const token = tokenVerdict(run, endpoint, sentToken, attempt, renewals);
			if (token?.renew) {
				renewals++;
				run.activity.tokenRefused();
				return { again: true };
			}
			if (attempt.kind === 'response' && attempt.statusCode >= 200 && attempt.statusCode < 300) {
				return {
					done: successOrFailure(run, endpoint, itemIndex, attempt, input, responseOptions),
				};
			}
			return {
				failed: { attempt, tokenNotes: token?.note ? [token.note] : [] },
				how: {
					retryAfter,
					refusal: isRefusal(attempt, retryAfter),
					retryable: isRetryable(endpoint.retry, attempt, retryAfter),
					noAnswer: attempt.kind === 'network',
					statusCode: attempt.kind === 'response' ? attempt.statusCode : undefined,
					sentAt,
				},
			};
		},
	);
	if ('done' in ended) return ended.done;

	const { attempt, tokenNotes } = ended.failed;
	const notes: string[] = [];
	if (ended.why === 'rateLimitWait') {
		notes.push(rateLimitWaitNote(settings));
	} else {
		if (ended.why === 'retryAfterTooLong') {
			const retryAfter = ended.how.retryAfter ?? 0;
			notes.push(
				`The platform asked to wait ${Math.ceil(retryAfter / 1000)} s before trying again (Retry-After), longer than the ${Math.round(settings.maxRetryAfterMs / 1000)} s the node waits: run this item again later.`,
			);
		}
		if (mayHaveActed(endpoint.retry, attempt, ended.how.retryAfter))
			notes.push(MAY_HAVE_ACTED_NOTE);
		notes.push(...tokenNotes);
	}
	throw failureError({
		run,
		endpoint,
		itemIndex,
		attempt,
		tries: ended.sent,
		notes,
		subject: input,
	});
}

/**
 * One HTTP exchange, ended by `timeout` (Timeout, started once for the request and every
 * redirect it follows: a slow trickle of bytes included, which the HTTP client's own timeout,
 * bounding only the silence between bytes, would allow) or by the run's cancel signal.
 */
async function exchange(
	context: RequestContext,
	run: PlatformRun,
	options: IHttpRequestOptions,
	timeout: AbortSignal,
	userToken: string,
): Promise<Attempt> {
	const { timeoutMs } = run.settings;
	const ended = firstOf(timeout, run.cancelSignal);
	try {
		const response = (await context.helpers.httpRequestWithAuthentication.call(
			withAbortSignal(context, ended.signal),
			run.credential.type,
			{ ...options, abortSignal: ended.signal },
			{ credentialsDecrypted: credentialToSend(run, userToken) },
		)) as { statusCode: number; body: unknown; headers: IDataObject };
		return {
			kind: 'response',
			statusCode: response.statusCode,
			body: response.body,
			headers: response.headers ?? {},
		};
	} catch (error) {
		// n8n refused the credential before sending: the item's error, never tried again.
		const refusal = engineRefusalError(run, error);
		if (refusal) throw refusal;
		if (timeout.aborted && !run.cancelSignal?.aborted) {
			run.activity.timedOut();
			return {
				kind: 'network',
				code: 'ETIMEDOUT',
				message: `no complete answer within ${timeoutMs} ms`,
			};
		}
		return networkFailure(error);
	} finally {
		ended.release();
	}
}

/**
 * Sends a request and follows redirects by the package's rules, never n8n's (which would send
 * the credential headers to any host): a redirect to another origin is the item's error, and
 * so is one of a request that changes data, which is never sent twice. Only a read follows a
 * redirect to the same origin, at most MAX_REDIRECTS times.
 */
async function sendFollowingRedirects(
	context: RequestContext,
	run: PlatformRun,
	endpoint: Endpoint,
	itemIndex: number,
	options: IHttpRequestOptions,
	subject: ErrorSubject,
	userToken: string,
): Promise<Attempt | NodeApiError> {
	const origin = new URL(options.url).origin;
	// Timeout bounds the whole exchange, redirects included, not each hop.
	const timeout = AbortSignal.timeout(run.settings.timeoutMs);
	let request = options;
	for (let redirects = 0; ; redirects++) {
		const attempt = await exchange(context, run, request, timeout, userToken);
		if (attempt.kind !== 'response' || !REDIRECT_CODES.includes(attempt.statusCode)) return attempt;
		const target = redirectTarget(attempt.headers.location, request.url);
		const refusal = target ? redirectRefusal(target, origin, endpoint, redirects) : 'no target';
		if (refusal || !target) {
			return redirectError({
				run,
				endpoint,
				itemIndex,
				statusCode: attempt.statusCode,
				target,
				refusal: refusal ?? 'no target',
				subject,
			});
		}
		// The target carries the query the platform wants; the original one is not added again.
		request = { ...request, url: target.href, qs: undefined };
	}
}

/** Why a redirect to `target` is not followed; undefined when it is. */
function redirectRefusal(
	target: URL,
	origin: string,
	endpoint: Endpoint,
	redirectsSoFar: number,
): RedirectRefusal | undefined {
	if (target.origin !== origin) return 'other origin';
	if (endpoint.method !== 'GET') return 'changes data';
	return redirectsSoFar >= MAX_REDIRECTS ? 'too many' : undefined;
}

/** A Location header as an absolute http(s) URL, resolved against the URL that answered. */
function redirectTarget(location: unknown, base: string): URL | undefined {
	if (typeof location !== 'string' || location.trim() === '' || !URL.canParse(location, base))
		return undefined;
	const target = new URL(location, base);
	return target.protocol === 'http:' || target.protocol === 'https:' ? target : undefined;
}

function successOrFailure(
	run: PlatformRun,
	endpoint: Endpoint,
	itemIndex: number,
	attempt: Extract<Attempt, { kind: 'response' }>,
	subject: ErrorSubject,
	{ fullResponse = false }: ResponseOptions,
): PlatformResponse {
	const { value, malformed } = parseBody(attempt.body);
	// Every operation answers with a JSON envelope: anything else is a failure, never an empty record.
	if (malformed || (value === undefined && attempt.statusCode !== 204)) {
		const notes = mayHaveActed(endpoint.retry, attempt, undefined) ? [MAY_HAVE_ACTED_NOTE] : [];
		throw unreadableAnswerError({
			run,
			endpoint,
			itemIndex,
			statusCode: attempt.statusCode,
			body: value,
			malformed,
			notes,
			subject,
		});
	}
	if (fullResponse)
		return { data: cleanData(run.credential, value), statusCode: attempt.statusCode };
	const unwrapped = unwrapEnvelope(value);
	const answer = { run, endpoint, itemIndex, statusCode: attempt.statusCode, body: value, subject };
	if (!unwrapped.ok) throw refusedAnswerError(answer);
	// Where the API marks the payload required, an answer without it is no success.
	if (endpoint.requiredPayload && !isRecord(valueAt(value, endpoint.requiredPayload))) {
		throw missingPayloadError(answer);
	}
	return {
		data: cleanData(run.credential, unwrapped.data),
		message: cleanData(run.credential, unwrapped.message, ['message']),
		statusCode: attempt.statusCode,
	};
}
