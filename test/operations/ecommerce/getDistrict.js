// @ts-check
/**
 * Get District (ENDPOINTS.getDistrict): the sandbox's route and handler, written from the
 * platform's description (an independent check of the endpoint entry), its docs/operations.md
 * entry and its case (the fields: test/operations/index.js).
 */
const { succeeded, notFound, byId } = require('../../../sandbox/operations/common');
const { HEADER_SETS } = require('../../harness/headerSets');

/** One district of the shared reference data (no business). @type {import('../../../sandbox/operations/common').Handler} */
function getDistrict(ctx) {
	const district = byId(ctx.shared.districts, ctx.params.district_id);
	if (!district) return notFound(['District', 'الحي'], ctx.lang);
	return succeeded(['District retrieved successfully.', 'تم جلب الحي بنجاح.'], ctx.lang, {
		data: { ...district },
	});
}

/** @type {import('../index').OperationFile} */
module.exports = {
	route: {
		module: 'ecommerce',
		method: 'GET',
		path: '/api/user_districts/:district_id',
		auth: ['apikey', 'apiconnection'],
		envelope: 'data',
		handler: getDistrict,
	},
	reference: 'District ID.',
	case: {
		parameters: { resource: 'district', operation: 'get', districtId: '1' },
		retry: 'read',
		business: false,
		headers: HEADER_SETS.district,
		pathIds: { districtId: 'District ID' },
		fullRun: {
			expect: (output) => expect(output[0]).toMatchObject({ id: 1 }),
		},
	},
};
