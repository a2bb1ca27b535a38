// @ts-check
/**
 * The n8n editor with this package, driven by headless Chromium (Debian's `chromium`, through
 * playwright-core) against the sandbox platform: n8n started on a fresh user folder with the
 * sandbox credential imported, its owner logged in once (n8n rate-limits logins), and pages
 * opened on a new workflow holding a manual trigger and one of the package's nodes. The same
 * steps as test/e2e/editor.e2e.js's beforeAll and workflowPage, for the editor tests beside it.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { chromium, selectors } = require('playwright-core');

const app = require('../../scripts/n8n-app');
const { startSandbox } = require('../../sandbox/server');

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const START = {
	id: 'start',
	name: 'Start',
	type: 'n8n-nodes-base.manualTrigger',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

/**
 * Starts the sandbox, n8n with the package and the sandbox credential, and a logged-in browser.
 * `close()` ends them all and removes the user folder.
 * @param {string} name the user folder's prefix
 */
async function startEditor(name) {
	const [port, brokerPort] = await app.freePorts(2);
	const base = `http://localhost:${port}`;
	app.ensureN8nInstalled();
	app.buildPackage();
	const sandbox = await startSandbox();
	const userFolder = fs.mkdtempSync(path.join(os.tmpdir(), `bp-n8n-${name}-`));
	/** @type {import('node:child_process').ChildProcess | undefined} */
	let n8n;
	/** @type {import('playwright-core').Browser | undefined} */
	let browser;
	const close = async () => {
		await browser?.close();
		n8n?.kill('SIGTERM');
		sandbox.close();
		fs.rmSync(userFolder, { recursive: true, force: true });
	};
	try {
		app.installPackageInto(userFolder);
		const env = app.n8nEnv(userFolder, port, brokerPort);
		await app.importIntoN8n(env, sandbox, []);
		n8n = app.startN8n(env, 'ignore');
		await app.waitForN8n(port, 180_000);
		await app.setUpOwner(port);
		selectors.setTestIdAttribute('data-test-id');
		browser = await chromium.launch({
			executablePath: CHROMIUM,
			args: [
				'--no-sandbox',
				'--disable-gpu',
				'--disable-quic',
				'--no-first-run',
				'--disable-background-networking',
				'--disable-component-update',
				'--disable-sync',
			],
		});
		const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
		const login = await context.request.post(`${base}/rest/login`, {
			data: { emailOrLdapLoginId: app.OWNER.email, password: app.OWNER.password },
		});
		if (login.status() !== 200)
			throw new Error(`n8n refused the owner's login (${login.status()})`);

		/**
		 * A page on a new workflow: the manual trigger and the node (with the sandbox
		 * credential), its parameter panel open.
		 * @param {{ type: string, parameters: Record<string, any> }} node
		 */
		const workflowPage = async (node) => {
			const page = await context.newPage();
			const ours = {
				id: 'under-test',
				name: 'Under test',
				type: `${app.PACKAGE_NAME}.${node.type}`,
				typeVersion: 1,
				position: [240, 0],
				parameters: node.parameters,
				credentials: { businessPlatformApi: { id: app.CREDENTIAL_ID, name: app.CREDENTIAL_NAME } },
			};
			const created = await page.request.post(`${base}/rest/workflows`, {
				data: {
					name: 'Editor check',
					nodes: [START, ours],
					connections: { Start: { main: [[{ node: ours.name, type: 'main', index: 0 }]] } },
					settings: {},
					active: false,
				},
			});
			if (!created.ok()) throw new Error(`n8n did not create the workflow (${created.status()})`);
			const { data } = await created.json();
			await page.goto(`${base}/workflow/${data.id}/${ours.id}`);
			return page;
		};
		return { sandbox, workflowPage, close };
	} catch (error) {
		await close();
		throw error;
	}
}

module.exports = { startEditor };
