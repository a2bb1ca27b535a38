/** What one exchange with the platform got back, as the transport, retries and error texts read it. */
import type { IDataObject } from 'n8n-workflow';

/** What one attempt got back: an HTTP answer, or a network failure. */
export type Attempt =
	| { kind: 'response'; statusCode: number; body: unknown; headers: IDataObject }
	| { kind: 'network'; code: string; message: string };

/** Network error codes of a request that got no complete answer in time. */
export const TIMEOUT_CODES = new Set(['ETIMEDOUT', 'ECONNABORTED', 'ESOCKETTIMEDOUT']);

/** HTTP status codes of a redirect: followed by platformRequest, explained by the credential's test. */
export const REDIRECT_CODES = [301, 302, 303, 307, 308];
