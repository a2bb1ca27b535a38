// @ts-check
/**
 * Which process made an HTTP request: the kernel's socket table says. A server on loopback
 * sees the client's port; `/proc/net/tcp{,6}` maps (client port, server port) to the
 * client socket's inode, and the process holding `socket:[inode]` among its file
 * descriptors is the one that sent the request. Linux only; used by the queue-mode test to
 * show which n8n process (main or a worker) ran a poll.
 */
const fs = require('node:fs');

/**
 * The inode of the TCP socket whose local port is `clientPort` and remote port `serverPort`.
 * @param {number} clientPort @param {number} serverPort @returns {string | undefined}
 */
function clientSocketInode(clientPort, serverPort) {
	const local = `:${clientPort.toString(16).toUpperCase().padStart(4, '0')}`;
	const remote = `:${serverPort.toString(16).toUpperCase().padStart(4, '0')}`;
	for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
		if (!fs.existsSync(table)) continue;
		for (const line of fs.readFileSync(table, 'utf8').split('\n').slice(1)) {
			// sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode
			const fields = line.trim().split(/\s+/);
			if (fields.length > 9 && fields[1].endsWith(local) && fields[2].endsWith(remote))
				return fields[9];
		}
	}
	return undefined;
}

/** The process group of a pid (field 5 of /proc/<pid>/stat), or undefined when it is gone. @param {string} pid */
function processGroupOf(pid) {
	try {
		const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
		return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
	} catch {
		return undefined;
	}
}

/** @param {string} pid @param {string} target e.g. 'socket:[123]' */
function holdsFd(pid, target) {
	try {
		return fs.readdirSync(`/proc/${pid}/fd`).some((fd) => {
			try {
				return fs.readlinkSync(`/proc/${pid}/fd/${fd}`) === target;
			} catch {
				return false;
			}
		});
	} catch {
		return false;
	}
}

/**
 * The name of the process group (each started detached, so its group id is its pid) whose
 * process holds the client end of the connection from `clientPort` to `serverPort`;
 * 'unknown' when none of them does.
 * @param {number} clientPort @param {number} serverPort @param {Record<string, number>} groups name -> process group id
 */
function requestSender(clientPort, serverPort, groups) {
	const inode = clientSocketInode(clientPort, serverPort);
	if (!inode) return 'unknown';
	const target = `socket:[${inode}]`;
	const names = new Map(Object.entries(groups).map(([name, group]) => [group, name]));
	for (const pid of fs.readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
		const name = names.get(processGroupOf(pid) ?? -1);
		if (name && holdsFd(pid, target)) return name;
	}
	return 'unknown';
}

module.exports = { requestSender };
