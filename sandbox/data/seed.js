// @ts-check
'use strict';

/**
 * The seeded state of the two businesses, acme and globex, and a fresh store of both: here the
 * records several operations share; the records only one operation uses are in its file,
 * test/operations/<node>/<endpoint key>.js (`seed`), and createState adds them.
 */

const { BUSINESS_IDS, iso } = require('./basics');
const { operationFiles } = require('../../test/operations');
const { generateNews, category, employee, payslip } = require('./records');

/** @param {string} baseUrl */
function seedAcme(baseUrl) {
	const B = BUSINESS_IDS.acme;
	const emp1 = employee(B, 1851, 'Sara Al-Qahtani', 'sara@acme.example');
	const emp2 = employee(B, 1852, 'Omar Haddad', 'omar@acme.example');
	return {
		id: B,
		name: 'Acme Trading Co.',
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
		workspaces: [
			{ id: 1801, name: 'Marketing', business_id: B },
			{ id: 1802, name: 'Product', business_id: B },
			{ id: 1803, name: 'Operations', business_id: B },
		],
		calendars: [
			{ id: 1151, name: 'Acme Company Calendar' },
			{ id: 1152, name: 'Sales Team' },
		],
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
		workspaces: [
			{ id: 2801, name: 'Plant Maintenance', business_id: B },
			{ id: 2802, name: 'Research', business_id: B },
		],
		calendars: [{ id: 2151, name: 'Globex Plant Shifts' }],
		payslips: [payslip(B, 2751, 2761, emp, [['earning_items', 'Basic salary', 1, 9000], ['deductions', 'Health insurance', 1, 300]])],
		news: generateNews('globex', 25, baseUrl),
	};
}

/**
 * The records of a business that operation files seed (`seed`), by key: each handler types its
 * own, and so do tests that read them.
 * @typedef {Record<string, any[]>} SeededRecords
 */

/**
 * A fresh store for both businesses: the records above, which several operations share, and
 * the records an operation's file in test/operations/ seeds for itself (`seed`).
 * @param {string} baseUrl the sandbox root URL (used in image URLs)
 */
function createState(baseUrl) {
	const state =
		/** @type {{ acme: ReturnType<typeof seedAcme> & SeededRecords, globex: ReturnType<typeof seedGlobex> & SeededRecords }} */ ({
			acme: seedAcme(baseUrl),
			globex: seedGlobex(baseUrl),
		});
	for (const { file, contents } of operationFiles()) {
		for (const business of /** @type {const} */ (['acme', 'globex'])) {
			for (const [key, records] of Object.entries(contents.seed?.[business] ?? {})) {
				if (key in state[business])
					throw new Error(`${file}: seed.${business}.${key} is seeded already; name its own key`);
				state[business][key] = structuredClone(records);
			}
		}
	}
	return state;
}

/**
 * One business's records; the keys an operation file seeds (`seed`) are typed by its handler.
 * @typedef {ReturnType<typeof seedAcme> & SeededRecords} BusinessState
 */

module.exports = { createState };
