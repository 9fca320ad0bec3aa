"""Writes the functions of several C files into one (for tests of a file
with many nests): the first file's preamble (its includes), then each
file's text from its first function on, the functions renamed NAME_k.

    one_file.py OUT FILE...
"""
import re
import sys

out, files = sys.argv[1], sys.argv[2:]
parts = []
for k, path in enumerate(files):
    text = open(path).read()
    first = re.search(r"^(?:int|void)\s+\w+\s*\(", text, re.M)
    if k == 0:
        parts.append(text[:first.start()])
    body = text[first.start():]
    for name in re.findall(r"^(?:int|void)\s+(\w+)\s*\(", body, re.M):
        body = re.sub(r"\b%s\b" % name, "%s_%d" % (name, k), body)
    parts.append(body)
open(out, "w").write("\n".join(parts))
