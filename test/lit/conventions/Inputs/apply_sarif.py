"""Applies the fixes of a SARIF log to one file: prints the new text."""
import json
import sys

log = json.load(open(sys.argv[1]))
data = open(sys.argv[2], "rb").read()
edits = []
for result in log["runs"][0]["results"]:
    for fix in result.get("fixes", []):
        for change in fix["artifactChanges"]:
            for r in change["replacements"]:
                region = r["deletedRegion"]
                edits.append((region["byteOffset"], region["byteLength"],
                              r["insertedContent"]["text"].encode()))
for offset, length, text in sorted(edits, reverse=True):
    data = data[:offset] + text + data[offset + length:]
sys.stdout.buffer.write(data)
