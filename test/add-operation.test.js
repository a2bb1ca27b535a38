// @ts-check
/**
 * A real dry run of CONTRIBUTING.md's "Adding an operation" (issue 44 item 1, issue 54 item 1):
 * in a scratch copy of the tree, add two new resources by writing exactly the files the guide
 * lists and nothing else: Calendar → Event → Delete (a DELETE, steps 1 to 5) and HR → Employee →
 * Get (a module with two header profiles, on the path of the name-only route `employeeGet`:
 * steps 1 to 7). `npm run generate` may rewrite only the files the guide says it writes. Before
 * steps 6 and 7 the sandbox must refuse to start, naming both routes; after them the build,
 * the typecheck and the tests that check an operation is complete, runs and fails as it should
 * must pass on the copy, Custom API Call's and the contract's included: HR's default Header
 * Profile stays hrSkill although most HR operations now send the payslip's headers, and moving
 * it fails the contract test, saying why. The guide's list and the files this run touches must
 * be the same set, so the guide stays true by this test rather than by a sentence.
 *
 * Only the tests an operation's completeness rests on run in the copy (filtered to the new
 * operations where a file runs every operation), to stay within minutes.
 */
const { execFileSync, spawnSync } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.join(__dirname, '..');

/**
 * The two operations this dry run adds: the guide's placeholders as each fills them, and the
 * guide's steps it takes (the numbered list's items, from 1).
 */
const ADDED = {
	event: {
		steps: 5,
		placeholders: {
			'<Node>': 'BusinessPlatformCalendar',
			'<resource>': 'event',
			'<op>': 'delete',
			'<node>': 'calendar',
			'<endpoint key>': 'deleteEvent',
		},
	},
	employee: {
		steps: 7,
		placeholders: {
			'<Node>': 'BusinessPlatformHr',
			'<resource>': 'employee',
			'<op>': 'get',
			'<node>': 'hr',
			'<endpoint key>': 'getEmployee',
		},
	},
};

/**
 * A list of "Adding an operation" (the numbered one: what a contributor writes; the bulleted one
 * after "`npm run generate` rewrites": what it generates): the file each item names first,
 * placeholders unfilled, in the list's order.
 * @param {'written' | 'generated'} which
 * @returns {string[]}
 */
function guideItems(which) {
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
	return [...items].map(([, file]) => file);
}

/**
 * The files the guide has this dry run write (or generate): each added operation's steps,
 * placeholders filled, as one sorted set.
 * @param {'written' | 'generated'} which
 */
function guideFiles(which) {
	const items = guideItems(which);
	const files = Object.values(ADDED).flatMap(({ steps, placeholders }) =>
		(which === 'written' ? items.slice(0, steps) : items).map((file) =>
			Object.entries(placeholders).reduce((name, [from, to]) => name.split(from).join(to), file),
		),
	);
	return [...new Set(files)].sort();
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

/** What a contributor writes in steps 1 to 5 for both operations, file by file. */
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
	getEmployee: {
		title: 'Get Employee',
		module: 'hr',
		method: 'GET',
		path: '/api/v1/employees/{employee_id}',
		pathParams: { employee_id: 'integer' },
		credentialHeaders: { uuid: 'clientUuid', secure_business_key: 'businessKey' },
		body: 'none',
		retry: 'read',
		does: 'get employee {employee_id}',
		record: 'employee {employee_id}',
	},
`,
		),
	'nodes/BusinessPlatformCalendar/actions/event/delete.operation.ts':
		() => `import type { INodeProperties } from 'n8n-workflow';

import type { PlatformOperation } from '../../../shared/node/operation';
import { deletedOutput } from '../../../shared/node/output';
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
		await platformRequest.call(this, run, 'deleteEvent', itemIndex, {
			pathParams: {
				event_id: { value: this.getNodeParameter('eventId', itemIndex), label: 'Event ID' },
			},
		});
		return deletedOutput();
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
const { succeeded, notFound, byId } = require('../../../sandbox/operations/common');
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
			return succeeded(['Event deleted successfully.', 'تم حذف الحدث بنجاح.'], ctx.lang, {
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
	reference: 'Event ID. Output: \`{ deleted: true }\`.',
	case: {
		parameters: { resource: 'event', operation: 'delete', eventId: '1163' },
		globex: { eventId: '2162' },
		retry: 'create',
		headers: HEADER_SETS.calendar,
		pathIds: { eventId: 'Event ID' },
		// An event is deleted once: the items of a several-item run delete 1161, 1162, 1163.
		itemParameters: { eventId: '={{ 1161 + $itemIndex }}' },
		// The output shows the business nowhere: each business's events tell.
		tenant: {
			itemValues: { eventId: ['1163', '2162', '1162', '1163'] },
			state: (state) => {
				expect(state.acme.events.map((event) => event.id)).toEqual([1161]);
				expect(state.globex.events.map((event) => event.id)).toEqual([2161]);
			},
		},
		fullRun: {
			expect: (output, [request]) => {
				expect(request.method).toBe('DELETE');
				expect(output[0]).toEqual({ deleted: true });
			},
		},
	},
};
`,
	'nodes/BusinessPlatformHr/actions/employee/get.operation.ts':
		() => `import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { outputParameters } from '../../../shared/node/descriptions';
import type { PlatformOperation } from '../../../shared/node/operation';
import { pickFields, recordOrMessage, shapeRecord } from '../../../shared/node/output';
import { platformRequest } from '../../../shared/transport/platformRequest';

const KEPT = [
	'id',
	'name',
	'business_id',
	'type',
	'active',
	'job_number',
	'department_id',
	'occupation_id',
	'created_at',
	'updated_at',
];

const properties: INodeProperties[] = [
	{
		displayName: 'Employee ID',
		name: 'employeeId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 1851',
		description: 'ID of the employee to get',
	},
	...outputParameters(
		'ID, name, business, type, active, job number, department, occupation and dates',
		[...KEPT, 'primary_email', 'phone', 'national_id'],
	),
];

export const operation: PlatformOperation = {
	operation: 'get',
	endpoints: ['getEmployee'],
	picker: {
		name: 'Get',
		action: 'Get employee',
		description: 'Get an employee record by its ID',
	},
	description: properties,

	async execute(itemIndex, run) {
		const response = await platformRequest.call(this, run, 'getEmployee', itemIndex, {
			pathParams: {
				employee_id: {
					value: this.getNodeParameter('employeeId', itemIndex),
					label: 'Employee ID',
				},
			},
		});
		return shapeRecord(this, itemIndex, recordOrMessage(response) as IDataObject, (employee) =>
			pickFields(employee, KEPT),
		);
	},
};
`,
	'nodes/BusinessPlatformHr/actions/employee/index.ts':
		() => `import type { PlatformResourceHead } from '../../../shared/node/operation';

export const employee: PlatformResourceHead = {
	name: 'Employee',
	value: 'employee',
};
`,
	'test/operations/hr/getEmployee.js': () => `// @ts-check
/** Get Employee: its sandbox route and handler, reading the employees of the payslips seed.js owns, and its case. */
const { succeeded, notFound, byId } = require('../../../sandbox/operations/common');
const { HEADER_SETS } = require('../../harness/headerSets');

/** @type {import('../index').OperationFile} */
module.exports = {
	route: {
		module: 'hr',
		method: 'GET',
		path: '/api/v1/employees/:employee_id',
		auth: ['uuid', 'secure_business_key'],
		envelope: 'response',
		handler: (ctx) => {
			const employees = ctx.biz.payslips.map((payslip) => payslip.employee);
			const employee = byId(employees, ctx.params.employee_id);
			if (!employee) return notFound(['Employee', 'الموظف'], ctx.lang);
			return succeeded(['Employee retrieved successfully.', 'تم جلب الموظف بنجاح.'], ctx.lang, {
				response: employee,
			});
		},
	},
	reference:
		'Employee ID. Output: the employee; Simplify keeps id, name, business_id, type, active, job_number, department_id, occupation_id, created_at and updated_at.',
	case: {
		parameters: { resource: 'employee', operation: 'get', employeeId: '1851' },
		globex: { employeeId: '2851' },
		retry: 'read',
		headers: HEADER_SETS.hrPayslip,
		pathIds: { employeeId: 'Employee ID' },
		simplified: [
			'id',
			'name',
			'business_id',
			'type',
			'active',
			'job_number',
			'department_id',
			'occupation_id',
			'created_at',
			'updated_at',
		],
		personalData: true,
		fullRun: {
			expect: (output) => {
				expect(output[0]).toMatchObject({ id: 1851, name: 'Sara Al-Qahtani' });
				expect(JSON.stringify(output)).not.toMatch(/password|remember_token/);
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
			'- Calendar → Event → Delete: deletes a calendar event by its ID.\n- HR → Employee → Get: gets an employee by its ID.\n',
		),
});

/**
 * Steps 6 and 7, for HR → Employee → Get: the name-only route on its path and that route's
 * handler go.
 */
const TAKEOVER = /** @type {Record<string, (text: string, file: string) => string>} */ ({
	'sandbox/routes.js': (text, file) =>
		replaceOnce(
			file,
			text,
			`	{
		operation: 'employeeGet',
		module: 'hr',
		method: 'GET',
		path: '/api/v1/employees/:employee_id',
		auth: ['uuid', 'secure_business_key'],
		envelope: 'response',
		handler: ops.getEmployee,
	},
`,
			'',
		),
	'sandbox/operations/name-only.js': (text, file) => {
		const start = '/** HR employee (nested in payslips in the seed data).';
		const from = text.indexOf(start);
		const to = text.indexOf('/** Calendar note', from);
		if (from < 0 || to < 0) throw new Error(`${file}: the dry run's anchor is not there: ${start}`);
		return replaceOnce(file, text.slice(0, from) + text.slice(to), '\tgetEmployee,\n', '');
	},
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

/** What the sandbox says when step 6 is skipped: both routes, by their owners. */
const REFUSAL =
	'The sandbox serves GET /api/v1/employees/:employee_id (hr) twice: for test/operations/hr/getEmployee.js and for the name-only route "employeeGet" (NAME_ONLY_ROUTES in sandbox/routes.js).';

/**
 * @typedef {{ numFailedTests: number, numPassedTests: number, numRuntimeErrorTestSuites: number,
 *   testResults: Array<{ name: string, message: string, assertionResults: Array<{ fullName: string, status: string, failureMessages: string[] }> }> }} JestReport
 */

/** Every failure text of a jest report, test files that could not run included. @param {JestReport} report */
const failuresOf = (report) =>
	report.testResults
		.flatMap(({ message, assertionResults }) => [
			message,
			...assertionResults.flatMap((result) => result.failureMessages),
		])
		.join('\n');

test("adding Calendar → Event → Delete and HR → Employee → Get (new resources, the second on a name-only route's path) writes exactly the files the guide lists, skipping step 6 is refused naming both routes, and the copy builds, typechecks and passes the operation, Custom API Call and contract tests", () => {
	const run = (/** @type {string} */ command, /** @type {string[]} */ args) =>
		execFileSync(command, args, { cwd: copy, encoding: 'utf8', stdio: 'pipe' });
	/** jest in the copy, its report whether the tests pass or not. @returns {JestReport} */
	const jest = (/** @type {string[]} */ args) => {
		const result = spawnSync(
			process.execPath,
			[
				path.join(copy, 'node_modules', 'jest', 'bin', 'jest.js'),
				'--json',
				'--maxWorkers=2',
				...args,
			],
			{ cwd: copy, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
		);
		if (!result.stdout) throw new Error(`jest ${args.join(' ')} gave no report:\n${result.stderr}`);
		return JSON.parse(result.stdout);
	};
	const write = (/** @type {Record<string, (text: string, file: string) => string>} */ edits) => {
		for (const [file, edit] of Object.entries(edits)) {
			const target = path.join(copy, file);
			const old = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : '';
			fs.mkdirSync(path.dirname(target), { recursive: true });
			fs.writeFileSync(target, edit(old, file));
		}
		run(process.execPath, [
			path.join(copy, 'node_modules', 'prettier', 'bin', 'prettier.cjs'),
			'--write',
			...Object.keys(edits).filter((file) => !file.endsWith('.md')),
		]);
	};
	const changed = (
		/** @type {Map<string, string>} */ from,
		/** @type {Map<string, string>} */ to,
	) => [...to.keys()].filter((file) => from.get(file) !== to.get(file));
	const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

	const before = snapshot(copy);
	write(EDITS);
	const written = snapshot(copy);
	run(npm, ['run', '--silent', 'generate']);
	const generated = snapshot(copy);

	// Step 6 skipped: the sandbox does not start, and says why, naming both routes.
	const skipped = jest(['test/customApiCall/modules.test.js', '-t', 'HR']);
	expect(skipped.numPassedTests).toBe(0);
	expect(failuresOf(skipped)).toContain(REFUSAL);

	write(TAKEOVER);
	const taken = snapshot(copy);
	expect({
		written: [...new Set([...changed(before, written), ...changed(generated, taken)])].sort(),
		generated: changed(written, generated).sort(),
		removed: [...before.keys()].filter((file) => !taken.has(file)),
	}).toEqual({
		written: guideFiles('written'),
		generated: guideFiles('generated'),
		removed: [],
	});
	expect(guideItems('written')).toHaveLength(7);

	run(npm, ['run', '--silent', 'build']);
	run(npm, ['run', '--silent', 'check', '--', 'typecheck']);
	const report = jest([
		'test/completeness.test.js',
		'test/generated.test.js',
		'test/operations.test.js',
		'test/hostile-input.test.js',
		'test/tenants.test.js',
		'test/retries.test.js',
		'test/timeout.test.js',
		'test/redirects.test.js',
		'test/faults/',
		'-t',
		'deleteEvent|getEmployee|Event → Delete|Employee → Get|ENDPOINTS|README|docs/operations|generate|DELETE',
	]);
	expect(failuresOf(report)).toBe(report.testResults.map(() => '').join('\n'));
	// Each test file ran both new operations (not only the tests it already had).
	const ran = Object.fromEntries(
		report.testResults.map(({ name, assertionResults }) => [
			path.relative(copy, name),
			['deleteEvent|Event → Delete', 'getEmployee|Employee → Get'].map((title) =>
				assertionResults.some(
					(result) => result.status === 'passed' && new RegExp(title).test(result.fullName),
				),
			),
		]),
	);
	expect(ran).toEqual({
		'test/completeness.test.js': [true, true],
		'test/generated.test.js': [false, false],
		'test/operations.test.js': [true, true],
		'test/hostile-input.test.js': [true, true],
		'test/tenants.test.js': [true, true],
		'test/retries.test.js': [true, true],
		'test/timeout.test.js': [true, true],
		'test/redirects.test.js': [true, true],
		'test/faults/answers.test.js': [true, true],
		'test/faults/refusals.test.js': [true, true],
		'test/faults/timeout.test.js': [true, true],
	});

	// Custom API Call on the path HR → Employee → Get now serves, and the contract: HR's default
	// Header Profile stays hrSkill, though most HR operations now send the payslip's headers.
	const kept = jest(['test/customApiCall/', 'test/contract.test.js']);
	expect(failuresOf(kept)).toBe(kept.testResults.map(() => '').join('\n'));
	expect(kept.numPassedTests).toBeGreaterThan(0);

	// A contributor who moves it to the profile most HR operations use is stopped, and told why.
	const profiles = 'nodes/shared/customApiCall/headerProfiles.ts';
	const pinned = fs.readFileSync(path.join(copy, profiles), 'utf8');
	fs.writeFileSync(
		path.join(copy, profiles),
		replaceOnce(profiles, pinned, "hr: 'hrSkill',", "hr: 'hrPayslip',"),
	);
	const moved = jest(['test/contract.test.js', '-t', 'committed snapshot']);
	expect(failuresOf(moved)).toContain(
		'parameter \\"headerProfile\\" changed default from \\"hrSkill\\" to \\"hrPayslip\\": n8n saves a parameter only where it differs from its default',
	);
}, 900000);
