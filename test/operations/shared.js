// @ts-check
/** What more than one operation file of test/operations/ uses. */

/** The fields Simplify keeps of a category, in Category → Update and → Get Many alike. */
const CATEGORY_FIELDS = ['id', 'parent', 'title', 'alias', 'image', 'status', 'top', 'sort'];

module.exports = { CATEGORY_FIELDS };
