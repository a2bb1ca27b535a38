/**
 * The credential test: one request cannot use every field, so each module that has a base
 * URL is checked in turn with a read-only call, and the first failing part is named.
 */
import type {
	ICredentialTestFunctions,
	ICredentialsDecrypted,
	IDataObject,
	INode,
	INodeCredentialTestResult,
} from 'n8n-workflow';

import { CREDENTIAL_FIELD_LABELS, fillCredentialHeaders } from './credentialFields';
import { errorMessageOf } from './envelope';
import { MODULE_BASE_URL_FIELDS, OPERATIONS, type OperationId, type PlatformModule } from './operations';
import { createRun, prepareRequest, type RequestInput } from './transport';
import { ParameterError } from './validation';

interface ModuleCheck {
	module: PlatformModule;
	operation: OperationId;
	input: RequestInput;
	/** A 404 for an id that cannot exist still proves the headers were accepted. */
	notFoundMeansAccepted: boolean;
}

const NO_SUCH_ID = '0';

const CHECKS: ModuleCheck[] = [
	{ module: 'ecommerce', operation: 'E16', input: { query: { per_page: '1' } }, notFoundMeansAccepted: false },
	{ module: 'hr', operation: 'E15', input: { pathParams: { payslip_id: { value: NO_SUCH_ID, label: 'Payslip ID' } } }, notFoundMeansAccepted: true },
	{
		module: 'accounting',
		operation: 'E8',
		input: {
			pathParams: {
				type: { value: '1', label: 'Type' },
				uuid: { value: NO_SUCH_ID, label: 'Customer/Supplier UUID' },
				branch_uuid: { value: NO_SUCH_ID, label: 'Branch UUID' },
			},
		},
		notFoundMeansAccepted: true,
	},
	{
		module: 'calendar',
		operation: 'E11',
		input: { multipart: [['user_type', 'user'], ['type', 'user']] },
		notFoundMeansAccepted: false,
	},
];

const TEST_NODE: INode = {
	id: 'credential-test',
	name: 'Credential Test',
	type: 'n8n-nodes-business-platform.credentialTest',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

function headerFieldsOf(operation: OperationId): string {
	return Object.values(OPERATIONS[operation].credentialHeaders)
		.map((field) => CREDENTIAL_FIELD_LABELS[field])
		.join(', ');
}

export async function testBusinessPlatformCredential(
	this: ICredentialTestFunctions,
	credential: ICredentialsDecrypted,
): Promise<INodeCredentialTestResult> {
	const credentials = credential.data ?? {};
	const run = createRun(TEST_NODE, credentials, { timeoutMs: 15_000 });
	const checked: string[] = [];

	for (const check of CHECKS) {
		const baseUrlField = MODULE_BASE_URL_FIELDS[check.module];
		const label = CREDENTIAL_FIELD_LABELS[baseUrlField];
		if (!String(credentials[baseUrlField] ?? '').trim()) continue;

		let options;
		try {
			options = await fillCredentialHeaders(credentials, prepareRequest(run, check.operation, 0, check.input)());
		} catch (error) {
			const reason = error instanceof ParameterError ? error.message : 'a needed field is empty';
			return { status: 'Error', message: `${check.module} module: ${reason}` };
		}

		const form: IDataObject = {};
		for (const [name, value] of check.input.multipart ?? []) form[name] = value as string;
		const multipart = check.input.multipart !== undefined;
		const headers = { ...(options.headers ?? {}) };
		if (multipart) delete headers['Content-Type'];

		let response: { statusCode: number; body: unknown };
		try {
			// ICredentialTestFunctions offers only the legacy `request` helper (n8n-workflow 2.41);
			// credentials are applied above by the credential's own authenticate function.
			// eslint-disable-next-line @n8n/community-nodes/no-deprecated-workflow-functions
			response = await this.helpers.request({
				method: options.method,
				uri: options.url,
				qs: options.qs,
				headers,
				...(multipart ? { formData: form } : {}),
				timeout: options.timeout,
				resolveWithFullResponse: true,
				simple: false,
			});
		} catch (error) {
			return {
				status: 'Error',
				message: `Could not reach the ${label} (${(error as Error).message}). Check the URL.`,
			};
		}

		const { statusCode } = response;
		let body: unknown = response.body;
		try {
			body = JSON.parse(String(response.body));
		} catch {
			// Not JSON: the text itself is the message.
		}
		// A 404 in the platform's own envelope means the route exists and the headers passed;
		// a wrong base URL gets a 404 without it.
		const platformNotFound =
			statusCode === 404 && typeof (body as { status?: unknown } | null)?.status === 'boolean';
		const accepted = (statusCode >= 200 && statusCode < 300) || (platformNotFound && check.notFoundMeansAccepted);
		if (!accepted) {
			const platformMessage = errorMessageOf(body) ?? 'no message';
			const hint =
				statusCode === 401 || statusCode === 403
					? `Check ${headerFieldsOf(check.operation)}.`
					: statusCode === 404
						? `Check the ${label}.`
						: '';
			return {
				status: 'Error',
				message: `The ${check.module} module answered HTTP ${statusCode} (${platformMessage}). ${hint}`.trim(),
			};
		}
		checked.push(check.module);
	}

	if (checked.length === 0) {
		return {
			status: 'Error',
			message: 'Set the base URL of at least one module (Accounting, Ecommerce, HR or Calendar) to test the credential',
		};
	}
	return { status: 'OK', message: `Connection tested for: ${checked.join(', ')}` };
}
