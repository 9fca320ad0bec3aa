#!/usr/bin/env bash
# The benchmark (docs/benchmarks.md): set-up, build, then
#   1. lnr-bench: the paper's six kernels (and the TACO sample) on generated
#      and real inputs, and the K/L sweep; original, rewritten, separate and
#      Eigen variants at 1 thread and all cores, checked equal before timing;
#      a STREAM-like triad for the bandwidth roof;
#   2. the tool's own speed against clang -fsyntax-only;
#   3. bench/results/: results.csv, results.md, *.png, *.dat (the charts'
#      data), added_lines.md (the lines each sample's rewrite adds),
#      raw/machine.txt and raw/tool_speed.csv; Google Benchmark's
#      JSON (every repetition) stays in the build tree, bench/bench.json.
# About 25 minutes on the 2-core development machine (9 of them the
# busy-core variant).
#
# Environment: LNR_BUILD_DIR (build), LNR_BENCH_OUT (bench/results),
# LNR_BENCH_SUITES (main,sweep,why), LNR_BENCH_REPS (3), LNR_BENCH_MIN_TIME
# (0.3 s per repetition), LNR_BENCH_TOOL (1: time the tool; 0: skip),
# LNR_BENCH_ONLY (regex on suite/kernel/input), LNR_BENCH_PLACEMENT (1: the
# code placement experiment, bench/tools/code_placement.sh; 0: skip),
# LNR_BENCH_WAIT (seconds to
# wait for the 1-minute load average to drop below 0.5 before starting; 0),
# LNR_BENCH_BUSY (1: the main suite again at 1 and 2 threads with one core
# kept busy by another process, bench/tools/busy_core.py, written to
# busy_core.md; 0: skip).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${LNR_BUILD_DIR:-$root/build}
out=${LNR_BENCH_OUT:-$root/bench/results}
suites=${LNR_BENCH_SUITES:-main,sweep,why}
reps=${LNR_BENCH_REPS:-3}
min_time=${LNR_BENCH_MIN_TIME:-0.3}
only=${LNR_BENCH_ONLY:-}
wait_s=${LNR_BENCH_WAIT:-0}

"$root/scripts/build.sh"
mkdir -p "$out/raw"

load1() { cut -d' ' -f1 /proc/loadavg; }
waited=0
while [ "$waited" -lt "$wait_s" ] &&
      awk -v l="$(load1)" 'BEGIN { exit !(l >= 0.5) }'; do
  sleep 10
  waited=$((waited + 10))
done

machine=$out/raw/machine.txt
{
  echo "cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'), $(nproc) cores"
  echo "memory: $(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo)"
  echo "os: $(. /etc/os-release && echo "$PRETTY_NAME"), kernel $(uname -r)"
  echo "compiler: $(gcc --version | head -1); kernels built with -O3 -ffast-math -fopenmp (no -march)"
  echo "eigen: $(dpkg-query -W -f='${Version}' libeigen3-dev 2>/dev/null || echo '?'), google benchmark: $(dpkg-query -W -f='${Version}' libbenchmark-dev 2>/dev/null || echo '?')"
  echo "command: scripts/bench.sh (suites $suites, $reps repetitions of >= $min_time s, randomly interleaved)"
  echo "started: $(date -u '+%Y-%m-%d %H:%M UTC'), load average $(cut -d' ' -f1-3 /proc/loadavg)"
} > "$machine"
if awk -v l="$(load1)" 'BEGIN { exit !(l >= 0.5) }'; then
  echo "bench.sh: the machine is busy (load average $(load1)): times will be noisy" >&2
fi

args=(--suite="$suites"
      --benchmark_repetitions="$reps"
      --benchmark_enable_random_interleaving=true
      --benchmark_min_time="$min_time"
      --benchmark_display_aggregates_only=true
      --benchmark_out="$build/bench/bench.json"
      --benchmark_out_format=json)
[ -n "$only" ] && args+=(--only="$only")
"$build/bench/lnr-bench" "${args[@]}"
echo "benchmark finished: $(date -u '+%H:%M UTC'), load average $(cut -d' ' -f1-3 /proc/loadavg)" >> "$machine"

tool_args=()
if [ "${LNR_BENCH_TOOL:-1}" = 1 ]; then
  python3 "$root/bench/tools/tool_speed.py" --tool "$build/tool/lnr-rewrite" \
    --root "$root" --out "$out/raw/tool_speed.csv"
  echo "tool timing finished: $(date -u '+%H:%M UTC'), load average $(cut -d' ' -f1-3 /proc/loadavg)" >> "$machine"
  tool_args=(--tool "$out/raw/tool_speed.csv")
fi

placement_args=()
if [ "${LNR_BENCH_PLACEMENT:-1}" = 1 ]; then
  # Three problems of the main suite: two whose rewrite moves with its
  # address, one whose gap to the separate kernels does not.
  while IFS='|' read -r kernel input K L title; do
    LNR_BUILD_DIR=$build "$root/bench/tools/code_placement.sh" \
      "$kernel" "$input" "$K" "$L" "$out/raw/code_placement_$kernel.md"
    placement_args+=(--placement "$title=$out/raw/code_placement_$kernel.md")
  done <<'PROBLEMS'
spmm_gemm|mtx:bcsstk16|128|128|<SpMM, GEMM> on bcsstk16, K = L = 128
sddmm_spmm|fem:32:32:24|64|64|<SDDMM, SpMM> on fem27-32x32x24, K = L = 64
spttm_spttm|tns:NELL-995|32|64|<SpTTM, SpTTM> on NELL-995, L = 32, M = 64
PROBLEMS
  echo "placement finished: $(date -u '+%H:%M UTC'), load average $(cut -d' ' -f1-3 /proc/loadavg)" >> "$machine"
fi

if [ "${LNR_BENCH_BUSY:-1}" = 1 ]; then
  busy_args=(--bench "$build/bench/lnr-bench" --reps "$reps"
             --min-time "$min_time" --json "$build/bench/busy_core.json"
             --out "$out/busy_core.md")
  [ -n "$only" ] && busy_args+=(--only "$only")
  python3 "$root/bench/tools/busy_core.py" "${busy_args[@]}" > /dev/null
  echo "busy-core variant finished: $(date -u '+%H:%M UTC'), load average $(cut -d' ' -f1-3 /proc/loadavg)" >> "$machine"
fi

# The lines each sample's rewrite adds, and what each optimization adds.
python3 "$root/bench/tools/added_lines.py" --tool "$build/tool/lnr-rewrite" \
  --root "$root" --out "$out/added_lines.md"

python3 "$root/bench/tools/report.py" --bench "$build/bench/bench.json" \
  "${tool_args[@]}" "${placement_args[@]}" --machine "$machine" --out "$out"
echo "bench.sh: see $out/results.md"
