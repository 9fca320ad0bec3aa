#!/bin/sh
# Execution proof of a rewrite of an <SDDMM, SpMM> kernel named sddmm_spmm
# with the signature of samples/handwritten/sddmm_spmm_csr.c: compiles the
# original and the rewrite, links them with the exec harness
# (test/exec/harness) and runs its cases with 1, 2 and 3 threads.
# Usage: prove.sh CC HARNESS_DIR WORK_PREFIX ORIGINAL.c REWRITTEN.c [CFLAGS...]
# Prints the harness's report; exit status 0 only when everything matched.
set -e
cc=$1 harness=$2 work=$3 orig=$4 rewr=$5
shift 5
"$cc" -O2 -fopenmp -w "$@" -c -x c "$orig" -Dsddmm_spmm=lnr_original -o "$work.orig.o"
"$cc" -O2 -fopenmp -w "$@" -c -x c "$rewr" -Dsddmm_spmm=lnr_rewritten -o "$work.rewr.o"
"$cc" -O2 -fopenmp -I"$harness" "$harness/sddmm_spmm_csr_main.c" \
  "$harness/exec_check.c" "$harness/csr_input.c" "$work.orig.o" \
  "$work.rewr.o" -lm -o "$work.exe"
"$work.exe"
