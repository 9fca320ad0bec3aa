"""The kernels of a batch's cases in one file, rewritten on a pool of
threads and on one thread: the same bytes.

One file at a time, lnr-rewrite lowers and prints a file's nests on every
core while it recovers the next ones (rewrite/NestPipeline.cpp); with -j 2
and two files, each file's nests are rewritten on one thread. A case's own
file holds one nest, where no two nests of a file can meet: a shared cache
answering differently, a name one nest's recovery invents that another
nest must avoid, outcomes out of order. Here every kernel of a batch goes
in one file, renamed apart (its function `kern` and its static functions,
the generator's `fz_` types and variables, its macros undefined after it),
and the two runs must write the same file.
"""
import os
import re
import shutil
import subprocess

DEFINE = re.compile(r"^\s*#\s*define\s+(\w+)", re.M)
# A function of the case's own ('static long taco_binarySearchBefore('),
# which a header another case includes may declare otherwise.
STATIC_FUNCTION = re.compile(r"^static\s+[^;(=]*?\b(\w+)\s*\(", re.M)
# What class 'headers' declares after a kernel (a C library name the file
# takes: 'static int malloc;'), which the next kernel's headers would
# declare otherwise: left out of the group.
LATE = re.compile(r"^static int fz_after_kernel;\n.*\Z", re.M | re.S)
# What it declares of those names at the top of a file ('typedef int
# size_t;'), between markers: left out too.
CONFLICT = re.compile(r"^/\* fz conflict \*/\n.*?^/\* fz conflict end \*/\n",
                      re.M | re.S)
# A feature-test macro ('#define _XOPEN_SOURCE 700' before <math.h>, for
# 'M_PI' under -std=c89): it counts only before the first header of the
# file, which an earlier kernel's headers would be. Taken to the top of
# the group, once. The generator writes it on one line and under no
# condition (lnr_fuzz.py, configurations); a line continued with '\\'
# is not taken.
FEATURE = re.compile(r"^\s*#\s*define\s+(_XOPEN_SOURCE|_GNU_SOURCE|"
                     r"_POSIX_C_SOURCE|_DEFAULT_SOURCE|_BSD_SOURCE)\b"
                     r"(?:.*[^\\\n])?\n", re.M)


def grouped_source(sources):
    """The kernels' texts in one file, each renamed apart from the others,
    after the feature-test macros of them all."""
    features = {}
    for src in sources:
        for m in FEATURE.finditer(src):
            features.setdefault(m.group(1), m.group(0))
    parts = list(features.values())
    for i, src in enumerate(sources):
        text = re.sub(r"\bkern\b", "kern_%d" % i,
                      FEATURE.sub("", CONFLICT.sub("", LATE.sub("", src))))
        text = re.sub(r"\bfz_(\w+)", r"fz%d_\1" % i, text)
        for name in sorted(set(STATIC_FUNCTION.findall(text))):
            text = re.sub(r"\b%s\b" % name, "%s_%d" % (name, i), text)
        macros = sorted(set(DEFINE.findall(text)))
        parts.append("/* case %d */\n%s\n%s\n" % (
            i, text, "".join("#undef %s\n" % m for m in macros)))
    return "".join(parts)


class Grouped:
    """What a grouped run found: Failed with Detail, or the number of nests
    both runs rewrote (Rewritten)."""

    def __init__(self, failed=False, detail="", rewritten=0, parsed=True):
        self.failed = failed
        self.detail = detail
        self.rewritten = rewritten
        self.parsed = parsed


def check_grouped(tool, flags, sources, includes, workdir, timeout):
    """Rewrites the grouped file of sources in place, threaded and on one
    thread, in workdir (with includes, the headers the kernels need)."""
    os.makedirs(workdir, exist_ok=True)
    for header in includes:
        shutil.copy(header, workdir)
    text = grouped_source(sources)
    paths = {}
    for name in ("grouped.c", "threaded.c", "single.c"):
        paths[name] = os.path.join(workdir, name)
        with open(paths[name], "w") as f:
            f.write(text)
    other = os.path.join(workdir, "other.c")
    with open(other, "w") as f:
        f.write("int other;\n")
    tail = ["--", "-I" + workdir]
    try:
        threaded = subprocess.run(
            [tool] + list(flags) + ["-i", paths["threaded.c"]] + tail,
            capture_output=True, timeout=timeout)
        single = subprocess.run(
            [tool] + list(flags) + ["-j", "2", "-i", paths["single.c"], other]
            + tail, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired as e:
        return Grouped(True, "timed out: %s" % " ".join(e.cmd))
    if threaded.returncode != single.returncode:
        return Grouped(True, "exit status %d threaded, %d on one thread" % (
            threaded.returncode, single.returncode))
    if threaded.returncode != 0:
        # The grouping's own problem (a name it did not rename): nothing
        # was written by either run.
        return Grouped(parsed=False, detail=threaded.stderr.decode(
            "utf-8", "replace")[-2000:])
    with open(paths["threaded.c"], "rb") as f:
        a = f.read()
    with open(paths["single.c"], "rb") as f:
        b = f.read()
    if a != b:
        return Grouped(True, "the threaded and one-thread rewrites of %s "
                       "differ (threaded.c, single.c)" % paths["grouped.c"])
    return Grouped(rewritten=threaded.stderr.decode(
        "utf-8", "replace").count("remark: fused"))
