/**
 * Which tenant the trigger's stored state belongs to: the platform (Ecommerce Base URL) and
 * the business (its key), not the business's name in the credential. Static data is shown
 * to anyone who can open the workflow, so it holds no derivative of the business key that
 * can be tested offline: the fingerprint is an HMAC keyed with the credential's API Key,
 * which the workflow does not show, so a guessed business key cannot be checked against it.
 * Cut to 64 bits: enough to tell a credential's tenants apart.
 */
import { createHmac, createHash } from 'crypto';

/** Marks a keyed fingerprint, so that one of the unkeyed kind (legacyTenantOf) is told apart. */
const KEYED = 'k1:';

/** The tenant a poll reads: its base URL and business key, fingerprinted with the API Key. */
export function tenantOf(baseUrl: string, businessKey: string, apiKey: string): string {
	const mac = createHmac('sha256', apiKey).update(`${baseUrl}\n${businessKey}`).digest('hex');
	return `${KEYED}${mac.slice(0, 16)}`;
}

/**
 * The unkeyed fingerprint static data written before the keyed one holds: recognised once,
 * so that the state it marks is kept, and replaced by the keyed one when that poll stores it.
 */
export function legacyTenantOf(baseUrl: string, businessKey: string): string {
	return createHash('sha256').update(`${baseUrl}\n${businessKey}`).digest('hex').slice(0, 16);
}
