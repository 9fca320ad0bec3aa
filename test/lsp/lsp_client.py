"""A minimal LSP client over a subprocess's stdin/stdout, for the tests of
`lnr-rewrite --lsp` (standard library only)."""
import json
import queue
import subprocess
import threading
import time


class Client:
    def __init__(self, argv, env=None):
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, env=env)
        self.incoming = queue.Queue()
        self.notifications = []
        self.other_responses = []  # those wait_reply passed over (id null...)
        self.next_id = 1
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        out = self.proc.stdout
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    self.incoming.put(None)
                    return
                line = line.strip()
                if not line:
                    break
                name, _, value = line.partition(b":")
                if name.lower() == b"content-length":
                    length = int(value)
            body = out.read(length)
            self.incoming.put((time.monotonic(), json.loads(body)))

    def send_raw(self, body):
        data = body.encode() if isinstance(body, str) else body
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(data) + data)
        self.proc.stdin.flush()

    def send(self, message):
        message = dict(message, jsonrpc="2.0")
        self.send_raw(json.dumps(message))

    def notify(self, method, params):
        self.send({"method": method, "params": params})

    def start_request(self, method, params):
        rid = self.next_id
        self.next_id += 1
        self.send({"id": rid, "method": method, "params": params})
        return rid

    def _next(self, timeout):
        item = self.incoming.get(timeout=timeout)
        if item is None:
            raise EOFError("the server closed its output")
        return item

    def wait_reply(self, rid, timeout=60):
        """The response to request rid (notifications meanwhile are kept)."""
        deadline = time.monotonic() + timeout
        while True:
            _, msg = self._next(max(0.01, deadline - time.monotonic()))
            if "method" in msg:
                self.notifications.append(msg)
            elif msg.get("id") == rid:
                return msg
            else:
                self.other_responses.append(msg)

    def request(self, method, params, timeout=60):
        return self.wait_reply(self.start_request(method, params), timeout)

    def wait_diagnostics(self, uri, version=None, timeout=60):
        """The next publishDiagnostics of uri (of that version, if given)."""
        deadline = time.monotonic() + timeout
        while True:
            for i, n in enumerate(self.notifications):
                p = n["params"]
                if (n["method"] == "textDocument/publishDiagnostics"
                        and p["uri"] == uri
                        and (version is None or p.get("version") == version)):
                    del self.notifications[: i + 1]
                    return p["diagnostics"]
            _, msg = self._next(max(0.01, deadline - time.monotonic()))
            if "method" in msg:
                self.notifications.append(msg)
            else:
                raise AssertionError("unexpected response %r" % msg)


def utf16_offset(text, line, character):
    """The index in text (a str) of an LSP position in UTF-16 units."""
    lines = text.split("\n")
    index = sum(len(l) + 1 for l in lines[:line])
    units = 0
    for ch in lines[line] if line < len(lines) else "":
        if units >= character:
            break
        units += 2 if ord(ch) > 0xFFFF else 1
        index += 1
    return index


def position(text, index):
    """The LSP position (UTF-16) of index in text."""
    before = text[:index]
    line = before.count("\n")
    col = before[before.rfind("\n") + 1:]
    return {"line": line,
            "character": sum(2 if ord(c) > 0xFFFF else 1 for c in col)}


def apply_edits(text, edits):
    spans = []
    for e in edits:
        r = e["range"]
        spans.append((utf16_offset(text, r["start"]["line"], r["start"]["character"]),
                      utf16_offset(text, r["end"]["line"], r["end"]["character"]),
                      e["newText"]))
    for begin, end, new in sorted(spans, reverse=True):
        text = text[:begin] + new + text[end:]
    return text
