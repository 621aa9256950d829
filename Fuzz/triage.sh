#!/usr/bin/env bash
# Runs each reproducer given (or every file in .build/fuzz-artifacts/*/) through its harness and prints
# one line per file: harness, kind, the error, and the top stack frames in the library's sources.
#   Fuzz/triage.sh [FILE...]            harness taken from the folder name (.../HARNESS/FILE) or
#                                       HARNESS=FuzzSVG Fuzz/triage.sh FILE...
set -uo pipefail
cd "$(dirname "$0")/.."
export SWIFT_BACKTRACE=enable=no ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0}"
SYMBOLIZER="$(dirname "$(command -v swift)")/llvm-symbolizer"
[ -x "$SYMBOLIZER" ] && export ASAN_SYMBOLIZER_PATH="$SYMBOLIZER"
files=("$@")
if [ ${#files[@]} -eq 0 ]; then mapfile -t files < <(find .build/fuzz-artifacts -type f \( -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' \) | sort); fi
for f in "${files[@]}"; do
    h="${HARNESS:-$(basename "$(dirname "$f")")}"
    case "$h" in FuzzSVG|FuzzPathData|FuzzPathAPI) ;; *) h=${HARNESS:-FuzzSVG} ;; esac
    out=$(timeout 60 "Fuzz/.build/release/$h" -timeout=1 -rss_limit_mb=1024 -malloc_limit_mb=1024 -detect_leaks=0 "$f" 2>&1 | grep -av "Cannot export")
    kind=$(echo "$out" | grep -aoE "ERROR: libFuzzer: [a-z -]+|ERROR: AddressSanitizer: [a-zA-Z-]+|out-of-memory \(malloc\([0-9]+\)\)|Fatal error: .*|Swift runtime failure: .*" | head -1)
    [ -z "$kind" ] && kind="no reproduction (exit ok)"
    frames=$(echo "$out" | grep -aE "^ +#[0-9]+ .* in .*/Sources/(TileRender|TileRenderSVG)/" | sed -E 's/.* in (\S+) .*\/Sources\/([^ ]+).*/\2/' | awk '!seen[$0]++' | head -3 | paste -sd '<' -)
    echo "$h | $(basename "$f") | $kind | ${frames:-?}"
done
