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
import { logIn } from '../nodes/shared/credential/login';
import { CREDENTIAL_TEST, panelFields, testNotice } from '../nodes/shared/credential/properties';

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

	// The fields table (platform/credentialFields.ts): the same fields as the pasted-token type,
	// with the login's (their defaults are assumptions: docs/credentials.md) for the User Token.
	properties: INodeProperties[] = [
		...panelFields('keys'),
		...panelFields('login'),
		...panelFields('platform'),
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
