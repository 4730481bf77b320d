#!/usr/bin/env python3
"""Hostile clients against a gradientd that this script starts on a free loopback port.

Checks that no input and no client behaviour crashes gradientd, leaks its memory or descriptors, or starves other
clients: limits, smuggling, bytes that are not UTF-8, a pipelining flood, clients that never read, clients that
disconnect mid-request and mid-response, and 1000 idle plus 100 slowloris connections while fresh requests are
timed. Every check prints PASS or FAIL; the last line is "N passed, M failed" and the exit status is 1 on any failure.

Usage: python3 Tests/hostile/hostile_clients.py [--gradientd .build/release/gradientd]
Standard library only; loopback only; every loop is bounded in count and time.
"""

import argparse
import json
import os
import re
import resource
import selectors
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

HOST = "127.0.0.1"
HEADER_TIMEOUT = 4.0
IDLE_TIMEOUT = 5.0
WRITE_BUFFER_LIMIT = 4 * 1024 * 1024  # HTTPLimits.maxBufferedOutputBytes
RENDER_SLACK_KIB = 64 * 1024  # renders in flight, their held responses and allocator slack
SOCKET_TIMEOUT = 10.0
HIT_QUERY = "colors=ff7e5f,feb47b&dir=horizontal&width=64&height=64"
LARGE_QUERY = "type=conic&colors=red,yellow,lime,aqua,blue,magenta,red&width=2048&height=2048"


class Report:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def check(self, name, ok, detail=""):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
        print(f"{'PASS' if ok else 'FAIL'} {name}" + (f" — {detail}" if detail else ""), flush=True)
        return ok


class Response:
    def __init__(self, status, headers, body):
        self.status = status
        self.headers = headers
        self.body = body

    def header(self, name):
        return self.headers.get(name.lower())

    def problem(self):
        """The problem JSON body, or None when the body is not one."""
        if self.header("content-type") != "application/problem+json":
            return None
        try:
            document = json.loads(self.body.decode("utf-8", errors="strict"))
        except (UnicodeDecodeError, ValueError):
            return None
        return document if document.get("status") == self.status else None


class Wire:
    """A buffered reader of HTTP/1.1 responses over one socket."""

    def __init__(self, sock):
        self.sock = sock
        self.buffer = b""
        self.eof = False

    def _fill(self):
        if self.eof:
            return False
        data = self.sock.recv(65536)
        if not data:
            self.eof = True
            return False
        self.buffer += data
        return True

    def _line(self, limit=65536):
        while b"\n" not in self.buffer:
            if len(self.buffer) > limit or not self._fill():
                return None
        line, _, self.buffer = self.buffer.partition(b"\n")
        return line.rstrip(b"\r")

    def _exactly(self, count):
        while len(self.buffer) < count:
            if not self._fill():
                raise ConnectionError("connection closed inside a body")
        data, self.buffer = self.buffer[:count], self.buffer[count:]
        return data

    def response(self, is_head=False):
        """The next response, or None at end of stream."""
        line = self._line()
        if line is None:
            return None
        match = re.match(rb"HTTP/1\.[01] (\d{3}) ", line + b" ")
        if not match:
            raise ConnectionError(f"bad status line {line[:80]!r}")
        status = int(match.group(1))
        headers = {}
        while True:
            field = self._line()
            if field is None:
                raise ConnectionError("connection closed inside a head")
            if not field:
                break
            name, _, value = field.partition(b":")
            headers[name.decode("latin-1").strip().lower()] = value.decode("latin-1").strip()
        if is_head or status in (204, 304) or 100 <= status < 200:
            return Response(status, headers, b"")
        if headers.get("transfer-encoding", "").lower() == "chunked":
            body = b""
            for _ in range(1_000_000):
                size_line = self._line()
                if size_line is None:
                    raise ConnectionError("connection closed inside a chunked body")
                size = int(size_line.split(b";")[0], 16)
                if size == 0:
                    while self._line():
                        pass
                    return Response(status, headers, body)
                body += self._exactly(size)
                self._exactly(2)
            raise ConnectionError("too many chunks")
        if "content-length" in headers:
            return Response(status, headers, self._exactly(int(headers["content-length"])))
        while self._fill():
            pass
        body, self.buffer = self.buffer, b""
        return Response(status, headers, body)

    def closed_within(self, seconds):
        """Whether the peer ends the stream within `seconds` with nothing more to read (a reset counts as closed)."""
        self.sock.settimeout(seconds)
        try:
            return self.buffer == b"" and not self._fill()
        except (ConnectionResetError, BrokenPipeError):
            return True
        except socket.timeout:
            return False
        finally:
            self.sock.settimeout(SOCKET_TIMEOUT)


class Server:
    """A gradientd process on a free loopback port, with its output in a temporary file."""

    def __init__(self, binary, extra_arguments):
        self.log = tempfile.NamedTemporaryFile(prefix="gradientd-hostile-", suffix=".log", delete=False)
        arguments = [binary, "--host", HOST, "--port", "0", "--header-timeout", str(HEADER_TIMEOUT),
                     "--idle-timeout", str(IDLE_TIMEOUT), *extra_arguments]
        self.process = subprocess.Popen(arguments, stdout=self.log, stderr=subprocess.STDOUT)
        self.port = None
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline and self.process.poll() is None:
            match = re.search(r"listening on http://[^:]+:(\d+)", self.output())
            if match:
                self.port = int(match.group(1))
                return
            time.sleep(0.05)
        raise RuntimeError(f"gradientd did not start: {self.output()[-2000:]}")

    @property
    def pid(self):
        return self.process.pid

    def output(self):
        with open(self.log.name, "r", encoding="utf-8", errors="replace") as handle:
            return handle.read()

    def rss_kib(self):
        with open(f"/proc/{self.pid}/status", encoding="ascii") as handle:
            for line in handle:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        return 0

    def fd_count(self):
        return len(os.listdir(f"/proc/{self.pid}/fd"))

    def connect(self):
        sock = socket.create_connection((HOST, self.port), timeout=SOCKET_TIMEOUT)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return sock

    def get(self, target, headers=b""):
        """One GET on a fresh connection; the response, read completely."""
        with self.connect() as sock:
            head = b"GET " + target.encode() + b" HTTP/1.1\r\nHost: t\r\nConnection: close\r\n"
            sock.sendall(head + headers + b"\r\n")
            return Wire(sock).response()

    def open_connections_gauge(self):
        text = self.get("/metrics").body.decode()
        return int(re.search(r"^gradientd_open_connections (\d+)$", text, re.M).group(1))

    def wait_for(self, measure, target, seconds):
        """Polls `measure()` until it equals `target` or `seconds` pass; returns the last value."""
        deadline = time.monotonic() + seconds
        value = measure()
        while value != target and time.monotonic() < deadline:
            time.sleep(0.1)
            value = measure()
        return value

    def stop(self, deadline_seconds):
        """SIGTERM; returns the exit status, or None when the process outlived `deadline_seconds` (then killed)."""
        if self.process.poll() is not None:
            return self.process.returncode
        self.process.send_signal(signal.SIGTERM)
        try:
            return self.process.wait(timeout=deadline_seconds)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=5)
            return None


def exchange(server, raw, close_wait=3.0):
    """Sends `raw` on a fresh connection; returns (first response or None, whether the server then closed within
    `close_wait` seconds)."""
    with server.connect() as sock:
        try:
            sock.sendall(raw)
        except (BrokenPipeError, ConnectionResetError):
            pass
        wire = Wire(sock)
        try:
            response = wire.response()
        except (ConnectionResetError, BrokenPipeError):
            return None, True
        return response, wire.closed_within(close_wait)


def request(target=b"/healthz", method=b"GET", version=b"HTTP/1.1", headers=b"Host: t\r\n"):
    return method + b" " + target + b" " + version + b"\r\n" + headers + b"\r\n"


def reset_on_close(sock):
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")


# MARK: checks


def check_limits(server, report):
    prefix, suffix = b"GET /healthz?pad=", b" HTTP/1.1"
    at_limit = prefix + b"a" * (8192 - len(prefix) - len(suffix)) + suffix
    over_limit = prefix + b"a" * (8193 - len(prefix) - len(suffix)) + suffix
    response, _ = exchange(server, at_limit + b"\r\nHost: t\r\nConnection: close\r\n\r\n")
    report.check("request line of exactly 8192 bytes is served", response is not None and response.status == 200)
    for name, raw in [
        ("request line of 8193 bytes", over_limit + b"\r\nHost: t\r\n\r\n"),
        ("request line of 9000 bytes without a line end", b"GET /" + b"a" * 8995),
    ]:
        response, closed = exchange(server, raw)
        ok = response is not None and response.status == 414 and response.problem() is not None and closed
        report.check(f"{name}: 414 problem JSON, then closed", ok, describe(response, closed))

    head = b"GET /healthz HTTP/1.1\r\nHost: t\r\n"
    padding = b"X-Pad: " + b"b" * 900 + b"\r\n"
    fields = b"".join(b"X-F%02d: v\r\n" % index for index in range(99))
    for name, raw, expected in [
        ("header section of 17 KiB", head + padding * 19 + b"\r\n", 431),
        ("one header field of 17 KiB without a line end", head + b"X-Long: " + b"c" * 17408, 431),
        ("101 header fields", head + fields + b"X-Last: v\r\n\r\n", 431),
        ("100 header fields", head + fields[:-10] + b"Connection: close\r\n\r\n", 200),
    ]:
        response, closed = exchange(server, raw)
        ok = response is not None and response.status == expected
        if expected != 200:
            ok = ok and response.problem() is not None and closed
        suffix = " problem JSON, then closed" if expected != 200 else ""
        report.check(f"{name}: {expected}{suffix}", ok, describe(response, closed))

    response, closed = exchange(server, b"GET /healthz HTTP/1.1\r\nHost: t\r\n" + b"X-Pad: " + b"d" * 70000)
    report.check("70 KB header line: refused or reset, never buffered whole", closed and (
        response is None or response.status == 431), describe(response, closed))
    response, closed = exchange(server, b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n")
    report.check("HTTP/2 preface: 505 problem JSON, then closed",
                 response is not None and response.status == 505 and response.problem() is not None and closed,
                 describe(response, closed))


SMUGGLED = b"GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n"
SMUGGLING_CASES = [
    ("Content-Length with Transfer-Encoding", b"Content-Length: 35\r\nTransfer-Encoding: chunked\r\n", 400),
    ("Transfer-Encoding before Content-Length", b"Transfer-Encoding: chunked\r\nContent-Length: 35\r\n", 400),
    ("two different Content-Lengths", b"Content-Length: 0\r\nContent-Length: 35\r\n", 400),
    ("two equal Content-Lengths", b"Content-Length: 35\r\nContent-Length: 35\r\n", 400),
    ("a Content-Length list", b"Content-Length: 35, 35\r\n", 400),
    ("Content-Length with a sign", b"Content-Length: +35\r\n", 400),
    ("negative Content-Length", b"Content-Length: -1\r\n", 400),
    ("hexadecimal Content-Length", b"Content-Length: 0x23\r\n", 400),
    ("Content-Length past 64 bits", b"Content-Length: 99999999999999999999999\r\n", 400),
    ("a body with Content-Length", b"Content-Length: 35\r\n", 413),
    ("chunked Transfer-Encoding", b"Transfer-Encoding: chunked\r\n", 413),
    ("Transfer-Encoding chunked, identity", b"Transfer-Encoding: chunked, identity\r\n", 400),
    ("Transfer-Encoding xchunked", b"Transfer-Encoding: xchunked\r\n", 400),
    ("space before the colon", b"Transfer-Encoding : chunked\r\n", 400),
    ("Transfer-Encoding folded onto a second line", b"Transfer-Encoding:\r\n chunked\r\n", 400),
    ("a bare CR inside a field", b"X-A: 1\rTransfer-Encoding: chunked\r\n", 400),
    ("a field name with a tab", b"Transfer-Encoding\t: chunked\r\n", 400),
    ("two Host fields", b"Host: u\r\n", 400),
]


def check_smuggling(server, report):
    for name, fields, expected in SMUGGLING_CASES:
        raw = b"GET /healthz HTTP/1.1\r\nHost: t\r\n" + fields + b"\r\n" + b"0\r\n\r\n" + SMUGGLED
        response, closed = exchange(server, raw)
        ok = response is not None and response.status == expected and response.problem() is not None and closed
        report.check(f"smuggling, {name}: {expected} problem JSON, smuggled request unanswered, closed", ok,
                     describe(response, closed))
    response, closed = exchange(server, b"GET /healthz HTTP/1.1\r\n\r\n" + SMUGGLED)
    report.check("HTTP/1.1 without Host: 400, then closed",
                 response is not None and response.status == 400 and closed, describe(response, closed))
    with server.connect() as sock:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: t\r\nContent-Length: 0\r\n\r\n" + SMUGGLED.replace(
            b"\r\n\r\n", b"\r\nConnection: close\r\n\r\n"))
        wire = Wire(sock)
        statuses = [wire.response().status, wire.response().status]
        report.check("Content-Length: 0 then a pipelined request: both answered", statuses == [200, 200]
                     and wire.closed_within(3.0), str(statuses))


# (where, raw request, expected status). Raw NUL and bytes >= 0x80 are refused everywhere except in a field value,
# where RFC 9110 §5.5 allows obs-text; percent-encoded ones are refused wherever they must decode to UTF-8 text.
BAD_BYTES_CASES = [
    ("NUL in the method", request(method=b"GE\x00T"), 400),
    ("0xFF in the method", request(method=b"G\xffT"), 400),
    ("NUL in the path", request(target=b"/heal\x00thz"), 400),
    ("0xFF 0xFE in the path", request(target=b"/\xff\xfe"), 400),
    ("NUL in the query", request(target=b"/gradient?colors=red,\x00blue"), 400),
    ("0xC3 0x28 in the query", request(target=b"/gradient?colors=red,\xc3\x28"), 400),
    ("%00 in the path (decodes to an unknown path)", request(target=b"/healthz%00"), 404),
    ("%FF in the path", request(target=b"/%FF%FE"), 400),
    ("%00 in a query value", request(target=b"/gradient?colors=red,%00blue"), 400),
    ("%FF in a query value", request(target=b"/gradient?colors=red,%FF%FE"), 400),
    ("%C0%80 (overlong NUL) in a query value", request(target=b"/gradient?colors=red,%C0%80"), 400),
    ("%00 in a query name", request(target=b"/gradient?col%00ors=red,blue"), 400),
    ("%FF in a query name", request(target=b"/gradient?%FF=red"), 400),
    ("NUL in the version", request(version=b"HTTP/1.\x00"), 400),
    ("0xFF in the version", request(version=b"HTTP/\xff.1"), 400),
    ("NUL in a field name", request(headers=b"Host: t\r\nX-\x00: a\r\n"), 400),
    ("0xFF in a field name", request(headers=b"Host: t\r\nX-\xff: a\r\n"), 400),
    ("NUL in a field value", request(headers=b"Host: t\r\nX-A: a\x00b\r\n"), 400),
    ("NUL in Host", request(headers=b"Host: t\x00u\r\n"), 400),
    ("0xFF 0xFE in a field value", request(headers=b"Host: t\r\nX-A: \xff\xfe\r\nConnection: close\r\n"), 200),
    ("0xFF in Host", request(headers=b"Host: \xff\r\nConnection: close\r\n"), 200),
    ("0xFF in If-None-Match", request(target=b"/gradient?" + HIT_QUERY.encode(),
                                      headers=b"Host: t\r\nIf-None-Match: \"\xff\"\r\nConnection: close\r\n"), 200),
]


def check_bad_bytes(server, report):
    for name, raw, expected in BAD_BYTES_CASES:
        response, closed = exchange(server, raw, close_wait=0.2)
        ok = response is not None and response.status == expected
        if ok and expected != 200:
            ok = response.problem() is not None and b"\x00" not in response.body and b"\xff" not in response.body
        report.check(f"{name}: {expected}" + (" problem JSON" if expected != 200 else ""), ok,
                     describe(response, closed))
    started = time.monotonic()
    response, closed = exchange(server, bytes(range(256)) * 4)
    elapsed = time.monotonic() - started
    report.check(f"every byte value, four times: 400 problem JSON at once (well within the {HEADER_TIMEOUT:g} s "
                 "header timeout), then closed",
                 response is not None and response.status == 400 and response.problem() is not None and closed
                 and elapsed < HEADER_TIMEOUT / 2, describe(response, closed) + f" after {elapsed:.2f} s")
    with server.connect() as sock:
        sock.sendall(b"POST /gradient HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\nhello"
                     b"DELETE / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n"
                     b"GET /healthz HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
        wire = Wire(sock)
        responses = [wire.response() for _ in range(3)]
        statuses = [response.status for response in responses]
        report.check("POST with a body, DELETE with a chunked one, then GET on one connection: 405, 405, 200",
                     statuses == [405, 405, 200] and responses[0].headers.get("allow") == "GET, HEAD, OPTIONS",
                     str(statuses))


def check_pipelining_flood(server, report):
    targets = [b"/healthz", b"/gradient?" + HIT_QUERY.encode(), b"/gradient?colors=red&width=abc", b"/nope"]
    expected = [200, 200, 400, 404]
    count = 1000
    raw = b"".join(
        b"GET " + targets[index % 4] + b" HTTP/1.1\r\nHost: t\r\n" + (b"Connection: close\r\n" if index == count - 1
                                                                     else b"") + b"\r\n" for index in range(count))
    started = time.monotonic()
    statuses = []
    with server.connect() as sock:
        sock.sendall(raw)
        wire = Wire(sock)
        for _ in range(count):
            response = wire.response()
            if response is None:
                break
            statuses.append(response.status)
        closed = wire.closed_within(3.0)
    elapsed = time.monotonic() - started
    in_order = statuses == [expected[index % 4] for index in range(count)]
    report.check(f"pipelining flood of {count} requests in one write: all answered in order, then closed",
                 in_order and closed and elapsed < 20, f"{len(statuses)} responses in {elapsed:.2f} s")


def check_disconnects(server, report):
    for index in range(100):
        sock = server.connect()
        if index % 2:
            reset_on_close(sock)
        sock.sendall(b"GET /gradient?colors=red,blue HTTP/1.1\r\nHost: t\r\nX-Partial: ")
        sock.close()
    report.check("100 clients disconnecting mid-request (FIN and RST): server healthy",
                 server.get("/healthz").status == 200)
    started = time.monotonic()
    interrupted = 0
    for index in range(24):
        query = f"type=conic&colors=red,%23{index:06x},blue&width=1536&height=1536"
        target = "/gradient?" + (query if index < 12 else LARGE_QUERY)
        sock = server.connect()
        sock.sendall(f"GET {target} HTTP/1.1\r\nHost: t\r\n\r\n".encode())
        if sock.recv(4096):
            interrupted += 1
        if index % 2:
            reset_on_close(sock)
        sock.close()
    report.check("24 clients disconnecting mid-response (streamed misses and cached hits, FIN and RST)",
                 interrupted == 24, f"{interrupted} got a first response segment, {time.monotonic() - started:.1f} s")
    complete = True
    for index in range(0, 12, 3):
        response = server.get(f"/gradient?type=conic&colors=red,%23{index:06x},blue&width=1536&height=1536")
        complete = complete and response.status == 200 and is_complete_png(response.body)
    report.check("the images whose streams were cut are served whole afterwards", complete)


def is_complete_png(data):
    return data.startswith(b"\x89PNG\r\n\x1a\n") and data.endswith(b"IEND\xaeB`\x82")


def check_non_reading_clients(server, report):
    """Clients that pipeline requests for big responses and never read: the server stops reading from them once
    its per-connection output budget is reached, so its memory stays bounded however much they ask for."""
    large = server.get("/gradient?" + LARGE_QUERY)
    baseline = server.rss_kib()
    clients, asked_requests, peak, resets = [], 0, baseline, 0
    for index in range(8):
        sock = server.connect()
        sock.setblocking(False)
        clients.append(sock)
    one_request = f"GET /gradient?{LARGE_QUERY} HTTP/1.1\r\nHost: t\r\n\r\n".encode()
    pending = {sock: one_request * 400 for sock in clients}
    deadline = time.monotonic() + 6
    while time.monotonic() < deadline:
        for sock in clients:
            try:
                sent = sock.send(pending[sock])
            except BlockingIOError:
                sent = 0
            except ConnectionError:
                resets += 1
                continue
            asked_requests += sent // len(one_request)
            pending[sock] = pending[sock][sent:] or one_request * 400
        peak = max(peak, server.rss_kib())
        time.sleep(0.05)
    bound_kib = baseline + (8 * WRITE_BUFFER_LIMIT) // 1024 + RENDER_SLACK_KIB
    report.check("8 clients pipelining requests for a 470 KB image and never reading: RSS bounded, not closed "
                 "before the write timeout", peak < bound_kib and resets == 0 and server.get("/healthz").status == 200,
                 f"{resets} send errors; {asked_requests} requests sent, asking for "
                 f"{asked_requests * len(large.body) / 2**30:.0f} GiB; RSS {baseline} → peak {peak} KiB "
                 f"(bound {bound_kib} KiB)")
    started = time.monotonic()
    for index, sock in enumerate(clients):
        if index % 2:
            reset_on_close(sock)
        sock.close()
    unique_clients = []
    for index in range(4):
        sock = server.connect()
        sock.setblocking(False)
        requests = b"".join(
            f"GET /gradient?type=conic&colors=%23{index:02x}{serial:04x},blue,red&width=512&height=512 HTTP/1.1"
            f"\r\nHost: t\r\n\r\n".encode() for serial in range(64))
        try:
            sock.send(requests)
        except BlockingIOError:
            pass
        unique_clients.append(sock)
    peak_unique, deadline = server.rss_kib(), time.monotonic() + 8
    while time.monotonic() < deadline:
        peak_unique = max(peak_unique, server.rss_kib())
        time.sleep(0.1)
    for sock in unique_clients:
        sock.close()
    report.check("4 clients pipelining 64 unique renders each and never reading: RSS bounded",
                 peak_unique < bound_kib and server.get("/healthz").status == 200,
                 f"RSS peak {peak_unique} KiB after {time.monotonic() - started:.1f} s (bound {bound_kib} KiB)")


class HostileCrowd:
    """1000 idle connections (500 that never send, 500 kept alive after one request) and 100 slowloris connections
    sending one header byte per second; a thread watches every socket for the server closing it."""

    SLOW_REQUEST = b"GET /healthz HTTP/1.1\r\nHost: t\r\nX-Slow: " + b"s" * 64

    def __init__(self, server):
        self.server = server
        self.selector = selectors.DefaultSelector()
        self.lock = threading.Lock()
        self.opened = {}  # socket -> (group, time its timer started)
        self.closed = {}  # group -> list of (seconds after its timer started, bytes received)
        self.closed_at = []  # monotonic time at which each close was observed
        self.slow = []
        self.sent_bytes = {}
        self.stop = threading.Event()

    def open(self):
        for _ in range(500):
            self._add(self.server.connect(), "silent")
        for _ in range(100):
            sock = self.server.connect()
            sock.send(self.SLOW_REQUEST[:1])
            self.sent_bytes[sock] = 1
            self.slow.append(sock)
            self._add(sock, "slowloris")
        for _ in range(500):
            sock = self.server.connect()
            sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n")
            wire = Wire(sock)
            if wire.response() is None or wire.buffer:
                raise RuntimeError("keep-alive request failed")
            self._add(sock, "keep-alive")

    def _add(self, sock, group):
        sock.setblocking(False)
        with self.lock:
            self.opened[sock] = (group, time.monotonic())
            self.selector.register(sock, selectors.EVENT_READ)

    def run_watch(self, seconds):
        deadline = time.monotonic() + seconds
        next_drip = time.monotonic() + 1
        while time.monotonic() < deadline and not self.stop.is_set():
            with self.lock:
                if not self.opened:
                    return
                events = self.selector.select(timeout=0.05)
                now = time.monotonic()
                for key, _ in events:
                    self._observe(key.fileobj, now)
            if time.monotonic() >= next_drip:
                next_drip += 1
                self._drip()

    def _observe(self, sock, now):
        try:
            data = sock.recv(4096)
        except (ConnectionResetError, BlockingIOError):
            data = b""
        group, since = self.opened.pop(sock)
        self.selector.unregister(sock)
        self.closed.setdefault(group, []).append((now - since, len(data)))
        self.closed_at.append(now)
        sock.close()

    def _drip(self):
        with self.lock:
            for sock in self.slow:
                if sock not in self.opened:
                    continue
                sent = self.sent_bytes[sock]
                try:
                    self.sent_bytes[sock] += sock.send(self.SLOW_REQUEST[sent:sent + 1])
                except (BlockingIOError, BrokenPipeError, ConnectionResetError):
                    pass

    def open_count(self):
        with self.lock:
            return len(self.opened)

    def open_at(self, moment):
        """How many crowd connections were still open at `moment`, from the times the watcher saw each close; unlike
        a count taken with the lock, it does not depend on when a starved thread gets the lock."""
        with self.lock:
            return len(self.opened) + sum(1 for at in self.closed_at if at > moment)

    def close_rest(self):
        with self.lock:
            for sock in self.opened:
                self.selector.unregister(sock)
                sock.close()
            self.opened.clear()
        self.selector.close()


def timed_probe(server, target):
    started = time.monotonic()
    response = server.get(target)
    return time.monotonic() - started, response.status if response else None


def check_crowd(server, report):
    crowd = HostileCrowd(server)
    started = time.monotonic()
    crowd.open()
    opened_in = time.monotonic() - started
    watcher = threading.Thread(target=crowd.run_watch, args=(HEADER_TIMEOUT + IDLE_TIMEOUT + 10,), daemon=True)
    watcher.start()
    gauge_during = server.open_connections_gauge()
    latencies, statuses, serial = [], [], 0
    window_end = started + HEADER_TIMEOUT - 0.3
    for _ in range(10000):
        if time.monotonic() >= window_end:
            break
        serial += 1
        for target in ("/healthz", "/gradient?" + HIT_QUERY,
                       f"/gradient?colors=red,%23{serial:06x}&width=64&height=64"):
            latency, status = timed_probe(server, target)
            latencies.append(latency)
            statuses.append(status)
    while time.monotonic() < window_end:
        time.sleep(0.05)
    open_at_window_end = crowd.open_at(window_end)
    latencies.sort()
    p50 = latencies[len(latencies) // 2] if latencies else 0
    p99 = latencies[int(len(latencies) * 0.99)] if latencies else 0
    report.check("1100 hostile connections open while probing", gauge_during >= 1101 and open_at_window_end == 1100,
                 f"opened in {opened_in:.2f} s; gauge {gauge_during}; still open at the end of the window "
                 f"{open_at_window_end}")
    report.check("fresh requests complete within 1 s beside 1000 idle + 100 slowloris connections",
                 latencies and latencies[-1] < 1.0 and all(status == 200 for status in statuses),
                 f"{len(latencies)} requests; p50 {p50 * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, "
                 f"p100 {latencies[-1] * 1000 if latencies else 0:.1f} ms")
    watcher.join(HEADER_TIMEOUT + IDLE_TIMEOUT + 12)
    crowd.stop.set()
    left_open = crowd.open_count()
    crowd.close_rest()
    for group, timeout in (("silent", HEADER_TIMEOUT), ("slowloris", HEADER_TIMEOUT), ("keep-alive", IDLE_TIMEOUT)):
        closes = crowd.closed.get(group, [])
        expected_count = 100 if group == "slowloris" else 500
        times = sorted(seconds for seconds, _ in closes)
        silent = all(received == 0 for _, received in closes)
        in_time = times and times[0] >= timeout - 0.3 and times[-1] <= timeout + 1.5
        report.check(f"{group} connections closed by the {'idle' if group == 'keep-alive' else 'header'} "
                     f"timeout ({timeout:g} s) without a response", len(closes) == expected_count and silent
                     and in_time, f"{len(closes)}/{expected_count} closed, after {times[0]:.2f}–{times[-1]:.2f} s"
                     if times else f"none closed; {left_open} left open")


def describe(response, closed):
    if response is None:
        return f"no response; closed={closed}"
    problem = response.problem()
    return f"status {response.status}; problem JSON {'yes' if problem else 'no'}; closed={closed}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gradientd", default=".build/release/gradientd", help="the gradientd binary to start")
    arguments = parser.parse_args()

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < 4096:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 8192), hard))

    report = Report()
    run_started = time.monotonic()
    server = Server(arguments.gradientd, ["--cache-bytes", "64M", "--log-format", "text"])
    try:
        health = server.get("/healthz")
        report.check("gradientd answers /healthz", health.status == 200 and health.body == b'{"status":"ok"}\n')
        server.get("/gradient?" + HIT_QUERY)
        server.get("/gradient?colors=red,%23000001&width=64&height=64")
        gauge_baseline = server.wait_for(server.open_connections_gauge, 1, 5)
        time.sleep(0.5)  # the server closes the /metrics connection just after the client has its response
        fd_baseline = server.fd_count()
        rss_baseline = server.rss_kib()
        print(f"baseline: {fd_baseline} descriptors, RSS {rss_baseline} KiB, open-connections gauge "
              f"{gauge_baseline} (the /metrics request's own)", flush=True)

        for phase in (check_limits, check_smuggling, check_bad_bytes, check_pipelining_flood, check_disconnects,
                      check_non_reading_clients, check_crowd):
            phase_started = time.monotonic()
            phase(server, report)
            print(f"  ({phase.__name__} took {time.monotonic() - phase_started:.1f} s)", flush=True)

        fds = server.wait_for(server.fd_count, fd_baseline, 10)
        report.check("descriptor count returns to its start after every client closed", fds == fd_baseline,
                     f"{fd_baseline} → {fds}")
        gauge = server.wait_for(server.open_connections_gauge, gauge_baseline, 10)
        report.check("/metrics open-connections gauge returns to its baseline", gauge == gauge_baseline,
                     f"{gauge_baseline} → {gauge}")
        rss_end = server.rss_kib()
        print(f"RSS: {rss_baseline} KiB at start, {rss_end} KiB at the end", flush=True)
        health = server.get("/healthz")
        report.check("gradientd still healthy at the end", server.process.poll() is None and health.status == 200)
    finally:
        status = server.stop(15)
        output = server.output()
        report.check("SIGTERM: exit status 0", status == 0, f"status {status}")
        crashed = re.search(r"Fatal error|Sanitizer|Segmentation|Illegal instruction|Trace/breakpoint", output)
        report.check("no crash or sanitizer report in gradientd's output", crashed is None,
                     crashed.group(0) if crashed else "")
        os.unlink(server.log.name)
    print(f"run took {time.monotonic() - run_started:.0f} s")
    print(f"{report.passed} passed, {report.failed} failed")
    return 1 if report.failed else 0


if __name__ == "__main__":
    sys.exit(main())
