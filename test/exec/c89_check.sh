#!/usr/bin/env bash
# c89_check.sh DIR SAMPLE FUNCTION MAIN [HARNESS SOURCE...]
# A hand-written sample written the C89 way (c89ify.py), rewritten with
# -std=c89, must build under gcc and clang with -std=c89 -pedantic-errors,
# and compute what the original computes (the exec harness: random inputs,
# 1, 2 and 3 threads); a rewrite with a run-time choice is also run with its
# test inverted, so both schedules are proved. Environment: CC, LNR_TOOL,
# HARNESS, SAMPLES, PYTHON; NORESTRICT=1 drops the output's '__restrict',
# so the rewrite is versioned under a run-time overlap test.
set -euo pipefail
dir=$1 sample=$2 fn=$3 main=$4
shift 4
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$dir"
src=$dir/$sample.c89.c
"$PYTHON" "$here/c89ify.py" "$SAMPLES/handwritten/$sample.c" "$src"
if [ "${NORESTRICT:-0}" = 1 ]; then
  sed -i 's/\*__restrict /*/' "$src"
fi
strict=(-std=c89 -pedantic-errors -fopenmp)
"$CC" "${strict[@]}" -fsyntax-only "$src"
"$LNR_TOOL" "$src" -- -std=c89 > "$dir/$sample.rewritten.c" 2> "$dir/$sample.err"
grep -q 'remark: fused' "$dir/$sample.err"
sed 's/<=/>/' "$dir/$sample.rewritten.c" > "$dir/$sample.flipped.c"
"$CC" -O2 -fopenmp -c "$src" -D"$fn"=lnr_original -o "$dir/$sample.orig.o"
for variant in rewritten flipped; do
  file=$dir/$sample.$variant.c
  for compiler in "$CC" clang-14; do
    "$compiler" "${strict[@]}" -fsyntax-only "$file"
  done
  "$CC" "${strict[@]}" -O2 -c "$file" -D"$fn"=lnr_rewritten -o "$dir/$sample.$variant.o"
  sources=()
  for s in "$@"; do sources+=("$HARNESS/$s"); done
  "$CC" -O2 -fopenmp -I"$HARNESS" "$HARNESS/$main" "${sources[@]}" \
    "$dir/$sample.orig.o" "$dir/$sample.$variant.o" -lm -o "$dir/$sample.$variant.exe"
  "$dir/$sample.$variant.exe" | tail -n 1
done
