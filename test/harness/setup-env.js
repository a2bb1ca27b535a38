// @ts-check
// n8n-core writes its instance config below N8N_USER_FOLDER on first use: keep it out of $HOME.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

if (!process.env.N8N_USER_FOLDER) {
	process.env.N8N_USER_FOLDER = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-n8n-test-'));
}

// n8n-core's logger would print every expected node error of the suites to the console.
process.env.N8N_LOG_LEVEL ??= 'silent';
