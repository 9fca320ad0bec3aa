"""Applies the fixes of a SARIF log to one file: prints the new text.

    apply_sarif.py LOG FILE [--result N]

Every result's fixes, an edit that several fixes make (the #include each
allocating rewrite needs) once; with --result N, the fixes of result N
alone (from 0), as an editor applies one."""
import json
import sys

log = json.load(open(sys.argv[1]))
data = open(sys.argv[2], "rb").read()
only = int(sys.argv[4]) if len(sys.argv) > 4 and sys.argv[3] == "--result" \
    else None
edits = set()
for n, result in enumerate(log["runs"][0]["results"]):
    if only is not None and n != only:
        continue
    for fix in result.get("fixes", []):
        for change in fix["artifactChanges"]:
            for r in change["replacements"]:
                region = r["deletedRegion"]
                edits.add((region["byteOffset"], region["byteLength"],
                           r["insertedContent"]["text"].encode()))
for offset, length, text in sorted(edits, reverse=True):
    data = data[:offset] + text + data[offset + length:]
sys.stdout.buffer.write(data)
