#!/usr/bin/env bash
# Builds the DocC catalog of the TileRender module (Sources/TileRender/TileRender.docc) into out/docs with
# the toolchain's own docc: symbol graphs from `swift package dump-symbol-graph`, then `docc convert`.
# No packages from outside. Fails on any docc warning (a broken link in the catalog, for one).
#   bash scripts/docs.sh            # out/docs, a static site (open out/docs/index.html via a web server)
set -euo pipefail
cd "$(dirname "$0")/.."

catalog=Sources/TileRender/TileRender.docc
output=out/docs
docc=$(command -v docc || echo "$(dirname "$(readlink -f "$(command -v swift)")")/docc")
[ -x "$docc" ] || { echo "docs.sh: no docc next to swift ($docc)" >&2; exit 1; }

# The public symbols of TileRender (its own graph and its extensions of other modules).
swift package dump-symbol-graph --skip-inherited-docs >/dev/null
graphs=$(swift build --show-bin-path)/../symbolgraph
symbols=$(mktemp -d)
trap 'rm -rf "$symbols"' EXIT
cp "$graphs"/TileRender.symbols.json "$symbols"/
cp "$graphs"/TileRender@*.symbols.json "$symbols"/ 2>/dev/null || true

rm -rf "$output"
mkdir -p "$output"
log=$(mktemp)
"$docc" convert "$catalog" \
    --additional-symbol-graph-dir "$symbols" \
    --fallback-display-name TileRender \
    --fallback-bundle-identifier org.tilerender.TileRender \
    --output-path "$output" \
    --transform-for-static-hosting \
    --warnings-as-errors 2>&1 | tee "$log"
if grep -q "warning:" "$log"; then
    echo "docs.sh: docc reported warnings" >&2
    exit 1
fi
echo "docs.sh: wrote $output"
