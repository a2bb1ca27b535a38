import type {
	IAuthenticate,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';

import { fillCredentialHeaders } from '../nodes/shared/credential/authenticate';
import { CREDENTIAL_TEST, panelFields, testNotice } from '../nodes/shared/credential/properties';

/**
 * The credential with a pasted User Token (the nodes' Authentication "Paste a Token", their
 * default). It has no expirable field, so n8n's Engine 2.0 preview runs it (README:
 * Compatibility); logging in for the token is the other type, BusinessPlatformLogInApi.
 */
export class BusinessPlatformApi implements ICredentialType {
	// A literal, not CREDENTIAL_TYPES: the lint's credential rules read only literals here.
	name = 'businessPlatformApi';

	// Short enough to read whole in the editor's Credential dropdown (test/e2e/editor.e2e.js).
	displayName = 'Business Platform API';

	// Literals, as the lint reads them (the Log In type has the same).
	icon: Icon = {
		light: 'file:../icons/businessPlatform.svg',
		dark: 'file:../icons/businessPlatform.dark.svg',
	};

	documentationUrl = 'https://github.com/business-platform/n8n-nodes-business-platform#credentials';

	// The fields table (platform/credentialFields.ts): names are a contract, only the order moves.
	properties: INodeProperties[] = [
		...panelFields('keys'),
		...panelFields('pastedToken'),
		...panelFields('platform'),
		testNotice(),
	];

	// Each operation presets the exact header names it needs; this fills in their values.
	authenticate: IAuthenticate = fillCredentialHeaders;

	test: ICredentialTestRequest = CREDENTIAL_TEST;
}
