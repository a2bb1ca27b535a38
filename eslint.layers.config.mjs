/**
 * The import direction of nodes/shared/'s layers (issue 32, item 3), enforced with ESLint's
 * no-restricted-imports over n8n's own lint config: `npm run lint:layers`, run by .ci/run and
 * the CI workflow after `npm run lint`.
 *
 * It cannot live in eslint.config.mjs: the package is in n8n's strict mode (package.json
 * `n8n.strict`, needed for verified community nodes), and `n8n-node lint` then refuses any
 * eslint.config.mjs but the default one. So it is a second config, for a second command.
 */
import { config } from '@n8n/node-cli/eslint';

/**
 * The layers of nodes/shared/, lowest first: a file may import its own layer and the layers
 * below it, never one above (CONTRIBUTING.md, Layout). errors/classes.ts imports nothing, so
 * every layer may throw its errors.
 */
const SHARED_LAYERS = [
	'platform',
	'values',
	'credential',
	'errors',
	'transport',
	'node',
	'customApiCall',
];

const layerDirection = SHARED_LAYERS.slice(0, -1).map((layer, index) => ({
	files: [`nodes/shared/${layer}/**/*.ts`],
	rules: {
		'no-restricted-imports': [
			'error',
			{
				patterns: [
					{
						group: SHARED_LAYERS.slice(index + 1).flatMap((above) =>
							above === 'errors' ? ['../errors/*', '!../errors/classes'] : [`../${above}/*`],
						),
						message: `nodes/shared/${layer}/ may not import a layer above it: move what both need down (CONTRIBUTING.md, Layout).`,
					},
				],
			},
		],
	},
}));

export default [...config, ...layerDirection];
