import type {
	IAuthenticate,
	Icon,
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IDataObject,
	IHttpRequestHelper,
	INodeProperties,
} from 'n8n-workflow';

import { fillCredentialHeaders } from '../nodes/shared/credential/authenticate';
import {
	LOGIN_DEFAULTS,
	LOGIN_PATH,
	LOGIN_TOKEN_FIELD,
	LOGIN_TOKEN_OWNER_FIELD,
	logIn,
} from '../nodes/shared/credential/login';
import {
	CREDENTIAL_TEST,
	KEY_FIELDS,
	PLATFORM_FIELDS,
	label,
	secret,
	testNotice,
} from '../nodes/shared/credential/properties';
import { credentialFieldUsage } from '../nodes/shared/credential/usage';

/** The nodes that send the user token: the login's fields serve them. */
const LOGIN_HINT = credentialFieldUsage('userToken');

/** A login setting whose default is an assumption about the unpublished login (docs/credentials.md: User Token). */
const loginSetting = (name: keyof typeof LOGIN_DEFAULTS, description: string): INodeProperties => ({
	displayName: label(name),
	name,
	type: 'string',
	default: LOGIN_DEFAULTS[name],
	description,
	hint: `"${LOGIN_DEFAULTS[name]}" is an assumption: the platform does not publish its login. Change it if its login differs.`,
});

/**
 * The credential that logs in for its User Token (the nodes' Authentication "Log In"), and
 * logs in again whenever the platform refuses an expired token. Its token field is expirable,
 * which n8n's Engine 2.0 preview refuses (README: Compatibility); a pasted token is the other
 * type, BusinessPlatformApi, which has the same fields otherwise.
 */
export class BusinessPlatformLogInApi implements ICredentialType {
	// A literal, not CREDENTIAL_TYPES: the lint's credential rules read only literals here.
	name = 'businessPlatformLogInApi';

	// Short enough to read whole in the editor's Credential dropdown (test/e2e/editor.e2e.js).
	displayName = 'Business Log In API';

	// Literals, as the lint reads them (the pasted-token type has the same).
	icon: Icon = {
		light: 'file:../icons/businessPlatform.svg',
		dark: 'file:../icons/businessPlatform.dark.svg',
	};

	documentationUrl = 'https://github.com/business-platform/n8n-nodes-business-platform#credentials';

	properties: INodeProperties[] = [
		...KEY_FIELDS,
		// How this type gets its User Token, for the code the two types share (login.ts, logsIn):
		// a fixed value, not a choice nor a secret; the rule reads "token" in the name.
		// eslint-disable-next-line @n8n/community-nodes/credential-password-field
		{
			displayName: label('userTokenSource'),
			name: 'userTokenSource',
			type: 'hidden',
			default: 'login',
		},
		{
			displayName: label('authBaseUrl'),
			name: 'authBaseUrl',
			type: 'string',
			default: '',
			placeholder: 'e.g. https://auth.example.com',
			description: `Address of the platform's login ({auth_url}): the credential posts to this address + ${LOGIN_PATH}`,
			hint: LOGIN_HINT,
		},
		{
			displayName: label('loginIdentifier'),
			name: 'loginIdentifier',
			type: 'string',
			default: '',
			placeholder: 'e.g. name@example.com',
			description: 'The email address (or other login name) of the platform user the calls act as',
			hint: LOGIN_HINT,
		},
		{
			...secret('loginPassword', 'Password of that platform user'),
			hint: LOGIN_HINT,
		},
		loginSetting(
			'loginIdentifierField',
			'Name of the JSON field the login identifier is sent under',
		),
		loginSetting('loginPasswordField', 'Name of the JSON field the password is sent under'),
		loginSetting(
			'loginTokenPath',
			"Where the token is in the login's JSON answer, as field names joined by dots",
		),
		{
			// The login's token: n8n runs preAuthentication whenever it is empty and stores the
			// result encrypted with the credential; a node empties it to renew the token.
			displayName: 'Login Token',
			name: LOGIN_TOKEN_FIELD,
			type: 'hidden',
			typeOptions: { expirable: true, password: true },
			default: '',
		},
		{
			// A digest of the login fields the stored token was got with (password included),
			// keyed by the token (login.ts loginTokenOwner): a token of other fields is not used.
			displayName: 'Login Token For',
			name: LOGIN_TOKEN_OWNER_FIELD,
			type: 'hidden',
			typeOptions: { password: true },
			default: '',
		},
		...PLATFORM_FIELDS,
		testNotice(' It logs in first, which checks the login fields.'),
	];

	// Each operation presets the exact header names it needs; this fills in their values.
	authenticate: IAuthenticate = fillCredentialHeaders;

	// n8n calls this when the Login Token is empty (first use, or emptied by a node after the
	// platform refused it) and stores what it returns.
	async preAuthentication(
		this: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
	): Promise<IDataObject> {
		return await logIn(this, credentials);
	}

	test: ICredentialTestRequest = CREDENTIAL_TEST;
}
