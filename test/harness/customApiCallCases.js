// @ts-check
/**
 * One Custom API Call per module against the sandbox's name-only routes (paths the spec
 * names without giving them, served by sandbox/routes.js's NAME_ONLY_ROUTES), shared by the
 * engine tests (test/customApiCall/modules.test.js) and the e2e suite (test/e2e/app.e2e.js).
 * Each `expect` checks the output items' json and the requests the sandbox logged during the run,
 * found by path, not by the route's name: an operation may take a name-only route over.
 */
const { platformHeaderNames } = require('./requests');

/**
 * @typedef {object} CustomApiCallCase
 * @property {string} name                 the case's name (a workflow id is made of it)
 * @property {string} type                 node type (description name)
 * @property {import('n8n-workflow').INodeParameters} parameters  the node's parameters, resource and operation included
 * @property {(output: any[], requests: RecordedRequest[]) => void} expect
 */

/** @typedef {import('../../sandbox/request').RecordedRequest} RecordedRequest */

/** @param {RecordedRequest[]} requests @param {string} path below the module's base URL */
const only = (requests, path) => requests.filter((request) => request.path === path);

/** @type {CustomApiCallCase[]} */
const CUSTOM_API_CALL_CASES = [
	{
		name: 'Accounting',
		type: 'businessPlatformAccounting',
		parameters: {
			resource: 'customApiCall',
			operation: 'customApiCall',
			method: 'GET',
			path: '/api/v1/invoices',
			headerProfile: 'management',
			returnAll: true,
			options: { languageHeader: 'lang', pageSize: 10 },
		},
		expect(output, requests) {
			expect(output.map((invoice) => invoice.id)).toEqual(
				Array.from({ length: 37 }, (_, i) => 1900 + i),
			);
			const pages = only(requests, '/api/v1/invoices');
			expect(pages.map((r) => Number(r.query.page)).sort()).toEqual([1, 2, 3, 4]);
			expect(platformHeaderNames(pages[0])).toEqual(['lang', 'secure-business-key', 'user-token']);
		},
	},
	{
		name: 'Ecommerce',
		type: 'businessPlatformEcommerce',
		parameters: {
			resource: 'customApiCall',
			operation: 'customApiCall',
			method: 'POST',
			path: '/api/v1/orders/1302/status',
			headerProfile: 'ecommerceUser',
			bodyType: 'json',
			jsonBody: '{"status":"processing"}',
		},
		expect(output, requests) {
			expect(output).toEqual([{ id: 1302, status: 'processing', changes: 1 }]);
			const [request] = only(requests, '/api/v1/orders/1302/status');
			expect(platformHeaderNames(request)).toEqual([
				'Accept-Language',
				'apiconnection',
				'apikey',
				'secure-business-key',
				'userToken',
			]);
			expect(request.body).toEqual({ kind: 'json', value: { status: 'processing' } });
		},
	},
	{
		name: 'Hr',
		type: 'businessPlatformHr',
		parameters: {
			resource: 'customApiCall',
			operation: 'customApiCall',
			method: 'GET',
			path: '/api/v1/employees/1851',
			headerProfile: 'hrPayslip',
		},
		expect(output, requests) {
			expect(output).toEqual([expect.objectContaining({ id: 1851, name: 'Sara Al-Qahtani' })]);
			expect(JSON.stringify(output)).not.toMatch(/password|remember_token/);
			expect(platformHeaderNames(only(requests, '/api/v1/employees/1851')[0])).toEqual([
				'secure_business_key',
				'uuid',
			]);
		},
	},
	{
		name: 'Calendar',
		type: 'businessPlatformCalendar',
		parameters: {
			resource: 'customApiCall',
			operation: 'customApiCall',
			method: 'PUT',
			path: '/api/v2/business_calendars/1152/note',
			bodyType: 'text',
			textBody: 'Closed on Friday',
		},
		expect(output, requests) {
			expect(output).toEqual([{ id: 1152, note: 'Closed on Friday' }]);
			const [request] = only(requests, '/api/v2/business_calendars/1152/note');
			expect(platformHeaderNames(request)).toEqual(['secure_business_key', 'user_token']);
			expect(request.body).toEqual({ kind: 'text', text: 'Closed on Friday' });
		},
	},
	{
		name: 'Projects',
		type: 'businessPlatformProjects',
		parameters: {
			resource: 'customApiCall',
			operation: 'customApiCall',
			method: 'DELETE',
			path: '/api/workspaces/1801',
		},
		expect(output, requests) {
			expect(output).toEqual([{ message: 'Workspace deleted successfully.' }]);
			const [request] = only(requests, '/api/workspaces/1801');
			expect(request).toMatchObject({ method: 'DELETE', module: 'management', status: 200 });
			expect(platformHeaderNames(request)).toEqual([
				'Accept-Language',
				'secure-business-key',
				'user-token',
			]);
		},
	},
];

module.exports = { CUSTOM_API_CALL_CASES };
