// @ts-check
/**
 * A real dry run of CONTRIBUTING.md's "Adding an operation" (issue 38 item 1): in a scratch copy
 * of the tree, add Ecommerce → News → Get (GET on the news path with an id) by writing exactly
 * the files the guide lists, and nothing else; then the build, the typecheck and the tests that
 * check an operation is complete must pass on the copy. The guide's list and the files this run
 * touches must be the same set, so the guide stays true by this test rather than by a sentence.
 *
 * Only the tests an operation's completeness rests on run in the copy (filtered to the new
 * operation where a file runs every operation), to stay within npm test's time.
 */
const { execFileSync } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.join(__dirname, '..');

/** The guide's placeholders, as this dry run fills them. */
const PLACEHOLDERS = {
	'<Node>': 'BusinessPlatformEcommerce',
	'<resource>': 'news',
	'<op>': 'get',
	'<file>': 'ecommerce-news',
	'<node>': 'ecommerce',
};

/**
 * The numbered list of "Adding an operation": the file each step names first, placeholders filled.
 * @returns {string[]}
 */
function guideFiles() {
	const text = fs.readFileSync(path.join(ROOT, 'CONTRIBUTING.md'), 'utf8');
	const section = text.slice(text.indexOf('\n## Adding an operation\n'));
	const end = section.indexOf('\n## ', 1);
	const steps = (end < 0 ? section : section.slice(0, end)).matchAll(/^\d+\. `([^`]+)`/gm);
	return [...steps].map(([, file]) =>
		Object.entries(PLACEHOLDERS).reduce((name, [from, to]) => name.split(from).join(to), file),
	);
}

/**
 * The text with the only occurrence of `from` replaced: a changed anchor fails the dry run,
 * naming it, rather than writing somewhere else.
 * @param {string} file @param {string} text @param {string} from @param {string} to
 */
function replaceOnce(file, text, from, to) {
	const at = text.indexOf(from);
	if (at < 0 || text.indexOf(from, at + 1) >= 0)
		throw new Error(`${file}: the dry run's anchor is not there exactly once: ${from}`);
	return text.slice(0, at) + to + text.slice(at + from.length);
}

/** @param {string} file @param {string} text @param {string} anchor @param {string} addition */
const after = (file, text, anchor, addition) => replaceOnce(file, text, anchor, anchor + addition);
/** @param {string} file @param {string} text @param {string} anchor @param {string} addition */
const before = (file, text, anchor, addition) => replaceOnce(file, text, anchor, addition + anchor);

/** What a contributor writes for News → Get, file by file (the generated doc aside). */
const EDITS = /** @type {Record<string, (text: string, file: string) => string>} */ ({
	'nodes/shared/platform/endpoints.ts': (text, file) =>
		after(
			file,
			text,
			"\t\tdoes: 'list the news',\n\t},\n",
			`	getNews: {
		title: 'Get News Item',
		module: 'ecommerce',
		method: 'GET',
		path: '/api/v1/news/{news_id}',
		pathParams: { news_id: 'integer' },
		credentialHeaders: ECOMMERCE_HEADERS,
		body: 'none',
		retry: 'read',
		does: 'get news item {news_id}',
		record: 'news item {news_id}',
		requiredPayload: 'data',
	},
`,
		),
	'nodes/BusinessPlatformEcommerce/actions/news/get.operation.ts':
		() => `import type { INodeProperties } from 'n8n-workflow';

import type { PlatformOperation } from '../../../shared/node/operation';
import { recordOrMessage } from '../../../shared/node/output';
import { platformRequest } from '../../../shared/transport/platformRequest';

const properties: INodeProperties[] = [
	{
		displayName: 'News ID',
		name: 'newsId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 12',
		description: 'ID of the news item to get',
	},
];

export const operation: PlatformOperation = {
	operation: 'get',
	endpoints: ['getNews'],
	picker: { name: 'Get', action: 'Get a news item', description: 'Get a news item by its ID' },
	description: properties,

	async execute(itemIndex, run) {
		const response = await platformRequest.call(this, run, 'getNews', itemIndex, {
			pathParams: {
				news_id: { value: this.getNodeParameter('newsId', itemIndex), label: 'News ID' },
			},
		});
		return recordOrMessage(response);
	},
};
`,
	'nodes/BusinessPlatformEcommerce/actions/news/index.ts': (text, file) =>
		replaceOnce(
			file,
			after(
				file,
				text,
				"from './getAll.operation';\n",
				"import { operation as get } from './get.operation';\n",
			),
			'operations: [getAll]',
			'operations: [getAll, get]',
		),
	'sandbox/routes.js': (text, file) =>
		after(
			file,
			text,
			'\t\t\thandler: ops.listNews,\n\t\t},\n',
			`		{
			operation: 'getNews',
			module: 'ecommerce',
			method: 'GET',
			path: '/api/v1/news/:news_id',
			auth: ECOMMERCE,
			envelope: 'data',
			handler: ops.getNews,
		},
`,
		),
	'sandbox/operations/ecommerce-news.js': (text, file) =>
		replaceOnce(
			file,
			before(
				file,
				replaceOnce(
					file,
					text,
					'say, ok, unprocessable }',
					'say, ok, unprocessable, notFound, byId }',
				),
				'module.exports = { listNews };',
				`/** Get one news item. @param {Ctx} ctx @returns {Result} */
function getNews(ctx) {
	const item = byId(ctx.biz.news, ctx.params.news_id);
	if (!item) return notFound(['News item', 'الخبر'], ctx.lang);
	return ok({ status: true, message: say(MESSAGES.news, ctx.lang), data: { ...item } });
}

`,
			),
			'module.exports = { listNews };',
			'module.exports = { listNews, getNews };',
		),
	'test/harness/operationCases/ecommerce.js': (text, file) =>
		before(
			file,
			text,
			"\toperationCase({\n\t\tendpoint: 'listNews',",
			`	operationCase({
		endpoint: 'getNews',
		parameters: { resource: 'news', operation: 'get', newsId: '3' },
		retry: 'read',
		headers: HEADER_SETS.ecommerce,
		pathIds: { newsId: 'News ID' },
		fullRun: {
			overrides: { newsId: '5' },
			expect: (output) => expect(output[0]).toMatchObject({ id: 5, alias: 'acme-news-5' }),
		},
	}),
`,
		),
	'docs/operations.md': (text, file) =>
		after(
			file,
			after(
				file,
				text,
				'| | News | Get Many | `GET {ecommerce}/api/v1/news` |\n',
				'| | News | Get | `GET {ecommerce}/api/v1/news/{id}` |\n',
			),
			'  status, lang, summary, content, created_at and updated_at.\n',
			'- **News → Get**: News ID; the whole news item.\n',
		),
	'README.md': (text, file) => after(file, text, ' · News → Get Many', ' · News → Get'),
	'nodes/BusinessPlatformEcommerce/BusinessPlatformEcommerce.node.ts': (text, file) =>
		replaceOnce(
			file,
			text,
			'Get an order or a district,',
			'Get an order, a district or a news item,',
		),
	'CHANGELOG.md': (text, file) =>
		after(file, text, '## Unreleased\n', '\n- Ecommerce → News → Get: one news item by its ID.\n'),
});

/** The files git knows in the tree (committed or new), as they stand. */
function treeFiles() {
	return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
		cwd: ROOT,
		encoding: 'utf8',
	})
		.split('\0')
		.filter(
			(file) =>
				file !== '' && fs.lstatSync(path.join(ROOT, file), { throwIfNoEntry: false })?.isFile(),
		);
}

/** Every file of a tree but its build output and dependencies, with a hash of its content. */
function snapshot(/** @type {string} */ dir) {
	/** @type {Map<string, string>} */
	const hashes = new Map();
	const walk = (/** @type {string} */ relative) => {
		for (const entry of fs.readdirSync(path.join(dir, relative), { withFileTypes: true })) {
			const name = path.posix.join(relative, entry.name);
			if (['node_modules', 'dist'].includes(name) || name.endsWith('.tsbuildinfo')) continue;
			if (entry.isDirectory()) walk(name);
			else if (entry.isFile())
				hashes.set(
					name,
					crypto
						.createHash('sha1')
						.update(fs.readFileSync(path.join(dir, name)))
						.digest('hex'),
				);
		}
	};
	walk('');
	return hashes;
}

/** @type {string} */
let copy;

beforeAll(() => {
	copy = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-add-operation-'));
	for (const file of treeFiles()) {
		fs.mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
		fs.copyFileSync(path.join(ROOT, file), path.join(copy, file));
	}
	fs.symlinkSync(fs.realpathSync(path.join(ROOT, 'node_modules')), path.join(copy, 'node_modules'));
});

afterAll(() => {
	if (copy) fs.rmSync(copy, { recursive: true, force: true });
});

test('adding Ecommerce → News → Get touches exactly the files the guide lists, and the copy builds, typechecks and passes the completeness tests', () => {
	const before = snapshot(copy);
	for (const [file, edit] of Object.entries(EDITS)) {
		const target = path.join(copy, file);
		const old = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : '';
		fs.writeFileSync(target, edit(old, file));
	}
	const run = (/** @type {string} */ command, /** @type {string[]} */ args) =>
		execFileSync(command, args, { cwd: copy, encoding: 'utf8', stdio: 'pipe' });
	const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
	run(npm, ['run', '--silent', 'docs:api']);
	run(process.execPath, [
		path.join(copy, 'node_modules', 'prettier', 'bin', 'prettier.cjs'),
		'--write',
		...Object.keys(EDITS),
	]);

	const after = snapshot(copy);
	const touched = [...after.keys()].filter((file) => before.get(file) !== after.get(file));
	const removed = [...before.keys()].filter((file) => !after.has(file));
	expect({ touched: touched.sort(), removed }).toEqual({
		touched: guideFiles().sort(),
		removed: [],
	});

	run(npm, ['run', '--silent', 'build']);
	run(npm, ['run', '--silent', 'typecheck']);
	const jest = path.join(copy, 'node_modules', 'jest', 'bin', 'jest.js');
	/** @type {{ numFailedTests: number, testResults: Array<{ name: string, assertionResults: Array<{ fullName: string, status: string }> }> }} */
	const report = JSON.parse(
		run(process.execPath, [
			jest,
			'--json',
			'test/completeness.test.js',
			'test/platform-api-doc.test.js',
			'test/operations.test.js',
			'test/hostile-input.test.js',
			'test/tenants.test.js',
			'-t',
			'getNews|News → Get|ENDPOINTS|README|docs/operations|docs/platform-api',
		]),
	);
	expect(report.numFailedTests).toBe(0);
	// Each test file ran the new operation (not only the tests it already had).
	const ranForNews = report.testResults.map(({ name, assertionResults }) => [
		path.relative(copy, name),
		assertionResults.some(
			(result) =>
				result.status === 'passed' && /getNews|News → Get\b(?! Many)/.test(result.fullName),
		),
	]);
	expect(Object.fromEntries(ranForNews)).toEqual({
		'test/completeness.test.js': true,
		'test/platform-api-doc.test.js': false,
		'test/operations.test.js': true,
		'test/hostile-input.test.js': true,
		'test/tenants.test.js': true,
	});
}, 300000);
