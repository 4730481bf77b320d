"""Compares gradientd's PNG bytes with Pillow's `optimize=True` PNG of the same pixels: on a corpus of CSS gradients,
or on gradients drawn by a seeded random generator over the whole grammar (bench/random_gradients.py), the judge.

Corpus mode (default bench/data/css-gradients.txt: uiGradients presets and written CSS gradients — layered,
repeating, hard stops, transparent, radial, conic): each line is rendered at --width x --height with the API's
defaults (dither on). Random mode (`--random SEED --count N`): the first N queries of that seed, each with its own
size, scale, dither and grain. Each image is rendered by the release `gradient render` CLI; Pillow decodes the PNG
(to RGB, or RGBA when not opaque; it never sees our palette) and re-encodes the same pixels with `optimize=True`.

Timings are interleaved case by case, with the same repetitions for both: one untimed warm-up and --iterations timed
runs of our encoder (`gradient-bench --sequential --encode-only --query`: the rows rendered once beforehand, then
the colour census and the encode on one thread), then the same of Pillow's encode; each side's median is its time.
The speed-up target is judged on the images of at least --speed-pixels pixels (default 65,536): below that both
encoders take well under a millisecond and fixed costs decide (their median is printed too).

Prints the worst cases by bytes ratio and a summary, and exits 1 when any case is above 1.0x Pillow's bytes or the
median encode speed-up is below 20x (``--max-ratio``, ``--min-speedup``); in random mode every failing case is
printed with the seed and its index, so `--random SEED --only INDEX` reruns it.

Usage: python3 bench/png_peers.py [--bin DIR] [--corpus PATH | --random SEED --count N [--only I]] [--limit N]
                                  [--iterations N] [--worst N] [--width W] [--height H] [--tsv PATH]
                                  [--held-pixels N [--grain]]
Build first: swift build -c release --product gradient && swift build -c release --product gradient-bench
"""
import argparse
import io
import json
import os
import statistics
import subprocess
import sys
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


def pillow_optimized(image, iterations):
    """(median ms, bytes) of `save(format="PNG", optimize=True)` alone: one warm-up, then `iterations` timed runs."""
    times = []
    size = 0
    for run in range(iterations + 1):
        out = io.BytesIO()
        start = time.perf_counter()
        image.save(out, format="PNG", optimize=True)
        if run > 0:
            times.append((time.perf_counter() - start) * 1000)
        size = out.getbuffer().nbytes
    return statistics.median(times), size


def has_grain(query):
    """Whether the query asks for grain (a `grain` above 0)."""
    values = urllib.parse.parse_qs(query).get("grain", ["0"])
    try:
        return float(values[-1]) > 0
    except ValueError:
        return False


def split_dither(query):
    """(the query without its `dither`, "on" or "off"): gradient-bench appends the dither setting itself."""
    items = query.split("&")
    dither = "on"
    for item in items:
        if item.startswith("dither="):
            dither = item[len("dither="):]
    return "&".join(item for item in items if not item.startswith("dither=")), dither


def our_time(bench, query, iterations, reference_limit=None):
    """(median encode ms, PNG bytes, pixels) of one query, one thread, PNG in memory, from rows rendered beforehand:
    gradient-bench does one warm-up and `iterations` timed runs. With `reference_limit`, the encoder holds images of
    up to that many pixels instead of its default."""
    base, dither = split_dither(query)
    arguments = [bench, "--json", "--sequential", "--encode-only", "--iterations", str(iterations), "--dither", dither]
    if reference_limit is not None:
        arguments += ["--reference-limit", str(reference_limit)]
    row = json.loads(subprocess.run(arguments + ["--query", base], check=True, capture_output=True,
                                    text=True).stdout.splitlines()[0])
    return row["median_ms"], row["png_bytes"], row["pixels"]


def random_cases(seed, count, only):
    sys.path.insert(0, HERE)
    from random_gradients import generate  # noqa: E402
    queries = generate(seed, count)
    indices = [only] if only is not None else range(len(queries))
    return [(index, queries[index]) for index in indices]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", default=os.path.join(HERE, "..", ".build", "release"))
    parser.add_argument("--corpus", default=os.path.join(HERE, "data", "css-gradients.txt"))
    parser.add_argument("--random", type=int, metavar="SEED", help="judge on generated gradients of this seed")
    parser.add_argument("--count", type=int, default=2000, help="with --random: how many generated gradients")
    parser.add_argument("--only", type=int, metavar="INDEX", help="with --random: only the gradient of this index")
    parser.add_argument("--limit", type=int, default=None, help="only the first N gradients of the corpus")
    parser.add_argument("--iterations", type=int, default=3, help="timed runs per case and side after one warm-up")
    parser.add_argument("--worst", type=int, default=15, help="worst cases listed")
    parser.add_argument("--width", type=int, default=1200)
    parser.add_argument("--height", type=int, default=630)
    parser.add_argument("--max-ratio", type=float, default=1.0, help="target: every case at most this x Pillow's bytes")
    parser.add_argument("--min-speedup", type=float, default=20.0, help="target: median encode speed-up at least")
    parser.add_argument("--held-pixels", type=int, default=None, metavar="N",
                        help="judge the bytes target only on images of at most N pixels: the images the encoder holds"
                             " for its reference PNG (default: every image)")
    parser.add_argument("--grain", action="store_true",
                        help="with --held-pixels: judge the bytes target on the images with grain too, those written in"
                             " the colour type Pillow holds them in (the encoder writes them by Pillow's method)")
    parser.add_argument("--speed-pixels", type=int, default=65536,
                        help="the speed-up target is judged on images of at least this many pixels")
    parser.add_argument("--tsv", help="write every case as a tab-separated line here")
    args = parser.parse_args()

    gradient = os.path.join(args.bin, "gradient")
    bench = os.path.join(args.bin, "gradient-bench")
    if args.random is not None:
        cases_in = random_cases(args.random, args.count, args.only)
        label = f"random seed {args.random}"
    else:
        gradients = load_corpus(args.corpus, args.limit)
        cases_in = [(index, query_for(css, args.width, args.height)) for index, css in enumerate(gradients)]
        label = f"{os.path.basename(args.corpus)} at {args.width}x{args.height}, dither on"

    cases = []
    for index, query in cases_in:
        png = subprocess.run([gradient, "render", query, "-o", "-"], check=True, capture_output=True).stdout
        ours_ms, bench_bytes, _ = our_time(bench, query, args.iterations)
        if bench_bytes != len(png):
            sys.exit(f"gradient-bench wrote {bench_bytes} bytes, gradient render {len(png)}, for {query}")
        image = pillow_image(png)
        pillow_ms, pillow_bytes = pillow_optimized(image, args.iterations)
        decoded = Image.open(io.BytesIO(png))
        cases.append({
            "index": index, "query": query, "bytes": len(png), "pillow_bytes": pillow_bytes,
            "ratio": len(png) / pillow_bytes, "ms": ours_ms, "pillow_ms": pillow_ms,
            "speedup": pillow_ms / max(ours_ms, 0.001), "mode": image.mode, "indexed": decoded.mode == "P",
            "size": f"{decoded.width}x{decoded.height}", "pixels": decoded.width * decoded.height,
            "grain": has_grain(query), "pillow_mode": decoded.mode == image.mode,
        })

    if args.tsv:
        with open(args.tsv, "w", encoding="utf-8") as tsv:
            tsv.write("index\tratio\tbytes\tpillow_bytes\tms\tpillow_ms\tmode\tindexed\tsize\tquery\n")
            for case in cases:
                tsv.write(f"{case['index']}\t{case['ratio']:.4f}\t{case['bytes']}\t{case['pillow_bytes']}\t"
                          f"{case['ms']:.3f}\t{case['pillow_ms']:.2f}\t{case['mode']}\t{int(case['indexed'])}\t"
                          f"{case['size']}\t{case['query']}\n")

    print(f"{'index':>5} {'ours/Pillow':>11} {'ours B':>8} {'Pillow B':>8} {'ours ms':>8} {'Pillow ms':>9} {'mode':>6}"
          f" {'size':>9}  query")
    for case in sorted(cases, key=lambda case: -case["ratio"])[: args.worst]:
        mode = case["mode"] + ("/P" if case["indexed"] else "")
        print(f"{case['index']:5} {case['ratio']:10.3f}x {case['bytes']:8} {case['pillow_bytes']:8} {case['ms']:8.2f}"
              f" {case['pillow_ms']:9.1f} {mode:>6} {case['size']:>9}  {urllib.parse.unquote(case['query'])}")

    ratios = [case["ratio"] for case in cases]
    large = [case for case in cases if case["pixels"] >= args.speed_pixels]
    speedups = [case["speedup"] for case in large] or [float("inf")]
    small = [case["speedup"] for case in cases if case["pixels"] < args.speed_pixels]
    judged = [case for case in cases if args.held_pixels is None or case["pixels"] <= args.held_pixels
              or args.grain and case["grain"] and case["pillow_mode"]]
    over = [case for case in judged if case["ratio"] > args.max_ratio]
    if args.held_pixels is not None:
        above = sum(case["ratio"] > args.max_ratio for case in cases)
        grained = " and the images with grain in Pillow's colour type" if args.grain else ""
        print(f"bytes judged on the {len(judged)} images of at most {args.held_pixels} pixels{grained};"
              f" of all {len(cases)}, {above} are above {args.max_ratio}x")
    median_speedup = statistics.median(speedups)
    print(f"\n{len(cases)} cases ({label}): ours/Pillow bytes median"
          f" {statistics.median(ratios):.3f}x, worst {max(ratios):.3f}x, {len(over)} above {args.max_ratio}x;"
          f" speed-up (our encode against Pillow's, interleaved, median of {args.iterations})"
          f" median {median_speedup:.1f}x over the {len(large)} images of at least {args.speed_pixels} pixels"
          f" (worst {min(speedups):.1f}x), {statistics.median(small) if small else float('nan'):.1f}x over the"
          f" {len(small)} smaller;"
          f" ours {statistics.median(c['ms'] for c in cases):.2f} ms,"
          f" Pillow {statistics.median(c['pillow_ms'] for c in cases):.1f} ms median")
    misses = []
    if over:
        misses.append(f"{len(over)} cases above {args.max_ratio}x Pillow's bytes")
        if args.random is not None:
            for case in over:
                print(f"ABOVE: seed {args.random} index {case['index']} ({case['ratio']:.3f}x):"
                      f" python3 bench/png_peers.py --random {args.random} --count {args.count} --only {case['index']}")
    if median_speedup < args.min_speedup:
        misses.append(f"median speed-up {median_speedup:.1f}x below {args.min_speedup}x")
    for miss in misses:
        print("MISSED: " + miss)
    sys.exit(1 if misses else 0)


if __name__ == "__main__":
    main()
