// @ts-check
'use strict';

/**
 * The seeded state of the two businesses, acme and globex, and a fresh store of both.
 */

const { BUSINESS_IDS, uuidFor, iso } = require('./basics');
const { operationFiles } = require('../../test/operations');
const { generateNews, category, task, employee, payslip, branch, quoteItems, quote } = require('./records');

/**
 * @typedef {import('./records').AuditItem} AuditItem
 * @typedef {import('./records').TransferItem} TransferItem
 */
/** @param {string} baseUrl */
function seedAcme(baseUrl) {
	const B = BUSINESS_IDS.acme;
	const emp1 = employee(B, 1851, 'Sara Al-Qahtani', 'sara@acme.example');
	const emp2 = employee(B, 1852, 'Omar Haddad', 'omar@acme.example');
	return {
		id: B,
		name: 'Acme Trading Co.',
		customers: [
			{ id: 1401, name: 'Riyadh Retail Co.', currency_id: 1 },
			{ id: 1402, name: 'Najd Office Supplies', currency_id: 1 },
		],
		quotes: [
			quote(B, 1501, 1401, 'Office network upgrade', quoteItems([[1702, 10, 120, 'USB-C Charger 30W'], [1704, 10, 85, 'Wireless Mouse']])),
			quote(B, 1502, 1402, 'Meeting room headsets', quoteItems([[1705, 4, 950, 'Noise Cancelling Headphones']])),
		],
		categories: [
			category(B, 1201, 'electronics', null, ['Electronics', 'إلكترونيات'], undefined, baseUrl),
			category(B, 1202, 'phones', 1201, ['Phones', 'هواتف'], undefined, baseUrl),
			category(B, 1203, 'laptops', 1201, ['Laptops', 'حواسيب محمولة'], undefined, baseUrl),
			category(B, 1204, 'home-kitchen', null, ['Home & Kitchen', 'المنزل والمطبخ'], { status: '0' }, baseUrl),
		],
		orders: [
			{
				id: 1301, order_number: 'ACME-1301', business_id: B, customer_name: 'Layla Nasser', customer_phone: '+966501234567',
				status: 'processing', payment_method: 'card', currency: 'SAR', subtotal: 1145, shipping: 25, tax: 175.5, total: 1345.5,
				created_at: iso('2025-01-20', '14:05:00'),
				items: [
					{ id: 1311, product_id: 1705, name: 'Noise Cancelling Headphones', qty: 1, price: 950, total: 950 },
					{ id: 1312, product_id: 1701, name: 'iPhone 15 Case', qty: 3, price: 65, total: 195 },
				],
				history: [
					{ status: 'pending', comment: 'Order placed', created_at: iso('2025-01-20', '14:05:00') },
					{ status: 'processing', comment: 'Payment captured', created_at: iso('2025-01-20', '14:06:10') },
				],
			},
			{
				id: 1302, order_number: 'ACME-1302', business_id: B, customer_name: 'Fahad Al-Otaibi', customer_phone: '+966559876543',
				status: 'delivered', payment_method: 'cash_on_delivery', currency: 'SAR', subtotal: 120, shipping: 0, tax: 18, total: 138,
				created_at: iso('2025-01-22', '10:40:00'),
				items: [{ id: 1313, product_id: 1702, name: 'USB-C Charger 30W', qty: 1, price: 120, total: 120 }],
				history: [{ status: 'delivered', comment: 'Delivered to customer', created_at: iso('2025-01-24', '16:00:00') }],
			},
		],
		catalog: [
			{ id: 1701, name: 'iPhone 15 Case', price: 65 },
			{ id: 1702, name: 'USB-C Charger 30W', price: 120 },
			{ id: 1703, name: 'Laptop Stand', price: 210 },
			{ id: 1704, name: 'Wireless Mouse', price: 85 },
			{ id: 1705, name: 'Noise Cancelling Headphones', price: 950 },
		],
		favorites: [1702],
		workspaces: [
			{ id: 1801, name: 'Marketing', business_id: B },
			{ id: 1802, name: 'Product', business_id: B },
			{ id: 1803, name: 'Operations', business_id: B },
		],
		skills: [{ id: 1901, type: 'technical', skills: ['Laravel', 'MySQL'], business_id: B, created_at: iso('2024-11-02'), updated_at: iso('2024-11-02') }],
		contacts: [
			{ id: 1601, uuid: uuidFor('contact-1601'), type: 1, name: 'Riyadh Retail Co.', branches: [branch(B, 1601, 1651, 'Riyadh Retail Head Office', 'Riyadh'), branch(B, 1601, 1652, 'Riyadh Retail Jeddah', 'Jeddah')] },
			{ id: 1602, uuid: uuidFor('contact-1602'), type: 2, name: 'Gulf Components Trading', branches: [branch(B, 1602, 1653, 'Gulf Components Main', 'Jeddah')] },
		],
		accounts: [
			{ id: 1101, name: 'Main Cash', type: 'cash', representative_id: '42', business_id: String(B), created_at: iso('2024-05-01'), updated_at: iso('2024-05-01') },
			{ id: 1102, name: 'Al Rajhi Bank', type: 'bank', representative_id: '42', business_id: String(B), created_at: iso('2024-05-01'), updated_at: iso('2024-05-01') },
		],
		tasks: [
			task(B, {
				id: 1001, name: 'Prepare Q1 campaign brief', group_name: 'Marketing', status: 'In Progress', priority: 'High',
				due_date: '2025-02-10', duration_days: 7, timeline_start: '2025-02-03', timeline_end: '2025-02-10',
				description: 'Brief for the spring campaign', budget: '1500.00', project_id: 11, board_id: 3,
				assignments: [
					{ id: 1011, task_id: 1001, assign_to: 42, assigned_at: '2025-01-05 08:10:00' },
					{ id: 1012, task_id: 1001, assign_to: 43, assigned_at: '2025-01-05 08:10:00' },
				],
				files: [
					{ id: 1021, task_id: 1001, file_name: 'brief.pdf', file_path: 'task_files/1001/1021_brief.pdf', file_type: 'document', file_size: 48213, uploaded_at: '2025-01-05 08:15:00', content_type: 'application/pdf', sha256: null },
					{ id: 1022, task_id: 1001, file_name: 'moodboard.png', file_path: 'task_files/1001/1022_moodboard.png', file_type: 'image', file_size: 183502, uploaded_at: '2025-01-05 08:16:00', content_type: 'image/png', sha256: null },
				],
				time_tracking: [
					{ id: 1031, task_id: 1001, assign_to: 42, started_at: '2025-01-06 09:00:00', ended_at: '2025-01-06 11:30:00', duration_minutes: 150 },
				],
			}),
			task(B, {
				id: 1002, name: 'Design landing page', group_name: 'Marketing', dependent_on: 1001, due_date: '2025-02-20', project_id: 11, board_id: 3,
				assignments: [{ id: 1013, task_id: 1002, assign_to: 44, assigned_at: '2025-01-05 08:20:00' }],
			}),
			task(B, { id: 1003, name: 'Launch paid ads', group_name: 'Marketing', dependent_on: 1001, due_date: '2025-02-25', budget: '4000.00', project_id: 11 }),
			task(B, { id: 1004, name: 'Quarterly stock review', group_name: 'Operations', status: 'in_progress', priority: 'high', due_date: '2025-03-31', note: 'Count both warehouses' }),
		],
		calendars: [
			{ id: 1151, name: 'Acme Company Calendar' },
			{ id: 1152, name: 'Sales Team' },
		],
		comments: [
			{ id: 1251, catalog_id: 1701, user_id: 51, comment: 'Fits perfectly, good grip.', rating: 5, status: '0', created_at: iso('2025-01-10'), updated_at: iso('2025-01-10') },
			{ id: 1252, catalog_id: 1705, user_id: 52, comment: 'Battery could be better.', rating: 3, status: '1', created_at: iso('2025-01-12'), updated_at: iso('2025-01-12') },
		],
		auditItems: /** @type {AuditItem[]} */ ([
			{ id: 1351, audit_session_id: 1361, product_id: 1701, product_name: 'iPhone 15 Case', system_qty: 40, physical_qty: null, difference: null, updated_at: iso('2025-01-25') },
			{ id: 1352, audit_session_id: 1361, product_id: 1703, product_name: 'Laptop Stand', system_qty: 12, physical_qty: null, difference: null, updated_at: iso('2025-01-25') },
		]),
		inventories: [
			{ id: 1451, name: 'Riyadh Main Warehouse' },
			{ id: 1452, name: 'Jeddah Store' },
			{ id: 1453, name: 'Dammam Store' },
		],
		transfers: /** @type {TransferItem[]} */ ([
			{ id: 1551, business_id: B, from_inv_id: '1451', to_inv_id: '1452', product_id: '1701', quantity: '20', representative_id: null, status: '1', created_at: iso('2025-01-18'), updated_at: iso('2025-01-18') },
		]),
		payslips: [
			payslip(B, 1751, 1761, emp1, [['earning_items', 'Basic salary', 1, 10000], ['earning_items', 'Housing allowance', 1, 2500], ['deductions', 'GOSI employee share', 1, 975], ['contributions', 'GOSI employer share', 1, 1175]]),
			payslip(B, 1752, 1771, emp2, [['earning_items', 'Basic salary', 1, 8000], ['earning_items', 'Overtime', 6, 75], ['deductions', 'GOSI employee share', 1, 780]]),
		],
		news: generateNews('acme', 25, baseUrl),
	};
}

/** @param {string} baseUrl */
function seedGlobex(baseUrl) {
	const B = BUSINESS_IDS.globex;
	const emp = employee(B, 2851, 'Hank Scorpio', 'hank@globex.example');
	return {
		id: B,
		name: 'Globex Industrial',
		customers: [{ id: 2401, name: 'Springfield Power Plant', currency_id: 2 }],
		quotes: [quote(B, 2501, 2401, 'Plant safety equipment', quoteItems([[2702, 50, 45, 'Safety Helmet'], [2703, 100, 12, 'Work Gloves']]))],
		categories: [
			category(B, 2201, 'industrial-tools', null, ['Industrial Tools', 'أدوات صناعية'], undefined, baseUrl),
			category(B, 2202, 'safety-gear', 2201, ['Safety Gear', 'معدات السلامة'], undefined, baseUrl),
		],
		orders: [
			{
				id: 2301, order_number: 'GLX-2301', business_id: B, customer_name: 'Homer Simpson', customer_phone: '+15550100',
				status: 'pending', payment_method: 'bank_transfer', currency: 'USD', subtotal: 2250, shipping: 40, tax: 0, total: 2290,
				created_at: iso('2025-01-21', '09:12:00'),
				items: [{ id: 2311, product_id: 2702, name: 'Safety Helmet', qty: 50, price: 45, total: 2250 }],
				history: [{ status: 'pending', comment: 'Awaiting transfer', created_at: iso('2025-01-21', '09:12:00') }],
			},
		],
		catalog: [
			{ id: 2701, name: 'Torque Wrench', price: 180 },
			{ id: 2702, name: 'Safety Helmet', price: 45 },
			{ id: 2703, name: 'Work Gloves', price: 12 },
		],
		favorites: [],
		workspaces: [
			{ id: 2801, name: 'Plant Maintenance', business_id: B },
			{ id: 2802, name: 'Research', business_id: B },
		],
		skills: [{ id: 2901, type: 'mechanical', skills: ['Welding'], business_id: B, created_at: iso('2024-10-01'), updated_at: iso('2024-10-01') }],
		contacts: [
			{ id: 2601, uuid: uuidFor('contact-2601'), type: 1, name: 'Springfield Power Plant', branches: [branch(B, 2601, 2651, 'Springfield Sector 7G', 'Riyadh')] },
		],
		accounts: [
			{ id: 2101, name: 'Petty Cash', type: 'cash', representative_id: '77', business_id: String(B), created_at: iso('2024-04-01'), updated_at: iso('2024-04-01') },
		],
		tasks: [
			task(B, {
				id: 2001, name: 'Replace conveyor belt', group_name: 'Maintenance', status: 'In Progress', priority: 'High', owner_id: 77, reviewed_by: 78,
				assignments: [{ id: 2011, task_id: 2001, assign_to: 77, assigned_at: '2025-01-07 07:00:00' }],
				time_tracking: [{ id: 2031, task_id: 2001, assign_to: 77, started_at: '2025-01-08 07:00:00', ended_at: '2025-01-08 09:00:00', duration_minutes: 120 }],
			}),
			task(B, { id: 2002, name: 'Safety audit', group_name: 'Compliance', dependent_on: 2001, owner_id: 78, reviewed_by: 77 }),
		],
		calendars: [{ id: 2151, name: 'Globex Plant Shifts' }],
		comments: [{ id: 2251, catalog_id: 2702, user_id: 61, comment: 'Sturdy helmet.', rating: 4, status: '0', created_at: iso('2025-01-11'), updated_at: iso('2025-01-11') }],
		auditItems: [{ id: 2351, audit_session_id: 2361, product_id: 2701, product_name: 'Torque Wrench', system_qty: 8, physical_qty: null, difference: null, updated_at: iso('2025-01-26') }],
		inventories: [
			{ id: 2451, name: 'Springfield Depot' },
			{ id: 2452, name: 'Shelbyville Depot' },
		],
		transfers: [
			{ id: 2551, business_id: B, from_inv_id: '2451', to_inv_id: '2452', product_id: '2703', quantity: '200', representative_id: '77', status: '0', created_at: iso('2025-01-19'), updated_at: iso('2025-01-19') },
		],
		payslips: [payslip(B, 2751, 2761, emp, [['earning_items', 'Basic salary', 1, 9000], ['deductions', 'Health insurance', 1, 300]])],
		news: generateNews('globex', 25, baseUrl),
	};
}

/**
 * A fresh store for both businesses: the records above, which several operations share, and
 * the records an operation's file in test/operations/ seeds for itself (`seed`).
 * @param {string} baseUrl the sandbox root URL (used in image URLs)
 */
function createState(baseUrl) {
	const state = { acme: seedAcme(baseUrl), globex: seedGlobex(baseUrl) };
	for (const { file, contents } of operationFiles()) {
		for (const business of /** @type {const} */ (['acme', 'globex'])) {
			for (const [key, records] of Object.entries(contents.seed?.[business] ?? {})) {
				if (key in state[business])
					throw new Error(`${file}: seed.${business}.${key} is seeded already; name its own key`);
				/** @type {Record<string, unknown>} */ (state[business])[key] = structuredClone(records);
			}
		}
	}
	return state;
}

/**
 * One business's records; the keys an operation file seeds (`seed`) are typed by its handler.
 * @typedef {ReturnType<typeof seedAcme> & Record<string, unknown>} BusinessState
 */

module.exports = { createState };
