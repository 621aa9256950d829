#!/usr/bin/env bash
# Installs the Debian packages TileRender builds and tests with (Swift itself must already be installed);
# numpy and Pillow are for Tests/Fixtures/Scenes/check.py, which CheckCLITests runs beside `tile-bench check`;
# Khronos's validation layer is for VulkanInteropTests, which run the interop example under it where it exists.
set -euo pipefail
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends \
    pkg-config libpng-dev libturbojpeg0-dev libwebp-dev libvulkan-dev mesa-vulkan-drivers vulkan-validationlayers \
    libshaderc-dev glslang-dev spirv-tools \
    libfreetype-dev libharfbuzz-dev libfontconfig-dev libunibreak-dev libfribidi-dev fonts-dejavu-core \
    python3-numpy python3-pil >/dev/null
