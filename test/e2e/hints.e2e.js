// @ts-check
/**
 * What a run went through, as the n8n editor shows it: a Payslip → Get run whose request the
 * platform refused once (429, Retry-After: 1) shows the run's hint in the output pane. The
 * screenshot is the README's (docs/images/run-hints.png).
 */
const path = require('node:path');

const app = require('../../scripts/n8n-app');
const { requestsFor } = require('../harness/requests');
const { startEditor } = require('./editorSession');

const SCREENSHOT = path.join(app.ROOT, 'docs', 'images', 'run-hints.png');
const REFUSAL_HINT =
	'The platform refused 1 request as too many (429); the run paused 1.0 s in all for them.';

/** @type {Awaited<ReturnType<typeof startEditor>> | undefined} */
let editor;

beforeAll(async () => {
	editor = await startEditor('hints');
}, 20 * 60_000);

afterAll(() => editor?.close());

test("a run the platform made pause shows it in the output pane's hints", async () => {
	if (!editor) throw new Error('the editor did not start');
	editor.sandbox.inject({ operation: 'getPayslip', retryAfter: 1 });
	const page = await editor.workflowPage({
		type: 'businessPlatformHr',
		parameters: { resource: 'payslip', operation: 'get', payslipId: '1751' },
	});
	try {
		// The editor's first page loads its code cold.
		await page.getByTestId('node-parameters').waitFor({ timeout: 60_000 });
		await page.getByTestId('node-execute-button').first().click();
		await page
			.getByText(/^1 item$/)
			.first()
			.waitFor({ timeout: 30_000 });
		const hint = page.getByText(REFUSAL_HINT, { exact: true });
		await hint.first().waitFor({ timeout: 10_000 });
		expect(await hint.first().isVisible()).toBe(true);
		expect(requestsFor(editor.sandbox, 'getPayslip').map((r) => r.status)).toEqual([429, 200]);
		await page.screenshot({ path: SCREENSHOT });
	} catch (error) {
		await page.screenshot({ path: path.join(app.ROOT, 'test-results', 'run-hints-failed.png') });
		throw error;
	} finally {
		await page.close({ runBeforeUnload: false });
	}
});
