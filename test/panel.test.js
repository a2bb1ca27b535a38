// @ts-check
/**
 * What each operation's panel shows, from the node descriptions n8n loads: one Options
 * collection with the request settings, one notice (the credential fields each operation uses,
 * checked against the requests it really sends, and that Retry On Fail stays off), n8n's
 * wording (placeholders, action names, hint length), and the run-time hint when Settings →
 * Retry On Fail is on.
 */
const { useSandbox } = require('./harness/fixture');
const { nodeClasses } = require('./harness/n8n');
const { OPERATION_CASES } = require('./harness/operationCases');
const { requestSettingOptions } = require('../nodes/shared/node/descriptions');

const fixture = useSandbox();

const ACTION_NODES = ['Accounting', 'Calendar', 'Ecommerce', 'Hr', 'Projects'].map((name) => ({
	type: `businessPlatform${name}`,
	/** @type {import('../nodes/shared/node/operation').NodeActions} */
	actions: require(`../nodes/BusinessPlatform${name}/actions`).actions,
}));

/** @param {string} type */
function propertiesOf(type) {
	const NodeClass = nodeClasses.get(type);
	return /** @type {any[]} */ (new NodeClass().description.properties);
}

/** The top-level parameters shown for one resource and operation (show conditions on them only). */
function shownFor(
	/** @type {any[]} */ properties,
	/** @type {string} */ resource,
	/** @type {string} */ operation,
) {
	return properties.filter((property) => {
		const show = property.displayOptions?.show ?? {};
		return (
			(!show.resource || show.resource.includes(resource)) &&
			(!show.operation || show.operation.includes(operation))
		);
	});
}

/**
 * @typedef {object} Panel  what one operation's panel shows
 * @property {string} label
 * @property {any[]} shown  the node description's parameters (as propertiesOf gives them)
 * @property {import('../nodes/shared/node/operation').PlatformOperation} operation
 */

/** @type {Panel[]} */
const panels = ACTION_NODES.flatMap(({ type, actions }) => {
	const properties = propertiesOf(type);
	const pickers = properties.filter((property) => property.name === 'operation');
	return pickers.flatMap((picker) =>
		picker.options.map((/** @type {any} */ option) => {
			const resource = picker.displayOptions.show.resource[0];
			return {
				label: `${type} ${resource} ${option.value}`,
				shown: shownFor(properties, resource, option.value),
				// The picker offers only the operations the node's actions define.
				operation: /** @type {import('../nodes/shared/node/operation').PlatformOperation} */ (
					actions.find(resource, option.value)
				),
			};
		}),
	);
});

const panelCases = panels.map((panel) => /** @type {[string, Panel]} */ ([panel.label, panel]));

describe.each(panelCases)('%s panel', (_label, panel) => {
	test('one Options collection ("Add option") holding the request settings, sorted by name', () => {
		const collections = panel.shown.filter(
			(property) => property.type === 'collection' && /option/i.test(property.placeholder ?? ''),
		);
		expect(collections.map((property) => property.name)).toEqual(['options']);
		const [options] = collections;
		expect(options).toMatchObject({ displayName: 'Options', placeholder: 'Add option' });
		const names = options.options.map((/** @type {any} */ option) => option.name);
		expect(names).toEqual(
			expect.arrayContaining(requestSettingOptions.map((option) => option.name)),
		);
		const displayNames = options.options.map((/** @type {any} */ option) => option.displayName);
		expect(displayNames).toEqual([...displayNames].sort((a, b) => a.localeCompare(b)));
		expect(panel.shown.some((property) => property.name === 'requestOptions')).toBe(false);
	});

	test('one notice: the credential fields the operation uses and that Retry On Fail stays off', () => {
		const notices = panel.shown.filter((property) => property.type === 'notice');
		expect(notices.map((notice) => notice.name)).toEqual(['notice']);
		const [{ displayName }] = notices;
		expect(displayName).toMatch(/Retry On Fail off.*creates/);
		if (panel.operation.endpoints.length === 0) {
			// Custom API Call: its Header Profile, not the endpoint table, decides the credential fields.
			expect(displayName).not.toMatch(/Uses the credential's/);
			return;
		}
		expect(displayName).toMatch(/^Uses the credential's .+ Base URL/);
	});

	test("n8n's wording: placeholders start with e.g., the action has no articles, hints stay short", () => {
		for (const property of deepProperties(panel.shown)) {
			if (isExamplePlaceholder(property.placeholder)) {
				expect(`${property.name}: ${property.placeholder}`).toMatch(/^\w+: e\.g\. /);
			}
			if (property.hint !== undefined) {
				expect(property.hint.length).toBeLessThanOrEqual(MAX_HINT_LENGTH);
			}
		}
		expect(panel.operation.picker.action).not.toMatch(/\b(a|an|the)\b/i);
	});
});

/**
 * Longest hint: n8n shows a hint in full under its field and its guideline states no number;
 * this keeps one to about two lines of the parameter panel.
 */
const MAX_HINT_LENGTH = 150;

/** Every parameter of a panel with those nested in collections, fixed collections and locator modes. */
function deepProperties(/** @type {any[]} */ properties) {
	/** @type {any[]} */
	const all = [];
	const visit = (/** @type {any} */ property) => {
		all.push(property);
		for (const child of [...(property.modes ?? []), ...(property.values ?? [])]) visit(child);
		if (property.type === 'collection' || property.type === 'fixedCollection') {
			for (const child of property.options ?? []) visit(child);
		}
	};
	properties.forEach(visit);
	return all;
}

/** A placeholder showing an example value (not a collection's "Add ..." button or a list's prompt). */
function isExamplePlaceholder(/** @type {unknown} */ placeholder) {
	return (
		typeof placeholder === 'string' && placeholder !== '' && !/^(Add |Select )/.test(placeholder)
	);
}

test('the notice follows the endpoint table: District needs no business key, Category Update its path prefix and user token', () => {
	const notice = (/** @type {string} */ resource, /** @type {string} */ operation) =>
		shownFor(propertiesOf('businessPlatformEcommerce'), resource, operation).find(
			(p) => p.name === 'notice',
		).displayName;
	expect(notice('district', 'get')).toMatch(
		/^Uses the credential's API Key, API Connection and Ecommerce Base URL\. Retries are built in/,
	);
	expect(notice('category', 'update')).toMatch(
		/^Uses the credential's API Key, API Connection, Business Key \(or one of the Additional Business Keys\), User Token, Ecommerce Base URL and Categories Path Prefix\. /,
	);
});

test("Sales Quote → Update's own notice is in the panel's one notice", () => {
	const [notice] = shownFor(
		propertiesOf('businessPlatformAccounting'),
		'salesQuote',
		'update',
	).filter((p) => p.type === 'notice');
	expect(notice.displayName).toMatch(/Business Base URL|Accounting Base URL/);
	expect(notice.displayName).toMatch(/an Additional Field left out is sent empty/);
});

test.each(OPERATION_CASES.map((op) => [op.endpoint, op]))(
	'%s sends exactly the requests its operation declares',
	async (_code, op) => {
		const { actions } = /** @type {any} */ (ACTION_NODES.find((node) => node.type === op.type));
		const operation = actions.find(op.parameters.resource, op.parameters.operation);
		const declared = operation.endpoints.map(
			(/** @type {import('../nodes/shared/platform/endpoints').EndpointId} */ id) => id,
		);
		const { error } = await fixture.run(op.type, op.parameters);
		expect(error).toBeUndefined();
		const sent = [...new Set(fixture.requestsFor().map((request) => request.operation))];
		expect(sent.sort()).toEqual([...declared].sort());
	},
);

describe('Settings → Retry On Fail on', () => {
	test('a create warns in an execution hint that records may be created twice', async () => {
		const { error, hints } = await fixture.run(
			'businessPlatformHr',
			{ resource: 'skill', operation: 'create', type: 'technical', skills: 'Excel' },
			{ settings: { retryOnFail: true } },
		);
		expect(error).toBeUndefined();
		expect(hints).toEqual([
			expect.objectContaining({
				type: 'warning',
				message: expect.stringMatching(
					/Retry On Fail is on.*created twice.*turn Retry On Fail off/,
				),
			}),
		]);
	});

	test('a read says it repeats what the node already retried', async () => {
		const { hints } = await fixture.run(
			'businessPlatformHr',
			{ resource: 'payslip', operation: 'get', payslipId: '1751' },
			{ settings: { retryOnFail: true } },
		);
		expect(hints).toHaveLength(1);
		expect(hints[0].message).toMatch(/reads and updates are sent again/);
	});

	test('off (the default): no hint', async () => {
		const { hints } = await fixture.run('businessPlatformHr', {
			resource: 'payslip',
			operation: 'get',
			payslipId: '1751',
		});
		expect(hints).toEqual([]);
	});
});
