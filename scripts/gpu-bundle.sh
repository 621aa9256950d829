#!/usr/bin/env bash
# Packs a release tile-bench for a GPU machine that has no Swift toolchain (a CUDA image, say):
# the Swift runtime linked in (--static-swift-stdlib), the C libraries it loads (libvulkan, libpng,
# FreeType, HarfBuzz, fontconfig, libwebp, ... but not glibc's own) copied beside it, and the bundled
# Inter fonts. The machine needs glibc 2.36 or newer (the build's) and a Vulkan driver (an ICD).
#
#   bash scripts/gpu-bundle.sh [FOLDER]      # default: gpu-bundle (ignored by git)
#   # on the GPU machine, from the repository root:
#   GPU_CHECK_BENCH=gpu-bundle/tile-bench bash scripts/gpu-check.sh
#
# gpu-check.sh puts FOLDER/lib on LD_LIBRARY_PATH when GPU_CHECK_BENCH points into a bundle.
# Environment: GPU_BUNDLE_BUILD_PATH (default /tmp/tilerender-gpu-bundle-build).
set -euo pipefail
cd "$(dirname "$0")/.."

folder=${1:-gpu-bundle}
build=${GPU_BUNDLE_BUILD_PATH:-/tmp/tilerender-gpu-bundle-build}
# The main job's CPU flags (scripts/demo.sh): any x86-64 GPU host of the last decade has AVX2.
flags=()
if [ "$(uname -m)" = x86_64 ]; then flags=(-Xswiftc -target-cpu -Xswiftc haswell -Xcc -march=haswell); fi

swift build -c release --product tile-bench --static-swift-stdlib "${flags[@]}" --build-path "$build" 2>&1 | tail -1
rm -rf "$folder"
mkdir -p "$folder/lib"
cp "$build/release/tile-bench" "$folder/"
cp -R "$build/release/TileRender_TileRenderText.resources" "$folder/"
# Every library the loader resolves, except glibc's (the target's own must be used) and the vDSO.
ldd "$build/release/tile-bench" | awk '$3 ~ /^\// {print $3}' | while read -r library; do
    case "$(basename "$library")" in
        libc.so.*|libm.so.*|libpthread.so.*|libdl.so.*|librt.so.*|libgcc_s.so.*|ld-linux*) ;;
        *) cp -L "$library" "$folder/lib/" ;;
    esac
done
# Symbols only make the copy bigger (the bundle travels): 140 MB -> 115 MB, 31 MB as tar.xz.
strip "$folder/tile-bench" "$folder"/lib/*
du -sh "$folder" | sed 's/^/bundle: /'
