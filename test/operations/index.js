// @ts-check
'use strict';

/**
 * One file per platform operation, `test/operations/<node>/<endpoint key>.js` (the key of
 * ENDPOINTS in nodes/shared/platform/endpoints.ts), holding everything the sandbox and the
 * tests know of it:
 * - `route`: the sandbox's route (module, method, path, credential header names, envelope;
 *   sandbox/routes.js) and its handler, written in the file (what several handlers share is in
 *   sandbox/operations/common.js), from the platform's description, not from the endpoint
 *   entry, so that each checks the other; a function of the configured path prefixes where
 *   the path starts with one;
 * - `seed`: records the operation needs that no other operation has, per business, added to
 *   the sandbox's seeded state (sandbox/data/seed.js, which keeps the shared ones) under their
 *   own key;
 * - `reference`: its entry in docs/operations.md (scripts/generate.js writes the docs);
 * - `case`: what every cross-cutting test and the e2e suite run of it (the fields:
 *   test/harness/operationCases/index.js, `OperationCase`).
 * The sandbox (routes, seed) and the tests (test/harness/operationCases) read them from here;
 * the node's folder gives the node type (`calendar` → `businessPlatformCalendar`).
 */
const fs = require('node:fs');
const path = require('node:path');

/**
 * @typedef {Omit<import('../../sandbox/routes').Route, 'operation'>} FileRoute
 * @typedef {{ categories: string, favorites: string }} PathPrefixes
 * @typedef {object} OperationFile
 * @property {FileRoute | ((prefixes: PathPrefixes) => FileRoute)} route
 * @property {string} reference  what the operation takes and returns, for its entry in
 *   docs/operations.md (`npm run generate` writes it after `**Resource → Operation**: `)
 * @property {{ acme?: Record<string, any[]>, globex?: Record<string, any[]> }} [seed]
 * @property {import('../harness/operationCases').CaseEntry} case
 * @typedef {object} LoadedOperation
 * @property {string} endpoint  the ENDPOINTS key, the file's name
 * @property {string} node      the folder: accounting, calendar, ecommerce, hr, projects
 * @property {string} file      the file, relative to the repository root
 * @property {OperationFile} contents
 */

const DIR = __dirname;

/** @type {LoadedOperation[] | undefined} */
let loaded;

/**
 * Every operation file, by node folder and then file name. Read on first use, not on
 * require: the files require the sandbox modules that call this.
 * @returns {LoadedOperation[]}
 */
function operationFiles() {
	if (loaded) return loaded;
	loaded = fs
		.readdirSync(DIR, { withFileTypes: true })
		.filter((entry) => entry.isDirectory())
		.map((entry) => entry.name)
		.sort()
		.flatMap((node) =>
			fs
				.readdirSync(path.join(DIR, node))
				.filter((name) => name.endsWith('.js'))
				.sort()
				.map((name) => {
					const file = `test/operations/${node}/${name}`;
					/** @type {OperationFile} */
					const contents = require(path.join(DIR, node, name));
					for (const field of /** @type {const} */ (['route', 'reference', 'case']))
						if (!contents[field]) throw new Error(`${file}: exports no \`${field}\``);
					return { endpoint: name.slice(0, -'.js'.length), node, file, contents };
				}),
		);
	return loaded;
}

module.exports = { operationFiles };
