#!/usr/bin/env python3
"""Turns lnr-bench's Google Benchmark JSON (and tool_speed.py's CSV) into
bench/results/: results.csv, results.md and the charts (gnuplot).

    report.py --bench raw/bench.json [--tool raw/tool_speed.csv]
              [--machine raw/machine.txt] --out DIR

Times are the median of the repetitions of each benchmark (real time per
call). Speedups are ratios of medians measured in the same run, at the same
thread count. The project's benchmark target is checked per problem and
thread count: the rewrite must be at least as fast as the best hand-written
separate kernel (every association); within +-5% counts as a tie (this
machine's noise), more than 5% slower is a miss.
"""
import argparse
import csv
import json
import math
import os
import shutil
import statistics
import subprocess
import sys
from collections import OrderedDict, defaultdict

TIE = 0.05  # relative margin treated as noise

KERNEL_TITLES = OrderedDict([
    ("sddmm_spmm", "<SDDMM, SpMM>"),
    ("sddmm_spmm_taco", "<SDDMM, SpMM> (TACO sample)"),
    ("sddmm_spmm_pos_taco", "<SDDMM, SpMM> (TACO sample, position split)"),
    ("spmm_gemm", "<SpMM, GEMM>"),
    ("spmmh_gemm", "<SpMMH, GEMM>"),
    ("sddmm_spmm_gemm", "<SDDMM, SpMM, GEMM>"),
    ("mttkrp_gemm", "<MTTKRP, GEMM>"),
    ("spttm_spttm", "<SpTTM, SpTTM>"),
    ("spttm_spttm_taco", "<SpTTM, SpTTM> (TACO sample, sparse output)"),
])

# Reference speedups of the fused kernel over the original that the project
# aims for (one thread; the first two on the skewed 50,000-row matrix, ~1M
# nonzeros; the others on every input of the kernel).
ANCHORS = OrderedDict([
    ("sddmm_spmm_taco", (8.1, "skewed50000-20", "64x64")),
    ("spmm_gemm", (6.9, "skewed50000-20", "128x64")),
    ("spmmh_gemm", (6.4, None, None)),
    ("sddmm_spmm_gemm", (465.0, None, None)),
    ("mttkrp_gemm", (25.0, None, None)),
    ("spttm_spttm", (2.0, None, None)),
])


def seconds(b):
    scale = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}[b["time_unit"]]
    return b["real_time"] * scale


def load(path):
    with open(path) as f:
        data = json.load(f)
    runs = defaultdict(list)
    info = {}
    for b in data["benchmarks"]:
        if b.get("run_type") != "iteration" or b.get("error_occurred"):
            continue
        name = b["run_name"]
        if name.endswith("/real_time"):
            name = name[: -len("/real_time")]
        runs[name].append(seconds(b))
        info[name] = b
    return data["context"], runs, info


def parse_label(label):
    out = {}
    for part in (label or "").split(";"):
        if "=" in part:
            k, v = part.split("=", 1)
            out[k] = v
    return out


def fmt_t(s):
    if s is None:
        return "-"
    if s >= 1:
        return "%.2f s" % s
    if s >= 1e-3:
        return "%.2f ms" % (s * 1e3)
    return "%.1f us" % (s * 1e6)


def fmt_x(x):
    if x is None:
        return "-"
    if x >= 100:
        return "%.0fx" % x
    if x >= 10:
        return "%.1fx" % x
    return "%.2fx" % x


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bench", required=True)
    ap.add_argument("--tool")
    ap.add_argument("--machine")
    ap.add_argument("--placement", action="append", default=[],
                    help="TITLE=FILE: a table of code_placement.sh")
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)

    context, runs, info = load(a.bench)
    triad = {}
    spin = {}
    rows = []
    for name, times in runs.items():
        b = info[name]
        parts = name.split("/")
        threads = int(parts[-1].split(":")[1])
        med = statistics.median(times)
        cv = (statistics.pstdev(times) / statistics.mean(times)
              if len(times) > 1 else 0.0)
        if parts[0] == "triad":
            triad[threads] = b["byte"] / med / 1e9
            continue
        if parts[0] == "spin":
            spin[threads] = med
            continue
        suite, kernel, inp, dims, variant = parts[:5]
        lab = parse_label(b.get("label"))
        rows.append(dict(
            suite=suite, kernel=kernel, input=inp, dims=dims,
            variant=variant, kind=lab.get("kind", "?"),
            rewrite=lab.get("rewrite", ""), threads=threads,
            seconds=med, min_seconds=min(times), cv=cv, reps=len(times),
            flop=b["flop"], byte=b["byte"], rows=int(b["rows"]),
            cols=int(b["cols"]), nnz=int(b["nnz"]), nfib=int(b["nfib"]),
            maxerr=b["maxerr"], order=b.get("family_index", 0)))

    # Registration order (the random interleaving shuffles the JSON): suite,
    # kernel, input, dims as lnr-bench lists them, then threads.
    first = {}
    for r in rows:
        key = (r["suite"], r["kernel"], r["input"], r["dims"])
        first[key] = min(first.get(key, r["order"]), r["order"])
    rows.sort(key=lambda r: (first[(r["suite"], r["kernel"], r["input"],
                                    r["dims"])], r["threads"], r["order"]))
    groups = OrderedDict()
    for r in rows:
        key = (r["suite"], r["kernel"], r["input"], r["dims"], r["threads"])
        groups.setdefault(key, []).append(r)

    summary = []
    for key, rs in groups.items():
        by = {r["variant"]: r for r in rs}
        orig = by.get("original")
        rew = by.get("rewritten")
        seps = [r for r in rs if r["kind"] == "separate"]
        eigs = [r for r in rs if r["kind"] == "eigen"]
        best_sep = min(seps, key=lambda r: r["seconds"]) if seps else None
        best_eig = min(eigs, key=lambda r: r["seconds"]) if eigs else None
        for r in rs:
            r["speedup_vs_original"] = (orig["seconds"] / r["seconds"]
                                        if orig else None)
            r["speedup_vs_best_separate"] = (best_sep["seconds"] / r["seconds"]
                                             if best_sep else None)
            r["gflops"] = r["flop"] / r["seconds"] / 1e9
            r["gbps"] = r["byte"] / r["seconds"] / 1e9
            t = triad.get(r["threads"])
            r["pct_triad"] = 100 * r["gbps"] / t if t else None
        s = dict(zip(("suite", "kernel", "input", "dims", "threads"), key))
        s.update(orig=orig, rew=rew, sep=best_sep, eig=best_eig)
        if rew and best_sep:
            ratio = best_sep["seconds"] / rew["seconds"]
            s["vs_sep"] = ratio
            s["verdict"] = ("faster" if ratio > 1 + TIE else
                            "tie" if ratio >= 1 - TIE else "MISS")
        else:
            s["vs_sep"], s["verdict"] = None, "-"
        s["vs_orig"] = orig["seconds"] / rew["seconds"] if orig and rew else None
        s["vs_eig"] = best_eig["seconds"] / rew["seconds"] if best_eig and rew else None
        summary.append(s)

    # ---- CSV ----
    fields = ["suite", "kernel", "input", "dims", "variant", "kind",
              "rewrite", "threads", "seconds", "min_seconds", "cv", "reps",
              "speedup_vs_original", "speedup_vs_best_separate", "flop",
              "gflops", "byte", "gbps", "pct_triad", "rows", "cols", "nnz",
              "nfib", "maxerr"]
    with open(os.path.join(a.out, "results.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=fields, extrasaction="ignore")
        w.writeheader()
        for r in rows:
            w.writerow({k: ("%.6g" % v if isinstance(v, float) else
                            "" if v is None else v) for k, v in r.items()})

    # ---- chart data ----
    def chart(suite, fname_dat, fname_png, title):
        main = [s for s in summary if s["suite"] == suite]
        probs = OrderedDict()
        for s in main:
            probs.setdefault((s["kernel"], s["input"], s["dims"]), {})[
                s["threads"]] = s
        if not probs:
            return False
        with open(os.path.join(a.out, fname_dat), "w") as f:
            f.write("# label  rew/orig sep/orig eig/orig (1 thread) "
                    "rew/orig sep/orig eig/orig (all cores) "
                    "sep/rew eig/rew (1) sep/rew eig/rew (all)\n")
            for (k, i, d), ts in probs.items():
                vals = []
                for t in sorted(ts)[:2] + [None] * (2 - len(ts)):
                    s = ts.get(t) if t else None
                    o = s and s["orig"]
                    for v in ("rew", "sep", "eig"):
                        x = s and s[v]
                        vals.append(o["seconds"] / x["seconds"] if o and x else None)
                for t in sorted(ts)[:2] + [None] * (2 - len(ts)):
                    s = ts.get(t) if t else None
                    r = s and s["rew"]
                    for v in ("sep", "eig"):
                        x = s and s[v]
                        vals.append(x["seconds"] / r["seconds"] if r and x else None)
                label = "%s %s %s" % (k.replace("_", "-"), i.replace("_", "-"), d)
                f.write('"%s" %s\n' % (label, " ".join(
                    "%.6g" % v if v else "NaN" for v in vals)))
        return True

    has_main = chart("main", "main.dat", "speedup.png", "")
    has_sweep = chart("sweep", "sweep.dat", "sweep.png", "")
    gp = shutil.which("gnuplot")
    pngs = []
    if gp:
        script = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                              "charts.gp")
        tool_dat = os.path.join(a.out, "tool_speed.dat")
        if a.tool and os.path.exists(a.tool):
            with open(a.tool) as f, open(tool_dat, "w") as g:
                for r in csv.DictReader(f):
                    if r["what"] == "nests":
                        g.write("%s %s %s\n" % (r["nests"], r["lnr_seconds"],
                                                r["clang_seconds"]))
        subprocess.run([gp, "-e", "outdir='%s'" % a.out, script], check=True)
        pngs = [p for p in ("speedup.png", "vs_separate.png", "sweep.png",
                            "tool_speed.png")
                if os.path.exists(os.path.join(a.out, p))]
    else:
        print("report.py: gnuplot not found: no charts", file=sys.stderr)

    # ---- Markdown ----
    md = []
    md.append("# lnr-rewrite benchmark results\n")
    machine = ""
    if a.machine and os.path.exists(a.machine):
        machine = open(a.machine).read().strip()
    md.append("Machine and run:\n\n```\n%s\nGoogle Benchmark context: %d CPUs "
              "at %s MHz, load average at start %s\n```\n" % (
                  machine, context.get("num_cpus", 0),
                  context.get("mhz_per_cpu", "?"),
                  ", ".join("%.2f" % x for x in context.get("load_avg", []))))
    md.append("STREAM-like triad (a = b + s*c, 3 x 256 MiB): " + ", ".join(
        "%.1f GB/s at %d thread%s" % (v, t, "s" if t > 1 else "")
        for t, v in sorted(triad.items())) + ".\n")
    if len(spin) > 1:
        t1 = spin[min(spin)]
        md.append("Parallel speedup the machine gave during this run, on a "
                  "compute-bound loop with no memory traffic: " + ", ".join(
                      "%.2fx at %d threads" % (t1 / v, t)
                      for t, v in sorted(spin.items()) if t > 1) +
                  " (ideal: the thread count; less means other users' "
                  "processes shared the cores, and every multi-threaded "
                  "number below is limited by it).\n")
    md.append(
        "Times are medians of the repetitions (real time per call); every "
        "ratio compares medians from this one run at the same thread "
        "count. *orig* is the sample as written (no OpenMP pragma: at 2 "
        "threads it runs on 64-row blocks handed out dynamically, as TACO "
        "would parallelize it); *rewritten* is lnr-rewrite's output built "
        "from it; *best separate* is the fastest hand-written separate "
        "version (every association, intermediate materialized); *best "
        "Eigen* the fastest Eigen formulation. *vs sep* = best separate / "
        "rewritten (> 1: the rewrite wins; within 5% a tie, below 0.95 a "
        "MISS). GFLOP/s counts each variant's own operations; GB/s is the "
        "compulsory traffic (operands once, output read and written, "
        "intermediates written and read) per second, and %triad compares "
        "it with the triad above.\n")

    def table(suite):
        out = ["| kernel | input | dims | thr | orig | rewritten | best separate "
               "| best Eigen | rewr vs orig | vs sep | vs Eigen | rewr GFLOP/s "
               "| rewr GB/s (%triad) |",
               "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
        for s in summary:
            if s["suite"] != suite:
                continue
            r, o, sp, e = s["rew"], s["orig"], s["sep"], s["eig"]
            kt = KERNEL_TITLES.get(s["kernel"], s["kernel"])
            if r and r["rewrite"] == "unchanged":
                kt += " (tool left it unchanged)"
            out.append("| %s | %s | %s | %d | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
                kt, s["input"], s["dims"], s["threads"],
                fmt_t(o and o["seconds"]), fmt_t(r and r["seconds"]),
                "%s %s" % (fmt_t(sp["seconds"]), sp["variant"]) if sp else "-",
                "%s %s" % (fmt_t(e["seconds"]), e["variant"]) if e else "-",
                fmt_x(s["vs_orig"]),
                ("%.2f %s" % (s["vs_sep"], "" if s["verdict"] != "MISS" else "**MISS**")).strip()
                if s["vs_sep"] else "-",
                "%.2f" % s["vs_eig"] if s["vs_eig"] else "-",
                "%.2f" % r["gflops"] if r else "-",
                ("%.1f (%.0f%%)" % (r["gbps"], r["pct_triad"]) if r and r["pct_triad"] is not None else "-")))
        return out

    def why_table(suite):
        out = ["| kernel | input | dims | thr | rewritten | best separate | best Eigen "
               "| experiments: time (rewritten time / experiment time) |",
               "|---|---|---|---|---|---|---|---|"]
        for s in summary:
            if s["suite"] != suite:
                continue
            r, sp, e = s["rew"], s["sep"], s["eig"]
            exps = [x for x in groups[(s["suite"], s["kernel"], s["input"],
                                       s["dims"], s["threads"])]
                    if x["kind"] == "experiment"]
            out.append("| %s | %s | %s | %d | %s | %s | %s | %s |" % (
                KERNEL_TITLES.get(s["kernel"], s["kernel"]), s["input"],
                s["dims"], s["threads"], fmt_t(r and r["seconds"]),
                "%s %s (%.2f)" % (fmt_t(sp["seconds"]), sp["variant"],
                                  r["seconds"] / sp["seconds"]) if sp and r else "-",
                "%s %s (%.2f)" % (fmt_t(e["seconds"]), e["variant"],
                                  r["seconds"] / e["seconds"]) if e and r else "-",
                "; ".join("%s %s (%.2f)" % (x["variant"], fmt_t(x["seconds"]),
                                            r["seconds"] / x["seconds"])
                          for x in exps) if r else "-"))
        return out

    headings = {
        "main": "## The six kernels (paper's inner dimensions)\n",
        "sweep": "## K / L sweep (power-law R-MAT matrix, 2^15 rows)\n\n"
                 "The original is timed only while K*L <= 4096.\n",
        "smoke": "## Smoke run (tiny sizes: the times mean nothing)\n",
        "why": "## Why the rewrite loses: experiments\n\n"
               "Each x_ variant is the tool's output for the sample changed by "
               "hand in one way (bench/src/experiments.c says which); the "
               "number in parentheses is rewritten time / that time (> 1: the "
               "change helps).\n",
    }
    for suite in OrderedDict((s["suite"], 1) for s in summary):
        md.append(headings.get(suite, "## Suite %s\n" % suite))
        md.extend(why_table(suite) if suite == "why" else table(suite))
        md.append("")

    # summary.md, the short table of docs/benchmarks.md: the main suite, one
    # line per problem.
    compact = ["| kernel | input | dims | 1 thread: vs original | vs best "
               "separate | 2 threads: vs original | vs best separate |",
               "|---|---|---|---|---|---|---|"]
    problems = OrderedDict()
    for sm in summary:
        if sm["suite"] == "main":
            problems.setdefault((sm["kernel"], sm["input"], sm["dims"]),
                                {})[sm["threads"]] = sm
    for (kernel, inp, dims), by in problems.items():
        cells = []
        for t in sorted(by)[:2]:
            sm = by[t]
            cells.append(fmt_x(sm["vs_orig"]))
            cells.append("%.2f%s" % (sm["vs_sep"], " **miss**"
                                     if sm["verdict"] == "MISS" else "")
                         if sm["vs_sep"] else "-")
        compact.append("| %s | %s | %s | %s |" % (
            KERNEL_TITLES.get(kernel, kernel), inp, dims, " | ".join(cells)))
    with open(os.path.join(a.out, "summary.md"), "w") as f:
        f.write("\n".join(compact) + "\n")

    # Targets.
    md.append("## Targets\n")
    misses = [s for s in summary if s["verdict"] == "MISS"]
    ties = [s for s in summary if s["verdict"] == "tie"]
    wins = [s for s in summary if s["verdict"] == "faster"]
    md.append("Two targets: the rewrite at least as fast as the best separate "
              "kernel (within 5%: a tie), and a speedup over the original "
              "at least the reference one (measured at one thread; "
              "*(below)* marks a miss by more than 5%).\n")
    md.append("Rewritten vs the best separate kernel, per problem and thread "
              "count: %d faster, %d ties (within 5%%), %d misses.\n" % (
                  len(wins), len(ties), len(misses)))
    md.append("| kernel | reference speedup over original, 1 thread "
              "| measured | input |")
    md.append("|---|---|---|---|")
    for k, (x, inp, dims) in ANCHORS.items():
        cands = [s for s in summary if s["suite"] == "main" and s["kernel"] == k
                 and s["threads"] == 1 and s["vs_orig"]
                 and (inp is None or (s["input"] == inp and s["dims"] == dims))]
        for s in cands:
            md.append("| %s | %s | %s %s | %s %s |" % (
                KERNEL_TITLES[k], fmt_x(x), fmt_x(s["vs_orig"]),
                "" if s["vs_orig"] >= (1 - TIE) * x else "(below)",
                s["input"], s["dims"]))
        if not cands:
            md.append("| %s | %s | - | not measured |" % (KERNEL_TITLES[k], fmt_x(x)))
    md.append("")

    if a.tool and os.path.exists(a.tool):
        md.append("## The tool's own speed\n")
        md.append("Wall time, best of the repetitions, of `lnr-rewrite FILE --` "
                  "(output to /dev/null) against `clang-14 -fsyntax-only` with "
                  "the same language flags on the same file; the processor "
                  "time (user and system, every thread) of the same run "
                  "beside it.\n")
        md.append("| file | nests | lnr-rewrite | (cpu) | clang -fsyntax-only "
                  "| (cpu) | ratio |")
        md.append("|---|---|---|---|---|---|---|")
        target = None
        with open(a.tool) as f:
            for r in csv.DictReader(f):
                cpu = lambda k: fmt_t(float(r[k])) if r.get(k) else "-"
                ratio = float(r["lnr_seconds"]) / float(r["clang_seconds"])
                md.append("| %s | %s | %s | %s | %s | %s | %.2f |" % (
                    r["file"], r["nests"], fmt_t(float(r["lnr_seconds"])),
                    cpu("lnr_cpu_seconds"), fmt_t(float(r["clang_seconds"])),
                    cpu("clang_cpu_seconds"), ratio))
                if r.get("what") == "nests" and r["nests"] == "500":
                    target = ratio
        md.append("")
        if target is not None:
            md.append("Target: the file of 500 nests within 2x `clang "
                      "-fsyntax-only`: %s (%.2fx).\n" % (
                          "met" if target <= 2 else "**missed**", target))

    if a.placement:
        md.append("## Code placement\n")
        md.append("The same machine code linked at eight addresses "
                  "(bench/tools/code_placement.sh: a padding function of 0 to "
                  "112 bytes before the kernels), one thread, best of 10 "
                  "calls. A kernel whose time changes with its address alone "
                  "can win or lose a run of the table above by placement.\n")
        for item in a.placement:
            title, path = item.rsplit("=", 1)
            md.append("### %s\n" % title)
            with open(path) as f:
                md.append(f.read())
    if pngs:
        md.append("## Charts\n")
        for p in pngs:
            md.append("![%s](%s)\n" % (p, p))
    with open(os.path.join(a.out, "results.md"), "w") as f:
        f.write("\n".join(md) + "\n")
    print("report.py: wrote %s/results.{csv,md}%s" % (
        a.out, " and " + ", ".join(pngs) if pngs else ""))


if __name__ == "__main__":
    main()
