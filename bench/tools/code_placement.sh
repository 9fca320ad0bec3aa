#!/usr/bin/env bash
# Code placement experiment: the same machine code, linked at different
# addresses. A rewritten sample and the separate kernels of the same
# computation (bench/src/separate.c) are linked after a padding function of
# 0, 16, ..., 112 bytes (functions are 16-byte aligned, so every placement
# modulo 128 is tried) and timed on one thread, best of REPS (10) calls.
#
#   bench/tools/code_placement.sh KERNEL INPUT K L [OUT.md]
#     KERNEL  spmm_gemm, sddmm_spmm or spttm_spttm
#     INPUT   mtx:NAME (a matrix of ../shared/data) or fem:NX:NY:NZ; for
#             spttm_spttm tns:NAME (a 3-tensor of ../shared/data) or
#             tns:PATH.tns, with L M for K L
#   e.g. bench/tools/code_placement.sh spmm_gemm mtx:bcsstk16 128 128
#
# Needs the build (scripts/build.sh): it compiles the rewrite the build
# wrote, $LNR_BUILD_DIR/bench/KERNEL.rewritten.c, with the benchmark's flags.
# Prints a Markdown table, also written to OUT.md when given.
set -euo pipefail
[ $# -ge 4 ] || { sed -n '2,16p' "$0" >&2; exit 2; }
kernel=$1 input=$2 K=$3 L=$4 out=${5:-}
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${LNR_BUILD_DIR:-$root/build}
data=${LNR_BENCH_DATA_DIR:-$root/../shared/data}
case $input in
*.tns) ;;
mtx:*) input=mtx:$data/${input#mtx:}.mtx ;;
tns:*) input=tns:$data/${input#tns:}.tns ;;
esac
rewritten=$build/bench/$kernel.rewritten.c
[ -f "$rewritten" ] || { echo "code_placement.sh: no $rewritten (build first)" >&2; exit 2; }
reps=${REPS:-10}
cc=${CC:-gcc}
flags="-O3 -ffast-math -fopenmp" # LNR_BENCH_C_FLAGS, and OpenMP
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
inc="-I$root/bench/src -I$root/test/exec/harness"
$cc $flags $inc -c "$root/bench/tools/placement_driver.c" -o "$work/driver.o"
for f in test/exec/harness/csr_input.c bench/src/bench_inputs.c; do
  $cc -O2 $inc -c "$root/$f" -o "$work/$(basename "$f" .c).o"
done
$cc $flags -D"$kernel"=lnr_placed_"$kernel" -c "$rewritten" -o "$work/rewritten.o"
$cc $flags $inc -c "$root/bench/src/separate.c" -o "$work/separate.o"
# The driver names every kernel: those not measured are stubs.
: >"$work/stub.c"
for other in spmm_gemm sddmm_spmm spttm_spttm; do
  [ "$other" = "$kernel" ] || echo "void lnr_placed_$other(void) {}" >>"$work/stub.c"
done
$cc -O2 -c "$work/stub.c" -o "$work/stub.o"
table="| padding (bytes) | rewritten (ms) | separate (ms) | separate / rewritten |
|---|---|---|---|"
for pad in 0 16 32 48 64 80 96 112; do
  # The padding function: 'ret' and pad - 1 bytes of nops.
  if [ "$pad" = 0 ]; then
    : >"$work/pad.c"
  else
    printf 'void lnr_placement_pad(void) { __asm__ volatile(".skip %d, 0x90"); }\n' \
      $((pad - 1)) >"$work/pad.c"
  fi
  $cc -O2 -c "$work/pad.c" -o "$work/pad.o"
  $cc -fopenmp "$work/driver.o" "$work/pad.o" "$work/rewritten.o" \
    "$work/separate.o" "$work/stub.o" "$work/csr_input.o" \
    "$work/bench_inputs.o" -lm -o "$work/run"
  times=$(OMP_NUM_THREADS=1 "$work/run" "$kernel" "$input" "$K" "$L" "$reps")
  read -r tr ts <<<"$times"
  table+=$'\n'"| $pad | $tr | $ts | $(awk -v a="$ts" -v b="$tr" 'BEGIN { printf "%.2f", a / b }') |"
done
echo "$table"
if [ -n "$out" ]; then echo "$table" >"$out"; fi
