"""The kinds of compiler warning a rewrite adds to its original's build.

A rewrite repeats its original as the fallback, warnings and all, so the
counts of warnings differ; the kinds ('[-Wsign-compare]') must not: one the
rewrite adds fails a user's -Werror build. Shared by lnr_fuzz.py and
pair_fuzz.py (and so chain_fuzz.py).
"""

import re
import subprocess

# A warning's option, as gcc and clang name it: '[-Wsign-compare]'.
WARNING_RE = re.compile(r"warning: .*\[(-W[\w=+-]+)\]")


def kinds(cc, args, cwd, timeout):
    """The kinds of warning cc gives with -fsyntax-only -Wall -Wextra."""
    try:
        p = subprocess.run([cc, "-fsyntax-only", "-Wall", "-Wextra"] + args,
                           cwd=cwd, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=timeout)
    except subprocess.TimeoutExpired:
        return set()
    return set(WARNING_RE.findall(p.stderr.decode(errors="replace")))


def added(cc, args, cwd, original, rewritten, timeout):
    """The kinds of warning of rewritten's build and not original's."""
    return (kinds(cc, args + [rewritten], cwd, timeout) -
            kinds(cc, args + [original], cwd, timeout))
