/**
 * Which tenant the trigger's stored state belongs to: the platform (Ecommerce Base URL) and
 * the business (its key), not the business's name in the credential. Static data is shown
 * with the workflow, so the key is stored only as a SHA-256 fingerprint, cut to 64 bits:
 * enough to tell a credential's tenants apart, never the key itself.
 */
import { createHash } from 'crypto';

/** The tenant a poll reads: its base URL and business key, fingerprinted. */
export function tenantOf(baseUrl: string, businessKey: string): string {
	return createHash('sha256').update(`${baseUrl}\n${businessKey}`).digest('hex').slice(0, 16);
}
