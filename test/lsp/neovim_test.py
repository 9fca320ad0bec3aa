#!/usr/bin/env python3
"""End-to-end: Neovim (0.7, headless) and its built-in LSP client against
`lnr-rewrite --lsp`, through neovim_test.lua.

    neovim_test.py --tool build/tool/lnr-rewrite --work <scratch dir>
"""
import argparse
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SAMPLE = os.path.join(HERE, "..", "..", "samples", "handwritten",
                      "sddmm_spmm_csr.c")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tool", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--nvim", default="nvim")
    args = ap.parse_args()
    tool = os.path.abspath(args.tool)
    work = os.path.abspath(args.work)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    kernel = os.path.join(work, "kernel.c")
    shutil.copy(SAMPLE, kernel)
    # What the buffer must become: the command line's rewrite of the text
    # the Lua script leaves unsaved in it.
    with open(SAMPLE) as f:
        unsaved = "// unsaved\n// lines\n" + f.read()
    with open(os.path.join(work, "unsaved.c"), "w") as f:
        f.write(unsaved)
    out = subprocess.run([tool, os.path.join(work, "unsaved.c"), "--"],
                         capture_output=True, check=True)
    expected = os.path.join(work, "expected.c")
    with open(expected, "wb") as f:
        f.write(out.stdout)

    env = dict(os.environ, LNR_TOOL=tool, LNR_KERNEL=kernel,
               LNR_EXPECTED=expected, HOME=work, XDG_CONFIG_HOME=work,
               XDG_DATA_HOME=work, XDG_STATE_HOME=work, XDG_CACHE_HOME=work)
    script = os.path.join(HERE, "neovim_test.lua")
    try:
        run = subprocess.run(
            [args.nvim, "--headless", "--clean", "-c", "luafile " + script],
            env=env, stdin=subprocess.DEVNULL, capture_output=True,
            timeout=180)
    except subprocess.TimeoutExpired as e:
        sys.stdout.write((e.stdout or b"").decode() + "\nnvim timed out\n")
        return 1
    sys.stdout.write(run.stdout.decode(errors="replace"))
    sys.stdout.write(run.stderr.decode(errors="replace"))
    with open(kernel) as f, open(SAMPLE) as s:
        if f.read() != s.read():
            print("FAIL: the file on disk changed")
            return 1
    print("nvim exit status %d" % run.returncode)
    return run.returncode


if __name__ == "__main__":
    sys.exit(main())
