"""Renders streaming to clients that never read pause at the per-connection output bound.

Starts a release gradientd with the cache budget given (default 256 MiB), WORKERS render threads and the minimum send
rate off on a free loopback port, warms one small image into the cache, then opens CLIENTS connections that each ask for a distinct
4096×4096 `depth=16` conic PNG and never read a byte, while a sampler reads the server's resident set size and its
/metrics every 50 ms. Once every worker's render has paused (or after HOLD seconds) and SETTLE seconds more, a
fresh client asks for `/healthz` and for the cached image. Checks:
- renders ran and paused: at least WORKERS renders were paused at once (`gradientd_renders_paused`), so the pool's
  queue limit and its 503s did not turn the run into a run of refusals; the figures (renders started, paused,
  refused with 503) are printed;
- the server's peak resident set (VmHWM) stays within the cache budget + 128 MiB while they wait (docs/operations.md,
  "Memory"), and the bytes held by owner (parked renders, render buffers, output queues) are printed;
- the fresh client is served, both requests, in under 100 ms each;
- once the clients hang up, every paused render resumes and ends (`gradientd_renders_paused` back to 0).
Prints the figures and "N passed, M failed"; exits 1 on any failure.

    python3 Tests/memory/slow_readers.py --gradientd .build/release/gradientd [--clients 200] [--workers 16]
                                         [--cache-bytes 268435456]
"""
import argparse
import os
import re
import socket
import sys
import threading
import time

from gradientd_process import MIB, Checks, get, start, status_kib, stop

CACHE_BUDGET = 256 * MIB
SLACK = 128 * MIB
# The gauges of the bytes the server holds outside its fixed overhead, by owner.
OWNERS = ["gradientd_cache_bytes", "gradientd_parked_render_bytes", "gradientd_render_buffer_bytes",
          "gradientd_output_queue_bytes", "gradientd_frame_memory_bytes"]
WARM_TARGET = "/gradient?colors=ff0000,0000ff&width=64&height=64"


def metric(text, name, labels=None):
    """The sum of the samples of `name` (with `labels` a substring of the label set when given)."""
    total = 0
    for match in re.finditer(rf"^{name}(\{{[^}}]*\}})? (\d+)$", text, re.M):
        if labels is None or (match.group(1) and labels in match.group(1)):
            total += int(match.group(2))
    return total


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--gradientd", required=True)
    parser.add_argument("--clients", type=int, default=200)
    parser.add_argument("--workers", type=int, default=16, help="render threads; 0: gradientd's default")
    parser.add_argument("--cache-bytes", type=int, default=CACHE_BUDGET)
    parser.add_argument("--side", type=int, default=4096)
    parser.add_argument("--hold", type=float, default=15, help="most seconds to wait for every worker to pause")
    parser.add_argument("--settle", type=float, default=8, help="seconds to keep sampling once they paused")
    arguments = parser.parse_args()

    checks = Checks()
    check = checks.check
    # The minimum send rate would close these clients 10 s after their output first waits: turned off, they hold
    # their parked renders until the 30 s write timeout, the case the parked-render budget bounds.
    options = ["--cache-bytes", str(arguments.cache_bytes), "--min-send-bytes", "0"]
    if arguments.workers > 0:
        options += ["--render-workers", str(arguments.workers)]
    server, port = start(arguments.gradientd, *options)
    workers = arguments.workers or os.cpu_count()
    sockets = []
    try:
        if get(port, WARM_TARGET, timeout=10)[0] != 200:
            raise SystemExit("gradientd did not render the warm-up image")
        baseline_kib = status_kib(server.pid, "VmRSS")

        sampling_done = threading.Event()
        samples = {"peak_kib": 0, "most_paused": 0, "peak_owned": {}}

        def sample():
            while not sampling_done.is_set():
                samples["peak_kib"] = max(samples["peak_kib"], status_kib(server.pid, "VmRSS"))
                try:
                    text = get(port, "/metrics", timeout=5)[2].decode()
                    samples["most_paused"] = max(samples["most_paused"], metric(text, "gradientd_renders_paused"))
                    for owner in OWNERS:
                        samples["peak_owned"][owner] = max(samples["peak_owned"].get(owner, 0), metric(text, owner))
                except OSError:
                    pass
                time.sleep(0.05)

        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        for index in range(arguments.clients):
            client = socket.create_connection(("127.0.0.1", port), timeout=5)
            target = (f"/gradient?type=conic&colors={index % 256:02x}2080,20{(index * 7) % 256:02x}f0,ff{index // 256:02x}00"
                      f"&from={index}deg&depth=16&width={arguments.side}&height={arguments.side}")
            client.sendall(f"GET {target} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
            sockets.append(client)
        sent_at = time.monotonic()
        while time.monotonic() - sent_at < arguments.hold and samples["most_paused"] < workers:
            time.sleep(0.1)
        paused_after = time.monotonic() - sent_at
        # Renders that did not pause would go on filling memory: keep sampling a while (within the 30 s write
        # timeout, after which the server closes these clients).
        time.sleep(arguments.settle)

        fresh = []
        for target in ["/healthz", WARM_TARGET]:
            began = time.monotonic()
            status = get(port, target, timeout=5)[0]
            fresh.append((target, status, time.monotonic() - began))
        slowest = max(elapsed for _, _, elapsed in fresh)
        check("a fresh client is served in under 100 ms while the renders wait",
              all(status == 200 for _, status, _ in fresh) and slowest < 0.1,
              ", ".join(f"{target} {status} in {elapsed * 1000:.1f} ms" for target, status, elapsed in fresh))

        metrics = get(port, "/metrics", timeout=10)[2].decode()
        refused = metric(metrics, "gradientd_requests_total", 'route="/gradient",status="503"')
        queued = metric(metrics, "gradientd_render_queue_depth")
        pauses = metric(metrics, "gradientd_render_pauses_total")
        check("every worker's render ran and paused for its client",
              samples["most_paused"] >= workers,
              f"at most {samples['most_paused']} renders paused at once of {workers} workers (waited "
              f"{paused_after:.1f} s); {pauses} "
              f"pauses; {queued} renders queued, {refused} requests refused with 503, of {arguments.clients} clients")
        peak = status_kib(server.pid, "VmHWM") * 1024
        bound = arguments.cache_bytes + SLACK
        check("peak resident set within the cache budget + 128 MiB", peak <= bound,
              f"VmHWM {peak / MIB:.0f} MiB (sampled peak {samples['peak_kib'] / 1024:.0f} MiB, at start "
              f"{baseline_kib / 1024:.0f} MiB), bound {bound / MIB:.0f} MiB; peaks by owner: "
              + ", ".join(f"{owner.removeprefix('gradientd_')} {value / MIB:.1f} MiB"
                          for owner, value in samples["peak_owned"].items()))

        for client in sockets:
            client.close()
        sockets.clear()
        ended_at = time.monotonic()
        paused = None
        while time.monotonic() - ended_at < 30:
            text = get(port, "/metrics", timeout=10)[2].decode()
            paused = metric(text, "gradientd_renders_paused")
            if paused == 0 and metric(text, "gradientd_render_queue_depth") == 0:
                break
            time.sleep(0.2)
        renders = metric(get(port, "/metrics", timeout=10)[2].decode(), "gradientd_renders_total")
        check("the paused renders end once their clients hang up", paused == 0,
              f"gradientd_renders_paused {paused} after {time.monotonic() - ended_at:.1f} s; {renders} renders ran "
              "in all (the warm-up included)")
        sampling_done.set()
        sampler.join(10)
    finally:
        for client in sockets:
            client.close()
        stop(server)
    sys.exit(checks.summary())


if __name__ == "__main__":
    main()
