// @ts-check
'use strict';

/** Builders of the sandbox's records (one business's category, task, employee, payslip, branch, quote; news; districts), used by seed.js. */

const { USER_ID, uuidFor, iso } = require('./basics');

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

module.exports = { createDistricts, generateNews, category, task, employee, payslip, branch, quoteItems, quote };
