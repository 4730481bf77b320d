"""Clients that read a few bytes a second hold no render worker, and a client below the minimum send rate is closed.

Part 1: starts a release gradientd with WORKERS render threads, the minimum send rate off (`--min-send-bytes 0`)
and a write timeout longer than the run, so that nothing but parking can free the workers, then opens 4 × WORKERS connections that each ask for a distinct
4096×4096 `depth=16` conic PNG (far larger than the socket buffers and the 1 MiB output queue) with a 4 KiB
receive buffer and read TRICKLE bytes every half second. For DURATION seconds a fresh client asks, one after
another, for distinct images no one asked for before (misses that need a worker). Checks:
- every fresh miss completes, 200 and a whole PNG, within 2 s;
- the trickle readers still hold their connections at the end and each has received bytes: the renders were
  parked for them, not closed (`gradientd_renders_paused` reaches the number of readers);
- once they hang up, every parked render ends (`gradientd_renders_paused` back to 0).
Part 2: with `--min-send-bytes 64K --send-rate-window 2`, a trickle reader is closed within 3 windows while a
client reading at full speed gets its whole large image.
Prints the figures and "N passed, M failed"; exits 1 on any failure.

    python3 Tests/memory/trickle_readers.py --gradientd .build/release/gradientd [--workers 2] [--duration 60]
"""
import argparse
import socket
import struct
import sys
import threading
import time

from gradientd_process import Checks, get, start, stop
from slow_readers import metric

READ_INTERVAL = 0.5
# TCP_CLOSE and TCP_CLOSE_WAIT: reset, or the server's FIN received.
TCP_CLOSED_STATES = (7, 8)


def large_target(index):
    return (f"/gradient?type=conic&colors={index % 256:02x}40a0,a0{(index * 5) % 256:02x}30,30f0{index // 256:02x}"
            f"&from={index}deg&depth=16&width=4096&height=4096")


def trickle_socket(port, target):
    """A connection with a small receive buffer that has sent its request."""
    client = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    client.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    client.settimeout(5)
    client.connect(("127.0.0.1", port))
    client.sendall(f"GET {target} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
    return client


class TrickleReader(threading.Thread):
    """Reads `trickle` bytes every half second until told to stop or the server closes the connection."""

    def __init__(self, client, trickle):
        super().__init__(daemon=True)
        self.client = client
        self.trickle = trickle
        self.received = 0
        self.closed_at = None
        self.stopping = threading.Event()

    def run(self):
        while not self.stopping.wait(READ_INTERVAL):
            try:
                data = self.client.recv(self.trickle)
            except socket.timeout:
                continue
            except OSError:
                data = b""
            self.received += len(data)
            # The server resets a client it closes for reading too little; bytes already received can still be
            # read after the reset, so the connection's TCP state tells, not the next read.
            if not data or self.client.getsockopt(socket.IPPROTO_TCP, socket.TCP_INFO, 1)[0] in TCP_CLOSED_STATES:
                self.closed_at = time.monotonic()
                return


def is_whole_png(body):
    return body[:8] == b"\x89PNG\r\n\x1a\n" and body[-12:-4] == struct.pack(">I", 0) + b"IEND"


def parked_renders(port):
    return metric(get(port, "/metrics", timeout=5)[2].decode(), "gradientd_renders_paused")


def part_one(arguments, check):
    readers_count = 4 * arguments.workers
    # The write timeout closes a reader 30 s after the socket last took a byte, which trickled reads do not make it
    # do (they free too little of the kernel's send buffer): longer than the run, so that nothing but parking can
    # free the workers.
    server, port = start(
        arguments.gradientd, "--render-workers", str(arguments.workers), "--min-send-bytes", "0",
        "--write-timeout", str(arguments.duration + 60))
    readers = []
    try:
        for index in range(readers_count):
            reader = TrickleReader(trickle_socket(port, large_target(index)), arguments.trickle)
            reader.start()
            readers.append(reader)
        opened = time.monotonic()
        most_parked = 0
        while time.monotonic() - opened < 30 and most_parked < readers_count:
            most_parked = max(most_parked, parked_renders(port))
            time.sleep(0.1)
        # Each render's first step fills its client's socket buffers and output queue (a few MB of PNG): real work,
        # done once. From here on the readers only trickle.
        began = time.monotonic()
        print(f"{most_parked} renders parked {began - opened:.1f} s after the readers asked", flush=True)

        latencies = []
        failures = []
        index = 0
        while time.monotonic() - began < arguments.duration:
            target = (f"/gradient?type=conic&colors={index % 256:02x}ff{(index // 256) % 256:02x},00{index % 7}0ff"
                      f"&from={index}deg&width=320&height=320")
            asked = time.monotonic()
            try:
                status, _, body = get(port, target, timeout=2)
                elapsed = time.monotonic() - asked
                if status != 200 or not is_whole_png(body) or elapsed >= 2:
                    failures.append(f"at {asked - began:.1f} s {target}: {status} in {elapsed:.2f} s")
            except OSError as error:
                elapsed = time.monotonic() - asked
                failures.append(f"at {asked - began:.1f} s {target}: {error} after {elapsed:.2f} s")
            latencies.append(elapsed)
            most_parked = max(most_parked, parked_renders(port))
            index += 1
            time.sleep(0.2)
        latencies.sort()
        check("every fresh miss completes within 2 s while 4 × workers trickle readers hold renders",
              not failures and len(latencies) > 0,
              f"{len(latencies)} misses over {arguments.duration:.0f} s with {readers_count} trickle readers and "
              f"{arguments.workers} workers; median {latencies[len(latencies) // 2] * 1000:.0f} ms, slowest "
              f"{latencies[-1] * 1000:.0f} ms; {len(failures)} failed" + (f" (first: {failures[0]})" if failures
                                                                          else ""))
        open_readers = [reader for reader in readers if reader.closed_at is None and reader.received > 0]
        check("the trickle readers' renders were parked, not closed",
              len(open_readers) == readers_count and most_parked >= readers_count,
              f"{len(open_readers)} of {readers_count} still connected and receiving (bytes each: "
              f"{sorted(reader.received for reader in readers)}); at most {most_parked} renders parked at once")
        for reader in readers:
            reader.stopping.set()
            reader.join()
            reader.client.close()
        ended = time.monotonic()
        parked = parked_renders(port)
        while parked > 0 and time.monotonic() - ended < 10:
            time.sleep(0.1)
            parked = parked_renders(port)
        check("once the readers hang up, every parked render ends", parked == 0,
              f"gradientd_renders_paused {parked} after {time.monotonic() - ended:.1f} s")
    finally:
        for reader in readers:
            reader.stopping.set()
            reader.client.close()
        stop(server)


def part_two(arguments, check):
    server, port = start(
        arguments.gradientd, "--render-workers", str(arguments.workers), "--min-send-bytes", "64K",
        "--send-rate-window", "2")
    reader = None
    try:
        reader = TrickleReader(trickle_socket(port, large_target(10_000)), arguments.trickle)
        reader.start()
        asked = time.monotonic()
        while parked_renders(port) < 1 and reader.closed_at is None and time.monotonic() - asked < 30:
            time.sleep(0.05)
        # The rate is counted once output waits for the reader, which its render parking shows.
        parked_at = time.monotonic()
        full_speed = {}

        def read_at_full_speed():
            began = time.monotonic()
            try:
                status, _, body = get(port, large_target(10_001), timeout=120)
                full_speed.update(status=status, whole=is_whole_png(body), size=len(body))
            except OSError as error:
                full_speed.update(status=str(error), whole=False, size=0)
            full_speed["seconds"] = time.monotonic() - began

        fast = threading.Thread(target=read_at_full_speed, daemon=True)
        fast.start()
        reader.join(timeout=max(0.0, 3 * 2 + 1 - (time.monotonic() - parked_at)))
        closed_after = None if reader.closed_at is None else reader.closed_at - parked_at
        check("a trickle reader below 64 KiB per 2 s is closed within 3 windows of its render parking",
              closed_after is not None and closed_after <= 3 * 2 + 1,
              f"closed {closed_after:.1f} s after parking ({parked_at - asked:.1f} s after asking), having read "
              f"{reader.received} bytes" if closed_after is not None
              else f"still open {time.monotonic() - parked_at:.1f} s after parking, {reader.received} bytes read")
        fast.join(timeout=130)
        check("meanwhile a client reading at full speed gets its whole large image",
              full_speed.get("status") == 200 and full_speed.get("whole"),
              f"{full_speed.get('status')}, {full_speed.get('size')} bytes in {full_speed.get('seconds', 0):.1f} s")
    finally:
        if reader:
            reader.stopping.set()
            reader.client.close()
        stop(server)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--gradientd", required=True)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--duration", type=float, default=60, help="seconds of fresh misses")
    parser.add_argument("--trickle", type=int, default=64, help="bytes each trickle reader reads per half second")
    arguments = parser.parse_args()
    checks = Checks()
    part_one(arguments, checks.check)
    part_two(arguments, checks.check)
    sys.exit(checks.summary())


if __name__ == "__main__":
    main()
