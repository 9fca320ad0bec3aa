#!/usr/bin/env bash
# Set-up and build: installs missing Debian packages, configures and builds
# lnr-rewrite, its tests and its benchmarks into ${LNR_BUILD_DIR:-build}.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${LNR_BUILD_DIR:-$root/build}

"$root/scripts/setup.sh"
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release > /dev/null
cmake --build "$build" -j "$(nproc)"
