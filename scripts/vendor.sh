#!/usr/bin/env bash
# Re-fetch the vendored front-end assets from the npm registry (a maintainer's step, not
# part of `make run` or `make test`: the files are committed). Usage:
#   scripts/vendor.sh [HTMX_VERSION]   (default: the version in static/vendor/MANIFEST.json)
# After an update: change the file name in templates/base.html and the manifest, run make test.
set -euo pipefail
cd "$(dirname "$0")/.."
ver="${1:-$(python3 -c 'import json;print(json.load(open("static/vendor/MANIFEST.json"))["htmx.org"]["version"])')}"
case "$ver" in 2.*) ;; *) echo "htmx $ver is not 2.x: read static/vendor/MANIFEST.json first" >&2; exit 1;; esac
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && npm pack "htmx.org@$ver" --silent >/dev/null && tar xzf htmx.org-*.tgz)
cp "$tmp/package/dist/htmx.min.js" "static/vendor/htmx/htmx-$ver.min.js"
cp "$tmp/package/LICENSE" static/vendor/htmx/LICENSE
sha256sum "static/vendor/htmx/htmx-$ver.min.js"
