#!/usr/bin/env bash
# Installs the Debian 12 packages lnr-rewrite needs to build, test, run its
# sample and run its benchmark (Eigen, gnuplot), and Neovim for the language
# server's end-to-end test. Does nothing when every
# package is already present.
set -euo pipefail

packages=(
  cmake g++ make patch
  clang-14 libclang-14-dev libclang-cpp14-dev llvm-14-dev llvm-14-tools
  libomp-14-dev clang-format-14 clang-tools-14
  libgtest-dev libbenchmark-dev python3 python3-psutil
  libmimalloc-dev
  libeigen3-dev gnuplot-nox
  neovim pre-commit git
  help2man dpkg-dev
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

root=$(cd "$(dirname "$0")/.." && pwd)

# Microsoft's SARIF Multitool, which the tests use to validate
# --output=sarif against the SARIF 2.1.0 schema: an npm package installed
# into tools/sarif/node_modules from tools/sarif/package-lock.json.
# npm from Debian's package only when no npm is on PATH (a Node.js
# installed otherwise, e.g. NodeSource's, ships its own and conflicts).
install_sarif_multitool() {
  local dir="$root/tools/sarif"
  if [ ! -x "$dir/node_modules/.bin/sarif-multitool" ]; then
    if ! command -v npm > /dev/null; then
      echo "setup: installing npm" >&2
      local sudo_npm=()
      if [ "$(id -u)" -ne 0 ]; then
        sudo_npm=(sudo)
      fi
      DEBIAN_FRONTEND=noninteractive "${sudo_npm[@]}" apt-get install -y -qq \
        --no-install-recommends npm
    fi
    echo "setup: installing @microsoft/sarif-multitool into tools/sarif" >&2
    (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
  fi
}

if [ ${#missing[@]} -eq 0 ]; then
  install_sarif_multitool
  exit 0
fi

echo "setup: installing ${missing[*]}" >&2
sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then
  sudo_cmd=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
install_sarif_multitool
