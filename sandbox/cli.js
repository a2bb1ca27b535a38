#!/usr/bin/env node
// @ts-check
'use strict';

/**
 * Run the sandbox for demos: `npm run sandbox -- [--port 5680] [--latency 0] [--host 127.0.0.1]`,
 * optionally pushing back (sandbox/README.md, "Rate limits and latency"):
 * `[--rate 50] [--burst 10] [--max-in-flight 20] [--in-flight-status 429|503] [--jitter 0]`.
 * Prints what to paste into the n8n credential, logs one line per request, and stops
 * cleanly on Ctrl-C.
 */

const { startSandbox } = require('./server');
const { sandboxSummary } = require('./credentials');

/**
 * @param {string[]} argv
 */
function parseArgs(argv) {
	const options = {
		port: Number(process.env.BP_SANDBOX_PORT ?? 5680),
		latency: 0,
		host: '127.0.0.1',
		jitter: 0,
		/** @type {number | undefined} */ rate: undefined,
		/** @type {number | undefined} */ burst: undefined,
		/** @type {number | undefined} */ maxInFlight: undefined,
		/** @type {429 | 503} */ inFlightStatus: 429,
	};
	for (let i = 0; i < argv.length; i++) {
		const [flag, inline] = argv[i].split('=', 2);
		const value = () => inline ?? argv[++i];
		if (flag === '--port' || flag === '-p') options.port = Number(value());
		else if (flag === '--latency' || flag === '-l') options.latency = Number(value());
		else if (flag === '--host') options.host = String(value());
		else if (flag === '--rate') options.rate = Number(value());
		else if (flag === '--burst') options.burst = Number(value());
		else if (flag === '--max-in-flight') options.maxInFlight = Number(value());
		else if (flag === '--in-flight-status')
			options.inFlightStatus = /** @type {429 | 503} */ (Number(value()));
		else if (flag === '--jitter') options.jitter = Number(value());
		else if (flag === '--help' || flag === '-h') {
			process.stdout.write(
				'Usage: node sandbox/cli.js [--port 5680] [--latency ms] [--jitter ms] [--host 127.0.0.1] [--rate per-second --burst n --max-in-flight n --in-flight-status 429|503]\n',
			);
			process.exit(0);
		} else {
			process.stderr.write(`Unknown argument: ${argv[i]}\n`);
			process.exit(2);
		}
	}
	if (!Number.isInteger(options.port) || options.port < 0 || options.port > 65535)
		throw new Error('--port must be 0..65535');
	if (!Number.isFinite(options.latency) || options.latency < 0)
		throw new Error('--latency must be a number of ms >= 0');
	if (
		(options.burst !== undefined || options.maxInFlight !== undefined) &&
		options.rate === undefined
	) {
		throw new Error('--burst and --max-in-flight need --rate');
	}
	return options;
}

async function main() {
	const args = parseArgs(process.argv.slice(2));
	const rateLimit =
		args.rate === undefined
			? undefined
			: {
					rate: args.rate,
					burst: args.burst,
					maxInFlight: args.maxInFlight,
					inFlightStatus: args.inFlightStatus,
				};
	const sandbox = await startSandbox({
		port: args.port,
		host: args.host,
		latencyMs: args.latency,
		jitterMs: args.jitter,
		rateLimit,
		quiet: false,
	});
	const lines = [
		`Business Platform sandbox listening on ${sandbox.url}${args.latency ? ` (latency ${args.latency} ms)` : ''}`,
		...(rateLimit
			? [`Rate limit per business key: ${JSON.stringify(rateLimit)} (sandbox/README.md)`]
			: []),
		'',
		...sandboxSummary(sandbox),
		'',
		'Press Ctrl-C to stop.',
		'',
	];
	process.stdout.write(lines.join('\n'));

	let stopping = false;
	const stop = async () => {
		if (stopping) return;
		stopping = true;
		await sandbox.close();
		process.stdout.write('Sandbox stopped.\n');
		process.exit(0);
	};
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);
}

main().catch((error) => {
	process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
	process.exit(1);
});
