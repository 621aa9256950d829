#!/usr/bin/env bash
# Runs the whole test suite under a sanitizer, each in its own build folder so it never fights with the
# normal build: scripts/sanitize.sh [address|thread|all] (default all).
#   address: swift test --sanitize=address --scratch-path .build/asan
#   thread:  swift test --sanitize=thread  --scratch-path .build/tsan
# Exits non-zero if a test fails or the sanitizer reports an error (ASan aborts the test process;
# TSan reports are made fatal with halt_on_error=1 so a data race fails the run). Logs go to
# .build/sanitize-KIND.log; each run prints its build and test times.
set -uo pipefail
cd "$(dirname "$0")/.."
WHICH="${1:-all}"
case "$WHICH" in
    address) KINDS=(address) ;;
    thread) KINDS=(thread) ;;
    all) KINDS=(address thread) ;;
    *) echo "usage: scripts/sanitize.sh [address|thread|all]" >&2; exit 2 ;;
esac
export SWIFT_BACKTRACE=enable=no
SYMBOLIZER="$(dirname "$(command -v swift)")/llvm-symbolizer"
if [ -x "$SYMBOLIZER" ]; then export ASAN_SYMBOLIZER_PATH="$SYMBOLIZER" TSAN_SYMBOLIZER_PATH="$SYMBOLIZER"; fi
# Leak checking is off: the Swift runtime and Foundation keep process-lifetime caches that LSan reports.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0:abort_on_error=0:halt_on_error=1}"
export TSAN_OPTIONS="${TSAN_OPTIONS:-halt_on_error=1:second_deadlock_stack=1}"

failed=0
for kind in "${KINDS[@]}"; do
    short=$([ "$kind" = address ] && echo asan || echo tsan)
    scratch=".build/$short"
    log=".build/sanitize-$kind.log"
    mkdir -p .build
    echo "== swift test --sanitize=$kind (build folder $scratch, log $log)"
    t0=$(date +%s)
    if ! swift build --build-tests --sanitize="$kind" --scratch-path "$scratch" >"$log" 2>&1; then
        grep -v "Cannot export local symbol" "$log" | tail -20
        echo "sanitize.sh: $kind build failed" >&2; failed=1; continue
    fi
    t1=$(date +%s)
    swift test --skip-build --sanitize="$kind" --scratch-path "$scratch" >>"$log" 2>&1
    rc=$?
    t2=$(date +%s)
    reports=$(grep -a -c -E "^(==[0-9]+==ERROR: AddressSanitizer|WARNING: ThreadSanitizer|SUMMARY: (Address|Thread)Sanitizer)" "$log")
    echo "$kind: build $((t1 - t0)) s, tests $((t2 - t1)) s, exit $rc, sanitizer report lines $reports"
    grep -a -E "^SUMMARY: (Address|Thread)Sanitizer" "$log" | sort | uniq -c | head -10
    grep -a -E "Test run with|Executed [0-9]+ tests|✘ Test .* failed|error: " "$log" | tail -5
    if [ "$rc" -ne 0 ] || [ "$reports" -gt 0 ]; then failed=1; fi
done
exit $failed
