// @ts-check
/**
 * The saved-workflow contract (scripts/contract.js): the package keeps every committed
 * snapshot in test/contract/, and the checker finds each kind of break in modified copies of
 * the current package, while additions and a new node version that keeps the old one pass.
 * A released version's snapshot is never rewritten with another contract.
 */
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const { contractOf, contractBreaks, snapshots, writeSnapshot } = require('../scripts/contract');
const { loadPackage } = require('../scripts/load-package');

/** @typedef {ReturnType<typeof loadPackage>} Package */

/** What every moved default's break adds: why a default is a contract. */
const WHY =
	': n8n saves a parameter only where it differs from its default, so every workflow saved with the old default now runs with the new one (keep the default; a change goes into a new node version)';
/** @typedef {import('../scripts/contract').Property} Property */

// The TypeScript sources, compiled by jest: what `npm run build` would put in dist/ now.
const sources = loadPackage(undefined, { sources: true });
const current = contractOf(sources);

/**
 * The breaks a change to a copy of the current package makes, against the current contract.
 * @param {(copy: Package) => void} change
 */
function breaksAfter(change) {
	/** @type {Package} */
	const copy = JSON.parse(JSON.stringify(sources));
	change(copy);
	return contractBreaks(current, contractOf(copy));
}

/** @param {Package} pkg @param {string} name a node description by its type name */
const node = (pkg, name) => {
	const description = pkg.nodes.find((each) => each.name === name);
	if (!description) throw new Error(`No node ${name}`);
	return description;
};
/**
 * The properties named `name` (every declaration) of a node or of a collection.
 * @param {{ properties?: Property[], options?: Property[] }} holder @param {string} name
 */
const declared = (holder, name) => {
	const found = (holder.properties ?? holder.options ?? []).filter((each) => each.name === name);
	if (found.length === 0) throw new Error(`No property ${name}`);
	return found;
};
/** @param {Package} pkg the Projects node's Task → Update "Update Fields" collection */
const updateFields = (pkg) => declared(node(pkg, 'businessPlatformProjects'), 'updateFields')[0];

test('the package keeps the contract of every committed snapshot', () => {
	const all = snapshots();
	expect(all.map(({ name }) => name)).toContain(`${current.version}.json`);
	for (const { name, contract } of all)
		expect([name, contractBreaks(contract, current)]).toEqual([name, []]);
});

test('the contract lists operations, parameter paths with type and default, option values, locator modes and credential fields', () => {
	const projects = current.nodes.businessPlatformProjects['1'];
	expect(projects.parameters.resource[0]).toMatchObject({
		type: 'options',
		default: 'task',
		options: expect.arrayContaining(['task', 'workspace']),
	});
	expect(projects.operations['task/update']['updateFields.status'][0]).toMatchObject({
		type: 'options',
		options: expect.arrayContaining(['Not Started']),
	});
	expect(Object.keys(projects.operations['task/update'])).toEqual(
		expect.arrayContaining(['taskId', 'updateFields.dueDate', 'assignments.assignment']),
	);
	const ecommerce = current.nodes.businessPlatformEcommerce['1'].operations;
	const locator = Object.values(ecommerce).flatMap((parameters) =>
		Object.values(parameters)
			.flat()
			.filter((variant) => variant.type === 'resourceLocator'),
	);
	expect(locator[0]).toMatchObject({ modes: ['list', 'id'], default: { mode: 'list', value: '' } });
	expect(current.credentials.businessPlatformApi.language[0]).toMatchObject({
		type: 'options',
		default: 'en',
	});
});

test('an unchanged copy keeps the contract', () => {
	expect(breaksAfter(() => {})).toEqual([]);
});

/**
 * Each kind of break: a change to a copy of the package, and the break the checker names.
 * @type {Array<[string, (pkg: Package) => void, string]>}
 */
const BREAKS = [
	[
		'a renamed parameter',
		(pkg) => {
			for (const taskId of declared(node(pkg, 'businessPlatformProjects'), 'taskId'))
				taskId.name = 'taskIdentifier';
		},
		'businessPlatformProjects v1 task/update: parameter "taskId" was removed or renamed',
	],
	[
		'a renamed parameter inside a collection',
		(pkg) => {
			declared(updateFields(pkg), 'dueDate')[0].name = 'due';
		},
		'businessPlatformProjects v1 task/update: parameter "updateFields.dueDate" was removed or renamed',
	],
	[
		'a removed option value',
		(pkg) => {
			const status = declared(updateFields(pkg), 'status')[0];
			status.options = (status.options ?? []).filter((option) => option.value !== 'Not Started');
		},
		'businessPlatformProjects v1 task/update: parameter "updateFields.status" lost option value "Not Started"',
	],
	[
		'a removed operation',
		(pkg) => {
			for (const operation of declared(node(pkg, 'businessPlatformProjects'), 'operation'))
				operation.options = (operation.options ?? []).filter((option) => option.value !== 'delete');
		},
		'businessPlatformProjects v1: operation workspace/delete was removed or renamed',
	],
	[
		'a changed default',
		(pkg) => {
			declared(updateFields(pkg), 'binaryPropertyNames')[0].default = 'file';
		},
		'businessPlatformProjects v1 task/update: parameter "updateFields.binaryPropertyNames" changed default from "data" to "file"' +
			WHY,
	],
	[
		"a changed default of the trigger's",
		(pkg) => {
			declared(node(pkg, 'businessPlatformEcommerceTrigger'), 'simple')[0].default = false;
		},
		'businessPlatformEcommerceTrigger v1 *: parameter "simple" changed default from true to false' +
			WHY,
	],
	[
		'a changed type',
		(pkg) => {
			declared(updateFields(pkg), 'durationDays')[0].type = 'string';
		},
		'businessPlatformProjects v1 task/update: parameter "updateFields.durationDays" changed type from number to string',
	],
	[
		'a renamed credential field',
		(pkg) => {
			declared(pkg.credentials[0], 'businessKey')[0].name = 'businessId';
		},
		'credential businessPlatformApi: parameter "businessKey" was removed or renamed',
	],
	[
		"a credential field's changed default",
		(pkg) => {
			declared(pkg.credentials[0], 'language')[0].default = 'de';
		},
		'credential businessPlatformApi: parameter "language" changed default from "en" to "de"' + WHY,
	],
];

test.each(BREAKS)('%s breaks it', (_kind, change, expected) => {
	expect(breaksAfter(change)).toContain(expected);
});

test('a removed locator mode breaks it', () => {
	const modeBreaks = breaksAfter((pkg) => {
		for (const description of pkg.nodes)
			for (const property of description.properties)
				if (property.type === 'resourceLocator')
					property.modes = (property.modes ?? []).filter((mode) => mode.name !== 'id');
	});
	expect(modeBreaks.join('\n')).toMatch(/lost resource-locator mode "id"/);
});

test('additions with defaults keep it: a new parameter, collection option, option value or operation', () => {
	expect(
		breaksAfter((pkg) => {
			const projects = node(pkg, 'businessPlatformProjects');
			projects.properties.push({
				name: 'dryRun',
				displayName: 'Dry Run',
				type: 'boolean',
				default: false,
			});
			(updateFields(pkg).options ?? []).push({ name: 'color', type: 'string', default: '' });
			declared(updateFields(pkg), 'status')[0].options?.push({ name: 'Done', value: 'done' });
			declared(projects, 'resource')[0].options?.push({ name: 'Board', value: 'board' });
			pkg.credentials[0].properties.push({ name: 'region', type: 'string', default: '' });
		}),
	).toEqual([]);
});

test('a breaking change in a new node version passes while the old version keeps its contract', () => {
	/** The Projects node declares version 1.1, whose Update Fields → Input Binary Fields default is "file" */
	const inNewVersion = (/** @type {Package} */ pkg, /** @type {boolean} */ keepVersion1) => {
		const projects = node(pkg, 'businessPlatformProjects');
		projects.version = [1, 1.1];
		const [old] = declared(projects, 'updateFields');
		/** @type {Property} */
		const changed = JSON.parse(JSON.stringify(old));
		declared(changed, 'binaryPropertyNames')[0].default = 'file';
		const show = old.displayOptions?.show ?? {};
		if (keepVersion1) {
			old.displayOptions = { show: { ...show, '@version': [1] } };
			changed.displayOptions = { show: { ...show, '@version': [{ _cnd: { gte: 1.1 } }] } };
		} else projects.properties.splice(projects.properties.indexOf(old), 1);
		projects.properties.push(changed);
	};
	expect(breaksAfter((pkg) => inNewVersion(pkg, true))).toEqual([]);
	expect(breaksAfter((pkg) => inNewVersion(pkg, false))).toContain(
		'businessPlatformProjects v1 task/update: parameter "updateFields.binaryPropertyNames" changed default from "data" to "file"' +
			WHY,
	);
	expect(
		breaksAfter((pkg) => {
			node(pkg, 'businessPlatformProjects').version = 2;
		}),
	).toContain('businessPlatformProjects v1: version 1 is no longer declared');
});

describe("a version's snapshot", () => {
	/** A scratch git project whose test/contract/ holds the current contract as 0.1.0's; tagged v0.1.0 when `released`. */
	function scratchProject(/** @type {boolean} */ released) {
		const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-contract-'));
		const git = (/** @type {string[]} */ ...args) => {
			const result = spawnSync(
				'git',
				['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args],
				{
					cwd: root,
					encoding: 'utf8',
				},
			);
			if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
		};
		fs.mkdirSync(path.join(root, 'test', 'contract'), { recursive: true });
		fs.writeFileSync(
			path.join(root, 'test', 'contract', '0.1.0.json'),
			JSON.stringify({ ...current, version: '0.1.0' }),
		);
		git('init', '-q');
		git('add', '.');
		git('commit', '-q', '-m', 'Release v0.1.0');
		if (released) git('tag', 'v0.1.0');
		return root;
	}
	/** The current contract at 0.1.0 with one credential field fewer: another contract. */
	const changed = () => {
		/** @type {typeof current} */
		const contract = JSON.parse(JSON.stringify({ ...current, version: '0.1.0' }));
		const fields = Object.values(contract.credentials)[0];
		delete fields[Object.keys(fields)[0]];
		return contract;
	};
	const stored = (/** @type {string} */ root) =>
		JSON.parse(fs.readFileSync(path.join(root, 'test', 'contract', '0.1.0.json'), 'utf8'));

	test('of a released version is frozen: writing another contract for it is refused and changes nothing', () => {
		const root = scratchProject(true);
		try {
			expect(() => writeSnapshot(changed(), root)).toThrow(
				/0\.1\.0\.json is the contract of the released v0\.1\.0 and is frozen/,
			);
			expect(stored(root)).toEqual({ ...current, version: '0.1.0' });
			// The same contract again (a release's own write) is no change: allowed.
			expect(() => writeSnapshot({ ...current, version: '0.1.0' }, root)).not.toThrow();
		} finally {
			fs.rmSync(root, { recursive: true, force: true });
		}
	});

	test('of a version not released yet describes the tree again when written', () => {
		const root = scratchProject(false);
		try {
			expect(writeSnapshot(changed(), root)).toBe(true);
			expect(stored(root)).toEqual(changed());
		} finally {
			fs.rmSync(root, { recursive: true, force: true });
		}
	});
});

test("Custom API Call's default Header Profile is pinned per module: operations that come to use another profile most leave it", () => {
	jest.isolateModules(() => {
		const ENDPOINTS = /** @type {Record<string, object>} */ (
			require('../nodes/shared/platform/endpoints').ENDPOINTS
		);
		// Two more HR operations with the payslip's headers: most HR operations now send those.
		for (const key of ['getEmployeeRecord', 'getEmployeeContract'])
			ENDPOINTS[key] = { ...ENDPOINTS.getPayslip, title: key };
		const { profilesOf } = require('../nodes/shared/customApiCall');
		const [first, ...others] = profilesOf('hr');
		const payslip = others.find((profile) => profile.value === 'hrPayslip');
		expect(first.value).toBe('hrSkill');
		expect(payslip?.operations.length).toBeGreaterThan(first.operations.length);
	});
	const defaults = Object.fromEntries(
		Object.entries(current.nodes).flatMap(([type, versions]) => {
			const call = versions['1'].operations['customApiCall/customApiCall'];
			return call ? [[type, call.headerProfile[0].default]] : [];
		}),
	);
	expect(defaults).toEqual({
		businessPlatformAccounting: 'management',
		businessPlatformCalendar: 'calendar',
		businessPlatformEcommerce: 'ecommerce',
		businessPlatformHr: 'hrSkill',
		businessPlatformProjects: 'management',
	});
	expect(
		breaksAfter((pkg) => {
			for (const headerProfile of declared(node(pkg, 'businessPlatformHr'), 'headerProfile'))
				headerProfile.default = 'hrPayslip';
		}),
	).toContain(
		'businessPlatformHr v1 customApiCall/customApiCall: parameter "headerProfile" changed default from "hrSkill" to "hrPayslip"' +
			WHY,
	);
});
