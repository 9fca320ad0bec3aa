#!/usr/bin/env bash
# The main job: set-up, build, rewrite the hand-written <SDDMM, SpMM> sample,
# show the diff, and measure the rewritten kernel against the original on a
# real matrix (../shared/data) or, without it, a skewed random one.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${LNR_BUILD_DIR:-$root/build}
sample=$root/samples/handwritten/sddmm_spmm_csr.c

"$root/scripts/build.sh"

echo
echo "== lnr-rewrite samples/handwritten/sddmm_spmm_csr.c --"
"$build/tool/lnr-rewrite" "$sample" -- > "$build/sddmm_spmm_csr.rewritten.c"
diff -u --label original --label rewritten \
  "$sample" "$build/sddmm_spmm_csr.rewritten.c" || true

echo
echo "== --explain"
"$build/tool/lnr-rewrite" --explain "$sample" -- 2> /dev/null

matrix=$root/../shared/data/email-Enron.mtx
echo
echo "== speedup of the rewritten kernel over the original (K = L = 64)"
if [ -f "$matrix" ]; then
  "$build/bench/sddmm_spmm_speedup" "$matrix" 64 64
else
  "$build/bench/sddmm_spmm_speedup" --random 50000 20 64 64
fi
