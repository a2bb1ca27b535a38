// @ts-check
'use strict';

/**
 * Seed data for the sandbox: two businesses, acme (id 101) and globex (id 202), with
 * different records. Every record id of acme is in 1000-1999 and of globex in 2000-2999
 * (news excepted: 1..25 for both), so a leak between businesses cannot hide behind a
 * shared id. Districts are shared reference data.
 */

const crypto = require('node:crypto');

/** Fixed credentials, so demos stay stable. None of them is a real secret. */
const CREDENTIALS = Object.freeze({
	apiKey: 'sbx_apikey_7f3c9a21d4e8b6f0',
	apiConnection: 'sbx_conn_5e2d7a',
	userToken: 'sbx_usertoken_2a8f61c0e94d7b35',
	clientUuid: 'sbx-uuid-9c4e1f7a-2b6d-4a83',
	platformKey: 'sbx_platkey_c3e7a9150f2b84d6',
	platform: 'web',
	loginEmail: 'demo@acme.sandbox.test',
	loginPassword: 'sbx_password_6e2b9d41a7',
	businessKeys: Object.freeze({
		acme: 'sbx_bizkey_acme_4b9e2c71d0a3',
		globex: 'sbx_bizkey_globex_8d1f6a3e5c27',
	}),
});

const BUSINESS_IDS = Object.freeze({ acme: 101, globex: 202 });

/** The user behind the sandbox user token. */
const USER_ID = 42;

/**
 * A stable UUID derived from a name.
 * @param {string} name
 */
function uuidFor(name) {
	const h = crypto.createHash('sha1').update(name).digest('hex');
	return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * ISO 8601 with microseconds and Z, as the platform writes most timestamps.
 * @param {string} date YYYY-MM-DD
 * @param {string} [time] HH:MM:SS
 */
function iso(date, time = '09:00:00') {
	return `${date}T${time}.000000Z`;
}

/** @param {Date} [date] */
function isoNow(date = new Date()) {
	return date.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}

/** YYYY-MM-DD HH:MM:SS (UTC), as the task module writes timestamps. @param {Date} [date] */
function sqlNow(date = new Date()) {
	return date.toISOString().slice(0, 19).replace('T', ' ');
}

/** @returns {Array<{ id: number, name_ar: string, name_en: string }>} */
function createDistricts() {
	return [
		{ id: 1, name_ar: 'العليا', name_en: 'Al Olaya' },
		{ id: 2, name_ar: 'الملقا', name_en: 'Al Malqa' },
		{ id: 3, name_ar: 'النخيل', name_en: 'Al Nakheel' },
		{ id: 4, name_ar: 'الروضة', name_en: 'Al Rawdah' },
		{ id: 5, name_ar: 'السليمانية', name_en: 'Al Sulaimaniyah' },
		{ id: 6, name_ar: 'الحمراء', name_en: 'Al Hamra' },
	];
}

/**
 * News items 1..count. Every 4th item is unpublished (status 0).
 * @param {string} business
 * @param {number} count
 * @param {string} baseUrl
 */
function generateNews(business, count, baseUrl) {
	const label = business.charAt(0).toUpperCase() + business.slice(1);
	const topics = ['product launch', 'store opening', 'holiday hours', 'partnership', 'sustainability report'];
	const news = [];
	for (let i = 1; i <= count; i++) {
		const day = String(1 + ((i - 1) % 28)).padStart(2, '0');
		const month = String(1 + Math.floor((i - 1) / 28) % 12).padStart(2, '0');
		const topic = topics[i % topics.length];
		news.push({
			id: i,
			title: `News ${i}`,
			image: `${baseUrl}/storage/${business}/news/${i}.jpg`,
			alias: `${business}-news-${i}`,
			sort: i,
			status: i % 4 === 0 ? 0 : 1,
			description: {
				shop_news_id: i,
				lang: 'en',
				title: `News ${i}`,
				keyword: `${business},${topic}`,
				description: `${label} ${topic} update number ${i}.`,
				content: `<p>${label} shares news item ${i} about its ${topic}.</p>`,
			},
			created_at: iso(`2025-${month}-${day}`, '08:00:00'),
			updated_at: iso(`2025-${month}-${day}`, '08:30:00'),
		});
	}
	return news;
}

/**
 * @param {number} businessId
 * @param {number} id
 * @param {string} alias
 * @param {number | null} parent
 * @param {[string, string]} titles en, ar
 * @param {{ top?: string, status?: string, sort?: string } | undefined} extra
 * @param {string} baseUrl
 */
function category(businessId, id, alias, parent, titles, extra, baseUrl) {
	return {
		id,
		business_id: businessId,
		image: `${baseUrl}/storage/categories/${alias}.png`,
		alias,
		parent,
		top: extra?.top ?? (parent === null ? '1' : '0'),
		status: extra?.status ?? '1',
		sort: extra?.sort ?? String(id % 100),
		attr_id: null,
		parent_type: 'Custom',
		standard_category_id: null,
		descriptions: [
			{ category_id: id, lang: 'en', title: titles[0], keyword: alias.replace(/-/g, ','), description: `${titles[0]} products` },
			{ category_id: id, lang: 'ar', title: titles[1], keyword: titles[1], description: `منتجات ${titles[1]}` },
		],
	};
}

/**
 * @typedef {{ id: number, task_id: number, assign_to: number, assigned_at: string }} Assignment
 * @typedef {{ id: number, task_id: number, file_name: string, file_path: string, file_type: string, file_size: number, uploaded_at: string, content_type: string, sha256: string | null }} TaskFile
 * @typedef {{ id: number, task_id: number, assign_to: number, started_at: string, ended_at: string | null, duration_minutes: number }} TimeEntry
 * @typedef {{ id: number, audit_session_id: number, product_id: number, product_name: string, system_qty: number, physical_qty: number | null, difference: number | null, updated_at: string }} AuditItem
 * @typedef {{ id: number, business_id: number, from_inv_id: string, to_inv_id: string, product_id: string, quantity: string, representative_id: string | null, status: string, created_at: string, updated_at: string }} TransferItem
 */

/**
 * A task row (relations filled in by the caller).
 * @param {number} businessId
 * @param {Partial<Record<string, any>> & { id: number, name: string }} fields
 */
function task(businessId, fields) {
	return {
		id: fields.id,
		business_id: businessId,
		group_name: fields.group_name ?? 'General',
		name: fields.name,
		task_code: `T${String(fields.id).padStart(5, '0')}`,
		owner_id: fields.owner_id ?? USER_ID,
		reviewed_by: fields.reviewed_by ?? 43,
		status: fields.status ?? 'Not Started',
		priority: fields.priority ?? 'Medium',
		due_date: fields.due_date ?? '2025-03-31',
		duration_days: fields.duration_days ?? 5,
		timeline_start: fields.timeline_start ?? null,
		timeline_end: fields.timeline_end ?? null,
		description: fields.description ?? null,
		note: fields.note ?? null,
		budget: fields.budget ?? null,
		dependent_on: fields.dependent_on ?? null,
		project_id: fields.project_id ?? null,
		board_id: fields.board_id ?? null,
		created_at: '2025-01-05 08:00:00',
		updated_at: '2025-01-05 08:00:00',
		deleted_at: null,
		assignments: /** @type {Assignment[]} */ (fields.assignments ?? []),
		files: /** @type {TaskFile[]} */ (fields.files ?? []),
		time_tracking: /** @type {TimeEntry[]} */ (fields.time_tracking ?? []),
	};
}

/**
 * @param {number} businessId
 * @param {number} id
 * @param {string} name
 * @param {string} email
 */
function employee(businessId, id, name, email) {
	const [first] = name.split(' ');
	return {
		id,
		name,
		business_id: businessId,
		agent_ids: null,
		type: 'employee',
		active: 1,
		social_situation: 'single',
		user_type: 'employee',
		primary_email: email,
		email_verified_at: null,
		// Non-null on purpose: the package must strip these before output.
		password: `$2y$10$sbxHashed${id}PasswordValueXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX`,
		remember_token: `sbx_remember_${id}_f00dcafe`,
		email: JSON.stringify([email]),
		phone: JSON.stringify([`+9665${String(id).padStart(8, '0')}`]),
		profile: null,
		source: 'hr',
		national_id: `10${String(id).padStart(8, '0')}`,
		nationality_id: 1,
		occupation_id: 3,
		section_id: null,
		job_number: `EMP-${id}`,
		company_id: null,
		border_number: null,
		deleted_at: null,
		created_at: iso('2024-06-01'),
		updated_at: iso('2024-06-01'),
		administration_id: null,
		department_id: 2,
		calendar_id: null,
		administration_admin: 0,
		trainer: 0,
		emergency_name: `${first} Family`,
		emergency_phone: '+966500000000',
		user_id: id + 10000,
		user_name: first.toLowerCase(),
		employer: null,
		employer_company_id: null,
		employer_branch_id: null,
		employer_department_id: null,
		employer_section_id: null,
		client_id: null,
		color: '#4f46e5',
		bio: null,
		profile_url: `https://i.pravatar.cc/150?u=${id}`,
	};
}

/**
 * A payslip with its items; totals computed from the items.
 * @param {number} businessId
 * @param {number} id
 * @param {number} firstItemId
 * @param {ReturnType<typeof employee>} emp
 * @param {Array<[string, string, number | null, number]>} lines related, desc, qty, rate
 */
function payslip(businessId, id, firstItemId, emp, lines) {
	const total = (/** @type {string} */ related) =>
		lines.filter((l) => l[0] === related).reduce((sum, l) => sum + (l[2] ?? 1) * l[3], 0);
	const earnings = total('earning_items');
	const deductions = total('deductions');
	return {
		id,
		employee_id: emp.id,
		reference: id % 1000,
		currency: '1',
		business_id: String(businessId),
		status_id: '1',
		earnings_items_total: earnings,
		deductions_item_total: deductions,
		contributions_items_total: total('contributions'),
		net_price: earnings - deductions,
		description: 'January 2025 salary',
		created_date: '2025-01-31',
		automation: 0,
		paid: 0,
		type: 'custom',
		loan_id: null,
		deleted_at: null,
		created_at: iso('2025-01-31'),
		updated_at: iso('2025-01-31'),
		items: lines.map(([related, desc, qty, rate], i) => ({
			id: firstItemId + i,
			payslip_id: id,
			payrole_id: 1 + i,
			related,
			desc,
			qty,
			rate,
			loan_statement_id: null,
			deleted_at: null,
			created_at: iso('2025-01-31'),
			updated_at: iso('2025-01-31'),
			payrole_name: desc,
		})),
		employee: emp,
	};
}

/**
 * A customer/supplier branch with every field the spec lists.
 * @param {number} businessId
 * @param {number} companyId
 * @param {number} id
 * @param {string} name
 * @param {string} city
 */
function branch(businessId, companyId, id, name, city) {
	return {
		id,
		uuid: uuidFor(`branch-${id}`),
		business_id: businessId,
		company_id: companyId,
		user_type: 1,
		name,
		first_name: name.split(' ')[0],
		last_name: 'Branch',
		// Non-null on purpose: the package must strip it before output.
		password: `$2y$10$sbxBranch${id}HashedPasswordXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX`,
		vat_number: `3${String(companyId).padStart(13, '0')}3`,
		vat_number_check: '1',
		phone_code: '+966',
		phone: `5${String(id).padStart(8, '0')}`,
		email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@example.com`,
		address: `${city} Business District`,
		longitude: '46.6753',
		latitude: '24.7136',
		country_id: 1,
		city,
		state: city === 'Riyadh' ? 'Riyadh Province' : 'Makkah Province',
		district: null,
		status: 1,
		user_cat_id: null,
		company_name: null,
		postcode: null,
		business_identifier: null,
		credit_limit: null,
		address1: null,
		address2: null,
		created_at: iso('2024-09-10'),
		updated_at: iso('2024-09-10'),
	};
}

/**
 * Quote line items as stored (the E1 update replaces them).
 * @param {Array<[number, number, number, string]>} lines item_id, qty, price, description
 */
function quoteItems(lines) {
	return lines.map(([item_id, qty, price, description], i) => {
		const amount = qty * price;
		const tax = 15;
		const tax_amount = (amount * tax) / 100;
		return { sort: i + 1, item_id, qty, price, amount, tax, tax_amount, total_with_tax: amount + tax_amount, discount: 0, description };
	});
}

/**
 * @param {number} businessId
 * @param {number} id
 * @param {number} customerId
 * @param {string} description
 * @param {ReturnType<typeof quoteItems>} items
 */
function quote(businessId, id, customerId, description, items) {
	const total = items.reduce((sum, item) => sum + item.total_with_tax, 0);
	return {
		id,
		uuid: uuidFor(`quote-${id}`),
		user_id: USER_ID,
		business_id: businessId,
		customer_id: customerId,
		currency_id: 1,
		status_id: 1,
		reference: id % 1000,
		due_date: '2025-02-28',
		created_date: '2025-01-15',
		description,
		billing_address: null,
		tax_inclusive: '0',
		rounding: '0',
		discount: '0',
		discount_check: '0',
		hide_total: '0',
		custom_title: 'Quotation',
		rounding_value: 0,
		total,
		final_total: total,
		note: null,
		created_at: iso('2025-01-15'),
		updated_at: iso('2025-01-15'),
		items,
	};
}

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
 * A fresh store for both businesses.
 * @param {string} baseUrl the sandbox root URL (used in image URLs)
 */
function createState(baseUrl) {
	return { acme: seedAcme(baseUrl), globex: seedGlobex(baseUrl) };
}

/** @typedef {ReturnType<typeof seedAcme>} BusinessState */

module.exports = {
	CREDENTIALS,
	BUSINESS_IDS,
	USER_ID,
	createState,
	createDistricts,
	generateNews,
	uuidFor,
	isoNow,
	sqlNow,
};
