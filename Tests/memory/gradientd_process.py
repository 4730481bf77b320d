"""What the memory checks share: a release gradientd on a free loopback port, its resident set, GET, and checks."""
import http.client
import signal
import socket
import subprocess
import time

MIB = 1 << 20


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def status_kib(pid, field):
    """A field of /proc/PID/status in KiB (VmRSS, VmHWM), 0 when missing."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return 0


def get(port, target, timeout=120):
    """GET `target` from 127.0.0.1:`port`: the status, the headers and the body."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request("GET", target)
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        connection.close()


def start(gradientd, *options):
    """Starts `gradientd` with `options` and its access log off on a free port; returns it and the port once
    /healthz answers (at most 30 s)."""
    port = free_port()
    server = subprocess.Popen(
        [gradientd, "--port", str(port), "--log-format", "off", *options],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    began = time.monotonic()
    while True:
        try:
            if get(port, "/healthz", timeout=1)[0] == 200:
                return server, port
        except OSError:
            pass
        if time.monotonic() - began > 30 or server.poll() is not None:
            stop(server)
            raise SystemExit("gradientd did not start")
        time.sleep(0.05)


def stop(server):
    """SIGTERM, then SIGKILL after 20 s."""
    if server.poll() is None:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(20)
        except subprocess.TimeoutExpired:
            server.kill()


class Checks:
    """Prints PASS or FAIL lines and counts them."""

    def __init__(self):
        self.passed = 0
        self.failures = []

    def check(self, name, ok, detail):
        print(("PASS " if ok else "FAIL ") + f"{name} — {detail}", flush=True)
        if ok:
            self.passed += 1
        else:
            self.failures.append(name)

    def summary(self):
        """Prints "N passed, M failed"; returns the exit status."""
        print(f"{self.passed} passed, {len(self.failures)} failed")
        return 1 if self.failures else 0
