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
  libgtest-dev libbenchmark-dev python3
  libeigen3-dev gnuplot-nox
  neovim
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
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
