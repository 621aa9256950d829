#!/usr/bin/env bash
# Installs the system packages, then runs the whole test suite (unit, property, bad-input and the
# golden tests against the repository's fixtures in Tests/Fixtures and Benchmarks).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
swift build --build-tests
# Lavapipe is installed: the Vulkan tests must find a device (VulkanBackendTests), not skip.
TILERENDER_EXPECT_VULKAN=1 swift test
