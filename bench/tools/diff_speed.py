#!/usr/bin/env python3
"""--diff against the default mode on one many-nest file: wall time and peak
resident memory of each.

    diff_speed.py --tool build/tool/lnr-rewrite --root . [--nests 500]
                  [--reps 3] [--out raw/diff_speed.csv]
    diff_speed.py --root . --generate 200 FILE     (only write the file)
    diff_speed.py ... --nests 200 --max-rss-ratio 3 (a test: fails when
                  --diff's peak RSS is more than 3 times the default mode's)

The file is tool_speed.py's: the six kernel samples' functions, renamed, in
turn, one nest each, every one rewritten. Each mode runs --reps times (the
best wall time is kept, and the largest peak RSS, from getrusage of the
child); the script fails when the modes' outputs are not what they should
be (a diff that patch would not apply is checked by the lit tests). Targets:
--diff within 1.5 times the default mode's time, and under 400 MB.
"""
import argparse
import csv
import os
import subprocess
import sys
import tempfile
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tool_speed  # noqa: E402  (the many-nest generator)


def run(cmd):
    """Wall seconds and peak RSS (MB) of cmd, run in a child of its own."""
    probe = ("import resource, subprocess, sys, time\n"
             "t = time.perf_counter()\n"
             "r = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL,\n"
             "                   stderr=subprocess.DEVNULL)\n"
             "t = time.perf_counter() - t\n"
             "rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss\n"
             "print(r.returncode, t, rss)\n")
    out = subprocess.run([sys.executable, "-c", probe] + cmd,
                         capture_output=True, text=True, check=True).stdout
    status, seconds, rss_kb = out.split()
    if int(status) != 0:
        sys.exit("diff_speed.py: %s exited with %s" % (" ".join(cmd), status))
    return float(seconds), int(rss_kb) / 1024.0


def measure(cmd, reps):
    best, peak = float("inf"), 0.0
    for _ in range(reps):
        t, rss = run(cmd)
        best, peak = min(best, t), max(peak, rss)
    return best, peak


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tool")
    ap.add_argument("--root", required=True)
    ap.add_argument("--nests", type=int, default=500)
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--out")
    ap.add_argument("--generate", nargs=2, metavar=("NESTS", "FILE"))
    ap.add_argument("--max-rss-ratio", type=float)
    a = ap.parse_args()
    if a.generate:
        tool_speed.generate(a.root, int(a.generate[0]), a.generate[1])
        return
    if not a.tool:
        ap.error("--tool is needed unless --generate")
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "nests_%d.c" % a.nests)
        tool_speed.generate(a.root, a.nests, path)
        diff = subprocess.run([a.tool, "--diff", path, "--"],
                              capture_output=True, text=True)
        hunks = diff.stdout.count("\n@@ ")
        if diff.returncode != 0 or diff.stderr.count("[lnr-fuse]") != a.nests:
            sys.exit("diff_speed.py: --diff did not rewrite every nest")
        default_t, default_rss = measure([a.tool, path, "--"], a.reps)
        diff_t, diff_rss = measure([a.tool, "--diff", path, "--"], a.reps)
    ratio = diff_t / default_t
    print("%d nests, %d hunks" % (a.nests, hunks))
    print("default  %.3f s  %.0f MB" % (default_t, default_rss))
    print("--diff   %.3f s  %.0f MB" % (diff_t, diff_rss))
    print("--diff / default: time %.2fx (target <= 1.5x), peak RSS %.0f MB "
          "(target < 400 MB)" % (ratio, diff_rss))
    if a.max_rss_ratio:
        bound = a.max_rss_ratio * default_rss
        if diff_rss > bound:
            sys.exit("diff_speed.py: --diff peak RSS %.0f MB is over %.1f "
                     "times the default mode's (%.0f MB)" % (
                         diff_rss, a.max_rss_ratio, default_rss))
        print("--diff peak RSS within %.1f times the default mode's" %
              a.max_rss_ratio)
    if a.out:
        with open(a.out, "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(["nests", "mode", "seconds", "peak_rss_mb"])
            w.writerow([a.nests, "default", "%.6f" % default_t,
                        "%.1f" % default_rss])
            w.writerow([a.nests, "diff", "%.6f" % diff_t, "%.1f" % diff_rss])


if __name__ == "__main__":
    main()
