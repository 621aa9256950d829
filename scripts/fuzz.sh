#!/usr/bin/env bash
# Builds the libFuzzer harnesses in Fuzz/ (-sanitize=fuzzer,address, release with debug info), replays
# the reproducers kept in Fuzz/findings, and runs each harness for a bounded time. FUZZ_TIMEOUT (seconds
# an input may take, default 1) and FUZZ_SEED (a fixed libFuzzer seed) are read from the environment. Exits non-zero if any harness found a crash, a timeout (> 1 s per input) or
# an out-of-memory (> 1 GB); reproducers are left in .build/fuzz-artifacts/HARNESS/.
#
#   scripts/fuzz.sh [SECONDS]              each harness for SECONDS (default 60), stops at the first finding
#   scripts/fuzz.sh --runs N [SECONDS]     each harness until N executions (e.g. 1000000) or SECONDS
#                                          (default then 3600), whichever comes first
#   scripts/fuzz.sh --keep-going ...       collect findings: libFuzzer's fork mode (one job) keeps
#                                          fuzzing after a crash/timeout/OOM and saves each reproducer
#   scripts/fuzz.sh --only FuzzSVG ...     run only the named harness(es) (repeatable)
#   scripts/fuzz.sh --no-build ...         reuse the last build
#
# Harnesses: FuzzSVG (SVG import + render), FuzzPathData (SVG path `d` data, filled and stroked),
# FuzzPathAPI (Path building calls from a byte-code interpreter, then fill/stroke/trim/set ops/clips).
# The working corpus lives in .build/fuzz-corpus/HARNESS (kept between runs, never in the repository);
# seeds come from Fuzz/seeds/HARNESS and, for FuzzSVG, the repository's fixture SVGs.
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

SECONDS_EACH=""
RUNS=""
KEEP_GOING=0
BUILD=1
ONLY=()
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) RUNS="$2"; shift 2 ;;
        --keep-going) KEEP_GOING=1; shift ;;
        --only) ONLY+=("$2"); shift 2 ;;
        --no-build) BUILD=0; shift ;;
        -h|--help) sed -n '2,19p' "$0"; exit 0 ;;
        *[!0-9]*) echo "fuzz.sh: unknown argument '$1'" >&2; exit 2 ;;
        *) SECONDS_EACH="$1"; shift ;;
    esac
done
if [ -z "$SECONDS_EACH" ]; then
    if [ -n "$RUNS" ]; then SECONDS_EACH=3600; else SECONDS_EACH=60; fi
fi
HARNESSES=(FuzzSVG FuzzPathData FuzzPathAPI)
# Seconds one input may take before it counts as a hang (libFuzzer's -timeout). The goal is 1 s; CI
# allows more because its machine's speed is unknown (slow inputs are for the long runs to find).
TIMEOUT="${FUZZ_TIMEOUT:-1}"
# FUZZ_ALLOW_HANGS=1: inputs over the hang limit are saved and reported but do not fail the run (fork
# mode goes on after them); crashes and out-of-memory still fail it. It collects slow inputs in one
# run; a run without it is the full check.
ALLOW_HANGS="${FUZZ_ALLOW_HANGS:-0}"
# A fixed seed makes a run repeatable (CI uses one); unset, libFuzzer picks one.
SEED_ARGS=()
if [ -n "${FUZZ_SEED:-}" ]; then SEED_ARGS=(-seed="$FUZZ_SEED"); fi
if [ ${#ONLY[@]} -gt 0 ]; then HARNESSES=("${ONLY[@]}"); fi

# The Swift runtime's crash backtracer would otherwise run on every finding (slow, and it can outlive
# the fuzzer holding its output open); libFuzzer and ASan print the stack themselves.
export SWIFT_BACKTRACE=enable=no
# Swift runtime and Foundation caches live for the whole process; LeakSanitizer would report them.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0}"
SYMBOLIZER="$(dirname "$(command -v swift)")/llvm-symbolizer"
if [ -x "$SYMBOLIZER" ]; then export ASAN_SYMBOLIZER_PATH="$SYMBOLIZER"; fi

# FUZZ_SANITIZE=none builds without AddressSanitizer (its own build folder): several times the
# executions a second, for long runs toward the million-execution goal; crashes (Swift's checks trap),
# hangs and memory use are still caught, memory errors in unsafe code only with ASan (the default).
case "${FUZZ_SANITIZE:-address}" in
    address) SANITIZE=fuzzer,address; SCRATCH="$ROOT/Fuzz/.build" ;;
    none) SANITIZE=fuzzer; SCRATCH="$ROOT/Fuzz/.build-nosan" ;;
    *) echo "fuzz.sh: FUZZ_SANITIZE is address or none" >&2; exit 2 ;;
esac
BIN="$SCRATCH/release"
if [ "$BUILD" = 1 ]; then
    echo "== building fuzz harnesses (Fuzz/, release, -sanitize=$SANITIZE)"
    # The flags go in a toolset, not -Xswiftc: a toolset applies to the code being built only, while
    # -Xswiftc also reaches build-time tools (TileRender's #Preview macro plugin, which must keep its
    # own main, where libFuzzer's would clash).
    mkdir -p "$SCRATCH"; TOOLSET="$SCRATCH/fuzz-toolset.json"
    printf '{"schemaVersion": "1.0", "swiftCompiler": {"extraCLIOptions": ["-sanitize=%s", "-parse-as-library"]}}\n' \
        "$SANITIZE" > "$TOOLSET"
    # gold warns about every ASan check symbol it cannot export; those lines are noise.
    (cd Fuzz && swift build -c release --scratch-path "$SCRATCH" --toolset "$TOOLSET" 2>&1) \
        | grep -v "Cannot export local symbol" ; status=${PIPESTATUS[0]}
    if [ "$status" -ne 0 ]; then echo "fuzz.sh: build failed" >&2; exit 1; fi
fi

# Seeds for FuzzSVG: the fixture SVGs, up to 64 KB each (larger ones time out under ASan).
SVG_SEEDS="$ROOT/.build/fuzz-seeds/FuzzSVG"
rm -rf "$SVG_SEEDS"; mkdir -p "$SVG_SEEDS"
for dir in Tests/Fixtures/Scenes/public Benchmarks Tests/Fixtures/SVGConformance Tests/Fixtures/Text Tests/Fixtures/Effects Tests/Fixtures/SVGEffects Tests/Fixtures/SVGFeatures; do
    find "$dir" -maxdepth 1 -name '*.svg' -size -65k -exec cp {} "$SVG_SEEDS/" \;
done

failed=0
summary=()
# Every finding kept in Fuzz/findings is a regression test: each harness first replays its reproducers
# (libFuzzer runs the files once each), which must all end cleanly within the limits.
for h in "${HARNESSES[@]}"; do
    exe="$BIN/$h"
    files=(Fuzz/findings/"$h"-*)
    [ -e "${files[0]}" ] || continue
    echo "== $h: replaying ${#files[@]} reproducer(s) from Fuzz/findings"
    if ! timeout -k 10 300 "$exe" -timeout="$TIMEOUT" -rss_limit_mb=1024 -malloc_limit_mb=1024 -detect_leaks=0 \
            "${files[@]}" >"$ROOT/.build/fuzz-replay-$h.log" 2>&1; then
        failed=1
        echo "    a reproducer still fails: see .build/fuzz-replay-$h.log"
        grep -a -m3 -E "^SUMMARY|ERROR: libFuzzer|Running: " "$ROOT/.build/fuzz-replay-$h.log" | tail -2 | sed 's/^/    /'
    fi
done
for h in "${HARNESSES[@]}"; do
    exe="$BIN/$h"
    if [ ! -x "$exe" ]; then echo "fuzz.sh: no harness $exe (build first)" >&2; exit 1; fi
    corpus="$ROOT/.build/fuzz-corpus/$h"
    artifacts="$ROOT/.build/fuzz-artifacts/$h"
    log="$ROOT/.build/fuzz-logs/$h.log"
    mkdir -p "$corpus" "$(dirname "$log")"
    rm -rf "$artifacts"; mkdir -p "$artifacts"
    seeds=("$ROOT/Fuzz/seeds/$h")
    extra=()
    case "$h" in
        FuzzSVG) seeds+=("$SVG_SEEDS"); extra+=(-dict="$ROOT/Fuzz/svg.dict" -max_len=65536) ;;
        FuzzPathData) extra+=(-dict="$ROOT/Fuzz/pathdata.dict" -max_len=4096) ;;
        FuzzPathAPI) extra+=(-max_len=2048) ;;
    esac
    limits=(-timeout="$TIMEOUT" -rss_limit_mb=1024 -malloc_limit_mb=1024 -detect_leaks=0 -print_final_stats=1 "${SEED_ARGS[@]}"
            -max_total_time="$SECONDS_EACH" -artifact_prefix="$artifacts/")
    if [ -n "$RUNS" ]; then limits+=(-runs="$RUNS"); fi
    if [ "$KEEP_GOING" = 1 ]; then limits+=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
    elif [ "$ALLOW_HANGS" = 1 ]; then limits+=(-fork=1 -ignore_timeouts=1); fi
    echo "== $h: ${SECONDS_EACH}s${RUNS:+, at most $RUNS runs} (log $log)"
    start=$(date +%s)
    # A hard stop well past libFuzzer's own limit, in case an input wedges the process.
    timeout -k 10 $((SECONDS_EACH + 300)) "$exe" "${limits[@]}" "${extra[@]}" "$corpus" "${seeds[@]}" >"$log" 2>&1
    rc=$?
    elapsed=$(( $(date +%s) - start ))
    execs=$(grep -a "stat::number_of_executed_units" "$log" | tail -1 | awk '{print $2}')
    if [ -z "$execs" ]; then  # fork mode: the parent's last status line, "#N ... exec/s: ..."
        execs=$(grep -aoE '^#[0-9]+' "$log" | tail -1 | tr -d '#')
    fi
    execs=${execs:-0}
    rate=$(( elapsed > 0 ? execs / elapsed : execs ))
    hangs=$(find "$artifacts" -maxdepth 1 -type f -name 'timeout-*' | wc -l)
    findings=$(find "$artifacts" -maxdepth 1 -type f \( -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' -o -name 'leak-*' \) | wc -l)
    if [ "$ALLOW_HANGS" = 1 ]; then findings=$((findings - hangs)); fi
    line="$h: $execs executions in ${elapsed}s (${rate}/s), $findings finding(s), libFuzzer exit $rc"
    if [ "$ALLOW_HANGS" = 1 ] && [ "$hangs" -gt 0 ]; then line="$line; $hangs input(s) over ${TIMEOUT}s (allowed, in $artifacts)"; fi
    echo "$line"
    summary+=("$line")
    if [ "$findings" -gt 0 ] || { [ "$rc" -ne 0 ] && [ "$KEEP_GOING" = 0 ] && [ "$ALLOW_HANGS" = 0 ]; }; then
        failed=1
        grep -a -m1 -E "^SUMMARY|ERROR: libFuzzer|ERROR: AddressSanitizer|Fatal error" "$log" | sed 's/^/    /'
        grep -a -m12 -E "^ +#[0-9]+ .* in .*(/Sources/|\.swift)" "$log" | grep -v -E "/Fuzz/Sources/|compiler-rt" | head -3 | sed 's/^/    /'
        echo "    reproducers: $artifacts/"
        echo "    reproduce: SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 $exe -timeout=1 -rss_limit_mb=1024 -malloc_limit_mb=1024 FILE"
    fi
done

echo "== fuzz summary"
printf '%s\n' "${summary[@]}"
if [ "$failed" = 1 ]; then echo "fuzz.sh: findings (see above)" >&2; exit 1; fi
echo "fuzz.sh: no findings"
