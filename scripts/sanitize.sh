#!/usr/bin/env bash
# Sanitizer runs (docs/testing.md):
#  1. lnr-rewrite and its tests built with AddressSanitizer and
#     UndefinedBehaviorSanitizer (-DLNR_SANITIZE=address,undefined) in
#     ${LNR_ASAN_BUILD_DIR:-build-asan}, and the whole ctest suite run there
#     (any report aborts the tool, so the test that ran it fails);
#  2. the rewritten kernels under ThreadSanitizer with Archer, LLVM's
#     OpenMP tool for it (clang-14, libomp, libarcher): the hand-written
#     samples on the exec harness's inputs with 1, 2 and 3 threads, then
#     300 fuzz cases (test/fuzz/lnr_fuzz.py --tsan);
#  3. the tool itself under ThreadSanitizer, on files of many nests.
# Heavy: runs niced with one job (LNR_JOBS to change). Exit status 0 when
# everything is clean.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
asan=${LNR_ASAN_BUILD_DIR:-$root/build-asan}
jobs=${LNR_JOBS:-1}
status=0

"$root/scripts/setup.sh"
# 1. ASan + UBSan.
nice -n 19 cmake -S "$root" -B "$asan" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DLNR_SANITIZE=address,undefined > /dev/null
nice -n 19 cmake --build "$asan" -j "$jobs"
# Leaks are reported too; UBSan prints a stack for each report.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
export LIT_OPTS=${LIT_OPTS:--j$jobs}
nice -n 19 ctest --test-dir "$asan" --output-on-failure -j "$jobs" || status=1

# 2. ThreadSanitizer + Archer on the rewritten kernels: the execution tests
# (test/exec: every sample and its rewrite on the harness's inputs and the
# real matrices, 1, 2 and 3 threads) with a C compiler that instruments
# with -fsanitize=thread and links Archer and the TSan options into every
# program, then fuzz cases (lnr_fuzz.py --tsan).
archer=/usr/lib/llvm-14/lib/libarcher.so
if ! command -v clang-14 > /dev/null || [ ! -e "$archer" ]; then
  echo "sanitize.sh: no clang-14 or no $archer: skipping the race checks"
  exit $status
fi
tsan=$asan/tsan
mkdir -p "$tsan"
cat > "$tsan/tsan_defaults.c" <<'EOC'
/* Linked into every program of the race checks: a report fails it. */
const char *__tsan_default_options(void) {
  return "ignore_noninstrumented_modules=1:exitcode=66";
}
EOC
cat > "$tsan/cc-tsan" <<EOC
#!/bin/sh
# clang-14 with ThreadSanitizer; programs get Archer (found by libomp in
# the address space) and the TSan options of tsan_defaults.c.
link=1
for a in "\$@"; do
  case \$a in -c|-S|-E|-fsyntax-only) link=0 ;; esac
done
if [ \$link = 1 ]; then
  exec clang-14 -fsanitize=thread -g "\$@" "$tsan/tsan_defaults.c" \\
    "$archer" -Wl,-rpath,$(dirname "$archer")
fi
exec clang-14 -fsanitize=thread -g "\$@"
EOC
chmod +x "$tsan/cc-tsan"
sed -e "s|^config.cc = .*|config.cc = r\"$tsan/cc-tsan\"|" \
    -e "s|^config.lnr_obj_root = .*|config.lnr_obj_root = r\"$tsan/lit\"|" \
    "$asan/test/lit.site.cfg.py" > "$tsan/lit.site.cfg.py"
# (exec_check_selftest corrupts rewrites on purpose and expects the
# diagnosis of an uninstrumented run: not a race check. spmm_gemm_from_one
# runs its kernel under AddressSanitizer, which cannot be combined with
# ThreadSanitizer; its kernel shape is in the fuzz cases below.)
TSAN_OPTIONS=ignore_noninstrumented_modules=1 \
nice -n 19 python3 /usr/lib/llvm-14/build/utils/lit/lit.py -sv -j "$jobs" \
  --filter-out 'exec_check_selftest|spmm_gemm_from_one' \
  --param lnr_site_config="$tsan/lit.site.cfg.py" "$root/test/exec" || status=1
nice -n 19 python3 "$root/test/fuzz/lnr_fuzz.py" --tool "$asan/tool/lnr-rewrite" \
  --tsan --cases "${LNR_TSAN_CASES:-300}" --seed 11 --quiet \
  --work "$tsan/fuzz" || status=1

# 3. The tool itself under ThreadSanitizer (it lowers a file's nests on
# every core): built with -fsanitize=thread in ${LNR_TSAN_BUILD_DIR:-
# build-tsan}, run on files of many nests (generated; generated with every
# kernel distinct, whose schedule searches and clang-format layouts run on
# several threads at once; and TACO's kernels in one file, whose recovery
# adds identifiers while other nests are lowered).
# Any report fails the tool's run.
tool_tsan=${LNR_TSAN_BUILD_DIR:-$root/build-tsan}
nice -n 19 cmake -S "$root" -B "$tool_tsan" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DLNR_SANITIZE=thread > /dev/null
nice -n 19 cmake --build "$tool_tsan" -j "$jobs" --target lnr-rewrite
many=$tool_tsan/many-nests
mkdir -p "$many"
python3 -B -c "import sys; sys.path.insert(0, '$root/bench/tools'); \
import tool_speed; tool_speed.generate('$root', 100, '$many/generated.c'); \
tool_speed.generate('$root', 100, '$many/distinct.c', distinct=True)"
python3 -B "$root/test/lit/conventions/Inputs/one_file.py" "$many/taco.c" \
  "$root"/samples/taco/*.c
# The distinct kernels again under a style the printer does not follow
# (tabs that align continuation lines): a nest with a broken line is then
# formatted by clang-format, on the worker that printed it.
mkdir -p "$many/unstyled"
printf 'BasedOnStyle: LLVM\nUseTab: AlignWithSpaces\nTabWidth: 4\nIndentWidth: 4\n' \
  > "$many/unstyled/.clang-format"
cp "$many/distinct.c" "$many/unstyled/distinct.c"
for f in generated distinct taco unstyled/distinct; do
  TSAN_OPTIONS=halt_on_error=1:exitcode=66 nice -n 19 \
    "$tool_tsan/tool/lnr-rewrite" "$many/$f.c" -- -I"$root/samples/taco" \
    > /dev/null 2> "$many/$f.err" || { cat "$many/$f.err"; status=1; }
done
exit $status
