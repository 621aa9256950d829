#!/usr/bin/env bash
# Installs the system packages, builds in release mode, renders the Ghostscript tiger and a seed scene to
# PNG in out/, times the CPU renderer on the benchmark scenes (median of 20 renders at 1024x1024), and
# compares the drawing strategies of the seeds (tile-bench strategies), and times text and effects.
set -euo pipefail
cd "$(dirname "$0")/.."
# The repository's own copies of the scenes; $TILERENDER_SHARED may point at another copy laid out like
# the project's shared folder (scenes/public, bench).
SCENES=Tests/Fixtures/Scenes/public
BENCHMARKS=Benchmarks
if [ -n "${TILERENDER_SHARED:-}" ]; then SCENES="$TILERENDER_SHARED/scenes/public"; BENCHMARKS="$TILERENDER_SHARED/bench"; fi
bash scripts/install-deps.sh
swift build -c release --product tile-bench
BENCH=.build/release/tile-bench
mkdir -p out
$BENCH render "$BENCHMARKS/Ghostscript_Tiger.svg" -o out/tiger.png --size 1024x1024 --quiet
$BENCH render "$SCENES/badge_background.svg" -o out/badge_background.png
$BENCH render "$SCENES/cog_circles_eo.svg" -o out/cog_circles_eo.png
echo "wrote out/tiger.png, out/badge_background.png, out/cog_circles_eo.png"
mkdir -p out/scenes
for svg in "$SCENES"/*.svg; do
    $BENCH render "$svg" -o "out/scenes/$(basename "$svg" .svg).png" --quiet
done
echo "wrote the $(ls out/scenes | wc -l) public scenes to out/scenes/"
if python3 -c "import numpy, PIL" 2>/dev/null; then
    # angular_gradient's SVG is only an approximation of its reference (MANIFEST.md); its Swift port is tested.
    python3 Tests/Fixtures/Scenes/check.py out/scenes || echo "(check.py: see above; angular_gradient is expected to differ)"
else
    echo "(pip install numpy pillow, then: python3 Tests/Fixtures/Scenes/check.py out/scenes)"
fi
for scene in micro_1000_shapes synthetic_30k_shapes Ghostscript_Tiger; do
    echo "== $scene (1024x1024, CPU)"
    $BENCH render "$BENCHMARKS/$scene.svg" -o "out/$scene.png" --size 1024x1024 --backend cpu --repeat 20 --quiet
done
echo "== strategies (the seed's 50 cards of 147 diamonds, CPU)"
$BENCH strategies --repeat 10 --backend cpu
echo "== text (a paragraph and a chart's labels, CPU; scripts/text-peers.py times skia-python on the same glyphs)"
$BENCH text --repeat 10 --backend cpu --glyphs-out out/text-glyphs.json -o out
echo "== effects (a 1024x1024 layer blurred with radius 10, and the seed's cogs with their shadow over 60 frames, CPU; scripts/effect-peers.py times skia-python on the same blur)"
$BENCH effects --repeat 20 --backend cpu -o out
