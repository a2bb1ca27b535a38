/**
 * Secrets never reach the user: credential values are blanked out of error texts (how an echo
 * is found there: secretEchoes.ts, in the decodings of escapeDecoding.ts) and, as whole
 * occurrences, out of item data (dataSecrets.ts); password-like response fields are removed.
 */
import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { DEFAULT_BUSINESS } from './businessKeys';
import { DataSecrets } from './dataSecrets';
import { DATA_SECRET_FIELDS, SECRET_FIELDS, credentialText } from './fields';
import { MIN_SECRET_RUN, blankOut, foldText, secretRunsOf } from './secretEchoes';
import { labelOf } from '../platform/credentialFields';
import { ParameterError } from '../platform/errors';
import { mapLeaves, quotedPartsOf } from '../platform/envelope';
import { assertHeaderSafe } from '../values/wire';

/**
 * Field names whose values are secrets in any response (the spec's employee and branch
 * records carry `password` and `remember_token`): passwords, tokens, keys and secrets.
 */
const SECRET_FIELD =
	/^(.*password.*|.*token|.*api_?key|.*business_?key|.*private_?key|.*secret.*)$/i;

/**
 * Field names already tested: an answer repeats a few names many times (a task's files), and
 * the pattern backtracks on each. Bounded, so an answer of made-up names cannot grow it.
 */
const secretFieldNames = new Map<string, boolean>();
const SECRET_FIELD_NAMES_KEPT = 2000;

/** Whether a response field holds a password-like value that never reaches the output. */
function isSecretField(key: string): boolean {
	let secret = secretFieldNames.get(key);
	if (secret === undefined) {
		secret = SECRET_FIELD.test(key);
		if (secretFieldNames.size < SECRET_FIELD_NAMES_KEPT) secretFieldNames.set(key, secret);
	}
	return secret;
}

/** A credential's secrets: a run's (transport/runCredential.ts) or a login's (login.ts). */
interface HasSecrets {
	/** Secret values to blank out of anything shown to the user. */
	secrets: string[];
}

/**
 * A user token, pasted or given by the login, checked before it is sent: as every header
 * value (no line break or control character, nothing beyond Latin-1), and long enough to be
 * blanked out of errors and output. Refused naming `parameter`, never quoting the token.
 */
export function assertUsableUserToken(token: string, parameter: string): string {
	assertHeaderSafe(token, parameter);
	if (token.length < MIN_SECRET_RUN) {
		throw new ParameterError(
			parameter,
			`is shorter than ${MIN_SECRET_RUN} characters, too short for a user token (and to be kept out of errors and output)`,
		);
	}
	return token;
}

/**
 * The credential's secret values, business keys included: each as typed and trimmed (a
 * header value reaches the platform without the whitespace around it, and may come back so).
 */
export function secretsOf(
	credentials: ICredentialDataDecryptedObject,
	businessKeys: Map<string, string>,
): string[] {
	const values = [
		...SECRET_FIELDS.map((field) => String(credentials[field] ?? '')),
		...businessKeys.values(),
	].flatMap((value) => [value, value.trim()]);
	return [...new Set(values)].filter((value) => foldText(value).text.trim() !== '');
}

/**
 * The secrets hunted in the run's item data, each with its field's label for the hint: the
 * business keys, and the secret fields but the identifiers (docs/reliability.md).
 */
export function dataSecretsOf(
	credentials: ICredentialDataDecryptedObject,
	businessKeys: Map<string, string>,
): DataSecrets {
	const values = DATA_SECRET_FIELDS.map((field) => ({
		value: String(credentials[field] ?? ''),
		field: labelOf(field),
	}));
	for (const [name, key] of businessKeys) {
		const field =
			name === DEFAULT_BUSINESS
				? labelOf('businessKey')
				: `${labelOf('additionalBusinessKeys')} (${name})`;
		values.push({ value: key, field });
	}
	return new DataSecrets(values, credentialText(credentials, 'loginIdentifier'));
}

/** Adds a token learnt during the run (a login's) to the secrets its texts and output never show. */
export function learnSecret(
	credential: HasSecrets & { dataSecrets: DataSecrets },
	token: string,
): void {
	if (credential.secrets.includes(token)) return;
	credential.secrets.push(token);
	credential.dataSecrets.learn(token, labelOf('loginToken'));
}

/** A text shown to the user, with the credential's secrets blanked out. Redact first, then shorten. */
export function redact(credential: HasSecrets, text: string): string {
	return blankOut(secretRunsOf(credential.secrets), text);
}

/**
 * Characters of an error body searched, in all: errors quote a few hundred of them (a text
 * page's title or first 300 characters, a JSON body's message and field errors), and the
 * strict search costs microseconds a character in the worst texts (bench/redaction.js).
 */
const QUOTED_SEARCHED = 16 * 1024;

/**
 * What an error may quote of an answer's body (JSON value or text: envelope.ts quotedPartsOf),
 * with the secrets blanked out of every string before any part of it is quoted or cut; past
 * QUOTED_SEARCHED characters the rest is dropped unsearched.
 */
export function redactBody(credential: HasSecrets, body: unknown): unknown {
	const secrets = secretRunsOf(credential.secrets);
	let left = QUOTED_SEARCHED;
	return mapLeaves(
		quotedPartsOf(body),
		() => false,
		(text) => {
			const searched = text.length > left ? text.slice(0, left) : text;
			left -= searched.length;
			return blankOut(secrets, searched);
		},
	);
}

/**
 * In one pass over a response's item data: password-like fields removed (isSecretField), and
 * whole occurrences of the hunted credential values (at any depth) blanked out; `at`: where
 * `value` is in the answer, for the hint.
 */
export function cleanData<T>(
	credential: { dataSecrets: DataSecrets },
	value: T,
	at: string[] = [],
): T {
	const { dataSecrets } = credential;
	return mapLeaves(value, isSecretField, (text, path) => dataSecrets.blankOut(text, path), at);
}
