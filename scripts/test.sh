#!/usr/bin/env bash
# The whole test suite: set-up, build, then ctest (unit tests of the core,
# lit + FileCheck tests of the tool, execution tests of the rewrites).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${LNR_BUILD_DIR:-$root/build}

"$root/scripts/build.sh"
ctest --test-dir "$build" --output-on-failure -j "$(nproc)"
