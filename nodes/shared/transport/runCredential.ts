/**
 * The credential of one run, read once when the run starts (createRun in run.ts) and asked by
 * everything after: its values, its business keys, the secrets never shown, the form n8n sends
 * requests with, and the values as requests use them, checked once: each module's base URL, the
 * path prefixes, the fields headers carry, each business's key and the shared-limit key of each
 * base URL and business. A request only looks values up (request.ts), so the credential is
 * neither read nor checked again per request. The user token a login gives is never written
 * here: the run's login session keeps it (userToken.ts).
 *
 * A failed check is kept and thrown for every item that needs that value, naming the operation
 * that needs it; an item that does not need it runs.
 */
import type {
	ICredentialDataDecryptedObject,
	ICredentialsDecrypted,
	IDataObject,
	INode,
} from 'n8n-workflow';

import { credentialPlaceholder } from '../credential/authenticate';
import { parseBusinessKeys, refuseUnreadableBusinessKeys } from '../credential/businessKeys';
import {
	CREDENTIAL_TYPES,
	credentialDisplayNameOf,
	credentialLanguage,
	credentialText,
	credentialTypeOf,
} from '../credential/fields';
import { logsIn } from '../credential/loginToken';
import { assertUsableUserToken, dataSecretsOf, secretsOf } from '../credential/redaction';
import type { DataSecrets } from '../credential/dataSecrets';
import { emptyCredentialFieldError } from '../errors/nodeErrors';
import { ParameterError } from '../platform/errors';
import {
	HEADER_FIELDS,
	MODULE_BASE_URL_FIELDS,
	PATH_PREFIX_FIELDS,
	labelOf,
	type CredentialField,
	type CredentialHeaderSource,
	type PathPrefixName,
	type PlatformModule,
} from '../platform/credentialFields';
import type { Endpoint } from '../platform/endpoints';
import { limitKey } from './rateLimit/sharedLimitTable';
import { assertHeaderSafe, toBaseUrl, toPathPrefix } from '../values/wire';

/** A checked value, or why it failed: thrown for each request that needs it. */
type Checked<T> = { ok: true; value: T } | { ok: false; failure: (endpoint: Endpoint) => Error };

/** The label an error names a credential field by: `The credential field "API Key"`. */
const fieldLabel = (field: CredentialField) => `The credential field "${labelOf(field)}"`;

/**
 * Runs a check of credential fields. An empty field fails with the operation that needs it
 * named; any other refusal (a ParameterError naming the field) is kept as it is.
 */
function check<T>(
	credentials: ICredentialDataDecryptedObject,
	requiredFields: readonly CredentialField[],
	verify: () => T,
): Checked<T> {
	const empty = requiredFields.find((field) => credentialText(credentials, field) === '');
	if (empty !== undefined) {
		const credentialName = credentialDisplayNameOf(credentials);
		return {
			ok: false,
			failure: (endpoint) => emptyCredentialFieldError(labelOf(empty), endpoint, credentialName),
		};
	}
	try {
		return { ok: true, value: verify() };
	} catch (error) {
		return { ok: false, failure: () => error as Error };
	}
}

function valueOf<T>(checked: Checked<T>, endpoint: Endpoint): T {
	if (!checked.ok) throw checked.failure(endpoint);
	return checked.value;
}

export class RunCredential {
	/** The credential type the node uses (credential/fields.ts CREDENTIAL_TYPES). */
	readonly type: string;
	/**
	 * The values as n8n gave them; with the pasted-token type, userTokenSource is always 'paste'.
	 * Never written: a login's token goes into a copy (userToken.ts).
	 */
	readonly values: Readonly<ICredentialDataDecryptedObject>;
	/** Whether the user token comes from a login (the Log In type). */
	readonly logsIn: boolean;
	/** The language of platform messages (fields.ts credentialLanguage). */
	readonly language: string;
	/** Business name -> business key; '' is the default business. */
	readonly businessKeys: Map<string, string>;
	/** Secret values to blank out of anything shown to the user; a login's tokens join them (redaction.ts learnSecret). */
	readonly secrets: string[];
	/** The secrets hunted in item data, and where they were blanked (redaction.ts dataSecretsOf). */
	readonly dataSecrets: DataSecrets;
	/**
	 * The credential as n8n's `credentialsDecrypted`, handed to every request so n8n does not read
	 * and decrypt it from its database again for each one.
	 */
	readonly decrypted: ICredentialsDecrypted;

	private readonly baseUrls = new Map<PlatformModule, Checked<string>>();
	private readonly pathPrefixes = new Map<PathPrefixName, Checked<string>>();
	/** The credential fields headers carry, the business key excepted (per business below). */
	private readonly headerSources = new Map<CredentialHeaderSource, Checked<void>>();
	private readonly businessKeysSafe = new Map<string, Checked<void>>();
	private readonly businessKeysReadable: Checked<void>;
	/** The credential type's display name, for the error of an empty Business Key. */
	private readonly credentialName: string;
	/** Base URL -> business -> shared-limit key (rateLimit/sharedLimitTable.ts). */
	private readonly limitKeys = new Map<string, Map<string, string>>();
	/** The headers built for an endpoint: `language:business` -> headers. */
	private readonly headersBuilt = new WeakMap<Endpoint, Map<string, IDataObject>>();

	constructor(node: INode, storedValues: ICredentialDataDecryptedObject) {
		this.type = credentialTypeOf(node);
		// The type decides whether the run logs in (login.ts reads userTokenSource), never a value
		// the pasted-token type may still hold from a development build that had the choice.
		const credentials =
			this.type === CREDENTIAL_TYPES.login
				? storedValues
				: { ...storedValues, userTokenSource: 'paste' };
		this.values = credentials;
		this.logsIn = logsIn(credentials);
		this.language = credentialLanguage(credentials);
		const businessKeys = parseBusinessKeys(credentials);
		this.businessKeys = businessKeys;
		this.secrets = secretsOf(credentials, businessKeys);
		this.dataSecrets = dataSecretsOf(credentials, businessKeys);
		const ref = node.credentials?.[this.type];
		this.decrypted = {
			id: ref?.id ?? '',
			name: ref?.name ?? '',
			type: this.type,
			data: credentials,
		};
		this.credentialName = credentialDisplayNameOf(credentials);
		for (const [module, field] of Object.entries(MODULE_BASE_URL_FIELDS) as Array<
			[PlatformModule, CredentialField]
		>) {
			const baseUrl = check(credentials, [field], () =>
				toBaseUrl(credentialText(credentials, field), fieldLabel(field)),
			);
			this.baseUrls.set(module, baseUrl);
			if (!baseUrl.ok) continue;
			// The default business too when it has no key: its requests share the key-less limit.
			const keys = new Map<string, string>();
			for (const business of new Set(['', ...businessKeys.keys()])) {
				keys.set(business, limitKey(baseUrl.value, businessKeys.get(business) ?? ''));
			}
			this.limitKeys.set(baseUrl.value, keys);
		}
		for (const [name, field] of Object.entries(PATH_PREFIX_FIELDS) as Array<
			[PathPrefixName, CredentialField]
		>) {
			this.pathPrefixes.set(
				name,
				check(credentials, [field], () =>
					toPathPrefix(credentialText(credentials, field), fieldLabel(field)),
				),
			);
		}
		// The business key is checked per business and the user token below, as it is got.
		const plainSources = HEADER_FIELDS.filter(
			(source) => source !== 'businessKey' && source !== 'userToken',
		);
		for (const source of plainSources) {
			this.headerSources.set(
				source,
				check(credentials, [source], () => {
					assertHeaderSafe(credentialText(credentials, source), fieldLabel(source));
				}),
			);
		}
		this.headerSources.set(
			'userToken',
			this.logsIn
				? // The login's fields; its token is checked when it arrives (credential/login.ts).
					check(credentials, ['authBaseUrl', 'loginIdentifier', 'loginPassword'], () => {
						toBaseUrl(credentialText(credentials, 'authBaseUrl'), fieldLabel('authBaseUrl'));
					})
				: check(credentials, ['userToken'], () => {
						assertUsableUserToken(
							credentialText(credentials, 'userToken'),
							fieldLabel('userToken'),
						);
					}),
		);
		for (const [business, key] of businessKeys) {
			this.businessKeysSafe.set(
				business,
				check(credentials, [], () => {
					assertHeaderSafe(key, `The business key of "${business || 'default'}"`);
				}),
			);
		}
		this.businessKeysReadable = check(credentials, [], () =>
			refuseUnreadableBusinessKeys(credentials),
		);
	}

	/** The endpoint's module base URL. */
	baseUrl(endpoint: Endpoint): string {
		return valueOf(this.baseUrls.get(endpoint.module) ?? unknownModule(endpoint), endpoint);
	}

	/** A configured path prefix (`{categories}`, `{favorites}`). */
	pathPrefix(name: PathPrefixName, endpoint: Endpoint): string {
		return valueOf(this.pathPrefixes.get(name) as Checked<string>, endpoint);
	}

	/**
	 * The business a request acts for, by its name in Additional Business Keys ('' is the
	 * default), checked on every operation (also those that send no business key), so a
	 * misspelt name always fails its item. A key given where a name belongs is refused without
	 * repeating it.
	 */
	business(name: string, endpoint: Endpoint): string {
		valueOf(this.businessKeysReadable, endpoint);
		if (this.businessKeys.has(name)) return name;
		if (name === '') {
			if (!Object.values(endpoint.credentialHeaders).includes('businessKey')) return name;
			throw emptyCredentialFieldError(labelOf('businessKey'), endpoint, this.credentialName);
		}
		if ([...this.businessKeys.values()].includes(name)) {
			throw new ParameterError(
				'Business',
				"holds a business key; enter the business's name from the credential's Additional Business Keys instead",
			);
		}
		throw new ParameterError(
			'Business',
			`"${name}" is not one of the credential's Additional Business Keys`,
		);
	}

	/**
	 * The headers of an endpoint's requests for a business and language (en, ar, or undefined for
	 * the credential's default), built once per run: credential headers hold placeholders that the
	 * credential's `authenticate` fills.
	 */
	headers(endpoint: Endpoint, business: string, language: 'en' | 'ar' | undefined): IDataObject {
		const built = this.headersBuilt.get(endpoint) ?? new Map<string, IDataObject>();
		const key = `${language ?? ''}:${business}`;
		let headers = built.get(key);
		if (!headers) {
			headers = this.buildHeaders(endpoint, business, language);
			this.headersBuilt.set(endpoint, built.set(key, headers));
		}
		return headers;
	}

	private buildHeaders(
		endpoint: Endpoint,
		business: string,
		language: 'en' | 'ar' | undefined,
	): IDataObject {
		const headers: IDataObject = { ...(endpoint.fixedHeaders ?? {}) };
		for (const [name, source] of Object.entries(endpoint.credentialHeaders)) {
			// Every source has its check; business() refused a business without a key.
			const checked =
				source === 'businessKey'
					? this.businessKeysSafe.get(business)
					: this.headerSources.get(source);
			if (checked) valueOf(checked, endpoint);
			headers[name] = credentialPlaceholder(source, source === 'businessKey' ? business : '');
		}
		if (endpoint.languageHeader) {
			headers[endpoint.languageHeader] = language ?? credentialPlaceholder('language');
		}
		return headers;
	}

	/** The shared limit a request to `baseUrl` for `business` counts against. */
	limitKey(baseUrl: string, business: string): string {
		return (
			this.limitKeys.get(baseUrl)?.get(business) ??
			limitKey(baseUrl, this.businessKeys.get(business) ?? '')
		);
	}
}

function unknownModule(endpoint: Endpoint): never {
	throw new Error(`No base URL field for the module "${endpoint.module}"`);
}
