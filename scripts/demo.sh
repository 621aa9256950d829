#!/usr/bin/env bash
# Installs the system packages, builds in release mode, renders the Ghostscript tiger and a seed scene to
# PNG in out/, times the CPU renderer on the benchmark scenes (median of 20 renders at 1024x1024), and
# compares the drawing strategies of the seeds (tile-bench strategies).
set -euo pipefail
cd "$(dirname "$0")/.."
SHARED="${TILERENDER_SHARED:-../shared}"
bash scripts/install-deps.sh
swift build -c release --product tile-bench
BENCH=.build/release/tile-bench
mkdir -p out
$BENCH render "$SHARED/bench/Ghostscript_Tiger.svg" -o out/tiger.png --size 1024x1024 --quiet
$BENCH render "$SHARED/scenes/public/badge_background.svg" -o out/badge_background.png
$BENCH render "$SHARED/scenes/public/cog_circles_eo.svg" -o out/cog_circles_eo.png
echo "wrote out/tiger.png, out/badge_background.png, out/cog_circles_eo.png"
for scene in micro_1000_shapes synthetic_30k_shapes Ghostscript_Tiger; do
    echo "== $scene (1024x1024, CPU)"
    $BENCH render "$SHARED/bench/$scene.svg" -o "out/$scene.png" --size 1024x1024 --backend cpu --repeat 20 --quiet
done
echo "== strategies (the seed's 50 cards of 147 diamonds, CPU)"
$BENCH strategies --repeat 10 --backend cpu
