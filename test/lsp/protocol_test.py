#!/usr/bin/env python3
"""Drives `lnr-rewrite --lsp` through a session and checks each answer:
initialize, open, diagnostics, code actions (their edit applied and compared
with the command line's rewrite), an unsaved change, superseded changes,
cancellation, a configuration file written meanwhile, the include a
rewrite needs in each nest's edit, bad messages, a file that does not
parse, shutdown and exit.

    protocol_test.py --tool build/tool/lnr-rewrite --work <scratch dir>
"""
import argparse
import json
import os
import shutil
import subprocess
import sys

from lsp_client import Client, apply_edits, position

# A fusable nest whose first line holds characters of 2, 3 and 4 UTF-8
# bytes (1, 1 and 2 UTF-16 units), and a nest the tool leaves as it is. The
# #error holds unless the flags come from build/compile_commands.json.
KERNEL = """\
/* UTF-16 positions: \u00e9 \u20ac \U0001d11e */
#ifndef FROM_DATABASE
#error "the flags of build/compile_commands.json were not used"
#endif
void sddmm_spmm(int n, int K, int L, const int *rowptr, const int *colidx,
                const double *vals, const double *C, const double *D,
                const double *E, double *restrict A) {
  for (int i = 0; i < n; i++) { /* \u00e9\U0001d11e */
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++) {
        for (int l = 0; l < L; l++) {
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
        }
      }
    }
  }
}

void add(int n, int m, const double *B, const double *C, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      A[i * m + j] += B[i * m + j] + C[i * m + j];
}

double g(double);
void called(int n, int K, int L, const int *rowptr, const int *colidx,
            const double *vals, const double *C, const double *D,
            const double *E, double *restrict A) {
  for (int q = 0; q < n; q++)
    for (int p = rowptr[q]; p < rowptr[q + 1]; p++)
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[q * L + l] +=
              vals[p] * C[q * K + k] * D[colidx[p] * K + k] * g(E[colidx[p] * L + l]);
}
"""

# Two nests whose rewrites allocate a temporary, in a file that does not
# include <stdlib.h>: the edit of each, applied alone, must add it.
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                       "lit", "conventions", "Inputs",
                       "two_allocating.c")) as f:
    ALLOCATING = f.read()

failures = []


def check(condition, what):
    print(("ok: " if condition else "FAIL: ") + what)
    if not condition:
        failures.append(what)


def cli_rewrite(tool, path, text):
    """What `lnr-rewrite --no-prefetch <path> --` (the server's options)
    prints for text saved as path."""
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    out = subprocess.run([tool, "--no-prefetch", path, "--"],
                         capture_output=True, check=True)
    return out.stdout.decode("utf-8")


def at(text, needle, delta=0):
    return position(text, text.index(needle) + delta)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tool", required=True)
    ap.add_argument("--work", required=True)
    args = ap.parse_args()
    tool = os.path.abspath(args.tool)
    work = os.path.abspath(args.work)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(os.path.join(work, "build"))
    kernel = os.path.join(work, "kernel.c")
    uri = "file://" + kernel
    # On disk: something else; the server must analyse the buffer.
    with open(kernel, "w") as f:
        f.write("int unrelated;\n")
    with open(os.path.join(work, "build", "compile_commands.json"), "w") as f:
        json.dump([{"directory": work, "file": kernel,
                    "arguments": ["clang", "-DFROM_DATABASE", "-c", kernel]},
                   {"directory": work, "file": os.path.join(work, "other.c"),
                    "arguments": ["clang", "-DFROM_DATABASE", "-c", "other.c"]}],
                  f)

    env = dict(os.environ, LNR_LSP_DEBOUNCE_MS="50")
    c = Client([tool, "--lsp", "--no-prefetch"], env=env)

    r = c.request("codeAction", {})
    check(r.get("error", {}).get("code") == -32002,
          "a request before initialize is refused")
    r = c.request("initialize", {"processId": None, "rootUri": None,
                                 "capabilities": {}})
    caps = r["result"]["capabilities"]
    check(caps.get("positionEncoding") == "utf-16", "UTF-16 positions")
    check(caps["textDocumentSync"]["change"] == 1, "full text sync")
    check("refactor.rewrite" in caps["codeActionProvider"]["codeActionKinds"],
          "code actions advertised")
    c.notify("initialized", {})

    c.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri, "languageId": "c", "version": 1, "text": KERNEL}})
    diags = c.wait_diagnostics(uri, version=1)
    print(json.dumps(diags, indent=1, ensure_ascii=False))
    check(not [d for d in diags if d["severity"] == 1],
          "no clang error: the buffer and the database's flags were used")
    fused = [d for d in diags if d.get("code") == "lnr-fuse"]
    check(len(fused) == 1 and fused[0]["severity"] == 3,
          "one lnr-fuse diagnostic, severity Information")
    check(fused and "O(" in fused[0]["message"] and "->" in fused[0]["message"],
          "its message has the costs before and after")
    nest_start = at(KERNEL, "for (int i = 0; i < n; i++) { /*")
    check(fused and fused[0]["range"]["start"] == nest_start,
          "its range starts at the nest")
    check(fused and fused[0]["range"]["end"] ==
          at(KERNEL, "}\n}\n\nvoid add", 1), "and ends after it")
    kept = [d for d in diags if d.get("code") != "lnr-fuse"]
    check(len(kept) == 1 and kept[0]["severity"] == 4
          and kept[0].get("code") == "lnr-unsupported-call"
          and kept[0]["range"]["start"] == at(KERNEL, "for (int q = 0"),
          "the nest refused with something to gain: a Hint with its "
          "refusal's name")
    check(not [d for d in diags if d["range"]["start"] ==
               at(KERNEL, "for (int i = 0; i < n; i++)\n")],
          "the sum of two arrays, nothing to gain: no diagnostic, as the "
          "command line gives it no remark")

    # The code action at the cursor, inside the nest: its edit is what the
    # command line writes.
    cursor = at(KERNEL, "int j = colidx")
    r = c.request("textDocument/codeAction", {
        "textDocument": {"uri": uri},
        "range": {"start": cursor, "end": cursor},
        "context": {"diagnostics": []}})
    actions = r["result"]
    titles = [a["title"] for a in actions]
    print(titles)
    check(len(actions) == 2 and titles[0].startswith("Fuse loop nest: O(")
          and " -> O(" in titles[0], "a 'Fuse loop nest: O(..) -> O(..)' action")
    check(titles[1:] == ["Keep this nest as written (NOLINT)"], "and a NOLINT one")
    check(all(a["kind"] == "refactor.rewrite" for a in actions), "refactor.rewrite")
    expected = cli_rewrite(tool, os.path.join(work, "cli.c"),
                           KERNEL.replace("#ifndef FROM_DATABASE", "#ifdef NEVER"))
    edits = actions[0]["edit"]["changes"][uri]
    rewritten = apply_edits(KERNEL, edits).replace("#ifndef FROM_DATABASE",
                                                  "#ifdef NEVER")
    check(rewritten == expected, "the action's edit gives the command line's rewrite")
    check(rewritten != KERNEL.replace("#ifndef FROM_DATABASE", "#ifdef NEVER"),
          "which changes the file")
    kept_text = apply_edits(KERNEL, actions[1]["edit"]["changes"][uri])
    check("for (int i = 0; i < n; i++) { /* \u00e9\U0001d11e */ // NOLINT(lnr-fuse)\n"
          in kept_text and len(kept_text) == len(KERNEL) + len(" // NOLINT(lnr-fuse)"),
          "NOLINT at the end of the nest's first line")

    # Anywhere on a line of the nest's diagnostic: on its first line's
    # indentation (column 0), and on its last line.
    for where, pos in [("column 0 of the nest's first line",
                        {"line": at(KERNEL, "  for (int i = 0; i < n; i++) { /*")["line"],
                         "character": 0}),
                       ("column 0 of the nest's last line",
                        at(KERNEL, "  }\n}\n\nvoid add"))]:
        r = c.request("textDocument/codeAction", {
            "textDocument": {"uri": uri}, "range": {"start": pos, "end": pos},
            "context": {"diagnostics": []}})
        check(len(r.get("result", [])) == 2, "the two actions at " + where)
    # The client's diagnostic, sent with a range elsewhere (clangd's rule:
    # the fixes of every diagnostic in context.diagnostics).
    fused = [d for d in diags if d.get("code") == "lnr-fuse"]
    far = at(KERNEL, "double g(double);")
    r = c.request("textDocument/codeAction", {
        "textDocument": {"uri": uri}, "range": {"start": far, "end": far},
        "context": {"diagnostics": fused}})
    check(len(fused) == 1 and len(r.get("result", [])) == 2,
          "the two actions of a diagnostic the client sends")
    r = c.request("textDocument/codeAction", {
        "textDocument": {"uri": uri}, "range": {"start": far, "end": far},
        "context": {"diagnostics": []}})
    check(r.get("result") == [], "none away from the nest without it")

    r = c.request("textDocument/codeAction", {
        "textDocument": {"uri": uri},
        "range": {"start": at(KERNEL, "A[i * m"), "end": at(KERNEL, "A[i * m")},
        "context": {"diagnostics": []}})
    check(r["result"] == [], "no action on a nest left as written")
    r = c.request("textDocument/codeAction", {
        "textDocument": {"uri": uri}, "range": {"start": cursor, "end": cursor},
        "context": {"diagnostics": [], "only": ["quickfix"]}})
    check(r["result"] == [], "none when the client wants only quick fixes")

    # An unsaved change: three lines on top move the nest.
    changed = "\n\n\n" + KERNEL
    c.notify("textDocument/didChange", {
        "textDocument": {"uri": uri, "version": 2},
        "contentChanges": [{"text": changed}]})
    diags = c.wait_diagnostics(uri, version=2)
    fused = [d for d in diags if d.get("code") == "lnr-fuse"]
    check(fused and fused[0]["range"]["start"]["line"] == nest_start["line"] + 3,
          "after an unsaved change the diagnostics follow the buffer")
    with open(kernel) as f:
        check(f.read() == "int unrelated;\n", "and the file on disk is untouched")

    # The NOLINT action applied: the nest is suppressed, as on the command
    # line, and offers no action.
    c.notify("textDocument/didChange", {
        "textDocument": {"uri": uri, "version": 3},
        "contentChanges": [{"text": kept_text}]})
    diags = c.wait_diagnostics(uri, version=3)
    check(not [d for d in diags if d.get("code") == "lnr-fuse"],
          "after the NOLINT action, the nest has no diagnostic")
    r = c.request("textDocument/codeAction", {
        "textDocument": {"uri": uri}, "range": {"start": cursor, "end": cursor},
        "context": {"diagnostics": []}})
    check(r["result"] == [], "and no action")

    # Changes in a row: the last one wins, nothing older is published after.
    for v in (4, 5):
        c.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": v},
            "contentChanges": [{"text": "\n" * v + KERNEL}]})
    diags = c.wait_diagnostics(uri, version=5)
    fused = [d for d in diags if d.get("code") == "lnr-fuse"]
    check(fused and fused[0]["range"]["start"]["line"] == nest_start["line"] + 5,
          "changes in a row: the last text's diagnostics")

    # A code action asked for during the debounce waits for the analysis;
    # cancelled, it gets RequestCancelled.
    c.notify("textDocument/didChange", {
        "textDocument": {"uri": uri, "version": 6},
        "contentChanges": [{"text": KERNEL}]})
    rid = c.start_request("textDocument/codeAction", {
        "textDocument": {"uri": uri}, "range": {"start": cursor, "end": cursor},
        "context": {"diagnostics": []}})
    c.notify("$/cancelRequest", {"id": rid})
    r = c.wait_reply(rid)
    check(r.get("error", {}).get("code") == -32800, "a cancelled request")
    rid = c.start_request("textDocument/codeAction", {
        "textDocument": {"uri": uri}, "range": {"start": cursor, "end": cursor},
        "context": {"diagnostics": []}})
    r = c.wait_reply(rid)
    check(len(r.get("result", [])) == 2, "a request during the debounce is answered after it")

    # A .lnr-rewrite written while the server runs applies to the next
    # analysis (as clangd reads .clangd again): the action's edit is the
    # command line's rewrite under it, without OpenMP.
    check("#pragma omp" in expected, "the rewrite by default adds OpenMP")
    config = os.path.join(work, ".lnr-rewrite")
    with open(config, "w") as f:
        f.write("OpenMP: false\n")
    c.notify("textDocument/didChange", {
        "textDocument": {"uri": uri, "version": 7},
        "contentChanges": [{"text": KERNEL}]})
    c.wait_diagnostics(uri, version=7)
    r = c.request("textDocument/codeAction", {
        "textDocument": {"uri": uri}, "range": {"start": cursor, "end": cursor},
        "context": {"diagnostics": []}})
    actions = r.get("result") or [{"edit": {"changes": {uri: []}}}]
    unthreaded = apply_edits(KERNEL, actions[0]["edit"]["changes"][uri]).replace(
        "#ifndef FROM_DATABASE", "#ifdef NEVER")
    expected = cli_rewrite(tool, os.path.join(work, "cli.c"),
                           KERNEL.replace("#ifndef FROM_DATABASE", "#ifdef NEVER"))
    check(unthreaded == expected and "#pragma omp" not in unthreaded
          and unthreaded != rewritten,
          "a .lnr-rewrite written while the server runs applies to the next "
          "analysis")
    os.remove(config)

    # Each nest's edit carries the #include its rewrite needs, not only the
    # file's first (as clangd's fixes do): applied alone, it compiles.
    alloc = os.path.join(work, "alloc.c")
    alloc_uri = "file://" + alloc
    c.notify("textDocument/didOpen", {"textDocument": {
        "uri": alloc_uri, "languageId": "c", "version": 1,
        "text": ALLOCATING}})
    c.wait_diagnostics(alloc_uri, version=1)
    for name, needle in (("first", "Bv[p]"), ("second", "Bv[q]")):
        here = at(ALLOCATING, needle)
        r = c.request("textDocument/codeAction", {
            "textDocument": {"uri": alloc_uri},
            "range": {"start": here, "end": here},
            "context": {"diagnostics": []}})
        actions = r.get("result") or []
        text = apply_edits(ALLOCATING, actions[0]["edit"]["changes"][alloc_uri]
                           ) if actions else ""
        with open(os.path.join(work, "alone.c"), "w") as f:
            f.write(text)
        built = subprocess.run(
            ["gcc", "-std=c99", "-fopenmp", "-Werror=implicit-function-declaration",
             "-c", os.path.join(work, "alone.c"), "-o", os.path.join(work, "alone.o")],
            capture_output=True)
        check(text.count("#include <stdlib.h>") == 1 and "malloc(" in text
              and built.returncode == 0,
              "the %s nest's edit alone adds <stdlib.h> and compiles" % name)
    c.notify("textDocument/didClose", {"textDocument": {"uri": alloc_uri}})
    c.wait_diagnostics(alloc_uri)  # cleared

    # Bad messages: the server answers and keeps serving.
    c.send_raw("{this is not json")
    _, msg = c._next(30)
    check(msg.get("error", {}).get("code") == -32700 and msg.get("id") is None,
          "not JSON: a parse error")
    r = c.request("textDocument/hover", {})
    check(r.get("error", {}).get("code") == -32601, "an unknown method: -32601")
    other = "file://" + os.path.join(work, "other.c")
    c.notify("textDocument/didOpen", {"textDocument": {
        "uri": other, "languageId": "c", "version": 1,
        "text": "void f(void) {\n  int x = ;\n}\n"}})
    diags = c.wait_diagnostics(other, version=1)
    check(len(diags) == 1 and diags[0]["severity"] == 4
          and diags[0]["range"]["start"] == {"line": 1, "character": 10}
          and diags[0]["source"] == "lnr-rewrite"
          and diags[0]["code"] == "lnr-not-analysed"
          and diags[0]["message"].startswith("not analysed: the file does not parse"),
          "a file that does not parse: one Hint, clangd reports the errors")
    c.notify("textDocument/didClose", {"textDocument": {"uri": other}})
    check(c.wait_diagnostics(other) == [], "closing clears the diagnostics")
    r = c.request("textDocument/codeAction", {
        "textDocument": {"uri": other}, "range": {"start": cursor, "end": cursor},
        "context": {"diagnostics": []}})
    check(r.get("error", {}).get("code") == -32602, "a closed document: an error")
    r = c.request("textDocument/codeAction", {
        "textDocument": {"uri": uri}, "range": {"start": cursor, "end": cursor},
        "context": {"diagnostics": []}})
    check(len(r.get("result", [])) == 2, "still serving after all that")

    r = c.request("shutdown", None)
    check("error" not in r and r.get("result") is None, "shutdown")
    c.notify("exit", None)
    check(c.proc.wait(timeout=60) == 0, "exit after shutdown: status 0")

    # initializationOptions.compilerErrors: clang's errors, as diagnostics.
    c = Client([tool, "--lsp"], env=env)
    c.request("initialize", {"capabilities": {},
                             "initializationOptions": {"compilerErrors": True}})
    c.notify("initialized", {})
    c.notify("textDocument/didOpen", {"textDocument": {
        "uri": other, "languageId": "c", "version": 1,
        "text": "void f(void) {\n  int x = ;\n}\n"}})
    diags = c.wait_diagnostics(other, version=1)
    check(len(diags) == 1 and diags[0]["severity"] == 1
          and diags[0]["range"]["start"] == {"line": 1, "character": 10}
          and diags[0]["source"] == "clang",
          "compilerErrors: the file's clang error as a diagnostic")
    c.request("shutdown", None)
    c.notify("exit", None)
    check(c.proc.wait(timeout=60) == 0, "exit after shutdown: status 0")

    c = Client([tool, "--lsp"], env=env)
    c.request("initialize", {"capabilities": {}})
    c.notify("exit", None)
    check(c.proc.wait(timeout=60) == 1, "exit without shutdown: status 1")

    if failures:
        print("%d check(s) failed" % len(failures))
        return 1
    print("all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
