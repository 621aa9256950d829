#!/usr/bin/env bash
# The main job. Installs the system packages, builds tile-bench in release mode, runs the seed's
# scrolling experiment (tile-bench strategies: 50 cards drawn four ways, scrolled over 120 frames on the
# CPU and on Vulkan where a device works) into out/report, renders the public reference scenes into
# out/scenes and checks them against their references (tile-bench check), and renders the Ghostscript
# tiger. One line per finding; progress goes to standard error.
set -euo pipefail
cd "$(dirname "$0")/.."
# The repository's own copies of the scenes; $TILERENDER_SHARED may point at another copy laid out like
# the project's shared folder (scenes/public, bench).
SCENES=Tests/Fixtures/Scenes/public
BENCHMARKS=Benchmarks
if [ -n "${TILERENDER_SHARED:-}" ]; then SCENES="$TILERENDER_SHARED/scenes/public"; BENCHMARKS="$TILERENDER_SHARED/bench"; fi
FRAMES="${FRAMES:-120}"
bash scripts/install-deps.sh
# On an x86-64 processor with Haswell's features (AVX2, FMA, BMI2, F16C, MOVBE), tile-bench is built for
# them: the fine stage's 8- and 16-lane loops then run as such, with the same pixels (DocC,
# BackendsAndEngines, "Building for your processor"). TILERENDER_CPU=baseline builds for plain x86-64.
CPU_FLAGS=()
if [ "${TILERENDER_CPU:-auto}" != baseline ] && [ "$(uname -m)" = x86_64 ] \
    && awk '/^flags/ { for (i = 3; i <= NF; i++) f[$i] = 1; exit } END { exit !(f["avx2"] && f["fma"] && f["bmi2"] && f["f16c"] && f["movbe"]) }' /proc/cpuinfo; then
    CPU_FLAGS=(-Xswiftc -target-cpu -Xswiftc haswell -Xcc -march=haswell)
fi
echo "== building tile-bench (release${CPU_FLAGS:+, for Haswell-class processors})"
swift build -c release --product tile-bench "${CPU_FLAGS[@]}" 2>&1 | tail -1
BENCH=.build/release/tile-bench
mkdir -p out/scenes out/report

echo "== the seed's scrolling experiment ($FRAMES frames; the table is also in out/report/report.md)"
$BENCH strategies --frames "$FRAMES" --backend all --out out/report

echo "== the reference scenes"
# The first render says which backend it uses (once); the rest are quiet.
$BENCH render "$BENCHMARKS/Ghostscript_Tiger.svg" -o out/tiger.png --size 1024x1024
for svg in "$SCENES"/*.svg; do
    $BENCH render "$svg" -o "out/scenes/$(basename "$svg" .svg).png" --quiet
done
# angular_gradient's SVG only approximates its reference (MANIFEST.md); its Swift port is tested instead.
if $BENCH check out/scenes --set "$SCENES" > out/scenes/check.txt; then status=0; else status=$?; fi
grep -E "FAIL|MISSING" out/scenes/check.txt | sed 's/^/  /' || true
echo "scenes: $(tail -n 1 out/scenes/check.txt) against their references (angular_gradient is expected to differ; details in out/scenes/check.txt)"
echo "wrote out/tiger.png, the $(ls out/scenes/*.png | wc -l) scenes in out/scenes/, and out/report/report.md, report.json and chart.png"
