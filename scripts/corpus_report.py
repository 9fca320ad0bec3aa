#!/usr/bin/env python3
"""Run lnr-rewrite over folders of C kernels and report, per file, what it did.

For every .c file under the given folders (recursively, sorted):

1. run the tool on it (`-I` of the file's folder, and `-I samples/taco` when
   the file includes "taco_tensor_t.h"; tool options after `--`) and record
   whether the file changed and every nest's remark (name and message);
2. compile the original and the rewrite with `gcc -O2 -fopenmp` (`-I` of
   the file's folder; `-c` when the file has no main): a rewrite that does
   not compile is a failure;
3. when the file has `main(int argc, char **argv)` and writes to `argv[1]`
   (raw doubles), run the original and the rewrite with OMP_NUM_THREADS=1
   and 2 and compare each run of the rewrite with the original's run at
   the same thread count, element by element: equal when both are NaN, or
   the same infinity, or finite with |x - y| <= tol * max(1, |x|). tol is
   1e-9, or 1e-5 when the kernel may compute in float before its outputs
   are written as doubles: the file says `float` outside comments, or a
   header it includes with quotes defines a float type (`typedef float T`,
   `#define T float`); `--tolerance` overrides it. A rewrite that crashes
   or times out where the original ran differs; an original that fails to
   run leaves the file "not run".

Prints a Markdown table and a summary line. Exit status: 0, or 1 when a
rewrite differs, does not compile, or the tool failed on a file (status
other than 0); 2 for bad usage (no .c file found, a missing folder).

Usage: corpus_report.py [--tool PATH] [--timeout S] [--tolerance auto|double|float|X]
                        [--keep DIR] DIR|FILE... [-- TOOL-OPTIONS...]
"""
import argparse
import math
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TACO_INCLUDE = os.path.join(ROOT, "samples", "taco")
TOL = {"double": 1e-9, "float": 1e-5}
THREADS = (1, 2)

REMARK_RE = re.compile(
    r"^(?P<loc>.*?:\d+:\d+): (?P<kind>remark|warning|error): (?P<msg>.*?)"
    r"(?: \[(?P<name>lnr-[\w-]+)\])?$")
MAIN_RE = re.compile(r"\bint\s+main\s*\(\s*int\s+\w+\s*,\s*"
                     r"char\s*\*\s*(?:\*\s*(\w+)|(\w+)\s*\[\s*\])\s*\)")
COMMENT_RE = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)


def parse_args(argv):
    if "--" in argv:
        cut = argv.index("--")
        argv, tool_args = argv[:cut], argv[cut + 1:]
    else:
        tool_args = []
    p = argparse.ArgumentParser(
        description="Rewrite, compile, run and compare every .c file of the folders.")
    p.add_argument("paths", nargs="+", metavar="DIR", help="folders (or .c files)")
    p.add_argument("--tool", default=os.environ.get("LNR_TOOL"),
                   help="lnr-rewrite binary (default: $LNR_TOOL, else "
                        "${LNR_BUILD_DIR:-build}/tool/lnr-rewrite, else PATH)")
    p.add_argument("--timeout", type=float, default=60.0,
                   help="seconds per run of a program (default 60)")
    p.add_argument("--tolerance", default="auto",
                   help="auto (1e-5 if the file says float, else 1e-9), double, "
                        "float, or a number")
    p.add_argument("--keep", metavar="DIR",
                   help="keep the rewritten files, binaries and outputs here")
    args = p.parse_args(argv)
    args.tool_args = tool_args
    return args


def find_tool(given):
    if given:
        return given
    build = os.environ.get("LNR_BUILD_DIR", os.path.join(ROOT, "build"))
    for cand in (os.path.join(build, "tool", "lnr-rewrite"),
                 os.path.join(build, "bin", "lnr-rewrite")):
        if os.access(cand, os.X_OK):
            return cand
    found = shutil.which("lnr-rewrite")
    if not found:
        print("corpus: lnr-rewrite not found (build it, or pass --tool)", file=sys.stderr)
        sys.exit(2)
    return found


def c_files(paths):
    files = []
    for path in paths:
        if os.path.isfile(path) and path.endswith(".c"):
            files.append(path)
        elif os.path.isdir(path):
            for dirpath, dirnames, names in os.walk(path):
                dirnames.sort()
                files += [os.path.join(dirpath, n) for n in sorted(names) if n.endswith(".c")]
        else:
            print(f"corpus: {path}: not a folder or a .c file", file=sys.stderr)
            sys.exit(2)
    return files


def run(cmd, timeout=None, env=None):
    """(returncode, stdout, stderr); returncode None on a timeout."""
    try:
        r = subprocess.run(cmd, capture_output=True, timeout=timeout, env=env)
        return r.returncode, r.stdout, r.stderr.decode(errors="replace")
    except subprocess.TimeoutExpired:
        return None, b"", "timeout"


def parse_remarks(stderr, path):
    """One (name, message) per nest, in the order of the tool's remarks."""
    remarks = []
    for line in stderr.splitlines():
        m = REMARK_RE.match(line)
        if m and m.group("name"):
            msg = m.group("msg")
            for prefix in ("nest left unchanged: ", "nest would be rewritten: "):
                msg = msg.removeprefix(prefix)
            where, line_no, _ = m.group("loc").rsplit(":", 2)
            if os.path.basename(where) != os.path.basename(path):
                line_no = f"{os.path.basename(where)}:{line_no}"  # a header's nest
            remarks.append((line_no, m.group("name"), msg))
    return remarks


def compile_c(src, include_dir, out, link):
    cmd = ["gcc", "-O2", "-fopenmp", "-I", include_dir, src, "-o", out]
    cmd += ["-lm"] if link else ["-c"]
    code, _, err = run(cmd)
    return code == 0, err


def read_doubles(path):
    with open(path, "rb") as f:
        data = f.read()
    if len(data) % 8:
        return None
    return struct.unpack(f"<{len(data) // 8}d", data)


def same(x, y, tol):
    if math.isnan(x) or math.isnan(y):
        return math.isnan(x) and math.isnan(y)
    if math.isinf(x) or math.isinf(y):
        return x == y
    return abs(x - y) <= tol * max(1.0, abs(x))


def compare(ref_path, got_path, tol):
    """None when equal, else why not."""
    ref, got = read_doubles(ref_path), read_doubles(got_path)
    if ref is None or got is None:
        return "output is not a whole number of doubles"
    if len(ref) != len(got):
        return f"{len(got)} values, the original wrote {len(ref)}"
    bad = [q for q in range(len(ref)) if not same(ref[q], got[q], tol)]
    if bad:
        q = bad[0]
        return f"{len(bad)} of {len(ref)} values, first [{q}]: {got[q]!r} vs {ref[q]!r}"
    return None


def execute(binary, out_path, threads, timeout):
    env = dict(os.environ, OMP_NUM_THREADS=str(threads))
    if os.path.exists(out_path):
        os.remove(out_path)
    code, _, err = run([binary, out_path], timeout=timeout, env=env)
    if code is None:
        return f"timed out after {timeout:g} s"
    if code != 0:
        return f"exit status {code}"
    if not os.path.exists(out_path):
        return "wrote no output"
    return None


FLOAT_TYPE_RE = re.compile(r"typedef\s+float\b|#\s*define\s+\w+\s+float\b")
QUOTED_INCLUDE_RE = re.compile(r'#\s*include\s*"([^"]+)"')


def says_float(path, seen=None):
    """Whether the kernel may compute in float: the file says `float` outside
    comments, or a header it includes with quotes (from its folder, and
    theirs in turn) names a float type (`typedef float T`, `#define T float`)."""
    seen = seen if seen is not None else set()
    seen.add(os.path.abspath(path))
    with open(path, encoding="utf-8", errors="replace") as f:
        text = COMMENT_RE.sub(" ", f.read())
    pattern = re.compile(r"\bfloat\b") if len(seen) == 1 else FLOAT_TYPE_RE
    if pattern.search(text):
        return True
    for name in QUOTED_INCLUDE_RE.findall(text):
        header = os.path.join(os.path.dirname(path), name)
        if os.path.isfile(header) and os.path.abspath(header) not in seen:
            if says_float(header, seen):
                return True
    return False


def tolerance_for(path, setting):
    if setting in TOL:
        return TOL[setting], setting
    if setting != "auto":
        return float(setting), setting
    kind = "float" if says_float(path) else "double"
    return TOL[kind], kind


def check_file(path, tool, tool_args, work, args):
    """A dict describing what happened to one file; work: a folder of its own."""
    folder = os.path.dirname(os.path.abspath(path))
    with open(path, "rb") as f:
        original = f.read()
    text = original.decode("utf-8", errors="replace")
    res = {"file": path, "rewritten": False, "remarks": [], "status": "", "failure": False}

    compiler_args = ["-I", folder]
    if re.search(r'#\s*include\s*"taco_tensor_t\.h"', text):
        compiler_args += ["-I", TACO_INCLUDE]
    # Every nest's remark, not only those with a gain: the report lists them.
    code, out, err = run([tool, "--remarks=all", *tool_args, path, "--",
                          *compiler_args])
    res["remarks"] = parse_remarks(err, path)
    if code != 0:
        first = next((l for l in err.splitlines() if "error" in l), err.strip()[:200])
        res.update(status=f"tool failed (status {code}): {first}", failure=True)
        return res
    res["rewritten"] = out != original

    new_src = os.path.join(work, "rewritten.c")
    with open(new_src, "wb") as f:
        f.write(out)

    main = MAIN_RE.search(text)
    argv = main and (main.group(1) or main.group(2))
    runnable = bool(main) and bool(re.search(rf"\b{argv}\s*\[\s*1\s*\]", text))
    ok, cerr = compile_c(path, folder, os.path.join(work, "original"), runnable)
    if not ok:
        res["status"] = "not run (the original does not compile)"
        return res
    if res["rewritten"]:
        ok, cerr = compile_c(new_src, folder, os.path.join(work, "rewritten"), runnable)
        if not ok:
            first = next((l for l in cerr.splitlines() if "error" in l), "")
            res.update(status=f"does not compile: {first.split(': ', 1)[-1]}",
                       failure=True, no_compile=True)
            return res
    if not res["rewritten"]:
        res["status"] = "not run (unchanged)"
        return res
    if not runnable:
        res["status"] = "compiles; not run (no main writing argv[1])"
        return res

    tol, kind = tolerance_for(path, args.tolerance)
    for t in THREADS:
        ref = os.path.join(work, f"original.{t}.out")
        got = os.path.join(work, f"rewritten.{t}.out")
        why = execute(os.path.join(work, "original"), ref, t, args.timeout)
        if why:
            res["status"] = f"not run (the original at {t} thread(s): {why})"
            return res
        why = execute(os.path.join(work, "rewritten"), got, t, args.timeout)
        if not why:
            why = compare(ref, got, tol)
        if why:
            res.update(status=f"differs at {t} thread(s): {why}", failure=True, differs=True)
            return res
    res["status"] = f"equal (1 and 2 threads, tol {tol:g}, {kind})"
    res["equal"] = True
    return res


def cell(s, limit=None):
    s = s.replace("|", "\\|")
    if limit and len(s) > limit:
        s = s[:limit - 1].rstrip() + "…"
    return s


def main(argv):
    args = parse_args(argv)
    files = c_files(args.paths)
    if not files:
        print("corpus: no .c file in " + " ".join(args.paths), file=sys.stderr)
        return 2
    tool = find_tool(args.tool)
    work = args.keep or tempfile.mkdtemp(prefix="lnr-corpus-")
    results = []
    try:
        for n, path in enumerate(files):
            own = os.path.join(work, f"{n:03d}-{os.path.basename(path)[:-2]}")
            os.makedirs(own, exist_ok=True)
            results.append(check_file(path, tool, args.tool_args, own, args))
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)

    print("| file | result | nests: line, remark, message | check |")
    print("|---|---|---|---|")
    for r in results:
        remarks = "<br>".join(f"{line}: `{name}` {cell(msg, 160)}"
                              for line, name, msg in r["remarks"]) or "-"
        what = ("rewritten" if r["rewritten"] else
                "refused" if r["remarks"] else "no nest")
        print(f"| {cell(r['file'])} | {what} | {remarks} | {cell(r['status'], 120)} |")
    n = len(results)
    rew = sum(r["rewritten"] for r in results)
    eq = sum(bool(r.get("equal")) for r in results)
    dif = sum(bool(r.get("differs")) for r in results)
    nc = sum(bool(r.get("no_compile")) for r in results)
    tf = sum(r["status"].startswith("tool failed") for r in results)
    summary = (f"{n} files, {rew} rewritten, {eq} equal, {dif} differ, "
               f"{nc} do not compile")
    if tf:
        summary += f", {tf} tool failures"
    print()
    print(summary)
    return 1 if any(r["failure"] for r in results) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
