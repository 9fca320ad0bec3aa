#!/usr/bin/env bash
# c89_forms.sh DIR NAME KERNEL "ORIGINAL -D..." "REWRITTEN -D..." MAIN [SOURCE...]
# A kernel of one of the forms the tool reads (an exec or lit input, written
# in C99), written the C89 way (c89ify.py) and rewritten with -std=c89:
# - the kernel itself is C89 (gcc -std=c89 -pedantic-errors), and at least
#   one of its nests is rewritten;
# - the rewrite is the same under -ansi, -std=c90 and -std=gnu89;
# - it builds with gcc and clang-14 -std=c89 -pedantic-errors, with and
#   without -fopenmp, and has none of what C89 lacks ('//' comments, 'long
#   long', <stdint.h>'s types, '_Bool', 'inline', 'restrict' without
#   underscores, a declaration in a loop's header);
# - built that way (-O2 -fopenmp), linked with MAIN and the SOURCEs against
#   the original, it computes what the original computes at 1 and 3
#   threads, and so does its run-time choice inverted (the one '<=' of the
#   rewrite turned into '>').
# MODE=cxx: the kernel (its 'restrict' spelled '__restrict') is a '.cpp'
# file rewritten as C++, then again as '-x c++' (the same text is
# required); the rewrite builds with g++ and clang++-14 -std=c++11
# -pedantic-errors (a cast on every malloc, no 'restrict'), and, built by
# g++ inside 'extern "C"', computes what the original computes.
# The original-nest markers are counted in lnr_fallback_runs for the mains
# that name it. Environment: CC, CXX, LNR_TOOL, HARNESS, PYTHON; TOOLFLAGS
# for the tool (e.g. --no-runtime-choice); NORESTRICT=1 drops the
# '__restrict' of the pointer parameters, so that the rewrite runs under the
# run-time overlap test.
set -euo pipefail
dir=$1 name=$2 kernel=$3 orig_defs=$4 rewr_defs=$5 main=$6
shift 6
here=$(cd "$(dirname "$0")" && pwd)
mode=${MODE:-c89}
mkdir -p "$dir"
inc=(-I"$(dirname "$kernel")" -I"$HARNESS")
# Lit inputs carry their RUN and CHECK lines as '//' comments: dropped.
grep -vE '^\s*// ?(RUN|[A-Z0-9-]+):' "$kernel" > "$dir/$name.in.c"
if [ "$mode" = cxx ]; then
  src=$dir/$name.cpp
  sed 's/\brestrict\b/__restrict/g' "$dir/$name.in.c" > "$src"
  strict=(-std=c++11 -pedantic-errors)
  std=()
  compilers=("$CXX" clang++-14)
else
  src=$dir/$name.c89.c
  "$PYTHON" "$here/c89ify.py" "$dir/$name.in.c" "$src"
  strict=(-std=c89 -pedantic-errors)
  std=(-std=c89)
  compilers=("$CC" clang-14)
fi
if [ "${NORESTRICT:-0}" = 1 ]; then
  sed -i 's/\*__restrict /*/g' "$src"
fi
"${compilers[0]}" "${strict[@]}" -fopenmp -fsyntax-only "${inc[@]}" "$src"
out=$dir/$name.rewritten.$mode
# shellcheck disable=SC2086
"$LNR_TOOL" ${TOOLFLAGS:-} "$src" -- "${std[@]}" "${inc[@]}" > "$out" 2> "$dir/$name.err"
grep -q 'remark: fused' "$dir/$name.err"
if [ "$mode" = cxx ]; then
  cp "$src" "$dir/$name.as_c.c"
  # shellcheck disable=SC2086
  "$LNR_TOOL" ${TOOLFLAGS:-} "$dir/$name.as_c.c" -- -x c++ "${inc[@]}" 2> /dev/null |
    diff -q "$out" - > /dev/null
  if grep -nE '(^|[^_])restrict\b' "$out"; then
    echo "FAIL: the C++ rewrite of $name spells 'restrict'"
    exit 1
  fi
else
  for other in -ansi -std=c90 -std=gnu89; do
    # shellcheck disable=SC2086
    "$LNR_TOOL" ${TOOLFLAGS:-} "$src" -- $other "${inc[@]}" 2> /dev/null |
      diff -q "$out" - > /dev/null
  done
  if grep -nE '//|long long|int64_t|uintptr_t|_Bool|\binline\b|(^|[^_])restrict\b|for \((const |unsigned |signed )?[A-Za-z_][A-Za-z_0-9]* \**[A-Za-z_][A-Za-z_0-9]* =' "$out" |
      grep -v '^[0-9]*:#include'; then
    echo "FAIL: the rewrite of $name uses what C89 does not have"
    exit 1
  fi
fi
for compiler in "${compilers[@]}"; do
  for omp in -fopenmp -Wno-unknown-pragmas; do
    "$compiler" -x "$( [ "$mode" = cxx ] && echo c++ || echo c)" \
      "${strict[@]}" $omp -fsyntax-only "${inc[@]}" "$out"
  done
done
observed=$dir/$name.observed.c
if grep -q lnr_fallback_runs "$main"; then
  marker='s{/\*\s*lnr-rewrite: the original nest.*?\*/}{{ extern int lnr_fallback_runs; lnr_fallback_runs++; }}gs'
  perl -0pe "$marker" "$out" > "$observed"
else
  cp "$out" "$observed"
fi
variants=(observed)
if ! grep -q '<=' "$src" && [ "$(grep -c '<=' "$out")" = 1 ]; then
  sed 's/<=/>/' "$observed" > "$dir/$name.flipped.c"
  variants+=(flipped)
fi
# shellcheck disable=SC2086
"$CC" -x c -O2 -fopenmp "${inc[@]}" -c "$src" $orig_defs -o "$dir/$name.orig.o"
for variant in "${variants[@]}"; do
  file=$dir/$name.$variant.c
  if [ "$mode" = cxx ]; then
    printf 'extern "C" {\n#include "%s"\n}\n' "$(basename "$file")" > "$dir/$name.$variant.wrap.cpp"
    # shellcheck disable=SC2086
    "$CXX" "${strict[@]}" -O2 -fopenmp "${inc[@]}" -c "$dir/$name.$variant.wrap.cpp" \
      $rewr_defs -o "$dir/$name.$variant.o"
  else
    # shellcheck disable=SC2086
    "$CC" "${strict[@]}" -O2 -fopenmp "${inc[@]}" -c "$file" \
      $rewr_defs -o "$dir/$name.$variant.o"
  fi
  "$CC" -O2 -fopenmp "${inc[@]}" "$main" "$@" "$dir/$name.orig.o" \
    "$dir/$name.$variant.o" -lm $( [ "$mode" = cxx ] && echo -lstdc++) -o "$dir/$name.$variant.exe"
  for threads in 1 3; do
    if ! OMP_NUM_THREADS=$threads "$dir/$name.$variant.exe" > "$dir/$name.$variant.$threads.out"; then
      cat "$dir/$name.$variant.$threads.out"
      echo "FAIL: $name ($mode, $variant, $threads threads)"
      exit 1
    fi
  done
done
echo "PASS: $name ($mode: ${variants[*]})"
