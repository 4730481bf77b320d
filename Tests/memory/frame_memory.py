"""Whole-frame renders stay within the frame-memory budget.

Starts a release gradientd with its default cache and frame-memory budgets (256 MiB and 1 GiB) on a free loopback
port, then sends CLIENTS concurrent misses for distinct 4096×4096 AVIF images (each client retrying after
`Retry-After` when the wait for frame memory answers 503), while a sampler reads the server's resident set size every
20 ms and `/metrics` every 100 ms. Checks:
- every client gets its image (200, `image/avif`, decoded by Pillow at 4096×4096) before the deadline;
- the server's peak resident set (VmHWM, the kernel's own high-water mark) stays within the cache budget + the
  frame budget + 64 MiB;
- requests waited for frame memory (`gradientd_frame_memory_waiting` above 0), and `gradientd_frame_memory_bytes`
  is back to 0 at the end;
- `/healthz` answers within 100 ms throughout (renders never block the event loops);
- afterwards, with one more 4096×4096 AVIF rendering (its frame memory reserved), a 200×200 AVIF is answered 200
  within 3 s: one large image holds at most its share of the budget and never refuses a small one.
Prints the figures and "N passed, M failed"; exits 1 on any failure.

    python3 Tests/memory/frame_memory.py --gradientd .build/release/gradientd [--clients 16] [--side 4096]
"""
import argparse
import http.client
import io
import re
import sys
import threading
import time

from PIL import Image

from gradientd_process import MIB, Checks, get, start, status_kib, stop

CACHE_BUDGET = 256 * MIB
FRAME_BUDGET = 1024 * MIB
SLACK = 64 * MIB


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--gradientd", required=True)
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--side", type=int, default=4096)
    parser.add_argument("--deadline", type=float, default=600, help="seconds for every client to be served")
    arguments = parser.parse_args()

    results = []
    checks = Checks()
    check = checks.check
    server, port = start(arguments.gradientd)
    try:
        baseline_kib = status_kib(server.pid, "VmRSS")

        sampling_done = threading.Event()
        samples = {"peak_kib": 0, "slowest_health": 0.0, "most_waiting": 0}

        def sample():
            while not sampling_done.is_set():
                samples["peak_kib"] = max(samples["peak_kib"], status_kib(server.pid, "VmRSS"))
                time.sleep(0.02)

        def probe_health():
            while not sampling_done.is_set():
                began = time.monotonic()
                status = get(port, "/healthz", timeout=5)[0]
                elapsed = time.monotonic() - began
                samples["slowest_health"] = max(samples["slowest_health"], elapsed if status == 200 else 99)
                waiting = re.search(r"^gradientd_frame_memory_waiting (\d+)$",
                                    get(port, "/metrics", timeout=5)[2].decode(), re.M)
                if waiting:
                    samples["most_waiting"] = max(samples["most_waiting"], int(waiting.group(1)))
                time.sleep(0.1)

        deadline = time.monotonic() + arguments.deadline

        def client(index):
            target = (f"/gradient?colors={index * 11:02x}{255 - index:02x}40,{index * 7:02x}20{index * 13 % 256:02x}"
                      f"&angle={index * 20}&width={arguments.side}&height={arguments.side}&format=avif")
            refusals = 0
            while time.monotonic() < deadline:
                status, headers, body = get(port, target)
                if status == 503 and headers.get("Retry-After") == "1":
                    refusals += 1
                    time.sleep(1)
                    continue
                results.append((index, status, headers.get("Content-Type"), body, refusals))
                return
            results.append((index, None, None, b"", refusals))

        helpers = [threading.Thread(target=sample, daemon=True), threading.Thread(target=probe_health, daemon=True)]
        for helper in helpers:
            helper.start()
        began = time.monotonic()
        clients = [threading.Thread(target=client, args=(index,)) for index in range(arguments.clients)]
        for thread in clients:
            thread.start()
        for thread in clients:
            thread.join(max(1, deadline - time.monotonic() + 130))
        elapsed = time.monotonic() - began
        sampling_done.set()
        for helper in helpers:
            helper.join(10)

        decoded = 0
        for index, status, content_type, body, _ in results:
            if status == 200 and content_type == "image/avif":
                with Image.open(io.BytesIO(body)) as image:
                    if image.size == (arguments.side, arguments.side):
                        decoded += 1
        check("every client served", decoded == arguments.clients,
              f"{decoded} of {arguments.clients} AVIF {arguments.side}×{arguments.side} images decoded in {elapsed:.1f} s")
        refusals = sum(result[4] for result in results)
        check("requests waited for frame memory", samples["most_waiting"] > 0,
              f"at most {samples['most_waiting']} waiting at once; {refusals} answered 503 after waiting and retried")
        peak = status_kib(server.pid, "VmHWM") * 1024
        bound = CACHE_BUDGET + FRAME_BUDGET + SLACK
        check("peak resident set within cache + frame budgets + 64 MiB", peak <= bound,
              f"VmHWM {peak / MIB:.0f} MiB (sampled peak {samples['peak_kib'] / 1024:.0f} MiB, at start "
              f"{baseline_kib / 1024:.0f} MiB), bound {bound / MIB:.0f} MiB")
        metrics = get(port, "/metrics", timeout=5)[2].decode()
        reserved = re.search(r"^gradientd_frame_memory_bytes (\d+)$", metrics, re.M)
        check("no frame memory reserved at the end", reserved is not None and reserved.group(1) == "0",
              f"gradientd_frame_memory_bytes {reserved.group(1) if reserved else 'missing'}")
        check("/healthz answered within 100 ms throughout", samples["slowest_health"] <= 0.1,
              f"slowest {samples['slowest_health'] * 1000:.0f} ms")

        large_target = (f"/gradient?colors=123456,fedcba&angle=33&width={arguments.side}&height={arguments.side}"
                        "&format=avif")
        large_result = []
        large = threading.Thread(target=lambda: large_result.append(get(port, large_target, timeout=120)))
        large.start()
        reserved_now = 0
        reserve_deadline = time.monotonic() + 30
        while reserved_now == 0 and time.monotonic() < reserve_deadline:
            metrics = get(port, "/metrics", timeout=5)[2].decode()
            found = re.search(r"^gradientd_frame_memory_bytes (\d+)$", metrics, re.M)
            reserved_now = int(found.group(1)) if found else 0
            time.sleep(0.01)
        began = time.monotonic()
        status, headers, _ = get(port, "/gradient?colors=abcdef,012345&width=200&height=200&format=avif", timeout=10)
        small_seconds = time.monotonic() - began
        check("a 200×200 AVIF is answered 200 within 3 s while a 4096×4096 one renders",
              reserved_now > 0 and status == 200 and small_seconds <= 3,
              f"large render's reservation {reserved_now / MIB:.0f} MiB; small: {status} in {small_seconds:.2f} s")
        large.join(130)

        sequential = [("HEAD", "colors=red,blue&width=4096&height=4096&format=avif"),
                      ("GET", "colors=red,blue&width=200&height=200&format=avif"),
                      ("HEAD", "colors=red,blue&width=4000&height=4000&format=webp"),
                      ("GET", "colors=red,lime&width=4096&height=4096&format=webp"),
                      ("GET", "colors=red,lime&width=1&height=1&format=avif"),
                      ("GET", "colors=red,lime,blue&width=4096&height=4096&format=auto"),
                      ("HEAD", "colors=red,lime&width=8192&height=4096")]
        answers = []
        for method, query in sequential:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
            connection.request(method, "/gradient?" + query, headers={"Accept": "image/avif,image/webp,*/*"})
            response = connection.getresponse()
            response.read()
            connection.close()
            answers.append(f"{method} {query.split('&', 1)[1]}: {response.status}")
        check("a sequential client never sees a 5xx, whatever sizes and formats it asks for",
              all(int(answer.rsplit(" ", 1)[1]) < 500 for answer in answers), "; ".join(answers))
    finally:
        stop(server)
    sys.exit(checks.summary())


if __name__ == "__main__":
    main()
