#!/usr/bin/env python3
"""How many lines each rewrite adds, per sample, and what each optimization
adds to it: the benchmark report's table of a rewrite's size.

    added_lines.py --tool BUILD/tool/lnr-rewrite --root REPO
                   --out bench/results/added_lines.md [--json PATH]
                   [--require-named docs/code-generation.md]

Every sample (samples/*/*.c) is rewritten with --output=json: a nest's
lines are those of the text its rewrite replaces, the rewrite's those of
the replacement (a header the rewrite includes counts too), and the lines
added the difference. The target (docs/code-generation.md, "How long a
rewrite is"): at most 3 lines added per line of the nest, or the docs say
why not for that kernel. The same samples are rewritten again with each
optimization turned off (--no-prefetch, --no-unroll-jam,
--no-split-reductions, --no-runtime-choice, --no-openmp): the lines each
saves are what it adds.
"""
import argparse
import glob
import json
import os
import re
import subprocess
import sys
import time

TARGET = 3.0
# Where the docs say why a sample is over the target.
SECTION = "How long a rewrite is"

# What each optimization is turned off with, in the table's order.
OPTIMIZATIONS = [
    ("prefetch", "--no-prefetch"),
    ("unroll and jam", "--no-unroll-jam"),
    ("partial sums", "--no-split-reductions"),
    ("run-time choice", "--no-runtime-choice"),
    ("OpenMP", "--no-openmp"),
]


# The comment a rewrite writes above the original nest it keeps (the
# marker by which a second run recognizes it, rewrite/Explain.h).
KEPT_MARKER = "lnr-rewrite: the original nest"


def count_lines(text):
    """The lines text spans (a last line without its newline counts)."""
    if not text:
        return 0
    return text.count(b"\n") + (0 if text.endswith(b"\n") else 1)


def rewrite_size(tool, sample, option=None):
    """(the nests rewritten, their lines, the rewrite's lines, whether an
    original nest is kept) of sample's rewrite, with option turned on.
    Clang's offsets count bytes: the file is read as bytes."""
    args = [tool, "--output=json"] + ([option] if option else []) + [
        sample, "--"]
    run = subprocess.run(args, capture_output=True, text=True, timeout=120)
    if run.returncode not in (0, 1):
        sys.exit("added_lines.py: %s failed on %s:\n%s" %
                 (" ".join(args), sample, run.stderr))
    fixes = json.loads(run.stdout) if run.stdout.strip() else []
    for r in fixes:
        if not os.path.samefile(r["file"], sample):
            sys.exit("added_lines.py: %s rewrites %s, not the sample" %
                     (sample, r["file"]))
    with open(sample, "rb") as f:
        source = f.read()
    replaced = [r for r in fixes if r["length"] > 0]
    nest = sum(count_lines(source[r["offset"]:r["offset"] + r["length"]])
               for r in replaced)
    rewrite = sum(count_lines(r["replacement"].encode()) for r in fixes)
    kept = any(KEPT_MARKER in r["replacement"] for r in fixes)
    return len(replaced), nest, rewrite, kept


def measure(tool, root):
    """One row per sample the tool rewrites, and the samples it leaves."""
    rows, unchanged = [], []
    for sample in sorted(glob.glob(os.path.join(root, "samples", "*", "*.c"))):
        name = os.path.relpath(sample, root)
        nests, nest, rewrite, kept = rewrite_size(tool, sample)
        if not nests:
            unchanged.append(name)
            continue
        saved = {}
        for opt_name, option in OPTIMIZATIONS:
            # Only where the option changes no more than the rewrites' text:
            # a nest it leaves unchanged would count as lines saved.
            n, lines, after, _ = rewrite_size(tool, sample, option)
            saved[opt_name] = rewrite - after if (n, lines) == (nests, nest) \
                else None
        rows.append({"sample": name, "nest": nest, "rewrite": rewrite,
                     "added": rewrite - nest, "fallback": kept,
                     "saved": saved})
    return rows, unchanged


def section(doc):
    """The text of doc's section SECTION, up to the next of its level."""
    with open(doc) as f:
        text = f.read()
    start = text.find("\n## " + SECTION + "\n")
    if start < 0:
        sys.exit("added_lines.py: %s has no section '%s'" % (doc, SECTION))
    end = text.find("\n## ", start + 1)
    return text[start:end if end >= 0 else len(text)]


def misnamed(rows, doc):
    """Why doc's section does not match the table: the samples over the
    target it does not name (as `handwritten/x.c`, their path under
    samples/), and those it names that are within it."""
    named = set(re.findall(r"`((?:handwritten|separate|taco)/[\w.]+\.c)`",
                           section(doc)))
    over = {os.path.relpath(r["sample"], "samples")
            for r in rows if r["added"] > TARGET * r["nest"]}
    within = {os.path.relpath(r["sample"], "samples")
              for r in rows} - over
    return (["over the target, not named: `%s`" % s
             for s in sorted(over - named)] +
            ["named, within the target: `%s`" % s
             for s in sorted(named & within)])


def table(rows):
    head = ["sample", "nest", "rewrite", "added", "added / nest"] + [
        n for n, _ in OPTIMIZATIONS] + ["original kept"]
    out = ["| " + " | ".join(head) + " |",
           "|" + "---|" * len(head)]
    for r in rows:
        ratio = r["added"] / r["nest"]
        mark = "" if ratio <= TARGET else " **over**"
        cells = [r["sample"], str(r["nest"]), str(r["rewrite"]),
                 str(r["added"]), "%.1f%s" % (ratio, mark)]
        cells += ["-" if r["saved"][n] is None else str(r["saved"][n])
                  for n, _ in OPTIMIZATIONS]
        cells.append("yes" if r["fallback"] else "no")
        out.append("| " + " | ".join(cells) + " |")
    return "\n".join(out)


def revision(root):
    """The commit the samples and the tool were taken at, if known."""
    try:
        run = subprocess.run(["git", "-C", root, "rev-parse", "--short",
                              "HEAD"], capture_output=True, text=True)
    except OSError:  # no git: a source tarball
        return "unknown"
    return run.stdout.strip() if run.returncode == 0 else "unknown"


def report(rows, unchanged, tool, root):
    over = [r for r in rows if r["added"] > TARGET * r["nest"]]
    return "\n".join([
        "# How many lines each rewrite adds",
        "",
        "`bench/tools/added_lines.py --tool %s`: every sample rewritten with "
        "`--output=json`. *nest*: the lines of the text a rewrite replaces; "
        "*rewrite*: the lines of its replacement; *added*: the difference. "
        "Each optimization's column is the lines the rewrite loses when it "
        "is turned off (`--no-prefetch`, `--no-unroll-jam`, "
        "`--no-split-reductions`, `--no-runtime-choice`, `--no-openmp`); "
        "*original kept*: the rewrite keeps the original nest, run where a "
        "run-time check or an allocation fails. The target: at most %g lines "
        "added per line of the nest, or docs/code-generation.md (*How long a "
        "rewrite is*) says why not. Commit %s, %s." %
        (os.path.basename(tool), TARGET, revision(root),
         time.strftime("%Y-%m-%d", time.gmtime())),
        "",
        "Within the target: %d of %d samples rewritten. Left unchanged: "
        "%s. A '-': with the optimization off, another set of nests is "
        "rewritten." % (len(rows) - len(over), len(rows),
                        ", ".join(unchanged) or "none"),
        "",
        table(rows),
        ""])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tool", required=True)
    ap.add_argument("--root", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--json")
    ap.add_argument("--require-named", metavar="DOC",
                    help="fail when the samples over the target are not the ones named "
                    "in DOC's section '%s'" % SECTION)
    a = ap.parse_args()
    rows, unchanged = measure(a.tool, a.root)
    if not rows:
        sys.exit("added_lines.py: no sample was rewritten")
    with open(a.out, "w") as f:
        f.write(report(rows, unchanged, a.tool, a.root))
    if a.json:
        with open(a.json, "w") as f:
            json.dump(rows, f, indent=1)
    if a.require_named:
        wrong = misnamed(rows, a.require_named)
        if wrong:
            sys.exit("added_lines.py: %s ('%s') and the target of %g added "
                     "lines per line of the nest disagree: %s" %
                     (a.require_named, SECTION, TARGET, "; ".join(wrong)))


if __name__ == "__main__":
    main()
