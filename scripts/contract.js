#!/usr/bin/env node
// @ts-check
/**
 * The saved-workflow contract of the built package, and the check that a change keeps it.
 *
 * n8n saves only the parameters that differ from their defaults, so what a saved workflow or
 * credential means depends on the names, types, defaults and option values of this release. The
 * contract lists them from the built nodes and credentials (dist/), per node type and version:
 * the parameters every operation shares, then per resource/operation the ones it adds; each
 * parameter path (collection children `options.timeout`, fixed-collection groups and children
 * `lineItems.item.quantity`) with its type, default, option values, resource-locator modes and
 * whether it is required; and each credential field with its type, default and option values.
 *
 * A later package keeps a snapshot's contract when, for every node version in the snapshot, it
 * still has that version, its operations and parameters, with the same types and defaults, and
 * option values and modes that include the old ones. Additions (with a default) are fine; a
 * breaking change goes into a new node version (`version: [1, 1.1]` with `@version` display
 * options), which leaves version 1 as it was.
 *
 *   node scripts/contract.js           print the current contract
 *   node scripts/contract.js --check   compare it with every snapshot in test/contract/, and
 *                                      check the saved workflows against their SHA-256 manifest
 *   node scripts/contract.js --write   write test/contract/<package version>.json (build first),
 *                                      unless an earlier snapshot holds the same contract, and
 *                                      test/e2e/saved-workflows/<package version>/ with it
 *                                      unless that folder exists (frozen); refused when that
 *                                      version is released (tag v<version>) and its snapshot
 *                                      holds another contract (frozen too)
 */
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { isDeepStrictEqual } = require('node:util');
const { ROOT, loadPackage } = require('./load-package');
const { savedWorkflowChanges, writeSavedWorkflows } = require('./saved-workflows');

const SNAPSHOT_FOLDER = path.join('test', 'contract');

/**
 * @typedef {import('./load-package').Property} Property
 * @typedef {import('./load-package').NodeDescription} NodeDescription
 * @typedef {import('./load-package').CredentialType} CredentialType
 * @typedef {{ type: string, default?: unknown, options?: unknown[], modes?: string[],
 *   required?: true, multipleValues?: true, when?: Record<string, unknown> }} Variant
 * @typedef {Record<string, Variant[]>} Parameters  each path's variants (one unless the node
 *   declares the name twice with other display conditions; then each says `when`)
 * @typedef {{ credentials: string[], parameters: Parameters,
 *   operations: Record<string, Parameters> }} VersionContract
 * @typedef {{ package: string, version: string,
 *   nodes: Record<string, Record<string, VersionContract>>,
 *   credentials: Record<string, Parameters> }} Contract
 */

/** Display-option keys that pick the operation or version; any other key is the user's choice. */
const SELECTORS = ['resource', 'operation', '@version'];
/** Parameters that hold no value */
const VALUELESS = new Set(['notice', 'hidden', 'callout', 'button']);

/**
 * Whether `version` meets one `@version` display-option entry: a number or an n8n condition.
 * @param {unknown} entry @param {number} version
 */
function versionMatches(entry, version) {
	if (typeof entry === 'number') return entry === version;
	const condition = /** @type {{ _cnd?: Record<string, any> }} */ (entry)?._cnd;
	if (!condition) throw new Error(`Unsupported @version condition: ${JSON.stringify(entry)}`);
	const [[operator, operand]] = Object.entries(condition);
	if (operator === 'eq') return version === operand;
	if (operator === 'not') return version !== operand;
	if (operator === 'gte') return version >= operand;
	if (operator === 'lte') return version <= operand;
	if (operator === 'gt') return version > operand;
	if (operator === 'lt') return version < operand;
	if (operator === 'between') return version >= operand.from && version <= operand.to;
	throw new Error(`Unsupported @version operator: ${operator}`);
}

/**
 * Whether a property (or option) is shown for this resource, operation and version. Conditions
 * on other parameters are left open: the property is part of the contract either way.
 * @param {Property['displayOptions']} displayOptions
 * @param {{ resource?: string, operation?: string, version: number }} selection
 */
function shownFor(displayOptions, { resource, operation, version }) {
	/** @param {string} key @param {unknown[]} values */
	const holds = (key, values) =>
		key === '@version'
			? values.some((entry) => versionMatches(entry, version))
			: values.includes(key === 'resource' ? resource : operation);
	for (const [key, values] of Object.entries(displayOptions?.show ?? {}))
		if (SELECTORS.includes(key) && !holds(key, values)) return false;
	for (const [key, values] of Object.entries(displayOptions?.hide ?? {}))
		if (SELECTORS.includes(key) && holds(key, values)) return false;
	return true;
}

/** @param {Property} property whether it depends on the resource or operation */
const operationSpecific = (property) =>
	['show', 'hide'].some((kind) =>
		Object.keys(property.displayOptions?.[/** @type {'show' | 'hide'} */ (kind)] ?? {}).some(
			(key) => key === 'resource' || key === 'operation',
		),
	);

/**
 * What a saved value of one property depends on.
 * @param {Property} property @param {number} version
 * @returns {Variant}
 */
function variantOf(property, version) {
	/** @type {Variant} */
	const variant = { type: property.type };
	if (property.default !== undefined) variant.default = property.default;
	if (property.required) variant.required = true;
	if (property.typeOptions?.multipleValues) variant.multipleValues = true;
	if ((property.type === 'options' || property.type === 'multiOptions') && property.options)
		variant.options = property.options
			.filter((option) => shownFor(option.displayOptions, { version }))
			.map((option) => option.value);
	if (property.type === 'resourceLocator' && property.modes)
		variant.modes = property.modes.map((mode) => mode.name);
	return variant;
}

/**
 * The display conditions on other parameters, which tell a name's variants apart.
 * @param {Property} property
 */
function conditionsOf(property) {
	/** @type {Record<string, unknown>} */
	const when = {};
	for (const kind of /** @type {const} */ (['show', 'hide']))
		for (const [key, values] of Object.entries(property.displayOptions?.[kind] ?? {}))
			if (!SELECTORS.includes(key)) when[`${kind}.${key}`] = values;
	return when;
}

/** The property each variant was made from */
const declaredBy = new WeakMap();

/**
 * Adds a property and, for collections and fixed collections, its children, to `parameters`.
 * @param {Parameters} parameters @param {Property} property @param {string} prefix
 * @param {number} version
 */
function addProperty(parameters, property, prefix, version) {
	if (VALUELESS.has(property.type)) return;
	const path = `${prefix}${property.name}`;
	const variant = variantOf(property, version);
	declaredBy.set(variant, property);
	const variants = (parameters[path] ??= []);
	variants.push(variant);
	// Declared twice (shown under different conditions): each variant says when it applies.
	if (variants.length > 1)
		for (const each of variants)
			each.when = conditionsOf(/** @type {Property} */ (declaredBy.get(each)));
	if (property.type === 'collection')
		for (const child of property.options ?? []) addProperty(parameters, child, `${path}.`, version);
	if (property.type === 'fixedCollection')
		for (const group of property.options ?? []) {
			parameters[`${path}.${group.name}`] = [{ type: 'fixedCollectionGroup' }];
			for (const child of group.values ?? [])
				addProperty(parameters, child, `${path}.${group.name}.`, version);
		}
}

/**
 * The values the `resource` or `operation` parameters offer for this selection, or [undefined].
 * @param {Property[]} properties @param {'resource' | 'operation'} name
 * @param {{ resource?: string, version: number }} selection
 * @returns {(string | undefined)[]}
 */
function selectorValues(properties, name, selection) {
	const values = properties
		.filter((property) => property.name === name && shownFor(property.displayOptions, selection))
		.flatMap((property) => property.options ?? [])
		.filter((option) => shownFor(option.displayOptions, selection))
		.map((option) => String(option.value));
	return values.length > 0 ? [...new Set(values)] : [undefined];
}

/**
 * The contract of one version of a node.
 * @param {NodeDescription} description @param {number} version
 * @returns {VersionContract}
 */
function versionContract(description, version) {
	const properties = description.properties;
	/** @type {Parameters} */
	const parameters = {};
	for (const property of properties)
		if (!operationSpecific(property) && shownFor(property.displayOptions, { version }))
			addProperty(parameters, property, '', version);
	/** @type {Record<string, Parameters>} */
	const operations = {};
	for (const resource of selectorValues(properties, 'resource', { version }))
		for (const operation of selectorValues(properties, 'operation', { resource, version })) {
			/** @type {Parameters} */
			const own = {};
			for (const property of properties)
				if (
					operationSpecific(property) &&
					shownFor(property.displayOptions, { resource, operation, version })
				)
					addProperty(own, property, '', version);
			operations[[resource, operation].filter(Boolean).join('/') || '*'] = own;
		}
	const credentials = (description.credentials ?? []).map((credential) => credential.name).sort();
	return { credentials, parameters, operations };
}

/** @param {NodeDescription} description the versions it declares */
const versionsOf = (description) =>
	Array.isArray(description.version) ? description.version : [description.version];

/**
 * The contract of node descriptions and credential types (a versioned node's versions are
 * separate descriptions with the same name).
 * @param {{ name: string, version: string, nodes: NodeDescription[], credentials: CredentialType[] }} pkg
 * @returns {Contract}
 */
function contractOf(pkg) {
	/** @type {Contract} */
	const contract = { package: pkg.name, version: pkg.version, nodes: {}, credentials: {} };
	for (const description of pkg.nodes)
		for (const version of versionsOf(description))
			(contract.nodes[description.name] ??= {})[String(version)] = versionContract(
				description,
				version,
			);
	for (const credential of pkg.credentials) {
		/** @type {Parameters} */
		const fields = {};
		for (const property of credential.properties) addProperty(fields, property, '', 1);
		contract.credentials[credential.name] = fields;
	}
	return JSON.parse(JSON.stringify(contract));
}

/**
 * Why `current` breaks what a workflow saved with `old` depends on (empty when it does not).
 * @param {Parameters} old @param {Parameters} current @param {string} where
 */
function parameterBreaks(old, current, where) {
	/** @type {string[]} */
	const breaks = [];
	for (const [name, oldVariants] of Object.entries(old)) {
		const currentVariants = current[name];
		if (!currentVariants) {
			breaks.push(`${where}: parameter "${name}" was removed or renamed`);
			continue;
		}
		for (const oldVariant of oldVariants) {
			const candidates = currentVariants.filter(
				(variant) =>
					!oldVariant.when || !variant.when || isDeepStrictEqual(variant.when, oldVariant.when),
			);
			const problems = candidates.map((variant) => variantBreaks(oldVariant, variant));
			if (candidates.length === 0)
				breaks.push(
					`${where}: parameter "${name}" no longer has a variant shown when ${JSON.stringify(oldVariant.when)}`,
				);
			else if (problems.every((list) => list.length > 0))
				breaks.push(...problems[0].map((problem) => `${where}: parameter "${name}" ${problem}`));
		}
	}
	for (const [name, variants] of Object.entries(current))
		if (!old[name] && variants.some((variant) => !('default' in variant)))
			breaks.push(`${where}: new parameter "${name}" has no default`);
	return breaks;
}

/** Why a moved default breaks saved workflows, said with each one. */
const DEFAULT_IS_CONTRACT =
	': n8n saves a parameter only where it differs from its default, so every workflow saved with the old default now runs with the new one (keep the default; a change goes into a new node version)';

/**
 * @param {Variant} old @param {Variant} current
 * @returns {string[]}
 */
function variantBreaks(old, current) {
	/** @type {string[]} */
	const breaks = [];
	if (old.type !== current.type) breaks.push(`changed type from ${old.type} to ${current.type}`);
	if (!isDeepStrictEqual(old.default, current.default))
		breaks.push(
			`changed default from ${JSON.stringify(old.default)} to ${JSON.stringify(current.default)}${DEFAULT_IS_CONTRACT}`,
		);
	if (current.required && !old.required) breaks.push('became required');
	if (Boolean(old.multipleValues) !== Boolean(current.multipleValues))
		breaks.push('changed between one value and multiple values');
	for (const value of old.options ?? [])
		if (!(current.options ?? []).some((option) => isDeepStrictEqual(option, value)))
			breaks.push(`lost option value ${JSON.stringify(value)}`);
	for (const mode of old.modes ?? [])
		if (!(current.modes ?? []).includes(mode)) breaks.push(`lost resource-locator mode "${mode}"`);
	return breaks;
}

/**
 * Everything in `current` that breaks a workflow or credential saved with `old` (empty: none).
 * @param {Contract} old @param {Contract} current
 */
function contractBreaks(old, current) {
	/** @type {string[]} */
	const breaks = [];
	for (const [type, versions] of Object.entries(old.nodes)) {
		if (!current.nodes[type]) {
			breaks.push(`node ${type} was removed or renamed`);
			continue;
		}
		for (const [version, oldContract] of Object.entries(versions)) {
			const currentContract = current.nodes[type][version];
			const where = `${type} v${version}`;
			if (!currentContract) {
				breaks.push(`${where}: version ${version} is no longer declared`);
				continue;
			}
			for (const credential of oldContract.credentials)
				if (!currentContract.credentials.includes(credential))
					breaks.push(`${where}: no longer uses credential ${credential}`);
			for (const [operation, parameters] of Object.entries(oldContract.operations)) {
				const currentParameters = currentContract.operations[operation];
				if (!currentParameters) {
					breaks.push(`${where}: operation ${operation} was removed or renamed`);
					continue;
				}
				breaks.push(
					...parameterBreaks(
						{ ...oldContract.parameters, ...parameters },
						{ ...currentContract.parameters, ...currentParameters },
						`${where} ${operation}`,
					),
				);
			}
		}
	}
	for (const [type, fields] of Object.entries(old.credentials)) {
		if (!current.credentials[type]) breaks.push(`credential ${type} was removed or renamed`);
		else breaks.push(...parameterBreaks(fields, current.credentials[type], `credential ${type}`));
	}
	return [...new Set(breaks)];
}

/**
 * The committed snapshots, by file name
 * @param {string} [root] the project folder
 */
function snapshots(root = ROOT) {
	const folder = path.join(root, SNAPSHOT_FOLDER);
	if (!fs.existsSync(folder)) return [];
	return fs
		.readdirSync(folder)
		.filter((name) => /^\d+\.\d+\.\d+.*\.json$/.test(name))
		.map((name) => ({
			name,
			contract: /** @type {Contract} */ (
				JSON.parse(fs.readFileSync(path.join(folder, name), 'utf8'))
			),
		}));
}

/**
 * Whether `version` was released: its release tag (v<version>) is in the project's git.
 * @param {string} version @param {string} root
 */
function isReleased(version, root) {
	const tags = spawnSync('git', ['tag', '--list', `v${version}`], { cwd: root, encoding: 'utf8' });
	if (tags.status !== 0) throw new Error(`git tag --list failed in ${root}: ${tags.stderr}`);
	return tags.stdout.trim() !== '';
}

/**
 * Writes test/contract/<version>.json for `current`, unless an earlier snapshot holds the same
 * contract. A released version's snapshot is frozen, as its saved workflows are: rewriting it
 * with another contract would hide a break from `node scripts/contract.js --check`. Until the release, it may
 * describe the tree again. Returns whether it wrote.
 * @param {Contract} current @param {string} [root] the project folder
 */
function writeSnapshot(current, root = ROOT) {
	const fileName = `${current.version}.json`;
	const sameAs = (/** @type {Contract} */ contract) =>
		isDeepStrictEqual([contract.nodes, contract.credentials], [current.nodes, current.credentials]);
	const existing = snapshots(root);
	const same = existing.find(({ name, contract }) => name !== fileName && sameAs(contract));
	if (same) {
		console.log(`The contract is the one in ${SNAPSHOT_FOLDER}/${same.name}: no new snapshot`);
		return false;
	}
	const own = existing.find(({ name }) => name === fileName);
	if (own && !sameAs(own.contract) && isReleased(current.version, root)) {
		throw new Error(
			`${SNAPSHOT_FOLDER}/${fileName} is the contract of the released v${current.version} and is frozen: a changed contract goes into the next version (a breaking change into a new node version, CONTRIBUTING.md)`,
		);
	}
	const file = path.join(root, SNAPSHOT_FOLDER, fileName);
	fs.mkdirSync(path.dirname(file), { recursive: true });
	fs.writeFileSync(file, JSON.stringify(current, null, '\t') + '\n');
	console.log(`Wrote ${path.relative(root, file)}`);
	return true;
}

function main() {
	const mode = process.argv[2];
	const current = contractOf(loadPackage());
	if (mode === '--write') {
		// With each new contract, workflows saved under it, which the e2e suite runs from then on.
		if (writeSnapshot(current)) writeSavedWorkflows(loadPackage());
	} else if (mode === '--check') {
		let failed = false;
		for (const { name, contract } of snapshots()) {
			const breaks = contractBreaks(contract, current);
			for (const line of breaks) console.error(`${name}: ${line}`);
			failed ||= breaks.length > 0;
		}
		// The workflows saved with each release are frozen: each file as its manifest line says.
		const changes = savedWorkflowChanges();
		for (const line of changes) console.error(line);
		failed ||= changes.length > 0;
		if (failed) process.exitCode = 1;
		else
			console.log(
				'The package keeps the contract of every snapshot in test/contract/, and every saved workflow is as written',
			);
	} else if (mode === undefined) console.log(JSON.stringify(current, null, '\t'));
	else throw new Error('Usage: node scripts/contract.js [--check | --write]');
}

module.exports = { contractOf, contractBreaks, snapshots, writeSnapshot };

if (require.main === module) {
	try {
		main();
	} catch (error) {
		console.error(error instanceof Error ? error.message : error);
		process.exitCode = 1;
	}
}
