/**
 * Custom API Call as a resource of a node's action list:
 *
 *   export const actions = nodeActions([payslip, skill, customApiCall('hr')]);
 *
 * It is a `last` resource, so nodeActions() lists it after the other resources and its
 * operation after every resource's operations, named exactly "Custom API Call": n8n's
 * editor then adds none of its own, which would point to the HTTP Request node, where this
 * credential sends no header. It also brings the AI-tool opt-in (description.ts).
 */
import type { PlatformModule } from '../platform/credentialFields';
import type { PlatformResource } from '../node/operation';
import {
	CUSTOM_API_CALL,
	CUSTOM_API_CALL_NAME,
	allowInToolProperty,
	customApiCallProperties,
	hiddenInToolsUnlessAllowed,
} from './description';
import { executeCustomApiCall } from './execute';
import { profilesOf } from './headerProfiles';

export { ALLOW_IN_TOOL, CUSTOM_API_CALL, CUSTOM_API_CALL_NAME } from './description';
export { HEADER_PROFILES, profilesOf } from './headerProfiles';

/** The Custom API Call resource of the node over `module` (the Projects node: `management`). */
export function customApiCall(module: PlatformModule): PlatformResource {
	return {
		name: CUSTOM_API_CALL_NAME,
		value: CUSTOM_API_CALL,
		last: true,
		displayOptions: hiddenInToolsUnlessAllowed,
		nodeParameters: [allowInToolProperty],
		operations: [
			{
				operation: CUSTOM_API_CALL,
				// The Header Profile, not a table entry, decides which credential fields it sends.
				endpoints: [],
				picker: {
					name: CUSTOM_API_CALL_NAME,
					action: 'Make custom API call',
					description:
						"Send a request to any path of this module's base URL with the credential's headers",
					displayOptions: hiddenInToolsUnlessAllowed,
				},
				description: customApiCallProperties(profilesOf(module)),
				async execute(itemIndex, run) {
					return await executeCustomApiCall.call(this, module, itemIndex, run);
				},
			},
		],
	};
}
