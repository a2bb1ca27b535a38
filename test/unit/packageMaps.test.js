// @ts-check
/**
 * scripts/package-maps.js, which `npm run check -- scan` runs on the unpacked tarball: it finds a source
 * map pointing at a TypeScript file the package does not ship (as the build's maps did, 99 of
 * them), a script naming a map that is missing, and sources outside the package or behind a URL;
 * it accepts maps whose sources are shipped or carried inside them.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { brokenSourceMaps } = require('../../scripts/package-maps');

/** @type {string[]} */
const folders = [];
afterAll(() => {
	for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

/** @param {Record<string, string | object>} files an unpacked package, relative path → content */
function packageOf(files) {
	const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-maps-'));
	folders.push(root);
	for (const [name, content] of Object.entries(files)) {
		fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
		fs.writeFileSync(
			path.join(root, name),
			typeof content === 'string' ? content : JSON.stringify(content),
		);
	}
	return root;
}

const SCRIPT = 'exports.a = 1;\n//# sourceMappingURL=A.node.js.map\n';
/** @param {object} fields */
const map = (fields) => ({ version: 3, file: 'A.node.js', mappings: 'AAAA', ...fields });

test('a map pointing at a TypeScript source the package does not hold, as tsc writes it', () => {
	const root = packageOf({
		'package.json': '{}',
		'dist/nodes/A/A.node.js': SCRIPT,
		'dist/nodes/A/A.node.js.map': map({ sources: ['../../../nodes/A/A.node.ts'] }),
	});
	expect(brokenSourceMaps(root)).toEqual([
		`${path.join('dist', 'nodes', 'A', 'A.node.js.map')}: its map points at ../../../nodes/A/A.node.ts, which the package does not hold`,
	]);
});

test('maps whose sources are shipped, or carried in the map, pass; so does a package with no map', () => {
	expect(
		brokenSourceMaps(packageOf({ 'package.json': '{}', 'dist/a.js': 'exports.a = 1;\n' })),
	).toEqual([]);
	expect(
		brokenSourceMaps(
			packageOf({
				'dist/nodes/A/A.node.js': SCRIPT,
				'dist/nodes/A/A.node.js.map': map({ sources: ['../../../nodes/A/A.node.ts'] }),
				'nodes/A/A.node.ts': 'export const a = 1;\n',
			}),
		),
	).toEqual([]);
	expect(
		brokenSourceMaps(
			packageOf({
				'dist/A.node.js': SCRIPT,
				'dist/A.node.js.map': map({
					sources: ['../nodes/A.node.ts'],
					sourcesContent: ['export const a = 1;\n'],
				}),
			}),
		),
	).toEqual([]);
	const inline = Buffer.from(
		JSON.stringify(map({ sources: ['a.ts'], sourcesContent: ['export const a = 1;'] })),
	).toString('base64');
	expect(
		brokenSourceMaps(
			packageOf({
				'dist/a.js': `exports.a = 1;\n//# sourceMappingURL=data:application/json;base64,${inline}\n`,
			}),
		),
	).toEqual([]);
});

test('a missing map, an inline map without its source, and sources outside the package or behind a URL', () => {
	const inline = Buffer.from(JSON.stringify(map({ sources: ['../src/a.ts'] }))).toString('base64');
	const problems = brokenSourceMaps(
		packageOf({
			'dist/A.node.js': SCRIPT,
			'dist/b.js': `exports.b = 1;\n//# sourceMappingURL=data:application/json;base64,${inline}`,
			'dist/c.js.map': map({ sources: ['webpack://pkg/c.ts', '../../outside.ts'] }),
			'dist/d.js.map': 'not json',
		}),
	);
	expect(problems).toEqual(
		expect.arrayContaining([
			expect.stringMatching(
				/A\.node\.js: names the source map A\.node\.js\.map, which the package does not hold$/,
			),
			expect.stringMatching(/b\.js: its map points at \.\.\/src\/a\.ts/),
			expect.stringMatching(/c\.js\.map: its map points at webpack:\/\/pkg\/c\.ts/),
			expect.stringMatching(/c\.js\.map: its map points at \.\.\/\.\.\/outside\.ts/),
			expect.stringMatching(/d\.js\.map: a source map that is not JSON/),
		]),
	);
	expect(problems).toHaveLength(5);
});
