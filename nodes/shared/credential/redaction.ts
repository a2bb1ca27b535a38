/**
 * Secrets never reach the user: credential values are blanked out of error texts and out of
 * any response data that echoes them, and password-like response fields are removed.
 */
import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { SECRET_FIELDS } from './fields';
import { mapLeaves } from '../platform/envelope';

/**
 * Field names whose values are secrets in any response (the spec's employee and branch
 * records carry `password` and `remember_token`): passwords, tokens, keys and secrets.
 */
const SECRET_FIELD =
	/^(.*password.*|.*token|.*api_?key|.*business_?key|.*private_?key|.*secret.*)$/i;

/** Whether a response field holds a password-like value that never reaches the output. */
function isSecretField(key: string): boolean {
	return SECRET_FIELD.test(key);
}

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
 * In one pass over a response: password-like fields removed (isSecretField), and credential
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
