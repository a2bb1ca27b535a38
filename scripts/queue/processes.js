// @ts-check
/**
 * The processes a queue-mode run starts (Redis, Postgres, n8n main and workers), each
 * detached in its own process group with its output in a log file, and stopped by its pid
 * (SIGTERM to the group, SIGKILL when it has not ended in time). `stopAll` runs from the
 * caller's `finally` and from SIGINT/SIGTERM, so a failing step leaves nothing behind.
 */
const { spawn } = require('node:child_process');
const fs = require('node:fs');

/**
 * @typedef {object} Started
 * @property {string} name
 * @property {number} pid
 * @property {string} logFile
 * @property {Promise<number | null>} exited   resolves with the exit code (null: by signal)
 * @property {boolean} running
 */

class Processes {
	/** @param {string} logDir */
	constructor(logDir) {
		this.logDir = logDir;
		/** @type {Started[]} */
		this.started = [];
		this.onSignal = (/** @type {NodeJS.Signals} */ signal) => {
			process.stderr.write(
				`\n${signal}: stopping every process this run started (logs in ${logDir})\n`,
			);
			this.stopAll().finally(() => process.exit(130));
		};
		process.on('SIGINT', this.onSignal);
		process.on('SIGTERM', this.onSignal);
	}

	/**
	 * Starts `command` detached, output appended to `<logDir>/<name>.log`.
	 * @param {string} name @param {string} command @param {string[]} args
	 * @param {import('node:child_process').SpawnOptions} [options]
	 * @returns {Started}
	 */
	start(name, command, args, options = {}) {
		const logFile = `${this.logDir}/${name}.log`;
		const log = fs.openSync(logFile, 'a');
		const child = spawn(command, args, { ...options, detached: true, stdio: ['ignore', log, log] });
		fs.closeSync(log);
		if (child.pid === undefined) throw new Error(`${name}: ${command} did not start`);
		/** @type {Started} */
		const started = {
			name,
			pid: child.pid,
			logFile,
			running: true,
			exited: new Promise((resolve) => {
				child.on('exit', (code) => {
					started.running = false;
					resolve(code);
				});
				child.on('error', () => {
					started.running = false;
					resolve(-1);
				});
			}),
		};
		this.started.push(started);
		return started;
	}

	/**
	 * Stops one process (its whole group), waiting up to `graceMs` before SIGKILL.
	 * @param {Started} started @param {number} [graceMs]
	 */
	async stop(started, graceMs = 15_000) {
		if (started.running) {
			signalGroup(started.pid, 'SIGTERM');
			const timedOut = await Promise.race([
				started.exited.then(() => false),
				delay(graceMs).then(() => true),
			]);
			if (timedOut) {
				signalGroup(started.pid, 'SIGKILL');
				await started.exited;
			}
		}
		// Children left in the group after the leader ended (e.g. a forked helper).
		signalGroup(started.pid, 'SIGKILL');
		this.started = this.started.filter((s) => s !== started);
	}

	/** Stops every process still registered, the last started first. */
	async stopAll() {
		for (const started of [...this.started].reverse()) await this.stop(started);
	}

	/** Removes the signal handlers (after stopAll). */
	dispose() {
		process.off('SIGINT', this.onSignal);
		process.off('SIGTERM', this.onSignal);
	}
}

/** @param {number} pid @param {NodeJS.Signals} signal */
function signalGroup(pid, signal) {
	try {
		process.kill(-pid, signal);
	} catch {
		// already gone
	}
}

/** @param {number} ms */
const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until `test(logText)` holds for the log file, failing early when the process ends.
 * @param {Started} started @param {(text: string) => boolean} test @param {number} timeoutMs @param {string} what
 */
async function waitForLog(started, test, timeoutMs, what) {
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		const text = fs.existsSync(started.logFile) ? fs.readFileSync(started.logFile, 'utf8') : '';
		if (test(text)) return text;
		if (!started.running)
			throw new Error(
				`${started.name} ended before ${what}; its log ${started.logFile}:\n${tail(text)}`,
			);
		await delay(300);
	}
	throw new Error(
		`${started.name}: no ${what} within ${timeoutMs / 1000} s; log ${started.logFile}:\n${tail(fs.readFileSync(started.logFile, 'utf8'))}`,
	);
}

/** The last lines of a log, for error messages. @param {string} text @param {number} [lines] */
function tail(text, lines = 30) {
	return text.split('\n').slice(-lines).join('\n');
}

module.exports = { Processes, waitForLog, delay, tail };
