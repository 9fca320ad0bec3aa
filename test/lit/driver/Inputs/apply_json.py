"""Applies lnr-rewrite --output=json to the files it names, as an editor
would: byte offsets into the unchanged file, so the last edit goes first."""
import json
import sys

edits = json.load(open(sys.argv[1]))
by_file = {}
for e in edits:
    assert set(e) == {"file", "offset", "length", "replacement", "name",
                      "message"}, e
    by_file.setdefault(e["file"], []).append(e)
for path, file_edits in by_file.items():
    text = open(path, "rb").read()
    for e in sorted(file_edits, key=lambda e: e["offset"], reverse=True):
        start, end = e["offset"], e["offset"] + e["length"]
        text = text[:start] + e["replacement"].encode("utf-8") + text[end:]
    open(path, "wb").write(text)
