#!/usr/bin/env python3
"""Writes a hand-written sample the way ANSI C (C89/C90) code is written.

Usage: c89ify.py IN.c OUT.c

The samples declare their loop variables, coordinates, values and row
pointers where they are first set (`for (int i = 0; ...)`, `int j =
colidx[p];`, `const double *Ci = C + i * K;`), which C89 does not allow.
This moves each such declaration to the top of its function (`int i, p,
j;`, `const double *Ci;`), keeps the assignments where they were, writes `restrict`
as `__restrict` (C89 has no `restrict`; gcc and clang take the spelling in
every mode) and `//` comments as block comments. It reads the samples'
own shapes only (one declared variable per statement), which is what the
execution tests need: the same kernels, in the standard legacy code uses.
"""
import re
import sys

TYPE = (r"(?:const\s+)?(?:int|long|int32_t|int64_t|size_t|unsigned|double"
        r"|float)(?:\s*\*)?")
DECL = re.compile(r"\b(" + TYPE + r")\s*([A-Za-z_]\w*)\s*=")


def c89ify(text):
    out, declared = [], {}
    function_start = None
    for line in text.split("\n"):
        if re.match(r"^\w[\w\s\*]*\([^;]*$", line) and not line.startswith(
                "#"):
            function_start = None
        stripped = line.strip()
        if stripped.startswith("for (") or re.match(
                r"^\s*" + TYPE + r"\s*\w+\s*=",
                line) and function_start is not None:
            # Every declaration of the line: a split loop's two headers
            # may share one ('for (i0 = 0; ...) for (int i1 = 0; ...)').
            m = DECL.search(line)
            while m:
                declared.setdefault(function_start, []).append(
                    (m.group(1), m.group(2)))
                line = line[:m.start()] + m.group(2) + " =" + line[m.end():]
                m = DECL.search(line, m.start() + len(m.group(2)))
        line = re.sub(r"\brestrict\b", "__restrict", line)
        line = re.sub(r"//(.*)$", r"/*\1 */", line)
        out.append(line)
        if line.rstrip().endswith("{") and function_start is None and (
                line.startswith("void") or line.startswith("int") or
                (out and re.match(r"^\s+.*\)\s*\{$", line))):
            function_start = len(out)
    # Insert the declarations after each function's opening line.
    for at in sorted(declared, reverse=True):
        names = {}
        for type_, name in declared[at]:
            names.setdefault(type_, [])
            if name not in names[type_]:
                names[type_].append(name)
        # 'const double *Ci, *Dj': the pointer is each declarator's.
        decls = ["  %s%s;" % (t.rstrip(" *") + " ", ", ".join(
            ("*" if t.endswith("*") else "") + x for x in n))
            for t, n in names.items()]
        out[at:at] = decls
    return "\n".join(out)


def main():
    src, dst = sys.argv[1], sys.argv[2]
    with open(src) as f:
        text = f.read()
    with open(dst, "w") as f:
        f.write(c89ify(text))


if __name__ == "__main__":
    main()
