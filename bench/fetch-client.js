// @ts-check
/**
 * The baseline of the benchmark: the same requests sent with bare `fetch`, no n8n around
 * them. Run by bench/run.js in its own process on the Node that runs n8n, so it competes
 * with the sandbox for CPU exactly as n8n does. Reads one job as JSON from argv[2] and
 * prints `{ ms, cpuMs, requests, items, failures }` as JSON (cpuMs: this process's CPU time,
 * user and system, during the job).
 *
 * Jobs:
 *   { kind: 'tasks', url, headers, items: [{ task, name }], concurrency }  multipart E10 updates
 *   { kind: 'news', url, headers, pageSize }                               every E16 page in turn
 */

/**
 * @param {{ url: string, headers: Record<string, string>, items: Array<{ task: number, name: string }>, concurrency: number }} job
 */
async function sendTasks(job) {
	let next = 0;
	let failures = 0;
	async function worker() {
		while (next < job.items.length) {
			const item = job.items[next++];
			const form = new FormData();
			form.append('name', item.name);
			form.append('status', 'In Progress');
			const response = await fetch(`${job.url}/${item.task}`, {
				method: 'POST',
				headers: job.headers,
				body: form,
			});
			const body = await response.json();
			if (!response.ok || body.success !== true) failures++;
		}
	}
	await Promise.all(Array.from({ length: job.concurrency }, worker));
	return { requests: job.items.length, items: job.items.length, failures };
}

/** @param {{ url: string, headers: Record<string, string>, pageSize: number }} job */
async function readAllNews(job) {
	/** @type {unknown[]} */
	const items = [];
	let requests = 0;
	let failures = 0;
	for (let page = 1; ; page++) {
		const response = await fetch(`${job.url}?per_page=${job.pageSize}&page=${page}`, {
			headers: job.headers,
		});
		requests++;
		const body = await response.json();
		if (!response.ok || body.status !== true) {
			failures++;
			break;
		}
		items.push(...body.data.data);
		if (body.data.next_page_url === null || body.data.data.length === 0) break;
	}
	return { requests, items: items.length, failures };
}

async function main() {
	const job = JSON.parse(process.argv[2]);
	const started = performance.now();
	const cpuBefore = process.cpuUsage();
	const result = job.kind === 'tasks' ? await sendTasks(job) : await readAllNews(job);
	const cpu = process.cpuUsage(cpuBefore);
	process.stdout.write(
		JSON.stringify({
			ms: performance.now() - started,
			cpuMs: (cpu.user + cpu.system) / 1000,
			...result,
		}),
	);
}

main().catch((error) => {
	process.stderr.write(`${error.stack ?? error}\n`);
	process.exit(1);
});
