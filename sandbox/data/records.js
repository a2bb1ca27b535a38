// @ts-check
'use strict';

/** Builders of the records several operations share (one business's category, employee, payslip; news; districts), used by seed.js. */

const { iso } = require('./basics');

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

module.exports = { createDistricts, generateNews, category, employee, payslip };
