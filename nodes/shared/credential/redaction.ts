/**
 * Credential values never reach the user: they are blanked out of error texts and out of
 * any response data that echoes them.
 */
import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { SECRET_FIELDS } from './fields';
import { isSecretField, mapLeaves } from '../platform/envelope';

interface HasSecrets {
	/** Secret values to blank out of anything shown to the user. */
	secrets: string[];
}

/** Shortest credential value blanked out of error texts; shorter ones are not worth hiding. */
const MIN_SECRET_LENGTH = 4;

/** Shortest credential value blanked out of output data; shorter ones could be ordinary words. */
const MIN_SECRET_IN_DATA = 8;

/** The credential's secret values, business keys included. */
export function secretsOf(
	credentials: ICredentialDataDecryptedObject,
	businessKeys: Map<string, string>,
): string[] {
	return [
		...SECRET_FIELDS.map((field) => String(credentials[field] ?? '')),
		...businessKeys.values(),
	].filter((value) => value.length >= MIN_SECRET_LENGTH);
}

export function redact(run: HasSecrets, text: string): string {
	let clean = text;
	for (const secret of run.secrets) clean = clean.split(secret).join('[redacted]');
	return clean;
}

/**
 * In one pass over a response: password-like fields removed (envelope.ts), and credential
 * values it echoes (at any depth) blanked out.
 */
export function cleanData<T>(run: HasSecrets, value: T): T {
	const secrets = run.secrets.filter((secret) => secret.length >= MIN_SECRET_IN_DATA);
	return mapLeaves(value, isSecretField, (text) =>
		secrets.reduce(
			(clean, secret) => (clean.includes(secret) ? clean.split(secret).join('[redacted]') : clean),
			text,
		),
	);
}
