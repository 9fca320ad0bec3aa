#!/usr/bin/env bash
# Differential fuzzing of lnr-rewrite (docs/testing.md): random kernels, rewritten,
# compiled with gcc -O2 -fopenmp and run against the originals with 1 and 2
# threads (test/fuzz/lnr_fuzz.py). Builds the tool first.
#
#   scripts/fuzz.sh                      # 10,000 cases, seed 1000
#   scripts/fuzz.sh --cases 500 --seed 7 # any lnr_fuzz.py options
#   scripts/fuzz.sh --tsan --cases 300   # kernels under ThreadSanitizer +
#                                        # Archer (clang-14, libomp)
#
# Runs niced, one case at a time (-j 1) unless told otherwise; failed cases
# are kept in the work directory it prints (default build/fuzz-<seed>).
# Reproduce one case with '--seed S --only N', reduce it with
# '--seed S --only N --reduce'.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${LNR_BUILD_DIR:-$root/build}

"$root/scripts/build.sh"
cases=10000 seed=1000 args=()
while [ $# -gt 0 ]; do
  case $1 in
    --cases) cases=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    *) args+=("$1"); shift ;;
  esac
done
exec nice -n 19 python3 "$root/test/fuzz/lnr_fuzz.py" \
  --tool "$build/tool/lnr-rewrite" --cases "$cases" --seed "$seed" \
  --work "$build/fuzz-$seed" "${args[@]}"
