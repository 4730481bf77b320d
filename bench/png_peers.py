"""Compares gradientd's PNG bytes with Pillow's `optimize=True` PNG of the same pixels on CSS gradients of every kind.

Each line of the corpus (default bench/data/css-gradients.txt: uiGradients presets and written CSS gradients —
layered, repeating, hard stops, transparent, radial, conic) is rendered at 1200x630 with the API's defaults (dither
on) by the release `gradient render` CLI; Pillow decodes the PNG (to RGB, or RGBA when not opaque; it never sees our
palette) and re-encodes the same pixels with `optimize=True`. Our time is `gradient-bench --sequential --query`'s
median render + encode of the same query on one thread (so it includes rendering: an upper bound on the encode
alone); Pillow's is its encode alone.

Prints the worst cases by bytes ratio and a summary, and exits 1 when any case is above 1.0x Pillow's bytes or the
median encode speed-up is below 20x (``--max-ratio``, ``--min-speedup``).

Usage: python3 bench/png_peers.py [--bin DIR] [--corpus PATH] [--limit N] [--iterations N] [--worst N]
                                  [--width W] [--height H] [--tsv PATH]
Build first: swift build -c release --product gradient && swift build -c release --product gradient-bench
"""
import argparse
import io
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse

from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))


def load_corpus(path, limit):
    with open(path, encoding="utf-8") as corpus:
        lines = [line.strip() for line in corpus]
    gradients = [line for line in lines if line and not line.startswith("#")]
    return gradients[:limit] if limit else gradients


def query_for(css, width, height):
    return "css=" + urllib.parse.quote(css, safe="") + f"&width={width}&height={height}"


def pillow_image(png):
    """Our PNG decoded as a Pillow user holds the pixels: RGB when every pixel is opaque, else RGBA."""
    image = Image.open(io.BytesIO(png))
    image.load()
    rgba = image.convert("RGBA")
    if rgba.getchannel("A").getextrema() == (255, 255):
        return rgba.convert("RGB")
    return rgba


def pillow_optimized(image):
    """(ms, bytes) of `save(format="PNG", optimize=True)` alone."""
    out = io.BytesIO()
    start = time.perf_counter()
    image.save(out, format="PNG", optimize=True)
    return (time.perf_counter() - start) * 1000, out.getbuffer().nbytes


def our_times(bench, queries, iterations):
    """Median render + encode ms per query, one thread, PNG in memory (dither on, the default)."""
    arguments = [bench, "--json", "--sequential", "--iterations", str(iterations)]
    for query in queries:
        arguments += ["--query", query]
    output = subprocess.run(arguments, check=True, capture_output=True, text=True).stdout
    times = {}
    for line in output.splitlines():
        row = json.loads(line)
        if row["query"].endswith("&dither=on"):
            times[row["query"][: -len("&dither=on")]] = (row["median_ms"], row["png_bytes"])
    return times


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", default=os.path.join(HERE, "..", ".build", "release"))
    parser.add_argument("--corpus", default=os.path.join(HERE, "data", "css-gradients.txt"))
    parser.add_argument("--limit", type=int, default=None, help="only the first N gradients")
    parser.add_argument("--iterations", type=int, default=3, help="our timed runs per case after one warm-up")
    parser.add_argument("--worst", type=int, default=15, help="worst cases listed")
    parser.add_argument("--width", type=int, default=1200)
    parser.add_argument("--height", type=int, default=630)
    parser.add_argument("--max-ratio", type=float, default=1.0, help="target: every case at most this x Pillow's bytes")
    parser.add_argument("--min-speedup", type=float, default=20.0, help="target: median encode speed-up at least")
    parser.add_argument("--tsv", help="write every case as a tab-separated line here")
    args = parser.parse_args()

    gradient = os.path.join(args.bin, "gradient")
    bench = os.path.join(args.bin, "gradient-bench")
    gradients = load_corpus(args.corpus, args.limit)
    queries = [query_for(css, args.width, args.height) for css in gradients]
    times = our_times(bench, queries, args.iterations)

    cases = []
    with tempfile.TemporaryDirectory() as directory:
        path = os.path.join(directory, "case.png")
        for css, query in zip(gradients, queries):
            subprocess.run([gradient, "render", query, "-o", path], check=True)
            with open(path, "rb") as file:
                png = file.read()
            ours_ms, bench_bytes = times[query]
            if bench_bytes != len(png):
                sys.exit(f"gradient-bench wrote {bench_bytes} bytes, gradient render {len(png)}, for {css}")
            image = pillow_image(png)
            pillow_ms, pillow_bytes = pillow_optimized(image)
            indexed = Image.open(io.BytesIO(png)).mode == "P"
            cases.append({
                "css": css, "bytes": len(png), "pillow_bytes": pillow_bytes, "ratio": len(png) / pillow_bytes,
                "ms": ours_ms, "pillow_ms": pillow_ms, "speedup": pillow_ms / ours_ms, "mode": image.mode,
                "indexed": indexed,
            })

    if args.tsv:
        with open(args.tsv, "w", encoding="utf-8") as tsv:
            tsv.write("ratio\tbytes\tpillow_bytes\tms\tpillow_ms\tmode\tindexed\tcss\n")
            for case in cases:
                tsv.write(f"{case['ratio']:.4f}\t{case['bytes']}\t{case['pillow_bytes']}\t{case['ms']:.2f}\t"
                          f"{case['pillow_ms']:.1f}\t{case['mode']}\t{int(case['indexed'])}\t{case['css']}\n")

    print(f"{'ours/Pillow':>11} {'ours B':>8} {'Pillow B':>8} {'ours ms':>8} {'Pillow ms':>9} {'mode':>6}  css")
    for case in sorted(cases, key=lambda case: -case["ratio"])[: args.worst]:
        mode = case["mode"] + ("/P" if case["indexed"] else "")
        print(f"{case['ratio']:10.3f}x {case['bytes']:8} {case['pillow_bytes']:8} {case['ms']:8.2f}"
              f" {case['pillow_ms']:9.1f} {mode:>6}  {case['css']}")

    ratios = [case["ratio"] for case in cases]
    speedups = [case["speedup"] for case in cases]
    over = [case for case in cases if case["ratio"] > args.max_ratio]
    median_speedup = statistics.median(speedups)
    print(f"\n{len(cases)} cases at {args.width}x{args.height}, dither on: ours/Pillow bytes median"
          f" {statistics.median(ratios):.3f}x, worst {max(ratios):.3f}x, {len(over)} above {args.max_ratio}x;"
          f" speed-up (our render + encode against Pillow's encode) median {median_speedup:.1f}x,"
          f" worst {min(speedups):.1f}x; ours {statistics.median(c['ms'] for c in cases):.2f} ms,"
          f" Pillow {statistics.median(c['pillow_ms'] for c in cases):.1f} ms median")
    misses = []
    if over:
        misses.append(f"{len(over)} cases above {args.max_ratio}x Pillow's bytes")
    if median_speedup < args.min_speedup:
        misses.append(f"median speed-up {median_speedup:.1f}x below {args.min_speedup}x")
    for miss in misses:
        print("MISSED: " + miss)
    sys.exit(1 if misses else 0)


if __name__ == "__main__":
    main()
