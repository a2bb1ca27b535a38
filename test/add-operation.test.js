// @ts-check
/**
 * A real dry run of CONTRIBUTING.md's "Adding an operation" (issue 44 item 1): in a scratch copy
 * of the tree, add a new resource with a DELETE, Calendar → Event → Delete, by writing exactly
 * the files the guide lists (endpoint entry, operation, resource, operation's file in
 * test/operations/, changelog line) and nothing else, then `npm run generate`, which may
 * rewrite only the files the guide says it writes. Then the build, the typecheck and the tests
 * that check an operation is complete, runs and fails as it should must pass on the copy. The
 * guide's list and the files this run touches must be the same set, so the guide stays true by
 * this test rather than by a sentence.
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
	'<Node>': 'BusinessPlatformCalendar',
	'<resource>': 'event',
	'<op>': 'delete',
	'<node>': 'calendar',
	'<endpoint key>': 'deleteEvent',
};

/**
 * A list of "Adding an operation" (the numbered one: what a contributor writes; the bulleted one
 * after "`npm run generate` rewrites": what it generates): the file each item names first,
 * placeholders filled.
 * @param {'written' | 'generated'} which
 * @returns {string[]}
 */
function guideFiles(which) {
	const text = fs.readFileSync(path.join(ROOT, 'CONTRIBUTING.md'), 'utf8');
	const section = text.slice(text.indexOf('\n## Adding an operation\n'));
	const end = section.indexOf('\n## ', 1);
	const body = end < 0 ? section : section.slice(0, end);
	const generatedAt = body.indexOf('`npm run generate` rewrites');
	// The generated list ends with the paragraph after it.
	const part =
		which === 'written'
			? body.slice(0, generatedAt)
			: body.slice(generatedAt, body.indexOf('\n\n', body.indexOf('\n- ', generatedAt)));
	const items = part.matchAll(which === 'written' ? /^\d+\. `([^`]+)`/gm : /^- `([^`]+)`/gm);
	return [...items].map(([, file]) =>
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

/** What a contributor writes for Calendar → Event → Delete, file by file. */
const EDITS = /** @type {Record<string, (text: string, file: string) => string>} */ ({
	'nodes/shared/platform/endpoints.ts': (text, file) =>
		after(
			file,
			text,
			"\t\tdoes: 'list the news',\n\t},\n",
			`	deleteEvent: {
		title: 'Delete Calendar Event',
		module: 'calendar',
		method: 'DELETE',
		path: '/api/v2/business_calendars/events/{event_id}',
		pathParams: { event_id: 'integer' },
		credentialHeaders: { user_token: 'userToken', secure_business_key: 'businessKey' },
		body: 'none',
		retry: 'create',
		does: 'delete calendar event {event_id}',
		record: 'calendar event {event_id}',
	},
`,
		),
	'nodes/BusinessPlatformCalendar/actions/event/delete.operation.ts':
		() => `import type { INodeProperties } from 'n8n-workflow';

import type { PlatformOperation } from '../../../shared/node/operation';
import { recordOrMessage } from '../../../shared/node/output';
import { platformRequest } from '../../../shared/transport/platformRequest';

const properties: INodeProperties[] = [
	{
		displayName: 'Event ID',
		name: 'eventId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 1161',
		description: 'ID of the calendar event to delete',
	},
];

export const operation: PlatformOperation = {
	operation: 'delete',
	endpoints: ['deleteEvent'],
	picker: {
		name: 'Delete',
		action: 'Delete a calendar event',
		description: 'Delete a calendar event for good, given its ID',
	},
	description: properties,

	async execute(itemIndex, run) {
		const response = await platformRequest.call(this, run, 'deleteEvent', itemIndex, {
			pathParams: {
				event_id: { value: this.getNodeParameter('eventId', itemIndex), label: 'Event ID' },
			},
		});
		return recordOrMessage(response);
	},
};
`,
	'nodes/BusinessPlatformCalendar/actions/event/index.ts':
		() => `import type { PlatformResourceHead } from '../../../shared/node/operation';

export const event: PlatformResourceHead = {
	name: 'Event',
	value: 'event',
};
`,
	'test/operations/calendar/deleteEvent.js': () => `// @ts-check
/** Delete Calendar Event: its sandbox route, handler and events, and its case. */
const { say, ok, notFound, byId } = require('../../../sandbox/operations/common');
const { HEADER_SETS } = require('../../harness/headerSets');

/** @typedef {{ id: number, title: string, starts_at: string }} CalendarEvent */

/** @type {import('../index').OperationFile} */
module.exports = {
	route: {
		module: 'calendar',
		method: 'DELETE',
		path: '/api/v2/business_calendars/events/:event_id',
		auth: ['user_token', 'secure_business_key'],
		envelope: 'data',
		handler: (ctx) => {
			const events = /** @type {CalendarEvent[]} */ (ctx.biz.events);
			const event = byId(events, ctx.params.event_id);
			if (!event) return notFound(['Event', 'الحدث'], ctx.lang);
			events.splice(events.indexOf(event), 1);
			return ok({
				status: true,
				message: say(['Event deleted successfully.', 'تم حذف الحدث بنجاح.'], ctx.lang),
				data: { id: event.id, deleted: true },
			});
		},
	},
	seed: {
		acme: {
			events: [
				{ id: 1161, title: 'Sales kick-off', starts_at: '2025-02-02 09:00:00' },
				{ id: 1162, title: 'Quarterly review', starts_at: '2025-03-30 10:00:00' },
				{ id: 1163, title: 'Team lunch', starts_at: '2025-02-14 13:00:00' },
			],
		},
		globex: {
			events: [
				{ id: 2161, title: 'Plant inspection', starts_at: '2025-02-05 07:00:00' },
				{ id: 2162, title: 'Safety drill', starts_at: '2025-02-19 08:00:00' },
			],
		},
	},
	reference: 'Event ID. Output: \`{ id, deleted: true }\`.',
	case: {
		parameters: { resource: 'event', operation: 'delete', eventId: '1163' },
		globex: { eventId: '2162' },
		retry: 'create',
		headers: HEADER_SETS.calendar,
		pathIds: { eventId: 'Event ID' },
		// An event is deleted once: the items of a several-item run delete 1161, 1162, 1163.
		itemParameters: { eventId: '={{ 1161 + $itemIndex }}' },
		tenant: { itemValues: { eventId: ['1163', '2162', '1162', '1163'] } },
		fullRun: {
			expect: (output, [request]) => {
				expect(request.method).toBe('DELETE');
				expect(output[0]).toEqual({ id: 1163, deleted: true });
			},
		},
	},
};
`,
	'CHANGELOG.md': (text, file) =>
		after(
			file,
			text,
			'## Unreleased\n\n### Operations\n\n',
			'- Calendar → Event → Delete: deletes a calendar event by its ID.\n',
		),
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

test('adding Calendar → Event → Delete (a new resource, a DELETE) writes exactly the files the guide lists, `npm run generate` the ones it says, and the copy builds, typechecks and passes the operation tests', () => {
	const before = snapshot(copy);
	for (const [file, edit] of Object.entries(EDITS)) {
		const target = path.join(copy, file);
		const old = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : '';
		fs.mkdirSync(path.dirname(target), { recursive: true });
		fs.writeFileSync(target, edit(old, file));
	}
	const run = (/** @type {string} */ command, /** @type {string[]} */ args) =>
		execFileSync(command, args, { cwd: copy, encoding: 'utf8', stdio: 'pipe' });
	run(process.execPath, [
		path.join(copy, 'node_modules', 'prettier', 'bin', 'prettier.cjs'),
		'--write',
		...Object.keys(EDITS).filter((file) => !file.endsWith('.md')),
	]);
	const written = snapshot(copy);
	const changed = (
		/** @type {Map<string, string>} */ from,
		/** @type {Map<string, string>} */ to,
	) => [...to.keys()].filter((file) => from.get(file) !== to.get(file)).sort();
	const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
	run(npm, ['run', '--silent', 'generate']);
	const generated = snapshot(copy);

	expect({
		written: changed(before, written),
		generated: changed(written, generated),
		removed: [...before.keys()].filter((file) => !generated.has(file)),
	}).toEqual({
		written: guideFiles('written').sort(),
		generated: guideFiles('generated').sort(),
		removed: [],
	});
	expect(guideFiles('written')).toHaveLength(5);

	run(npm, ['run', '--silent', 'build']);
	run(npm, ['run', '--silent', 'typecheck']);
	const jest = path.join(copy, 'node_modules', 'jest', 'bin', 'jest.js');
	/** @type {{ numFailedTests: number, testResults: Array<{ name: string, assertionResults: Array<{ fullName: string, status: string }> }> }} */
	const report = JSON.parse(
		run(process.execPath, [
			jest,
			'--json',
			'--maxWorkers=2',
			'test/completeness.test.js',
			'test/generated.test.js',
			'test/operations.test.js',
			'test/hostile-input.test.js',
			'test/tenants.test.js',
			'test/faults/',
			'-t',
			'deleteEvent|Event → Delete|ENDPOINTS|README|docs/operations|generate|DELETE',
		]),
	);
	expect(report.numFailedTests).toBe(0);
	// Each test file ran the new operation (not only the tests it already had).
	const ranForEvent = report.testResults.map(({ name, assertionResults }) => [
		path.relative(copy, name),
		assertionResults.some(
			(result) => result.status === 'passed' && /deleteEvent|Event → Delete/.test(result.fullName),
		),
	]);
	expect(Object.fromEntries(ranForEvent)).toEqual({
		'test/completeness.test.js': true,
		'test/generated.test.js': false,
		'test/operations.test.js': true,
		'test/hostile-input.test.js': true,
		'test/tenants.test.js': true,
		'test/faults/answers.test.js': true,
		'test/faults/refusals.test.js': true,
		'test/faults/timeout.test.js': true,
	});
}, 600000);
