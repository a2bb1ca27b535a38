// @ts-check
/** Small helpers the queue-mode checks share. */

/** @param {Response} response @param {string} what */
async function jsonOf(response, what) {
	const text = await response.text();
	if (!response.ok) throw new Error(`${what}: HTTP ${response.status}: ${text.slice(0, 500)}`);
	return JSON.parse(text);
}

/**
 * Execution ids of a workflow in Postgres, with their status and mode.
 * @param {(sql: string) => string} query @param {string} workflowId
 */
function executionsOf(query, workflowId) {
	const rows = query(
		`SELECT id, status, mode FROM execution_entity WHERE "workflowId" = '${workflowId}' ORDER BY id`,
	);
	return rows
		? rows.split('\n').map((row) => {
				const [id, status, mode] = row.split('|');
				return { id, status, mode };
			})
		: [];
}

/**
 * Runs `task(i)` for i in 0..count-1, at most `parallel` at once; results by index.
 * @template T @param {number} count @param {number} parallel @param {(i: number) => Promise<T>} task
 */
async function pool(count, parallel, task) {
	/** @type {T[]} */
	const results = new Array(count);
	let next = 0;
	const lane = async () => {
		while (next < count) {
			const i = next++;
			results[i] = await task(i);
		}
	};
	await Promise.all(Array.from({ length: Math.min(parallel, count) }, lane));
	return results;
}

module.exports = { jsonOf, executionsOf, pool };
