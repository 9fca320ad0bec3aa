#!/usr/bin/env python3
"""Measures whether a large file's analysis blocks the server: opens a small
kernel, then a file of N copies of it (300 nests by default), and while the
large file is analysed sends a code action request on the small one every
50 ms. Prints the time to the large file's diagnostics and the slowest
reply; exit status 1 when a reply took more than --limit seconds.

    large_file_latency.py --tool build/tool/lnr-rewrite --work <dir> [--nests 300]
"""
import argparse
import os
import shutil
import sys
import time

from lsp_client import Client, position

HERE = os.path.dirname(os.path.abspath(__file__))
SAMPLE = os.path.join(HERE, "..", "..", "samples", "handwritten",
                      "sddmm_spmm_csr.c")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tool", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--nests", type=int, default=300)
    ap.add_argument("--limit", type=float, default=1.0)
    args = ap.parse_args()
    work = os.path.abspath(args.work)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    with open(SAMPLE) as f:
        small = f.read()
    large = "".join(small.replace("sddmm_spmm(", "sddmm_spmm_%d(" % i)
                    for i in range(args.nests))
    small_uri = "file://" + os.path.join(work, "small.c")
    large_uri = "file://" + os.path.join(work, "large.c")

    c = Client([os.path.abspath(args.tool), "--lsp"],
               env=dict(os.environ, LNR_LSP_DEBOUNCE_MS="50"))
    c.request("initialize", {"capabilities": {}})
    c.notify("initialized", {})
    c.notify("textDocument/didOpen", {"textDocument": {
        "uri": small_uri, "languageId": "c", "version": 1, "text": small}})
    c.wait_diagnostics(small_uri, version=1)

    cursor = position(small, small.index("colidx[p]"))
    params = {"textDocument": {"uri": small_uri},
              "range": {"start": cursor, "end": cursor},
              "context": {"diagnostics": []}}
    opened = time.monotonic()
    c.notify("textDocument/didOpen", {"textDocument": {
        "uri": large_uri, "languageId": "c", "version": 1, "text": large}})
    latencies, diagnostics_at, large_diags = [], None, None
    while diagnostics_at is None:
        sent = time.monotonic()
        rid = c.start_request("textDocument/codeAction", params)
        reply = c.wait_reply(rid, timeout=600)
        latencies.append(time.monotonic() - sent)
        assert len(reply["result"]) == 2, reply
        for n in c.notifications:
            if n["params"]["uri"] == large_uri:
                diagnostics_at = time.monotonic()
                large_diags = n["params"]["diagnostics"]
        time.sleep(0.05)
    c.request("shutdown", None)
    c.notify("exit", None)
    c.proc.wait(timeout=600)

    fused = sum(1 for d in large_diags if d.get("code") == "lnr-fuse")
    print("nests: %d, lnr-fuse diagnostics: %d" % (args.nests, fused))
    print("diagnostics of the large file after %.2f s"
          % (diagnostics_at - opened))
    print("%d code action requests meanwhile: median %.1f ms, max %.1f ms"
          % (len(latencies), 1000 * sorted(latencies)[len(latencies) // 2],
             1000 * max(latencies)))
    ok = fused == args.nests and max(latencies) <= args.limit
    print("ok" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
