#!/usr/bin/env bash
# Runs n8n's verification scanner (@n8n/scan-community-package, offline analyzePackage) on the
# package exactly as `npm pack` ships it, after checking its source maps (scripts/package-maps.js).
# The scanner installs into the install cache (scripts/install-cache.js), not the project.
# SCANNER_VERSION=latest runs the newest one, as n8n does at submission (.github/workflows/latest-n8n-checks.yml).
set -euo pipefail

SCANNER_VERSION="${SCANNER_VERSION:-0.32.0}"
if [ "$SCANNER_VERSION" = latest ]; then
	SCANNER_VERSION="$(npm view @n8n/scan-community-package version)"
fi
echo "n8n community package scanner $SCANNER_VERSION"
root="$(cd "$(dirname "$0")/.." && pwd)"
scanner="$(node "$root/scripts/install-cache.js")/scanner-$SCANNER_VERSION"

if [ ! -d "$scanner/node_modules/@n8n/scan-community-package" ]; then
	mkdir -p "$scanner"
	echo '{ "private": true }' > "$scanner/package.json"
	(cd "$scanner" && npm install --no-audit --no-fund --ignore-scripts --loglevel=error \
		"@n8n/scan-community-package@$SCANNER_VERSION")
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
(cd "$root" && npm pack --silent --pack-destination "$work" >/dev/null)
tar -xzf "$work"/*.tgz -C "$work"
# No source map in the tarball may point at a file it does not hold (the TypeScript sources are
# not shipped; the build makes no maps).
node "$root/scripts/package-maps.js" "$work/package"

cat > "$scanner/scan.mjs" <<'JS'
import { analyzePackage } from '@n8n/scan-community-package/scanner/scanner.mjs';
const result = await analyzePackage(process.argv[2], ['**/*.js', 'package.json']);
if (!result.passed) {
	console.error(result.message, result.details ?? '');
	process.exit(1);
}
console.log('n8n community package scan: passed');
JS
node "$scanner/scan.mjs" "$work/package"
