"""Runs the render workloads through gradientd's engine, pycairo and ImageMagick in the same run and prints ratios.

In-process: `gradient-bench --json` (render + PNG encode, PNG kept in memory) against pycairo (render +
write_to_png into memory). Whole process: `gradient render` against ImageMagick's `convert` for the 1080p vertical
image. Also the peak RSS of `gradient render` for an 8192×4096 image.

Usage: python3 bench/render_peers.py [--iterations N] [--bin DIR]
"""
import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import pycairo_workloads  # noqa: E402

PEER_WORKLOADS = ["v2_1080", "h2_1080", "d3_1080", "r2_1080", "v2_4096", "v2_256"]


def peak_rss_kib(command):
    """Runs `command` in a fresh child and returns its peak resident set size in KiB."""
    code = (
        "import resource, subprocess, sys; subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL);"
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
    )
    return int(subprocess.run([sys.executable, "-c", code, *command], check=True, capture_output=True, text=True).stdout)


def median_process_ms(command, iterations):
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    times = []
    for _ in range(iterations):
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--iterations", type=int, default=15)
    parser.add_argument("--bin", default=os.path.join(HERE, "..", ".build", "release"))
    args = parser.parse_args()
    bench = os.path.join(args.bin, "gradient-bench")
    gradient = os.path.join(args.bin, "gradient")

    ours = {}
    output = subprocess.run([bench, "--json", "--iterations", str(args.iterations)], check=True, capture_output=True, text=True)
    for line in output.stdout.splitlines():
        row = json.loads(line)
        ours[(row["workload"], row["query"].endswith("dither=on"))] = row

    print(f"{'workload':9} {'ours ms':>8} {'pycairo ms':>10} {'speed-up':>9} {'ours bytes':>10} {'pycairo bytes':>13}"
          f" {'dither-on ms':>12} {'dither-on bytes':>15}")
    for name in PEER_WORKLOADS:
        width, height, make = pycairo_workloads.WORKLOADS[name]
        pycairo_workloads.render(width, height, make)
        times = []
        size = 0
        for _ in range(args.iterations):
            start = time.perf_counter()
            size = pycairo_workloads.render(width, height, make)
            times.append((time.perf_counter() - start) * 1000)
        theirs = statistics.median(times)
        off = ours[(name, False)]
        on = ours[(name, True)]
        print(f"{name:9} {off['median_ms']:8.3f} {theirs:10.3f} {theirs / off['median_ms']:8.1f}x {off['png_bytes']:10d}"
              f" {size:13d} {on['median_ms']:12.3f} {on['png_bytes']:15d}")
    conic = ours[("c6_1080", False)]
    print(f"c6_1080   {conic['median_ms']:8.3f} (no pycairo peer)   {conic['png_bytes']} bytes")

    convert = "/usr/bin/convert" if os.path.exists("/usr/bin/convert") else shutil.which("convert")
    with tempfile.TemporaryDirectory() as directory:
        ours_command = [gradient, "render", "colors=ff0000,0000ff&dir=vertical&width=1920&height=1080&dither=off",
                        "-o", os.path.join(directory, "ours.png")]
        theirs_command = [convert, "-size", "1920x1080", "gradient:#ff0000-#0000ff", os.path.join(directory, "im.png")]
        ours_ms = median_process_ms(ours_command, args.iterations)
        theirs_ms = median_process_ms(theirs_command, max(3, args.iterations // 3))
        print(f"whole process, 1920x1080 vertical: gradient render {ours_ms:.1f} ms, ImageMagick convert {theirs_ms:.1f} ms,"
              f" speed-up {theirs_ms / ours_ms:.1f}x")
        big = [gradient, "render", "type=radial&colors=red,blue&width=8192&height=4096", "-o", os.path.join(directory, "big.png")]
        print(f"peak RSS of gradient render for 8192x4096 radial: {peak_rss_kib(big) / 1024:.1f} MiB")


if __name__ == "__main__":
    main()
