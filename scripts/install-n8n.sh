#!/usr/bin/env bash
# Installs what `npm run dev` and the end-to-end tests need, never globally: the Node that n8n
# version runs on (n8n 2.x and 1.100+ need Node 24 or accept it; older n8n refuses anything above
# 22; this machine's Node is 20) and one n8n version, each in a folder of its own in the install
# cache outside the checkout (scripts/install-cache.js), shared by every clone on the machine.
# Usage: install-n8n.sh <n8n version> <n8n folder> <Node version> <Node folder>
# (scripts/n8n-app.js passes all four: the versions and folders are defined there once).
# Idempotent and safe to run from several clones at once: a finished install leaves a stamp and
# is reused; a lock per folder makes a second caller wait for the first. The npm and node-gyp
# output goes to a log file; the terminal gets one line per step and the log's path.
set -euo pipefail

usage="usage: install-n8n.sh <n8n version> <n8n folder> <Node version> <Node folder>"
N8N_VERSION="${1:?$usage}"
n8n_dir="${2:?$usage}"
NODE_VERSION="${3:?$usage}"
node_home="${4:?$usage}"

cache="$(dirname "$n8n_dir")"
stamp="$n8n_dir.installed-with-node-$NODE_VERSION"
[ -f "$stamp" ] && exit 0

mkdir -p "$cache"
# One install per folder at a time: another clone installing the same version is waited for.
exec 9>"$n8n_dir.lock"
flock 9
[ -f "$stamp" ] && exit 0
log="$n8n_dir.install.log"
: > "$log"
started=$SECONDS

# sqlite3 has no prebuilt binary reachable offline: it is compiled, which needs these.
missing=""
for tool in make python3 cc c++; do command -v "$tool" >/dev/null 2>&1 || missing="$missing $tool"; done
if [ -n "$missing" ]; then
	echo "Missing to build n8n's sqlite3:$missing. On Debian/Ubuntu: apt-get install build-essential python3" >&2
	exit 1
fi

# On failure: the end of the log and where the rest is.
trap 'status=$?; if [ $status -ne 0 ]; then echo "Install failed (exit $status). Last lines of $log:" >&2; tail -n 25 "$log" >&2; fi' EXIT

echo "Node $NODE_VERSION in $node_home (log: $log) ..."
node_bin="$(bash "$(dirname "$0")/install-node.sh" "$NODE_VERSION" "$node_home" 2>>"$log")"
node_dir="$(dirname "$(dirname "$node_bin")")"

echo "Installing n8n $N8N_VERSION into $n8n_dir (about 5 minutes and 3 GB; log: $log) ..."
mkdir -p "$n8n_dir"
# Its own package.json: the overrides it needs are forbidden in the package's own package.json.
# linkedom 0.18.15 needs a package the registry lacks; n8n 1.x's nodes pin an xlsx tarball on
# a CDN outside the npm registry. Install scripts are skipped because a Kafka native build
# fails offline, and sqlite3 is rebuilt below against the headers of the Node it runs on.
overrides='"linkedom": "0.18.12"'
case "$N8N_VERSION" in 1.*) overrides="$overrides, \"xlsx\": \"0.18.5\"" ;; esac
cat > "$n8n_dir/package.json" <<JSON
{
  "private": true,
  "dependencies": { "n8n": "$N8N_VERSION" },
  "overrides": { $overrides }
}
JSON
# A pinned version (scripts/n8n-lock.js) installs from its lockfile: npm fetches every tarball at
# once instead of resolving the tree first, minutes less on a fresh machine.
lockfile="$(dirname "$0")/n8n-locks/$N8N_VERSION/package-lock.json"
if [ -f "$lockfile" ]; then
	cp "$lockfile" "$n8n_dir/package-lock.json"
	(cd "$n8n_dir" && npm ci --no-audit --no-fund --ignore-scripts --loglevel=error) >>"$log" 2>&1
else
	(cd "$n8n_dir" && npm install --no-audit --no-fund --ignore-scripts --loglevel=error) >>"$log" 2>&1
fi

sqlite_dir="$(cd "$n8n_dir" && "$node_dir/bin/node" -p "require('path').dirname(require.resolve('sqlite3/package.json'))")"
sqlite_version="$("$node_dir/bin/node" -p "require('$sqlite_dir/package.json').version")"
# The compiled sqlite3 depends only on its version and the Node it runs on: the n8n versions
# sharing both (2.x and 1.x on Node 24) share one build, compiled by the first to need it.
sqlite_build="$cache/sqlite3-$sqlite_version-node-$NODE_VERSION"
exec 7>"$sqlite_build.lock"
flock 7
if [ ! -f "$sqlite_build/node_sqlite3.node" ]; then
	echo "Building sqlite3 $sqlite_version for Node $NODE_VERSION ..."
	gyp="$(cd "$n8n_dir" && "$node_dir/bin/node" -p "require.resolve('node-gyp/bin/node-gyp.js')" 2>/dev/null || true)"
	[ -n "$gyp" ] || gyp="$(dirname "$(command -v npm)")/../lib/node_modules/npm/node_modules/node-gyp/bin/node-gyp.js"
	(cd "$sqlite_dir" && PATH="$node_dir/bin:$PATH" npm_config_nodedir="$node_dir" \
		"$node_dir/bin/node" "$gyp" rebuild --nodedir="$node_dir") >>"$log" 2>&1
	rm -rf "$sqlite_build" "$sqlite_build.tmp"
	mkdir -p "$sqlite_build.tmp"
	cp "$sqlite_dir/build/Release/node_sqlite3.node" "$sqlite_build.tmp/"
	mv "$sqlite_build.tmp" "$sqlite_build"
else
	echo "sqlite3 $sqlite_version for Node $NODE_VERSION: the build in $sqlite_build"
	mkdir -p "$sqlite_dir/build/Release"
	cp "$sqlite_build/node_sqlite3.node" "$sqlite_dir/build/Release/"
fi
exec 7>&-

touch "$stamp"
echo "n8n $N8N_VERSION with Node $NODE_VERSION installed in $n8n_dir in $(( (SECONDS - started) / 60 )) min $(( (SECONDS - started) % 60 )) s (log: $log)"
