#!/usr/bin/env bash
# The GPU check (issue 21's GPU target), for a machine with a Vulkan GPU: builds release tile-bench,
# reports the public scenes' CPU-Vulkan parity (Tests/Fixtures/Scenes/public) and times the tiger and
# synthetic_30k_shapes at 1600x1600 on Vulkan: frame time end to end, and the fine shader's device
# time from timestamp queries beside flatten+bin on the CPU. Every line names the Vulkan device used
# (on a machine with only Mesa's lavapipe, "llvmpipe (...)": the check runs there too, slowly).
#
#   bash scripts/gpu-check.sh            # the whole check (a few minutes on lavapipe)
#   bash scripts/gpu-check.sh --quick    # 6 scenes, 400x400, 2 frames: that it runs (CI, lavapipe)
#   bash scripts/gpu-check.sh --debug    # the debug build in .build instead of a release build
#
# Exit status 1 when a scene is out of parity or a render fails. Environment: GPU_CHECK_BUILD_PATH
# (default .build), GPU_CHECK_REPEAT (frames per timed scene, default 10), GPU_CHECK_BENCH (a tile-bench
# already built, such as scripts/gpu-bundle.sh's for a machine without Swift: no build then, and the
# bundle's lib folder goes on LD_LIBRARY_PATH), GPU_CHECK_OUT (a folder to keep the renders in).
set -euo pipefail
cd "$(dirname "$0")/.."

quick=0 config=release
for arg in "$@"; do
    case "$arg" in
        --quick) quick=1 ;;
        --debug) config=debug ;;
        *) echo "usage: bash scripts/gpu-check.sh [--quick] [--debug]" >&2; exit 2 ;;
    esac
done
build=${GPU_CHECK_BUILD_PATH:-.build}
repeat=${GPU_CHECK_REPEAT:-10} size=1600x1600 limit=()
if [ "$quick" = 1 ]; then repeat=2 size=400x400 limit=(--limit 6); fi

if [ -n "${GPU_CHECK_BENCH:-}" ]; then
    bench=$GPU_CHECK_BENCH
    bundle_libraries="$(dirname "$bench")/lib"
    if [ -d "$bundle_libraries" ]; then
        export LD_LIBRARY_PATH="$(cd "$bundle_libraries" && pwd)${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
    fi
    echo "== prebuilt tile-bench: $bench"
else
    echo "== build: $config tile-bench ($build)"
    swift build -c "$config" --product tile-bench --build-path "$build" 2>&1 | tail -1
    bench="$build/$config/tile-bench"
fi
if [ -n "${GPU_CHECK_OUT:-}" ]; then
    out=$GPU_CHECK_OUT
    mkdir -p "$out"
else
    out=$(mktemp -d)
    trap 'rm -rf "$out"' EXIT
fi

echo "== parity: public scenes, CPU against Vulkan"
status=0
"$bench" parity Tests/Fixtures/Scenes/public "${limit[@]}" --out "$out/parity" | tee "$out/parity.txt" | grep -v '^ok ' || status=1
tail -1 "$out/parity.txt" | grep -q '^parity: ' || status=1

for scene in Ghostscript_Tiger synthetic_30k_shapes; do
    echo "== $scene at $size, Vulkan, $repeat frames"
    if ! "$bench" render "Benchmarks/$scene.svg" -o "$out/$scene.png" --size "$size" --backend vulkan --repeat "$repeat" --quiet; then
        status=1
    fi
done
exit "$status"
