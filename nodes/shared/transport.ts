/**
 * The one request path of every operation: the request built from the operation table
 * (request.ts), sent through the credential's `authenticate`, retried by the operation's
 * retry class with one pause shared across a node run (retries.ts), each attempt within a
 * slot of the run's limiter (limiter.ts), envelopes unwrapped,
 * secrets blanked (redaction.ts) and failures shown with the platform's own message (errors.ts).
 */
import type { IDataObject, IExecuteFunctions, IHttpRequestOptions, ILoadOptionsFunctions } from 'n8n-workflow';

import { CREDENTIAL_TYPE } from './credentialFields';
import { isRecord, parseBody, unwrapEnvelope, valueAt } from './envelope';
import {
	MAY_HAVE_ACTED_NOTE,
	failureError,
	missingPayloadError,
	refusedAnswerError,
	unreadableAnswerError,
	type ErrorSubject,
} from './errors';
import { pauseFor, type Outcome } from './limiter';
import { specOf, type OperationRef, type OperationSpec } from './operations';
import { cleanData } from './redaction';
import { prepareRequest, type RequestInput } from './request';
import {
	TIMEOUT_CODES,
	backoffDelay,
	isRetryable,
	mayHaveActed,
	networkFailure,
	retryAfterMs,
	type Attempt,
} from './retries';
import type { PlatformRun } from './run';

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

async function waitForSharedPause(run: PlatformRun): Promise<void> {
	for (let wait = run.pausedUntil - Date.now(); wait > 0; wait = run.pausedUntil - Date.now()) {
		await pauseFor(wait, run.cancelSignal);
	}
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
	this: IExecuteFunctions | ILoadOptionsFunctions,
	run: PlatformRun,
	operation: OperationRef,
	itemIndex: number,
	input: RequestInput = {},
	responseOptions: ResponseOptions = {},
): Promise<PlatformResponse> {
	const spec = specOf(operation);
	const prepare = prepareRequest(run, spec, itemIndex, input);
	const { settings } = run;

	for (let tries = 1; ; tries++) {
		await waitForSharedPause(run);
		// One slot of the run's limiter per attempt, given back with what the answer says.
		const release = await run.limiter?.acquire(prepare.business);
		let options: IHttpRequestOptions | undefined;
		try {
			options = await prepare();
		} finally {
			// A body that cannot be built (a file that cannot be read) gives its slot back before the failure goes on.
			if (!options) release?.('neutral');
		}

		let attempt: Attempt;
		const sentAt = Date.now();
		try {
			const response = (await this.helpers.httpRequestWithAuthentication.call(
				this,
				CREDENTIAL_TYPE,
				options,
				run.credential && { credentialsDecrypted: run.credential },
			)) as { statusCode: number; body: unknown; headers: IDataObject };
			attempt = { kind: 'response', statusCode: response.statusCode, body: response.body, headers: response.headers ?? {} };
		} catch (error) {
			attempt = networkFailure(error);
		}
		const retryAfter = attempt.kind === 'response' ? retryAfterMs(attempt.headers) : undefined;
		// Waiting longer than the cap would stall the workflow; retrying sooner would be refused again.
		const waitTooLong = retryAfter !== undefined && retryAfter > settings.maxRetryAfterMs;
		release?.(outcomeOf(attempt), sentAt, waitTooLong ? undefined : retryAfter);

		if (attempt.kind === 'response' && attempt.statusCode >= 200 && attempt.statusCode < 300) {
			return successOrFailure(run, spec, itemIndex, attempt, input, responseOptions);
		}

		const retryable = tries < settings.maxTries && isRetryable(spec.retry, attempt, retryAfter);
		if (!retryable || waitTooLong) {
			const notes: string[] = [];
			if (retryable && retryAfter !== undefined) {
				notes.push(
					`The platform asked to wait ${Math.ceil(retryAfter / 1000)} s before trying again (Retry-After), longer than the ${Math.round(settings.maxRetryAfterMs / 1000)} s the node waits: run this item again later.`,
				);
			}
			if (mayHaveActed(spec.retry, attempt, retryAfter)) notes.push(MAY_HAVE_ACTED_NOTE);
			throw failureError(run, spec, itemIndex, attempt, tries, notes, input);
		}

		const delay = retryAfter ?? backoffDelay(settings, tries);
		if (attempt.kind === 'response' && (attempt.statusCode === 429 || retryAfter !== undefined)) {
			// The platform asked the whole client to slow down: every item of this run waits.
			run.pausedUntil = Math.max(run.pausedUntil, Date.now() + delay);
		} else {
			await pauseFor(delay, run.cancelSignal);
		}
	}
}

function successOrFailure(
	run: PlatformRun,
	spec: OperationSpec,
	itemIndex: number,
	attempt: Extract<Attempt, { kind: 'response' }>,
	subject: ErrorSubject,
	{ fullResponse = false }: ResponseOptions,
): PlatformResponse {
	const { value, malformed } = parseBody(attempt.body);
	// Every operation answers with a JSON envelope: anything else is a failure, never an empty record.
	if (malformed || (value === undefined && attempt.statusCode !== 204)) {
		const notes = mayHaveActed(spec.retry, attempt, undefined) ? [MAY_HAVE_ACTED_NOTE] : [];
		throw unreadableAnswerError(run, spec, itemIndex, attempt.statusCode, value, malformed, notes, subject);
	}
	if (fullResponse) return { data: cleanData(run, value), statusCode: attempt.statusCode };
	const unwrapped = unwrapEnvelope(value);
	if (!unwrapped.ok) throw refusedAnswerError(run, spec, itemIndex, attempt.statusCode, value, subject);
	// Where the spec marks the payload required, an answer without it is no success.
	if (spec.requiredPayload && !isRecord(valueAt(value, spec.requiredPayload))) {
		throw missingPayloadError(run, spec, itemIndex, attempt.statusCode, value, subject);
	}
	return {
		data: cleanData(run, unwrapped.data),
		message: cleanData(run, unwrapped.message),
		statusCode: attempt.statusCode,
	};
}
