#!/usr/bin/env bash
# Builds and runs Examples/CPUOnly, a package that depends on TileRender with the `Vulkan` trait off,
# and checks that its binary links neither libvulkan nor shaderc (README, "CPU-only use"). Then runs
# the package's own test suite with the trait off (the Vulkan suites compile out), in its own folder.
#   scripts/check-cpu-only.sh            both
#   scripts/check-cpu-only.sh --no-tests the example only
set -euo pipefail
cd "$(dirname "$0")/../Examples/CPUOnly"
swift build -c release
binary="$(swift build -c release --show-bin-path)/cpu-only-example"
if ldd "$binary" | grep -Ei "vulkan|shaderc"; then
    echo "check-cpu-only: the CPU-only binary links Vulkan or shaderc" >&2; exit 1
fi
if nm "$binary" | grep -Eq " [TU] (vkCreateInstance|shaderc_compiler_initialize)$"; then
    echo "check-cpu-only: the CPU-only binary contains Vulkan or shaderc symbols" >&2; exit 1
fi
"$binary" "$(mktemp -d)/cpu-only.png"
echo "check-cpu-only: ok (no Vulkan, no shaderc)"
if [ "${1:-}" != "--no-tests" ]; then
    cd ../..
    swift build --build-tests --disable-default-traits --scratch-path .build-cpuonly
    swift test --skip-build --disable-default-traits --scratch-path .build-cpuonly
    echo "check-cpu-only: the test suite passes without the Vulkan trait"
fi
