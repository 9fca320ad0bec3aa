#!/usr/bin/env python3
"""Feeds `lnr-rewrite --lsp`, after `initialize`, the byte sequences a
broken client may send: random bytes and header lines, truncated frames, a
Content-Length too small, too large or huge, a header without a value, a
JSON array nested 200,000 deep, invalid UTF-8, a body over the server's
size limit; and one that is not bad, brackets and escaped quotes inside
strings in a request nesting 100 levels, which is served. After each input a request must get its answer (MethodNotFound)
within PROBE_TIMEOUT seconds from a server that still runs, and an input
the server can tell is broken must get an error whose id is null (JSON-RPC
2.0: the id of a request that could not be read). Every kind of input runs
once, then --rounds inputs drawn from a fixed seed (printed; --seed changes
it), some of them several bad inputs in a row. At the end, shutdown and
exit give status 0.

A case that kills or hangs the server is a failure; the server is started
again, so that one run names every failing case (up to --max-failures).

    transport_fuzz_test.py --tool build/tool/lnr-rewrite [--seed N] [--rounds N]
"""
import argparse
import json
import os
import queue
import random
import signal
import subprocess
import sys
import threading

from lsp_client import Client

PROBE_TIMEOUT = 10  # seconds for the answer to the request after an input
WRITE_TIMEOUT = 60  # seconds to write an input (80 MiB at most)
# More than the server's bound on a message's size (MaxMessageBytes in
# tool/lsp/Limits.h, 64 MiB).
OVER_LIMIT = 80 << 20
ANY = object()  # an expectation: an error with id null, whatever its code

failures = []


def frame(body, length=None):
    if isinstance(body, str):
        body = body.encode()
    length = len(body) if length is None else length
    return b"Content-Length: %d\r\n\r\n" % length + body


def request(rid, method="lnr/fuzz"):
    return json.dumps({"jsonrpc": "2.0", "id": rid, "method": method,
                       "params": {"textDocument": {"uri": "file:///none.c"}}}
                      ).encode()


# The kinds of bad input: each takes the random generator and gives the
# bytes to send and what the server must answer besides the next request:
# None (nothing in particular), ANY or the code of an error with id null,
# or the id of a request that must get MethodNotFound.

def random_bytes(rng):
    return rng.randbytes(rng.randint(1, 4096)), None


def random_lines(rng):
    pieces = [b"Content-Type: application/vscode-jsonrpc; charset=utf-8",
              b"X-Other: value", b"Content-Length", b":", b"", b"\x00\xff",
              b"content-length:12x", b"Content-Length: ", b"Content-Length 12"]
    alphabet = b"abc: \t{}[]\"\\0123456789\r"
    lines = []
    for _ in range(rng.randint(1, 20)):
        line = rng.choice(pieces + [bytes(rng.choice(alphabet)
                                          for _ in range(rng.randint(0, 60)))])
        lines.append(line + rng.choice([b"\r\n", b"\n", b"\r", b""]))
    return b"".join(lines), None


def truncated_header(rng):
    return rng.choice([b"Cont", b"Content-Len", b"Content-Length: 4",
                       b"Content-Length: 40\r\n", b"Content-Length: 40\r\n\r",
                       b"Content-Length: 4000000\r\n"]), None


def truncated_frame(rng):
    body = request("truncated")
    return frame(body)[:-rng.randint(1, len(body))], -32700


def short_length(rng):
    body = request("short")
    return frame(body, len(body) - rng.randint(1, len(body) - 1)), -32700


def long_length(rng):
    # The frame swallows the next one's start; the server may answer the
    # request in it or not, but must answer the next.
    body = request("long")
    return frame(body, len(body) + rng.choice([1, 5, 20, 100, 100000])), None


def huge_length(rng):
    length = rng.choice([b"99999999999999", b"18446744073709551615",
                         b"18446744073709551616", b"%d" % ((64 << 20) + 1),
                         b"99999999999999999999999999999999999999"])
    return b"Content-Length: " + length + b"\r\n\r\n" + request("huge"), ANY


def no_value(rng):
    header = rng.choice([b"Content-Length:", b"Content-Length: ",
                         b"Content-Length: abc", b"Content-Length: -5",
                         b"Content-Length: 1e3", b"Content-Length: 0x10",
                         b"Content-Length: \xff\xfe"])
    return header + b"\r\n\r\n" + request("no-value"), ANY


def no_colon(rng):
    body = request("no-colon")
    return b"Content-Length %d\r\n\r\n" % len(body) + body, None


def deep_nesting(rng):
    depth = 200000
    if rng.random() < 0.5:
        return frame(b"[" * depth + b"]" * depth), -32700
    return frame(b'{"a":' * depth + b"1" + b"}" * depth), -32700


def invalid_utf8(rng):
    bad = rng.choice([b"\xff", b"\xc3\x28", b"\xed\xa0\x80", b"\xc0\xaf",
                      b"\xf8\x88\x80\x80\x80", b"\xe2\x82", b"\xf4\x90\x80\x80",
                      b"\x80"])
    where = rng.choice(["value", "method", "key"])
    if where == "value":
        body = (b'{"jsonrpc":"2.0","id":"utf8","method":"lnr/fuzz",'
                b'"params":{"text":"a' + bad + b'b"}}')
    elif where == "method":
        body = b'{"jsonrpc":"2.0","id":"utf8","method":"lnr/' + bad + b'"}'
    else:
        body = b'{"jsonrpc":"2.0","id":"utf8","method":"x","' + bad + b'":1}'
    return frame(body), -32700


def brackets_in_strings(rng):
    """Not bad: brackets in strings and escapes do not nest, and a request
    nesting 100 levels is served."""
    text = "[{" * rng.randint(1000, 100000) + '\\"[\\' + "{" * 600
    params = {"text": text, "deep": 0}
    for _ in range(100):
        params = {"a": [params]}
    body = json.dumps({"jsonrpc": "2.0", "id": "strings",
                       "method": "lnr/fuzz", "params": params})
    return frame(body), "strings"


def empty_body(rng):
    return frame(b""), -32700


def not_a_request(rng):
    return frame(rng.choice([b"[]", b"null", b"42", b'"x"', b"{}",
                             b'{"jsonrpc":"2.0"}'])), -32600


def blank_lines(rng):
    return rng.choice([b"\r\n", b"\n", b"\r\n\r\n", b"\n\n\n"]), None


KINDS = [random_bytes, random_lines, truncated_header, truncated_frame,
         short_length, long_length, huge_length, no_value, no_colon,
         deep_nesting, brackets_in_strings, invalid_utf8, empty_body,
         not_a_request, blank_lines]


def several(rng):
    """Two to four bad inputs in a row."""
    return b"".join(rng.choice(KINDS)(rng)[0]
                    for _ in range(rng.randint(2, 4))), None


def over_limit(rng):
    """A real body over the limit: dropped, and the next message read."""
    return frame(b'"' + b"a" * (OVER_LIMIT - 2) + b'"'), ANY


def unmet(expected, responses):
    """None if responses hold what expected says, else what they lack."""
    if isinstance(expected, str):
        if any(m.get("id") == expected and
               m.get("error", {}).get("code") == -32601 for m in responses):
            return None
        return "no MethodNotFound for request %r (got %r)" % (expected,
                                                              responses)
    codes = [m["error"].get("code") for m in responses
             if "error" in m and m.get("id") is None]
    if codes and (expected == ANY or expected in codes):
        return None
    return "no error %swith id null (got %r)" % (
        "" if expected == ANY else "%d " % expected, codes)


class Session:
    def __init__(self, tool):
        self.tool = tool
        self.client = None
        self.probes = 0
        self.start()

    def start(self):
        if self.client:
            self.client.proc.kill()
            self.client.proc.wait(timeout=30)
        env = dict(os.environ, LNR_LSP_DEBOUNCE_MS="50")
        self.client = Client([self.tool, "--lsp"], env=env)
        reply = self.client.request("initialize", {"capabilities": {}},
                                    timeout=PROBE_TIMEOUT)
        if "result" not in reply:
            sys.exit("initialize: %r" % reply)
        self.client.notify("initialized", {})

    def status(self):
        try:  # a server that closed its output may be exiting
            code = self.client.proc.wait(timeout=2)
        except subprocess.TimeoutExpired:
            code = None
        if code is None:
            return "the server runs but does not answer"
        if code < 0:
            return "the server was killed by %s" % signal.Signals(-code).name
        return "the server exited with status %d" % code

    def write(self, data, timeout):
        """Whether data was written within timeout (a server that died or
        stopped reading takes it no more)."""
        done = []

        def run():
            try:
                self.client.proc.stdin.write(data)
                self.client.proc.stdin.flush()
                done.append(True)
            except OSError:
                pass
        writer = threading.Thread(target=run, daemon=True)
        writer.start()
        writer.join(timeout)
        return bool(done)

    def probe(self):
        """None when a request gets its answer from a running server, else
        what went wrong."""
        self.probes += 1
        rid = "probe-%d" % self.probes
        if not self.write(frame(request(rid, "lnr/probe")), PROBE_TIMEOUT):
            return "the request after it could not be written: " + self.status()
        try:
            reply = self.client.wait_reply(rid, PROBE_TIMEOUT)
        except queue.Empty:
            return "no answer within %d s: %s" % (PROBE_TIMEOUT, self.status())
        except EOFError:
            return self.status()
        if reply.get("error", {}).get("code") != -32601:
            return "not MethodNotFound: %r" % reply
        if self.client.proc.poll() is not None:
            return self.status()
        return None

    def run(self, name, data, expected):
        """Sends one bad input, then the request that must be answered."""
        seen = len(self.client.other_responses)
        if self.write(data, WRITE_TIMEOUT):
            problem = self.probe()
        else:
            problem = "the input could not be written: " + self.status()
        if not problem and expected is not None:
            problem = unmet(expected, self.client.other_responses[seen:])
        label = "%s (%d bytes)" % (name, len(data))
        print("FAIL: %s: %s" % (label, problem) if problem
              else "ok: " + label, flush=True)
        if problem:
            failures.append(name)
            self.start()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tool", required=True)
    parser.add_argument("--seed", type=int, default=39)
    parser.add_argument("--rounds", type=int, default=60)
    parser.add_argument("--max-failures", type=int, default=6)
    args = parser.parse_args()
    print("seed %d (--seed changes it)" % args.seed, flush=True)
    rng = random.Random(args.seed)
    s = Session(args.tool)
    cases = [(k.__name__, k) for k in KINDS + [several, over_limit]]
    for i in range(args.rounds):
        kind = rng.choice(KINDS + [several, several])
        cases.append(("round %d: %s" % (i, kind.__name__), kind))
    for name, kind in cases:
        if len(failures) >= args.max_failures:
            print("stopped after %d failures" % len(failures))
            break
        s.run(name, *kind(rng))

    c = s.client
    try:
        reply = c.request("shutdown", None, timeout=PROBE_TIMEOUT)
        c.notify("exit", None)
        code = c.proc.wait(timeout=30)
    except Exception as e:  # a timeout or a closed pipe: a failure
        reply, code = {"error": repr(e)}, s.status()
    if "error" in reply or code != 0:
        failures.append("shutdown and exit: %r, %r" % (reply, code))
        print("FAIL: shutdown and exit: %r, status %r" % (reply, code))
    else:
        print("ok: shutdown and exit: status 0")
    if failures:
        print("%d failure(s), seed %d: %s" % (len(failures), args.seed,
                                              ", ".join(failures)))
        return 1
    print("all %d inputs answered" % len(cases))
    return 0


if __name__ == "__main__":
    sys.exit(main())
