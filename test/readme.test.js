// @ts-check
/**
 * What README.md promises a user, held to the code. The Troubleshooting table: each of its twelve
 * messages is provoked through n8n-core's real engine against the sandbox platform, and the
 * error the node produces must begin with the table's text. The quick start: the commands,
 * login, credentials, workflow and fields it names are what `npm run dev` and the example set
 * up. The credential steps name the ways and types as the editor shows them. The links of README.md and
 * docs/ lead to files and headings that exist. The verification rules' claim about Node
 * built-ins (one row, in docs/) names exactly what the node code imports.
 */
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');
const { builtinModules } = require('node:module');

const { useSandbox } = require('./harness/fixture');
const { sandboxLoginCredentials } = require('../sandbox/credentials');
const app = require('../scripts/n8n-app');
const dev = require('../scripts/dev');
const { BusinessPlatformApi } = require('../credentials/BusinessPlatformApi.credentials');
const { BusinessPlatformLogInApi } = require('../credentials/BusinessPlatformLogInApi.credentials');
const { AUTHENTICATION_OPTIONS, CREDENTIAL_TYPES } = require('../nodes/shared/credential/fields');

const ROOT = path.join(__dirname, '..');
const README = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');

/** The lines of one `## ` section of a Markdown text, heading excluded. */
function section(/** @type {string} */ text, /** @type {string} */ heading) {
	const start = text.indexOf(`\n## ${heading}\n`);
	if (start < 0) throw new Error(`README.md has no "## ${heading}" section`);
	const end = text.indexOf('\n## ', start + 1);
	return text.slice(start + heading.length + 5, end < 0 ? undefined : end);
}

/** The rows of the first table in a text, as arrays of trimmed cells (header and rule left out). */
function tableRows(/** @type {string} */ text) {
	const lines = text.split('\n').filter((line) => line.startsWith('|'));
	return lines.slice(2).map((line) =>
		line
			.slice(1, -1)
			.split(' | ')
			.map((cell) => cell.trim()),
	);
}

/**
 * What a table cell's message text matches: from the start of the message, `…` standing for
 * any text.
 */
function beginning(/** @type {string} */ cell) {
	const text = cell.replace(/^`|`$/g, '');
	const escaped = text.split('…').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
	return new RegExp(`^${escaped.join('.+?')}`);
}

const fixture = useSandbox();
const runHr = fixture.runner('businessPlatformHr');
const runEcommerce = fixture.runner('businessPlatformEcommerce');
const GET_PAYSLIP = { resource: 'payslip', operation: 'get', payslipId: '1751' };
const CREATE_SKILL = { resource: 'skill', operation: 'create', type: 'Tools', skills: 'Excel' };
// An operation that sends the API Key (a payslip read sends none).
const GET_ORDER = { resource: 'order', operation: 'get', orderId: '1301' };

/** A loopback port nothing listens on (it was free a moment ago). */
async function closedPort() {
	const [port] = await app.freePorts(1);
	await new Promise((resolve) => {
		const probe = net.connect(port, '127.0.0.1');
		probe.once('error', resolve);
		probe.once('connect', () => {
			probe.destroy();
			throw new Error(`port ${port} answered`);
		});
	});
	return port;
}

/**
 * How to meet each message of the table, as a user would: the run whose first item fails with
 * it (Continue On Fail, so the message is the item's `error`).
 * @type {Record<string, () => ReturnType<typeof runHr>>}
 */
const PROVOKE = {
	'The credential field "…" is empty': () =>
		runHr(GET_PAYSLIP, {
			continueOnFail: true,
			credentials: { ...fixture.credentials, hrBaseUrl: '' },
		}),
	'The platform did not accept the credential\'s "API Key"': () =>
		runEcommerce(GET_ORDER, {
			continueOnFail: true,
			credentials: { ...fixture.credentials, apiKey: 'sbx_apikey_not_issued_5512' },
		}),
	'The platform did not accept the credential\'s "User Token"': () =>
		runHr(CREATE_SKILL, {
			continueOnFail: true,
			credentials: { ...fixture.credentials, userToken: 'sbx_expired_token_4410' },
		}),
	'Log in failed: the platform refused the login': () =>
		runHr(
			{ ...CREATE_SKILL, authentication: 'login' },
			{
				continueOnFail: true,
				credentials: sandboxLoginCredentials(fixture.sandbox, {
					loginPassword: 'not-the-password-7731',
				}),
			},
		),
	'Log in failed: the platform\'s login at the "Auth Base URL" could not be reached': async () =>
		runHr(
			// Max Tries 1: one try at a login nothing answers.
			{ ...CREATE_SKILL, authentication: 'login', options: { maxTries: 1 } },
			{
				continueOnFail: true,
				credentials: sandboxLoginCredentials(fixture.sandbox, {
					authBaseUrl: `http://127.0.0.1:${await closedPort()}`,
				}),
			},
		),
	'The platform does not allow this credential to …': () => {
		fixture.sandbox.inject({ operation: 'getPayslip', status: 403 });
		return runHr(GET_PAYSLIP, { continueOnFail: true });
	},
	'The platform has no …': () =>
		runHr({ ...GET_PAYSLIP, payslipId: '9999' }, { continueOnFail: true }),
	'The platform refused to …': () => {
		fixture.sandbox.inject({ operation: 'createSkill', status: 422 });
		return runHr(CREATE_SKILL, { continueOnFail: true });
	},
	'Could not connect to the platform to …': async () =>
		runHr(GET_PAYSLIP, {
			continueOnFail: true,
			credentials: { ...fixture.credentials, hrBaseUrl: `http://127.0.0.1:${await closedPort()}` },
		}),
	'The host name in the credential\'s "…" could not be found': () =>
		runHr(
			// A reserved name (RFC 2606): no resolver knows it. Max Tries 1: one lookup.
			{ ...GET_PAYSLIP, options: { maxTries: 1 } },
			{
				continueOnFail: true,
				credentials: { ...fixture.credentials, hrBaseUrl: 'http://bp-readme-check.invalid' },
			},
		),
	'The platform did not answer within …': () => {
		fixture.sandbox.inject({ operation: 'getPayslip', delayMs: 2000 });
		return runHr(
			{ ...GET_PAYSLIP, options: { timeout: 100, maxTries: 1 } },
			{ continueOnFail: true },
		);
	},
	'The platform received too many requests and refused to …': () => {
		fixture.sandbox.inject({ operation: 'getPayslip', status: 429, times: Infinity });
		return runHr({ ...GET_PAYSLIP, options: { rateLimitWait: 1 } }, { continueOnFail: true });
	},
};

const TROUBLESHOOTING = tableRows(section(README, 'Troubleshooting'));

describe("README's Troubleshooting table", () => {
	test('has the twelve errors, each with its message, cause and fix', () => {
		expect(TROUBLESHOOTING).toHaveLength(12);
		for (const row of TROUBLESHOOTING) {
			expect(row).toHaveLength(3);
			expect(row.every((cell) => cell.length > 0)).toBe(true);
		}
	});

	test.each(TROUBLESHOOTING.map(([message]) => [message]))(
		'%s: a run meets it, and the message begins so',
		async (cell) => {
			const key = cell.replace(/^`|`$/g, '');
			const provoke = Object.hasOwn(PROVOKE, key) ? PROVOKE[key] : undefined;
			// A new row needs its run here: a message no run produces is not checked.
			expect(provoke ? 'has a run' : `add a run for ${JSON.stringify(key)} to PROVOKE`).toBe(
				'has a run',
			);
			if (!provoke) return;
			const { json } = await provoke();
			expect(json[0].error).toMatch(beginning(cell));
		},
		60_000,
	);
});

test("README's Development shows the two commands of a fresh clone: the main job and the test command .ci/run runs", () => {
	const development = section(README, 'Development');
	expect(development).toMatch(/^npm ci && npm run dev\b/m);
	expect(development).toMatch(/^npm ci && npm test\b/m);
	const ci = fs.readFileSync(path.join(ROOT, '.ci', 'run'), 'utf8');
	expect(ci).toMatch(/^step "npm test" npm test$/m);
});

describe("README's quick start", () => {
	// Line breaks read as spaces, as Markdown renders them.
	const quickStart = section(README, 'Quick start').replace(/\s+/g, ' ');

	test('its commands are the package scripts, its login and credentials what `npm run dev` sets up', () => {
		const packageJson = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
		expect(quickStart).toContain('npm ci && npm run dev');
		expect(packageJson.scripts.dev).toBe('node scripts/dev.js');
		expect(quickStart).toContain(`\`http://localhost:${dev.N8N_PORT}\``);
		expect(quickStart).toContain(`\`${app.OWNER.email}\` / \`${app.OWNER.password}\``);
		expect(quickStart).toContain(`**${app.CREDENTIAL_NAME}**`);
		expect(quickStart).toContain(`**${dev.LOGIN_CREDENTIAL.name}**`);
		expect(quickStart).toContain(`expire every ${dev.DEV_TOKEN_LIFETIME_MS / 60_000} minutes`);
		expect(quickStart).toContain(`n8n ${app.TESTED_N8N_VERSIONS[0]}`);
	});

	test('its way to see a run pause is `npm run sandbox` with flags it takes', () => {
		// The command's flags, and those of the code spans that are flags alone (`--latency 3000`).
		const spans = [...quickStart.matchAll(/`([^`]*)`/g)].map(([, code]) => code);
		const flags = spans
			.filter((code) => code.startsWith('npm run sandbox -- ') || code.startsWith('--'))
			.flatMap((code) => code.match(/--[a-z-]+/g) ?? [])
			.filter((flag) => flag !== '--');
		expect(flags).toEqual(expect.arrayContaining(['--rate', '--latency']));
		const usage = execFileSync(process.execPath, [path.join(ROOT, 'sandbox', 'cli.js'), '--help'], {
			encoding: 'utf8',
		});
		for (const flag of flags)
			expect([flag, new RegExp(`[[ ]${flag} `).test(usage)]).toEqual([flag, true]);
	});

	test('the example it runs has the workflow, nodes, payslip and fields it names', () => {
		const example = JSON.parse(
			fs.readFileSync(path.join(ROOT, 'examples', 'payslip-to-email.json'), 'utf8'),
		);
		expect(quickStart).toContain(`**${example.name}**`);
		const nodes = new Map(example.nodes.map((/** @type {any} */ node) => [node.name, node]));
		for (const name of ['Get payslip', 'Payslips to send', 'Email-ready payslip'])
			expect([name, quickStart.includes(`**${name}**`), nodes.has(name)]).toEqual([
				name,
				true,
				true,
			]);
		expect(nodes.get('Get payslip').credentials.businessPlatformApi.name).toBe(app.CREDENTIAL_NAME);
		expect(nodes.get('Payslips to send').parameters.jsonOutput).toContain('1751');
		const fields = nodes
			.get('Email-ready payslip')
			.parameters.assignments.assignments.map((/** @type {any} */ field) => `\`${field.name}\``);
		expect(quickStart).toContain(fields.join(', '));
	});
});

describe("README's credential steps", () => {
	const credentials = section(README, 'Credentials');
	/** @type {Record<string, string>} */
	const wayNames = Object.fromEntries(
		AUTHENTICATION_OPTIONS.map(({ name, value }) => [value, name]),
	);

	test.each([
		['Paste a User Token', 'paste', new BusinessPlatformApi()],
		['Log In', 'login', new BusinessPlatformLogInApi()],
	])(
		'"%s" has the way to choose and the type it makes, as the editor names them',
		(heading, way, type) => {
			const steps = credentials.slice(credentials.indexOf(`### ${heading}\n`)).replace(/\s+/g, ' ');
			expect(steps).toContain(
				`2. At the dialog's top right, choose **${wayNames[way]}**; the dialog's header then names the type **${type.displayName}**.`,
			);
			expect(CREDENTIAL_TYPES[/** @type {'paste' | 'login'} */ (way)]).toBe(type.name);
		},
	);
});

describe("links of README.md, docs/ and the nodes' codex", () => {
	/** GitHub's anchor of a heading. */
	const anchor = (/** @type {string} */ heading) =>
		heading
			.toLowerCase()
			.replace(/[^\p{L}\p{N}\s_-]/gu, '')
			.replace(/\s/g, '-');
	/** The anchors of a Markdown file's headings. */
	const anchorsOf = (/** @type {string} */ file) =>
		fs
			.readFileSync(file, 'utf8')
			.split('\n')
			.filter((line) => /^#{1,6} /.test(line))
			.map((line) => anchor(line.replace(/^#+ /, '')));
	// package.json's repository: until the first publish a guess (docs/releasing.md), and every
	// link below must change with it.
	const REPOSITORY = JSON.parse(
		fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'),
	).repository.url.replace(/^git\+|\.git$/g, '');

	/** Every link of a file to this repository: [file it is in, target file, anchor]. */
	function linksIn(/** @type {string} */ file) {
		const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
		const links = file.endsWith('.json')
			? [...text.matchAll(/"url": "([^"]+)"/g)].map(([, url]) => url)
			: [...text.matchAll(/\]\(([^)\s]+)\)/g)].map(([, url]) => url);
		return links.flatMap((url) => {
			let target = url;
			if (target.startsWith(`${REPOSITORY}/blob/main/`))
				target = target.slice(`${REPOSITORY}/blob/main/`.length);
			else if (target.startsWith(`${REPOSITORY}#`))
				target = `README.md${target.slice(REPOSITORY.length)}`;
			else if (/^[a-z]+:/.test(target)) return [];
			else target = path.posix.join(path.posix.dirname(file), target);
			const [targetFile, hash] = target.split('#');
			return [[file, targetFile || file, hash ?? '']];
		});
	}

	const FILES = [
		'README.md',
		...fs.readdirSync(path.join(ROOT, 'docs')).map((name) => `docs/${name}`),
		...fs
			.readdirSync(path.join(ROOT, 'nodes'))
			.filter((dir) => dir !== 'shared')
			.map((dir) => `nodes/${dir}/${dir}.node.json`),
	].filter((file) => file.endsWith('.md') || file.endsWith('.json'));

	/** The credentials' documentationUrl, the link n8n shows in the credential dialog. */
	const CREDENTIAL_DOCS = [BusinessPlatformApi, BusinessPlatformLogInApi].map(
		(Type) => new Type().documentationUrl,
	);

	test("the credentials' documentation links lead to README's Credentials section", () => {
		expect(CREDENTIAL_DOCS).toEqual([`${REPOSITORY}#credentials`, `${REPOSITORY}#credentials`]);
		expect(anchorsOf(path.join(ROOT, 'README.md'))).toContain('credentials');
	});

	test.each([...FILES, 'package.json', 'credentials'].map((file) => [file]))(
		"%s: every GitHub link of the package is to package.json's repository",
		(file) => {
			const text =
				file === 'credentials'
					? CREDENTIAL_DOCS.join('\n')
					: fs.readFileSync(path.join(ROOT, file), 'utf8');
			const stray = [...text.matchAll(/https:\/\/github\.com\/[^\s)"#]+/g)]
				.map(([url]) => url.replace(/\.git$/, ''))
				.filter((url) => /n8n-nodes-business-platform/.test(url))
				.filter((url) => url !== REPOSITORY && !url.startsWith(`${REPOSITORY}/`));
			expect(stray).toEqual([]);
		},
	);

	test.each(FILES.map((file) => [file]))(
		'%s: every link leads to a file and heading that exist',
		(file) => {
			const broken = linksIn(file).filter(([, target, hash]) => {
				const full = path.join(ROOT, target);
				if (!fs.existsSync(full)) return true;
				return hash !== '' && target.endsWith('.md') && !anchorsOf(full).includes(hash);
			});
			expect(broken).toEqual([]);
		},
	);
});

test('the verification rules name every Node built-in the node code imports, in one place', () => {
	/** @type {Map<string, string[]>} built-in module to the files importing it */
	const imports = new Map();
	const walk = (/** @type {string} */ dir) => {
		for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
			const file = path.posix.join(dir, entry.name);
			if (entry.isDirectory()) walk(file);
			else if (file.endsWith('.ts')) {
				const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
				for (const [, module] of text.matchAll(/(?:from|require\()\s*'([^']+)'/g)) {
					const name = module.replace(/^node:/, '');
					if (!builtinModules.includes(name)) continue;
					imports.set(name, [...(imports.get(name) ?? []), file]);
				}
			}
		}
	};
	walk('nodes');
	walk('credentials');
	// The rule's one row, in whichever docs/ file keeps the verification rules.
	const rows = fs
		.readdirSync(path.join(ROOT, 'docs'))
		.map((name) => `docs/${name}`)
		.filter((file) => file.endsWith('.md'))
		.flatMap((file) => fs.readFileSync(path.join(ROOT, file), 'utf8').split('\n'))
		.filter((line) => line.startsWith('| Node code imports only what n8n allows'));
	expect(rows).toHaveLength(1);
	const [rule] = rows;
	expect([...imports.keys()]).toEqual(['crypto']);
	expect(rule).toContain('only `crypto`');
	for (const file of /** @type {string[]} */ (imports.get('crypto')))
		expect(rule).toContain(`\`${file}\``);
	expect(rule?.match(/`nodes\/[^`]+\.ts`/g)).toHaveLength(
		/** @type {string[]} */ (imports.get('crypto')).length,
	);
});

test('README.md stays within its size budget: 15 KB', () => {
	expect(Buffer.byteLength(README)).toBeLessThanOrEqual(15_000);
});

test("README.md's screenshots are the editor tests' own: each is written by an e2e test and shows what it says", () => {
	const images = [...README.matchAll(/!\[([^\]]*)\]\(([^)]+)\)/g)].map(([, alt, file]) => ({
		alt,
		file,
	}));
	expect(images.length).toBeGreaterThan(0);
	const e2eDir = path.join(ROOT, 'test', 'e2e');
	const e2e = fs
		.readdirSync(e2eDir)
		.filter((name) => name.endsWith('.js'))
		.map((name) => fs.readFileSync(path.join(e2eDir, name), 'utf8'));
	for (const { alt, file } of images) {
		expect(fs.existsSync(path.join(ROOT, file))).toBe(true);
		// The test that writes it names the file and waits for the very text the picture's alt quotes.
		const writer = e2e.find((source) => source.includes(`'${path.basename(file)}'`));
		expect({ file, writtenBy: writer ? 'an e2e test' : 'none' }).toEqual({
			file,
			writtenBy: 'an e2e test',
		});
		const quoted = /"([^"]+)"/.exec(alt)?.[1];
		if (quoted) expect(writer).toContain(quoted);
	}
});

describe('the example workflows', () => {
	const EXAMPLES = fs
		.readdirSync(path.join(ROOT, 'examples'))
		.filter((name) => name.endsWith('.json'))
		.map((name) => [name, JSON.parse(fs.readFileSync(path.join(ROOT, 'examples', name), 'utf8'))]);

	test.each(EXAMPLES)(
		'%s starts from one enabled trigger: the editor\'s button then reads "Execute workflow", not "from" another trigger',
		(name, workflow) => {
			const triggers = workflow.nodes.filter(
				(/** @type {any} */ node) => /trigger$/i.test(node.type) && !node.disabled,
			);
			expect([name, triggers.length]).toEqual([name, 1]);
		},
	);

	test.each(EXAMPLES)(
		'%s has a sticky note "What to change" naming every node whose credential the user chooses',
		(name, workflow) => {
			const notes = workflow.nodes.filter(
				(/** @type {any} */ node) => node.type === 'n8n-nodes-base.stickyNote',
			);
			expect([name, notes.map((/** @type {any} */ note) => note.name)]).toEqual([
				name,
				['What to change'],
			]);
			const text = notes[0].parameters.content;
			for (const node of workflow.nodes.filter((/** @type {any} */ each) => each.credentials))
				expect([name, node.name, text.includes(`**${node.name}**`)]).toEqual([
					name,
					node.name,
					true,
				]);
		},
	);
});
