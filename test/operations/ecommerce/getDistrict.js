// @ts-check
/**
 * Get District (ENDPOINTS.getDistrict): the sandbox's route, written from the platform's
 * description (an independent check of the endpoint entry), its docs/operations.md entry and
 * its case (the fields: test/operations/index.js).
 */
const ops = require('../../../sandbox/operations');
const { HEADER_SETS } = require('../../harness/headerSets');

/** @type {import('../index').OperationFile} */
module.exports = {
	route: {
		module: 'ecommerce',
		method: 'GET',
		path: '/api/user_districts/:district_id',
		auth: ['apikey', 'apiconnection'],
		envelope: 'data',
		handler: ops.getDistrict,
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
